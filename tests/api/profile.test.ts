import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, lastMessage, register, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { codeFromMail, readMail } from '../helpers/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /profile/user', () => {
  test('carries every field of spec §3', async () => {
    const { token } = await register(t);
    const { user } = (await call('GET', '/profile/user', token)).json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'balance',
        'bonus',
        'bonus_balance',
        'currency',
        'email',
        'features',
        'id',
        'image',
        'is_avatar_hidden',
        'is_email_verified',
        'is_password_exists',
        'is_phone_verified',
        'is_statistics_hidden',
        'locale',
        'name',
        'phone',
        'premium',
        'region',
        'register_method',
        'timezone',
        'total_balance',
        'verification',
      ].sort(),
    );
    expect(user.premium).toEqual({ status: 'none' });
    expect(user.verification).toEqual({ is_need: false, data: null });
  });

  test('balances come from the ledger accounts', async () => {
    const { token } = await register(t, { currency: 'KZT' });
    const id = (await call('GET', '/profile/user', token)).json().user.id;
    await t.database.query(
      "insert into ledger_accounts (user_id, kind, currency, balance) values ($1, 'cash', 'KZT', 123456), ($1, 'bonus', 'KZT', 500)",
      [id],
    );
    expect((await call('GET', '/profile/user', token)).json().user).toMatchObject({
      balance: '1234.56',
      bonus: '5.00',
      bonus_balance: '5.00',
      total_balance: '1239.56',
    });
  });

  test('without a token it is 401 in the spec shape', async () => {
    const res = await t.app.inject('/api/profile/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { token: ['unauthorized'] } });
  });

  test('the locale of the registration request is stored (Accept-Language pt-BR → br)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/email',
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
      payload: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    expect((await call('GET', '/profile/user', res.json().token)).json().user.locale).toBe('br');
  });
});

describe('PUT /profile/settings', () => {
  test.each([
    [{ locale: 'kz' }, { locale: 'kz' }],
    [{ timezone: 'Asia/Almaty' }, { timezone: 'Asia/Almaty' }],
    [{ is_avatar_hidden: true }, { is_avatar_hidden: true }],
    [{ is_statistics_hidden: true }, { is_statistics_hidden: true }],
  ])('%j is saved', async (payload, expected) => {
    const { token } = await register(t);
    const res = await call('PUT', '/profile/settings', token, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject(expected);
  });

  test.each([
    [{ locale: 'de' }, 'locale'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ locale: 'en', timezone: 'UTC' }, 'body'],
    [{}, 'body'],
    [{ password_hash: 'x' }, 'body'],
  ])('%j is refused on %s and changes nothing', async (payload, field) => {
    const { token } = await register(t);
    const before = (await call('GET', '/profile/user', token)).json().user;
    const res = await call('PUT', '/profile/settings', token, payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect((await call('GET', '/profile/user', token)).json().user).toEqual(before);
  });
});

describe('POST /profile/currency', () => {
  test('sets the currency once; a second change is refused', async () => {
    const { token } = await register(t);
    expect((await call('POST', '/profile/currency', token, { currency: 'INR' })).json().user.currency).toBe(
      'INR',
    );
    const again = await call('POST', '/profile/currency', token, { currency: 'EUR' });
    expect(again.json()).toEqual({ errors: { currency: ['currency_already_set'] } });
    expect((await call('GET', '/profile/user', token)).json().user.currency).toBe('INR');
  });

  test('concurrent first choices settle on exactly one', async () => {
    const { token } = await register(t);
    const results = await Promise.all(
      ['RUB', 'USD', 'EUR', 'KZT'].map((currency) => call('POST', '/profile/currency', token, { currency })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  test('an unknown currency is invalid_currency', async () => {
    const { token } = await register(t);
    expect((await call('POST', '/profile/currency', token, { currency: 'BTC' })).json()).toEqual({
      errors: { currency: ['invalid_currency'] },
    });
  });
});

describe('passwords of a logged-in player (spec §5)', () => {
  test('update: errors name old_password, new_password and password_confirm', async () => {
    const { token } = await register(t);
    const res = await call('POST', '/password/update', token, {
      old_password: 'wrong',
      password: '123',
      password_confirm: '456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        old_password: ['old_password_wrong'],
        new_password: ['password_too_short'],
        password_confirm: ['password_mismatch'],
      },
    });
  });

  test('update: changes the password and ends the other sessions, not this one', async () => {
    const { email, token } = await register(t);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/login/email/password',
        payload: { email, password: STRONG_PASSWORD },
      })
    ).json().token;
    const res = await call('POST', '/password/update', token, {
      old_password: STRONG_PASSWORD,
      password: 'Brand-New-Pass-5',
      password_confirm: 'Brand-New-Pass-5',
    });
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', '/profile/user', token)).statusCode).toBe(200);
    expect((await call('GET', '/profile/user', other)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/api/v2/auth/login/email/password',
          payload: { email, password: 'Brand-New-Pass-5' },
        })
      ).statusCode,
    ).toBe(200);
  });

  test('set: only for an account without a password; errors on password and confirm_password', async () => {
    const { token, email } = await register(t);
    expect(
      (
        await call('POST', '/api/v2/auth/password/set', token, {
          password: 'Another-Pass-7',
          confirm_password: 'Another-Pass-7',
        })
      ).statusCode,
    ).toBe(409);
    await t.database.query('update users set password_hash = null where email = $1', [email]);
    const bad = await call('POST', '/api/v2/auth/password/set', token, {
      password: 'qwerty123',
      confirm_password: 'x',
    });
    expect(bad.json()).toEqual({
      errors: { password: ['password_common'], confirm_password: ['password_mismatch'] },
    });
    expect(
      (
        await call('POST', '/api/v2/auth/password/set', token, {
          password: 'Another-Pass-7',
          confirm_password: 'Another-Pass-7',
        })
      ).json(),
    ).toEqual({ success: true });
    expect((await call('GET', '/profile/user', token)).json().user.is_password_exists).toBe(true);
  });
});

describe('attribution and login data', () => {
  test('attachSource stores the given sources and keeps the first touch', async () => {
    const { token, email } = await register(t, { stag: 'first' });
    const body = {
      stag: 'second',
      promo: null,
      partnerId: 'p-9',
      advId: null,
      advertiseUid: 'u-1',
      advertiseSource: 'cpa',
      cpaOneUid: null,
      prHash: 'h',
    };
    expect((await call('POST', '/attachSource', token, body)).json()).toEqual({ success: true });
    const [row] = await t.database.query<{ attribution: Record<string, string> }>(
      'select attribution from users where email = $1',
      [email],
    );
    expect(row?.attribution).toMatchObject({
      stag: 'first',
      partnerId: 'p-9',
      advertiseUid: 'u-1',
      advertiseSource: 'cpa',
      prHash: 'h',
    });
    expect(row?.attribution.promo ?? null).toBeNull();
  });

  test('send_login_data mails the login and a password link', async () => {
    const { token, email } = await register(t);
    expect((await call('POST', '/auth/send_login_data', token)).json()).toEqual({ success: true });
    const mail = await lastMessage(t, email);
    expect(mail?.body).toContain(email);
    expect(mail?.body).toMatch(/\/reset-password\/[\w-]{20,}/);
  });

  test('the development outbox lists messages; production has no such route', async () => {
    const { email } = await register(t);
    const list = (await t.app.inject('/api/dev/outbox')).json().data as Array<{ recipient: string }>;
    expect(list.some((m) => m.recipient === email)).toBe(true);
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject('/api/dev/outbox')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('captcha v3 (spec §7)', () => {
  let verifier: Server;
  let seen: string[] = [];
  beforeAll(async () => {
    // A siteverify endpoint speaking Google's protocol: form-encoded secret + response → JSON.
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form.get('secret') ?? '');
        const response = form.get('response');
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            response === 'human'
              ? { success: true, score: 0.9 }
              : response === 'bot'
                ? { success: true, score: 0.1 }
                : { success: false },
          ),
        );
      });
    });
    await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => verifier.close(() => r())));

  test('is enforced on registration and login when a secret is configured', async () => {
    const url = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
    const app = await createTestApp({
      CAPTCHA_SECRET: 'test-secret',
      PUBLIC_CAPTCHA_SITE_KEY: 'test-site-key',
      CAPTCHA_VERIFY_URL: url,
    });
    seen = [];
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
      expect(seen.every((s) => s === 'test-secret')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('mail over SMTP', () => {
  test('codes are delivered to a real SMTP server and the outbox row is marked sent', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (c) => {
          raw += c;
        });
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    const app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Orbita <no-reply@orbita.example>',
    });
    try {
      const email = uniqueEmail('smtp');
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/email',
        headers: { 'accept-language': 'ru' },
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(1);
      const mail = readMail(received[0] as string);
      expect(mail.headers.to).toBe(email);
      expect(mail.subject).toMatch(/^Orbita: код подтверждения \d{6}$/);
      const code = codeFromMail(received[0] as string);
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(`Ваш код подтверждения: ${code}.`);
      const [row] = await app.database.query<{ sent_at: Date | null }>(
        'select sent_at from outbox where recipient = $1',
        [email],
      );
      expect(row?.sent_at).not.toBeNull();
    } finally {
      await app.close();
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
