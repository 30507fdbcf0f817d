import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { hashOpaque } from '../../src/server/modules/auth/tokens.ts';
import { appForFile, createTestApp } from '../helpers/app.ts';
import {
  bearer,
  lastCode,
  lastMessage,
  postTo,
  refreshCookie,
  register,
  STRONG_PASSWORD,
  uniqueEmail,
  V2 as v2,
} from '../helpers/auth.ts';

/** Login by password and code, refresh-token rotation, logout and the session list. */
const t = appForFile({ ACCESS_TOKEN_TTL_SECONDS: '60' });

const post = postTo(t);

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
});

describe('refresh tokens', () => {
  const refreshWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: token } });

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

  test('a used refresh token replayed after the grace window revokes the whole session', async () => {
    const { refresh, token } = await register(t);
    const rotated = refreshCookie(await refreshWith(refresh));
    // The replay comes a minute after the rotation: well past REFRESH_REUSE_GRACE_SECONDS.
    await t.database.query(
      "update refresh_tokens set used_at = used_at - interval '1 minute' where token_hash = $1",
      [hashOpaque(refresh)],
    );
    const replay = await refreshWith(refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ errors: { token: ['token_invalid'] } });
    // The legitimate holder's newer token and the access token die with the session.
    expect((await refreshWith(rotated as string)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  test('two tabs refreshing with one token at once both get the same new pair and stay logged in', async () => {
    const { refresh } = await register(t);
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshWith(refresh)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const next = new Set(results.map(refreshCookie));
    expect(next.size).toBe(1);
    const [successor] = next;
    expect(successor).toBeDefined();
    expect(successor).not.toBe(refresh);
    // One rotation happened: the session holds the first token and its one successor.
    const [row] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from refresh_tokens
        where session_id = (select session_id from refresh_tokens where token_hash = $1)`,
      [hashOpaque(refresh)],
    );
    expect(row?.n).toBe(2);
    for (const result of results) {
      const access = result.json().access_token as string;
      expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(access) })).statusCode).toBe(
        200,
      );
    }
    const after = await refreshWith(successor as string);
    expect(after.statusCode).toBe(200);
    expect(refreshCookie(after)).not.toBe(successor);
  });

  test('a replay of a token whose successor was already rotated again revokes the session', async () => {
    const { refresh, token } = await register(t);
    const first = refreshCookie(await refreshWith(refresh)) as string;
    const second = refreshCookie(await refreshWith(first)) as string;
    // Within the grace window, but the successor was itself used: the old token leaked.
    const replay = await refreshWith(refresh);
    expect(replay.statusCode).toBe(401);
    expect((await refreshWith(second)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).statusCode).toBe(401);
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
    // Token lifetimes count whole seconds from the second of issue: none outlives 3.1 s, on the
    // app's clock, which the test moves instead of sleeping.
    const clock = new ManualClock();
    const short = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '2' }, { clock });
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
      clock.advance(3100);
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
