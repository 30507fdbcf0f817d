import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { captchaVerifier } from '../helpers/captcha.ts';

describe('captcha v3', () => {
  let verifier: Awaited<ReturnType<typeof captchaVerifier>>;
  beforeAll(async () => {
    verifier = await captchaVerifier((response) =>
      response === 'human'
        ? { success: true, score: 0.9 }
        : response === 'bot'
          ? { success: true, score: 0.1 }
          : { success: false },
    );
  });
  afterAll(() => verifier.close());

  test('is enforced on registration and login when a secret is configured', async () => {
    const app = await createTestApp({
      CAPTCHA_SECRET: 'test-secret',
      PUBLIC_CAPTCHA_SITE_KEY: 'test-site-key',
      CAPTCHA_VERIFY_URL: verifier.url,
    });
    try {
      const reg = (captcha?: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/api/v2/auth/register/email',
          payload: { email: uniqueEmail(), password: STRONG_PASSWORD, ...(captcha ? { captcha } : {}) },
        });
      expect((await reg()).json()).toEqual({ errors: { captcha: ['captcha_missing'] } });
      expect((await reg('bot')).json()).toEqual({ errors: { captcha: ['captcha_failed'] } });
      expect((await reg('forged')).json()).toEqual({ errors: { captcha: ['captcha_failed'] } });
      expect((await reg('human')).statusCode).toBe(200);
      expect(verifier.requests.every((form) => form.get('secret') === 'test-secret')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
