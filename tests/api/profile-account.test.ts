import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, lastCode, register, uniqueEmail, uniquePhone } from '../helpers/auth.ts';

/**
 * The player's display name and phone number from the settings, the features the operator sets
 * and their default set, and the profile's `fresh_token` (docs/api-auth.md).
 */
const OPERATOR = 'operator-token-profile-0123456789';
const t = appForFile({ OPERATOR_API_TOKEN: OPERATOR, ACCESS_TOKEN_TTL_SECONDS: '60' });

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const operator = { authorization: `Bearer ${OPERATOR}` };
const profileOf = async (token: string) => (await call('GET', '/profile/user', bearer(token))).json().user;

describe('the display name (PUT /profile/settings { name })', () => {
  test('is set (normalised) and cleared with null', async () => {
    const { token } = await register(t);
    const set = await call('PUT', '/profile/settings', bearer(token), { name: '  Star   Pilot ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.name).toBe('Star Pilot');
    expect((await profileOf(token)).name).toBe('Star Pilot');
    const cleared = await call('PUT', '/profile/settings', bearer(token), { name: null });
    expect(cleared.json().user.name).toBeNull();
  });

  test.each([
    ['‮evil', 'invalid_name'],
    ['<b>x</b>', 'invalid_name'],
    ['x'.repeat(33), 'name_too_long:32'],
  ])('%j is refused with %s', async (name, message) => {
    const { token } = await register(t, { name: 'Kept' });
    const res = await call('PUT', '/profile/settings', bearer(token), { name });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { name: [message] } });
    expect((await profileOf(token)).name).toBe('Kept');
  });
});

describe('adding a phone number (POST /profile/phone)', () => {
  test('an e-mail player adds a phone: stored unconfirmed, a code is texted, the code confirms it', async () => {
    const { token } = await register(t);
    const phone = uniquePhone();
    const res = await call('POST', '/profile/phone', bearer(token), { phone: phone.slice(2), country: 'RU' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ phone, is_phone_verified: false });
    const code = await lastCode(t, phone);
    const verified = await call('POST', '/api/v2/auth/phone/verify/code', bearer(token), { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await profileOf(token)).toMatchObject({ phone, is_phone_verified: true });
    // A confirmed number is not replaced from the settings.
    const again = await call('POST', '/profile/phone', bearer(token), { phone: uniquePhone() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { phone: ['phone_already_verified'] } });
  });

  test("another player's number is phone_taken; a bad one invalid_phone", async () => {
    const phone = uniquePhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/phone',
      payload: { phone, password: 'Orbit-7-Nebula!' },
    });
    const { token } = await register(t);
    expect((await call('POST', '/profile/phone', bearer(token), { phone })).json()).toEqual({
      errors: { phone: ['phone_taken'] },
    });
    expect((await call('POST', '/profile/phone', bearer(token), { phone: '12' })).json()).toEqual({
      errors: { phone: ['invalid_phone'] },
    });
    expect((await profileOf(token)).phone).toBeNull();
  });
});

describe('features (docs/api-auth.md "Features")', () => {
  test('every profile carries the default set (bonus_balances)', async () => {
    const { token } = await register(t);
    expect((await profileOf(token)).features).toEqual(['bonus_balances']);
  });

  test("the operator sets a player's features, audited; null goes back to the default set", async () => {
    const { token } = await register(t);
    const id = (await profileOf(token)).id;
    const off = await call('PUT', `/operator/players/${id}/features`, operator, { features: [] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ data: { user_id: String(id), features: [], custom: true } });
    expect((await profileOf(token)).features).toEqual([]);
    const read = await call('GET', `/operator/players/${id}/features`, operator);
    expect(read.json().data).toEqual({ user_id: String(id), features: [], custom: true });
    const back = await call('PUT', `/operator/players/${id}/features`, operator, { features: null });
    expect(back.json().data).toEqual({ user_id: String(id), features: ['bonus_balances'], custom: false });
    expect((await profileOf(token)).features).toEqual(['bonus_balances']);
    const audit = (await call('GET', '/operator/bonus/audit?limit=5', operator)).json().data;
    expect(
      audit.slice(0, 2).map((row: { action: string; target: string }) => [row.action, row.target]),
    ).toEqual([
      ['player_features', `user:${id}`],
      ['player_features', `user:${id}`],
    ]);
  });

  test('an unknown feature, an unknown player and a call without the operator token are refused', async () => {
    const { token } = await register(t);
    const id = (await profileOf(token)).id;
    const unknown = await call('PUT', `/operator/players/${id}/features`, operator, {
      features: ['bonus_balance'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(
      (await call('PUT', '/operator/players/999999999/features', operator, { features: [] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/operator/players/${id}/features`, bearer(token), { features: [] })).statusCode,
    ).toBe(401);
  });
});

describe('the default feature set is configuration (DEFAULT_PLAYER_FEATURES)', () => {
  const bare = appForFile({ DEFAULT_PLAYER_FEATURES: 'none' });
  test('none: profiles carry no feature until the operator sets one', async () => {
    const { token } = await register(bare);
    const user = (await bare.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user;
    expect(user.features).toEqual([]);
  });
});

describe('fresh_token (GET /profile/user)', () => {
  const refreshCookie = (value: string) => ({ cookie: `refresh_token=${value}` });

  test('a token in the second half of its life, with its session’s refresh cookie, gets a fresh one', async () => {
    const { token, refresh } = await register(t, { email: uniqueEmail('fresh') });
    // A new token: no fresh one.
    const early = await call('GET', '/profile/user', { ...bearer(token), ...refreshCookie(refresh) });
    expect(early.json().fresh_token).toBeUndefined();
    // The same session's token with 20 of its 60 s left, signed by the server's key.
    const aged = await agedToken(token, 40);
    const late = await call('GET', '/profile/user', { ...bearer(aged), ...refreshCookie(refresh) });
    expect(late.statusCode, late.body).toBe(200);
    const fresh = late.json().fresh_token as string;
    expect(fresh).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await call('GET', '/profile/user', bearer(fresh))).statusCode).toBe(200);
    // Without the refresh cookie (a copied access token), nothing is extended.
    const copied = await call('GET', '/profile/user', bearer(aged));
    expect(copied.json().fresh_token).toBeUndefined();
  });
});

/** The access token of the same player and session, as if issued `seconds` ago (the server's key). */
async function agedToken(token: string, seconds: number): Promise<string> {
  const { TokenKeys } = await import('../../src/server/modules/auth/tokens.ts');
  const { resolveTokenSecret } = await import('../../src/server/modules/auth/secret.ts');
  const keys = new TokenKeys(await resolveTokenSecret(t.database, t.config.env.JWT_SECRET));
  const claims = await keys.verifyAccess(token);
  if (!claims) throw new Error('the token does not verify');
  return keys.signAccess(claims, 60 - seconds);
}
