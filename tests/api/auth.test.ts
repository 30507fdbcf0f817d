import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  bearer,
  lastCode,
  lastMessage,
  refreshCookie,
  register,
  STRONG_PASSWORD,
  uniqueEmail,
  uniquePhone,
} from '../helpers/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown>, headers });
const v2 = '/api/v2/auth';

describe('registration by email', () => {
  test('creates the player, answers a session with a refresh cookie and mails a code', async () => {
    const email = uniqueEmail();
    const res = await post(`${v2}/register/email`, {
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
      currency: 'USD',
      stag: 'aff-1',
      promo: 'WELCOME',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; token: string; sso: null; is_new: boolean };
    expect(body).toMatchObject({ success: true, sso: null, is_new: true });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    expect((await lastMessage(t, email))?.subject).toMatch(/\d{6}/);
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(body.token) });
    expect(profile.json().user).toMatchObject({
      email,
      currency: 'USD',
      register_method: 'email',
      is_email_verified: false,
      is_password_exists: true,
      balance: '0.00',
      total_balance: '0.00',
      region: 'RU',
    });
    const [row] = await t.database.query<{ attribution: Record<string, string> }>(
      'select attribution from users where email = $1',
      [email],
    );
    expect(row?.attribution).toMatchObject({ stag: 'aff-1', promo: 'WELCOME' });
  });

  test('a duplicate email (any case) is refused with email_taken and creates nothing', async () => {
    const { email } = await register(t);
    const before = await t.database.query('select count(*)::int as n from users');
    const res = await post(`${v2}/register/email`, { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['email_taken'] } });
    expect(await t.database.query('select count(*)::int as n from users')).toEqual(before);
  });

  test.each([
    [{ email: 'not-an-email', password: STRONG_PASSWORD }, { email: ['invalid_email'] }],
    [{ password: STRONG_PASSWORD }, { email: ['required'] }],
    [{ email: 'a@b.example', password: 'short' }, { password: ['password_too_short'] }],
    [{ email: 'a@b.example', password: 'password123' }, { password: ['password_common'] }],
    [{ email: 'a@b.example', password: 'x'.repeat(129) }, { password: ['password_too_long'] }],
    [
      { email: 'a@b.example', password: STRONG_PASSWORD, currency: 'GBP' },
      { currency: ['invalid_currency'] },
    ],
  ])('%j → 422 %j', async (payload, errors) => {
    const res = await post(`${v2}/register/email`, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
  });

  test('the email is verified with the mailed code; the code works once', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    expect(
      (
        await post(
          `${v2}/email/verify/code`,
          { code: code === '000000' ? '000001' : '000000' },
          bearer(token),
        )
      ).json(),
    ).toEqual({ errors: { code: ['invalid_code'] } });
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user
        .is_email_verified,
    ).toBe(true);
    const again = await post(`${v2}/email/verify/code`, { code }, bearer(token));
    expect(again.json()).toEqual({ errors: { code: ['invalid_code'] } });
  });

  test('resend issues a new code and the old one stops working', async () => {
    const { email, token } = await register(t);
    const first = await lastCode(t, email);
    expect((await post(`${v2}/email/resend`, {}, bearer(token))).statusCode).toBe(200);
    const second = await lastCode(t, email);
    if (first !== second)
      expect((await post(`${v2}/email/verify/code`, { code: first }, bearer(token))).statusCode).toBe(422);
    expect((await post(`${v2}/email/verify/code`, { code: second }, bearer(token))).statusCode).toBe(200);
  });

  test('an expired code is refused as code_expired', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    await t.database.query(
      "update auth_codes set expires_at = now() - interval '1 second' where target = $1",
      [email],
    );
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).json()).toEqual({
      errors: { code: ['code_expired'] },
    });
  });

  test('five wrong guesses burn the code', async () => {
    const { email, token } = await register(t);
    const code = await lastCode(t, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await post(`${v2}/email/verify/code`, { code: wrong }, bearer(token));
    expect((await post(`${v2}/email/verify/code`, { code }, bearer(token))).json()).toEqual({
      errors: { code: ['invalid_code'] },
    });
  });
});

describe('registration and login by phone', () => {
  test('normalises the number, texts a code, logs in by password and by SMS code', async () => {
    const phone = uniquePhone();
    const local = `8 ${phone.slice(2, 5)} ${phone.slice(5)}`;
    const reg = await post(`${v2}/register/phone`, {
      phone: local,
      country: 'RU',
      password: STRONG_PASSWORD,
    });
    expect(reg.statusCode).toBe(200);
    const sms = await lastMessage(t, phone);
    expect(sms?.channel).toBe('sms');
    const dup = await post(`${v2}/register/phone`, { phone, password: STRONG_PASSWORD });
    expect(dup.json()).toEqual({ errors: { phone: ['phone_taken'] } });

    expect((await post(`${v2}/login/phone/password`, { phone, password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await post(`${v2}/login/phone/verification`, { phone })).json()).toEqual({ success: true });
    const code = await lastCode(t, phone);
    const login = await post(`${v2}/login/phone/code?type=sms`, { phone, code });
    expect(login.statusCode).toBe(200);
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(login.json().token) });
    expect(profile.json().user).toMatchObject({ phone, is_phone_verified: true, register_method: 'phone' });
  });

  test('an invalid number is invalid_phone', async () => {
    expect(
      (await post(`${v2}/register/phone`, { phone: '+7 000', password: STRONG_PASSWORD })).json(),
    ).toEqual({ errors: { phone: ['invalid_phone'] } });
  });

  test('phone resend sends a new code', async () => {
    const phone = uniquePhone();
    await post(`${v2}/login/phone/verification`, { phone });
    expect((await post(`${v2}/login/phone/code/resend?type=sms`, { phone })).json()).toEqual({
      success: true,
    });
  });
});

describe('login by email', () => {
  test('password login answers a session; a wrong password is invalid_credentials', async () => {
    const { email } = await register(t);
    const ok = await post(`${v2}/login/email/password`, { email, password: STRONG_PASSWORD, fp: 'abc' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, sso: null, is_new: false });
    const bad = await post(`${v2}/login/email/password`, { email, password: 'Wrong-password-1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { credentials: ['invalid_credentials'] } });
  });

  test('an unknown email gets the same answer as a wrong password', async () => {
    const res = await post(`${v2}/login/email/password`, {
      email: uniqueEmail('ghost'),
      password: STRONG_PASSWORD,
    });
    expect(res.json()).toEqual({ errors: { credentials: ['invalid_credentials'] } });
  });

  test('login by emailed code; resend replaces it; a reused code fails', async () => {
    const { email } = await register(t);
    expect((await post(`${v2}/login/email/verification`, { email })).json()).toEqual({ success: true });
    expect((await post(`${v2}/login/email/resend`, { email })).json()).toEqual({ success: true });
    const code = await lastCode(t, email);
    expect((await post(`${v2}/login/email/code`, { email, code })).statusCode).toBe(200);
    expect((await post(`${v2}/login/email/code`, { email, code })).json()).toEqual({
      errors: { code: ['invalid_code'] },
    });
  });

  test('requesting a code for an unknown email answers success and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    expect((await post(`${v2}/login/email/verification`, { email })).json()).toEqual({ success: true });
    expect(await lastMessage(t, email)).toBeUndefined();
  });

  test('the account locks after 5 failures with 429 and a retry time, even for the right password', async () => {
    const { email } = await register(t);
    for (let i = 0; i < 5; i++)
      await post(`${v2}/login/email/password`, { email, password: `Wrong-password-${i}` });
    const locked = await post(`${v2}/login/email/password`, { email, password: STRONG_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().errors.request[0]).toMatch(/^too_many_attempts:\d+$/);
  });

  test('too many failures from one IP lock it across accounts', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const app = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < 30; i++) {
        await app.app.inject({
          method: 'POST',
          url: '/api/api/v2/auth/login/email/password',
          payload: { email: uniqueEmail('x'), password: 'Wrong-pass-1' },
          headers: ip,
        });
      }
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/login/email/password',
        payload: { email: uniqueEmail('y'), password: 'Wrong-pass-1' },
        headers: ip,
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('refresh tokens', () => {
  test('rotate on every use; the old token no longer works', async () => {
    const { refresh } = await register(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: refresh },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().access_token.split('.')).toHaveLength(3);
    const next = refreshCookie(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(refresh);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: next as string },
    });
    expect(second.statusCode).toBe(200);
  });

  test('reusing a used refresh token revokes the whole session', async () => {
    const { refresh, token } = await register(t);
    const rotated = refreshCookie(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: refresh },
      }),
    );
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { refresh_token: refresh },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ errors: { token: ['token_invalid'] } });
    // The legitimate holder's newer token and the access token die with the session.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          cookies: { refresh_token: rotated as string },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  test('concurrent refreshes with one token: exactly one succeeds', async () => {
    const { refresh } = await register(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: refresh } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  test('no cookie or garbage is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          cookies: { refresh_token: 'nope' },
        })
      ).statusCode,
    ).toBe(401);
  });

  test('an expired access token is 401; a forged one too', async () => {
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '1' });
    try {
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/email',
        payload: { email: uniqueEmail(), password: STRONG_PASSWORD },
      });
      const token = res.json().token as string;
      expect((await short.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(
        200,
      );
      await new Promise((r) => setTimeout(r, 2100));
      expect((await short.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(
        401,
      );
      const refreshed = await short.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        cookies: { refresh_token: refreshCookie(res) as string },
      });
      expect(
        (await short.app.inject({ url: '/api/profile/user', headers: bearer(refreshed.json().access_token) }))
          .statusCode,
      ).toBe(200);
    } finally {
      await short.close();
    }
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer('a.b.c') })).statusCode).toBe(401);
  });
});

describe('logout and sessions', () => {
  test('logout revokes the session: access and refresh tokens stop working', async () => {
    const { token, refresh } = await register(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.json()).toEqual({ success: true });
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          cookies: { refresh_token: refresh },
        })
      ).statusCode,
    ).toBe(401);
  });

  test('sessions are listed and "log out other sessions" ends all but the current', async () => {
    const { email, token } = await register(t);
    const other = (await post(`${v2}/login/email/password`, { email, password: STRONG_PASSWORD })).json()
      .token as string;
    const list = await t.app.inject({ url: '/api/profile/sessions', headers: bearer(token) });
    const sessions = list.json().data as Array<{ current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/sessions/others',
      headers: bearer(token),
    });
    expect(res.json()).toEqual({ success: true, revoked: 1 });
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(other) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('password recovery by email', () => {
  test('forgot → code/confirm → reset/token logs in with the new password and ends old sessions', async () => {
    const { email, token: oldToken } = await register(t);
    expect((await post(`${v2}/password/email/forgot`, { email })).json()).toEqual({ success: true });
    const mail = await lastMessage(t, email);
    expect(mail?.body).toMatch(/\/reset-password\/[\w-]{20,}/);
    const code = await lastCode(t, email);
    const confirm = await post(`${v2}/password/email/code/confirm`, { email, code });
    const resetToken = confirm.json().data.reset_token as string;
    expect(resetToken.length).toBeGreaterThan(20);
    expect((await post(`${v2}/password/email/token/check`, { token: resetToken })).json()).toEqual({
      success: true,
    });
    const mismatch = await post(`${v2}/password/email/reset/token`, {
      token: resetToken,
      password: 'New-Orbit-Pass-9',
      password_confirmation: 'other',
    });
    expect(mismatch.json()).toEqual({ errors: { password_confirmation: ['password_mismatch'] } });
    const reset = await post(`${v2}/password/email/reset/token`, {
      token: resetToken,
      password: 'New-Orbit-Pass-9',
      password_confirmation: 'New-Orbit-Pass-9',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(oldToken) })).statusCode).toBe(
      401,
    );
    expect(
      (await post(`${v2}/login/email/password`, { email, password: 'New-Orbit-Pass-9' })).statusCode,
    ).toBe(200);
    expect((await post(`${v2}/password/email/token/check`, { token: resetToken })).json()).toEqual({
      errors: { token: ['token_invalid'] },
    });
  });

  test("the mailed link opens the reset page in the requester's locale", async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email }, { 'accept-language': 'en-US,en;q=0.9' });
    expect((await lastMessage(t, email))?.body).toMatch(/\/en\/reset-password\/[\w-]{20,}/);
    await post(`${v2}/password/email/forgot`, { email }, { 'accept-language': 'ru' });
    expect((await lastMessage(t, email))?.body).toMatch(/:\/\/[^/]+\/reset-password\/[\w-]{20,}/);
  });

  test('the mailed link token is exchanged once via token/confirm', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const link = /\/reset-password\/([\w-]+)/.exec((await lastMessage(t, email))?.body ?? '')?.[1] as string;
    const exchanged = await post(`${v2}/password/email/token/confirm`, { token: link });
    expect(exchanged.json().data.reset_token).toBeDefined();
    expect((await post(`${v2}/password/email/token/confirm`, { token: link })).json()).toEqual({
      errors: { token: ['token_invalid'] },
    });
  });

  test('reset/code sets the password straight from the code', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const code = await lastCode(t, email);
    const res = await post(`${v2}/password/email/reset/code`, {
      email,
      code,
      password: 'Code-Reset-Pass-3',
      password_confirmation: 'Code-Reset-Pass-3',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await post(`${v2}/login/email/password`, { email, password: 'Code-Reset-Pass-3' })).statusCode,
    ).toBe(200);
  });

  test('an expired reset token is invalid', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const code = await lastCode(t, email);
    const resetToken = (await post(`${v2}/password/email/code/confirm`, { email, code })).json().data
      .reset_token;
    await t.database.query("update password_reset_tokens set expires_at = now() - interval '1 second'");
    expect(
      (
        await post(`${v2}/password/email/reset/token`, {
          token: resetToken,
          password: 'New-Orbit-Pass-9',
          password_confirmation: 'New-Orbit-Pass-9',
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('password recovery by phone', () => {
  test('forgot → code/confirm → token/check → reset', async () => {
    const phone = uniquePhone();
    await post(`${v2}/register/phone`, { phone, password: STRONG_PASSWORD });
    await post(`${v2}/password/phone/forgot`, { phone });
    const code = await lastCode(t, phone);
    const resetToken = (await post(`${v2}/password/phone/code/confirm`, { phone, code })).json().data
      .reset_token;
    expect((await post(`${v2}/password/phone/token/check`, { token: resetToken })).json()).toEqual({
      success: true,
    });
    expect((await post(`${v2}/password/email/token/check`, { token: resetToken })).statusCode).toBe(422);
    const reset = await post(`${v2}/password/phone/reset`, {
      token: resetToken,
      password: 'Phone-Reset-Pass-4',
      password_confirmation: 'Phone-Reset-Pass-4',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await post(`${v2}/login/phone/password`, { phone, password: 'Phone-Reset-Pass-4' })).statusCode,
    ).toBe(200);
  });
});
