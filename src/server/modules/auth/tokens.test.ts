import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { hashOpaque, opaqueToken, sixDigitCode, TokenKeys } from './tokens.ts';

const keys = new TokenKeys('x'.repeat(40));

describe('access tokens', () => {
  test('round-trip user and session, with the expiry in milliseconds', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const token = await keys.signAccess({ userId: 42n, sessionId: 's-1' }, 60);
    const claims = await keys.verifyAccess(token);
    expect(claims).toMatchObject({ userId: 42n, sessionId: 's-1' });
    expect(claims?.expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(claims?.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  test('a token signed with another key, tampered or expired is rejected', async () => {
    const other = await new TokenKeys('y'.repeat(40)).signAccess({ userId: 1n, sessionId: 's' }, 60);
    expect(await keys.verifyAccess(other)).toBeNull();
    const good = await keys.signAccess({ userId: 1n, sessionId: 's' }, 60);
    const [h, p, s] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '2', sid: 's', exp: 9e9 })).toString('base64url');
    expect(await keys.verifyAccess(`${h}.${forged}.${s}`)).toBeNull();
    expect(await keys.verifyAccess(`${h}.${p}`)).toBeNull();
    // The token's second passes on a moved clock, not in a sleep.
    const clock = new ManualClock();
    const timed = new TokenKeys('x'.repeat(40), clock);
    const expired = await timed.signAccess({ userId: 1n, sessionId: 's' }, 1);
    clock.advance(2100);
    expect(await timed.verifyAccess(expired)).toBeNull();
  });

  test('a validly signed token is still refused for a critical header, a future nbf or a padded signature', async () => {
    const sign = (header: object, body: object) => {
      const h = Buffer.from(JSON.stringify(header)).toString('base64url');
      const b = Buffer.from(JSON.stringify(body)).toString('base64url');
      const s = createHmac('sha256', 'x'.repeat(40)).update(`${h}.${b}`).digest('base64url');
      return `${h}.${b}.${s}`;
    };
    const exp = Math.floor(Date.now() / 1000) + 60;
    const good = sign({ alg: 'HS256', typ: 'JWT' }, { sub: '7', sid: 's', exp });
    expect(await keys.verifyAccess(good)).toMatchObject({ userId: 7n, sessionId: 's' });
    expect(
      await keys.verifyAccess(sign({ alg: 'HS256', crit: ['x'], x: 1 }, { sub: '7', sid: 's', exp })),
    ).toBeNull();
    expect(await keys.verifyAccess(sign({ alg: 'HS256' }, { sub: '7', sid: 's', exp, nbf: exp }))).toBeNull();
    expect(await keys.verifyAccess(sign({ alg: 'HS512' }, { sub: '7', sid: 's', exp }))).toBeNull();
    expect(await keys.verifyAccess(sign({ alg: 'HS256' }, { sub: 'x7', sid: 's', exp }))).toBeNull();
    expect(await keys.verifyAccess(`${good}=`)).toBeNull();
    expect(await keys.verifyAccess(`${good}.`)).toBeNull();
  });

  test('the "none" algorithm is refused', async () => {
    const header = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
    const body = Buffer.from('{"sub":"1","sid":"s","exp":9999999999}').toString('base64url');
    expect(await keys.verifyAccess(`${header}.${body}.`)).toBeNull();
  });
});

describe('codes and opaque tokens', () => {
  test('codes are 6 digits and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, sixDigitCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  test('opaque tokens hash deterministically and differ each time', () => {
    const a = opaqueToken();
    const b = opaqueToken();
    expect(a.token).not.toBe(b.token);
    expect(hashOpaque(a.token).equals(a.hash)).toBe(true);
  });

  test('a refresh successor is derived from the token and the key, and hashed like any opaque token', () => {
    const { token } = opaqueToken();
    const next = keys.refreshSuccessor(token);
    expect(next.token).toMatch(/^[\w-]{43}$/);
    expect(next.token).not.toBe(token);
    expect(keys.refreshSuccessor(token)).toEqual(next);
    expect(hashOpaque(next.token).equals(next.hash)).toBe(true);
    expect(new TokenKeys('y'.repeat(40)).refreshSuccessor(token).token).not.toBe(next.token);
    expect(keys.refreshSuccessor(opaqueToken().token).token).not.toBe(next.token);
  });

  test('code hashes bind purpose and target', () => {
    expect(keys.codeHash('login_email', 'a@b.c', '123456')).not.toBe(
      keys.codeHash('reset_email', 'a@b.c', '123456'),
    );
    expect(keys.codeHash('login_email', 'a@b.c', '123456')).toBe(
      keys.codeHash('login_email', 'a@b.c', '123456'),
    );
  });
});
