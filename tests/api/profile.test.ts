import { describe, expect, test } from 'vitest';
import { appForFile, createTestApp } from '../helpers/app.ts';
import { bearer, lastMessage, register, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';

const t = appForFile();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /profile/user', () => {
  test('carries every field of the profile (docs/api-auth.md)', async () => {
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

  test('without a token it is 401 in the error shape', async () => {
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
    [{ timezone: 'europe/moscow' }, { timezone: 'Europe/Moscow' }],
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
    [{ timezone: '<script>alert(1)</script>' }, 'timezone'],
    [{ timezone: '+05:30' }, 'timezone'],
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

describe('passwords of a logged-in player', () => {
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
        new_password: ['password_too_short:8'],
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
