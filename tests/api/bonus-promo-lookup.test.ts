import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';
import { bonusApi, ok } from '../helpers/bonus.ts';

/**
 * `GET /bonus-system/bonus/{name}` for a promo code of a link (`?promo=CODE`): the browser keeps
 * the promo only when the lookup answers, and registration redeems it (docs/bonuses.md "Promo codes").
 */
const OPERATOR = 'operator-token-lookup-0123456789';
const LOOKUP_MISSES = 3;
const t = appForFile({
  OPERATOR_API_TOKEN: OPERATOR,
  PROMO_LOOKUP_MISSES_PER_MINUTE_PER_ADDRESS: String(LOOKUP_MISSES),
});
const { campaign, promo, grants } = bonusApi(() => t, OPERATOR);

let address = 0;
/** A lookup from its own client address (the limit counts per address). */
const lookup = (name: string, ip = `198.51.100.${++address}`) =>
  t.app.inject({ url: `/api/bonus-system/bonus/${encodeURIComponent(name)}`, remoteAddress: ip });

describe('the public bonus lookup answers a promo code', () => {
  test("a valid code is described by its campaign: name, the nearer end, the code's region", async () => {
    const c = await campaign({ ends_at: new Date(Date.now() + 7_200_000).toISOString() });
    const code = await promo(c.id, { region: 'KZ', ends_at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const spelling of [code, code.toLowerCase()]) {
      const found = ok(await lookup(spelling)).data;
      expect(found.name).toBe(c.name);
      expect(found.region).toEqual(['KZ']);
      expect(found.expires_in).toBeGreaterThan(3500);
      expect(found.expires_in).toBeLessThanOrEqual(3600);
      expect(Object.keys(found).sort()).toEqual(['expires_in', 'name', 'region']);
    }
  });

  test('a code that cannot be redeemed now is 404, like an unknown one', async () => {
    const c = await campaign();
    const usedUp = await promo(c.id, { max_uses: 1 });
    const player = await register(t, { currency: 'RUB' });
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/bonus/promo',
        headers: bearer(player.token),
        payload: { code: usedUp },
      }),
    );
    const ended = await promo(c.id, {
      ends_at: new Date(Date.now() - 1000).toISOString(),
      starts_at: new Date(Date.now() - 5000).toISOString(),
    });
    const paused = await campaign({ status: 'paused' });
    const ofPaused = await promo(paused.id);
    for (const name of [usedUp, ended, ofPaused, 'NO-SUCH-CODE'])
      expect((await lookup(name)).statusCode, name).toBe(404);
  });

  test('a promo link reaches registration: the code the lookup kept is redeemed with the account', async () => {
    const c = await campaign();
    const code = await promo(c.id);
    ok(await lookup(code));
    const { token } = await register(t, { currency: 'RUB', promo: code });
    const available = (await grants(bearer(token))).available as { name: string }[];
    expect(available.map((g) => g.name)).toEqual([c.name]);
  });
});

describe('the lookup is no code-guessing oracle', () => {
  test('misses are counted per address: past the limit every lookup answers 429, a valid code too', async () => {
    const c = await campaign();
    const code = await promo(c.id);
    const ip = '203.0.113.77';
    for (let i = 0; i < LOOKUP_MISSES; i++) expect((await lookup(`GUESS-${i}`, ip)).statusCode).toBe(404);
    const limited = await lookup(code, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().errors.name[0]).toMatch(/^too_many_attempts:\d+$/);
    expect((await lookup(c.name, ip)).statusCode).toBe(429);
    // Another address is not held up, and hits never count.
    for (let i = 0; i < LOOKUP_MISSES + 2; i++)
      expect((await lookup(code, '203.0.113.78')).statusCode).toBe(200);
  });
});
