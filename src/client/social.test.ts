import { describe, expect, test } from 'vitest';
import { isSocialMessage, SocialLoginError, waitForSocialMessage } from './social.ts';

function fakeWindow() {
  const target = new EventTarget() as unknown as Window;
  return target;
}

describe('social login popup (docs/product-rules.md §4)', () => {
  test('recognises the callback message', () => {
    expect(isSocialMessage({ type: 'orbita:social-login', success: true, token: 't' })).toBe(true);
    expect(isSocialMessage({ type: 'other', success: true })).toBe(false);
    expect(isSocialMessage('orbita:social-login')).toBe(false);
  });

  test('takes the message from the popup only', async () => {
    const target = fakeWindow();
    const popup = { closed: false } as Window;
    const stranger = { closed: false } as Window;
    const result = waitForSocialMessage(popup, target);
    const post = (source: Window, data: unknown) =>
      target.dispatchEvent(Object.assign(new Event('message'), { source, data }));
    post(stranger, { type: 'orbita:social-login', success: true, token: 'evil' });
    post(popup, { type: 'orbita:social-login', success: true, token: 'good', is_new: true });
    await expect(result).resolves.toMatchObject({ token: 'good', is_new: true });
  });

  test('a closed popup rejects as cancelled', async () => {
    const popup = { closed: false } as { closed: boolean };
    const result = waitForSocialMessage(popup as Window, fakeWindow());
    popup.closed = true;
    await expect(result).rejects.toEqual(new SocialLoginError('cancelled'));
  });
});
