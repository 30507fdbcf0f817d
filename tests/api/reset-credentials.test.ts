import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import {
  bearer,
  lastCode,
  lastMessage,
  postTo,
  register,
  STRONG_PASSWORD,
  V2 as v2,
} from '../helpers/auth.ts';

const t = appForFile();

const post = postTo(t);

describe('one live reset credential per account', () => {
  const linkToken = async (email: string) =>
    /\/reset-password\/([\w-]+)/.exec((await lastMessage(t, email))?.body ?? '')?.[1] as string;
  const check = async (token: string) => (await post(`${v2}/password/email/token/check`, { token })).json();
  const TOKEN_INVALID = { errors: { token: ['token_invalid'] } };

  test('a newer forgot request voids the older code and the older link', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const [oldCode, oldLink] = [await lastCode(t, email), await linkToken(email)];
    await post(`${v2}/password/email/forgot`, { email });
    const [newCode, newLink] = [await lastCode(t, email), await linkToken(email)];
    expect(await check(oldLink)).toEqual(TOKEN_INVALID);
    expect((await post(`${v2}/password/email/token/confirm`, { token: oldLink })).json()).toEqual(
      TOKEN_INVALID,
    );
    if (oldCode !== newCode)
      expect((await post(`${v2}/password/email/code/confirm`, { email, code: oldCode })).statusCode).toBe(
        422,
      );
    expect(await check(newLink)).toEqual({ success: true });
    expect((await post(`${v2}/password/email/code/confirm`, { email, code: newCode })).statusCode).toBe(200);
  });

  test('a reset code burnt by wrong guesses takes the link mailed with it', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const [code, link] = [await lastCode(t, email), await linkToken(email)];
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await post(`${v2}/password/email/code/confirm`, { email, code: wrong });
    expect(await check(link)).toEqual(TOKEN_INVALID);
    expect((await post(`${v2}/password/email/code/confirm`, { email, code })).statusCode).toBe(422);
  });

  test('a code burnt through reset/code takes its link too', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const [code, link] = [await lastCode(t, email), await linkToken(email)];
    const wrong = code === '111111' ? '222222' : '111111';
    const reset = { password: 'Guessed-Pass-77', password_confirmation: 'Guessed-Pass-77' };
    for (let i = 0; i < 5; i++)
      await post(`${v2}/password/email/reset/code`, { email, code: wrong, ...reset });
    expect(await check(link)).toEqual(TOKEN_INVALID);
  });

  test('confirming the code voids the link, and exchanging the link voids the code', async () => {
    const { email } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const link = await linkToken(email);
    expect(
      (await post(`${v2}/password/email/code/confirm`, { email, code: await lastCode(t, email) })).statusCode,
    ).toBe(200);
    expect(await check(link)).toEqual(TOKEN_INVALID);

    await post(`${v2}/password/email/forgot`, { email });
    const code = await lastCode(t, email);
    expect(
      (await post(`${v2}/password/email/token/confirm`, { token: await linkToken(email) })).statusCode,
    ).toBe(200);
    expect((await post(`${v2}/password/email/code/confirm`, { email, code })).statusCode).toBe(422);
  });

  test('a new password voids every reset credential issued before it', async () => {
    const { email, token } = await register(t);
    await post(`${v2}/password/email/forgot`, { email });
    const [code, link] = [await lastCode(t, email), await linkToken(email)];
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/password/update',
      headers: bearer(token),
      payload: {
        old_password: STRONG_PASSWORD,
        password: 'Changed-Pass-55',
        password_confirm: 'Changed-Pass-55',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await check(link)).toEqual(TOKEN_INVALID);
    expect((await post(`${v2}/password/email/code/confirm`, { email, code })).statusCode).toBe(422);

    // A reset by code leaves no other credential behind either (the link of a later request).
    await post(`${v2}/password/email/forgot`, { email });
    const [code2, link2] = [await lastCode(t, email), await linkToken(email)];
    const reset = { password: 'Code-Reset-Pass-8', password_confirmation: 'Code-Reset-Pass-8' };
    expect((await post(`${v2}/password/email/reset/code`, { email, code: code2, ...reset })).statusCode).toBe(
      200,
    );
    expect(await check(link2)).toEqual(TOKEN_INVALID);
  });
});
