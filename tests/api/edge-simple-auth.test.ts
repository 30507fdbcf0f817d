/**
 * Simple-auth links (docs/edge.md "Attribution", docs/product-rules.md §5): the link carries a
 * one-time code that a player's app made for one host, never a token; the page exchanges it once
 * for a session of its own, and never in place of another player's session.
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, refreshCookie, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';

const MAIN = 'main.test';
const MIRROR = 'mirror.test';

describe('simple-auth links', () => {
  const t = appForFile({ PUBLIC_SITE_URL: `http://${MAIN}`, MIRROR_HOSTS: MIRROR });

  const call = (host: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: `api.${host}`, ...headers },
      ...(payload ? { payload } : {}),
    });

  async function player() {
    const res = await call(MAIN, '/api/v2/auth/register/email', {
      email: uniqueEmail('simple'),
      password: STRONG_PASSWORD,
    });
    return { token: res.json().token as string, refresh: refreshCookie(res) as string };
  }
  const codeFor = async (token: string, host = MAIN) => {
    const res = await call(host, '/simple-auth/code', undefined, bearer(token));
    expect(res.statusCode).toBe(200);
    return res.json().code as string;
  };
  const userIdOf = async (token: string) =>
    (await t.app.inject({ url: '/profile/user', headers: { host: `api.${MAIN}`, ...bearer(token) } })).json()
      .user.id as string;

  test('a player’s code is exchanged once for a session of its own on that host', async () => {
    const owner = await player();
    const code = await codeFor(owner.token);
    expect(code).toMatch(/^[\w-]{43}$/);
    const res = await call(MAIN, '/simple-auth/exchange', { code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, sso: null });
    expect(refreshCookie(res)).toBeTruthy();
    expect(await userIdOf(res.json().token)).toBe(await userIdOf(owner.token));
    const again = await call(MAIN, '/simple-auth/exchange', { code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { code: ['sso_refused'] } });
  });

  test('a code works only on the host it was made for, and a try elsewhere spends it', async () => {
    const owner = await player();
    const code = await codeFor(owner.token);
    expect((await call(MIRROR, '/simple-auth/exchange', { code })).statusCode).toBe(422);
    expect((await call(MAIN, '/simple-auth/exchange', { code })).statusCode).toBe(422);
  });

  test('an access token in the link is no code', async () => {
    const owner = await player();
    expect((await call(MAIN, '/simple-auth/exchange', { code: owner.token })).statusCode).toBe(422);
  });

  test('a browser holding another player’s session keeps it', async () => {
    const owner = await player();
    const other = await player();
    const res = await call(
      MAIN,
      '/simple-auth/exchange',
      { code: await codeFor(owner.token) },
      { cookie: `refresh_token=${other.refresh}` },
    );
    expect(res.statusCode).toBe(422);
    expect(refreshCookie(res)).toBeUndefined();
  });

  test('only a player makes codes, and only on a trusted host', async () => {
    expect((await call(MAIN, '/simple-auth/code')).statusCode).toBe(401);
    const owner = await player();
    expect((await call('evil.example', '/simple-auth/code', undefined, bearer(owner.token))).statusCode).toBe(
      421,
    );
  });
});
