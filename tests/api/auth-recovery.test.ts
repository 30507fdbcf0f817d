import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import {
  bearer,
  lastCode,
  lastMessage,
  postTo,
  register,
  STRONG_PASSWORD,
  uniquePhone,
  V2 as v2,
} from '../helpers/auth.ts';

/** Password recovery by e-mail and phone: codes, links, reset tokens (docs/api-auth.md). */
const t = appForFile({ ACCESS_TOKEN_TTL_SECONDS: '60' });

const post = postTo(t);

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

  test("the mailed link opens the reset page in the player's language, the mail's own", async () => {
    const { email } = await register(t, { locale: 'en' });
    // Asked from a Russian page: the mail is in English (the player's language), so is its page.
    await post(`${v2}/password/email/forgot`, { email, locale: 'ru' }, { 'accept-language': 'ru' });
    const mail = await lastMessage(t, email);
    expect(mail?.subject).toBe('Orbita: password recovery');
    expect(mail?.body).toMatch(/\/en\/reset-password\/[\w-]{20,}/);
    const hindi = await register(t, { locale: 'hi' });
    await post(`${v2}/password/email/forgot`, { email: hindi.email }, { 'accept-language': 'en-US' });
    expect((await lastMessage(t, hindi.email))?.body).toMatch(/\/hi\/reset-password\/[\w-]{20,}/);
    // The login data's link too (it names no locale in its request).
    await post('/auth/send_login_data', {}, bearer(hindi.token));
    expect((await lastMessage(t, hindi.email))?.body).toMatch(/\/hi\/reset-password\/[\w-]{20,}/);
  });

  test("without a saved language the link follows the requester's locale", async () => {
    const { email } = await register(t);
    await t.database.query('update users set locale = null where email = $1', [email]);
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
