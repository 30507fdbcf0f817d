import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';
let t: TestApp;
let player: { token: string; id: string };
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_API_TOKEN: OPERATOR,
    KYC_ON_FIRST_WITHDRAWAL: 'false',
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
  });
  player = await playerWithCash(t, 100_000n, { stag: 'first-touch' });
});
afterAll(async () => {
  await t?.close();
});

/** Everything these requests could change: users, the player's attribution, payments and the ledger. */
async function snapshot() {
  return t.database.query(
    `select (select count(*)::int from users) as users,
            (select attribution from users where id = $1) as attribution,
            (select count(*)::int from payments) as payments,
            (select count(*)::int from ledger_transactions) as transactions,
            (select coalesce(sum(abs(balance)), 0)::text from ledger_accounts) as balances`,
    [player.id],
  );
}

interface BadRequest {
  method?: 'GET';
  url: string;
  payload?: Record<string, unknown>;
  as?: 'player' | 'operator';
  withKey?: boolean;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

describe('text PostgreSQL cannot store is refused before it reaches SQL', () => {
  test.each<[string, BadRequest, Record<string, string[]>]>([
    [
      'a NUL in a registration name',
      {
        url: '/api/api/v2/auth/register/email',
        payload: { email: uniqueEmail(), password: STRONG_PASSWORD, name: NUL },
      },
      { name: ['invalid_characters'] },
    ],
    [
      'a NUL in a registration promo code',
      {
        url: '/api/api/v2/auth/register/email',
        payload: { email: uniqueEmail(), password: STRONG_PASSWORD, promo: NUL },
      },
      { promo: ['invalid_characters'] },
    ],
    [
      'a lone surrogate in a registration promo code',
      {
        url: '/api/api/v2/auth/register/email',
        payload: { email: uniqueEmail(), password: STRONG_PASSWORD, promo: LONE_SURROGATE },
      },
      { promo: ['invalid_characters'] },
    ],
    [
      'a NUL in an attachSource value',
      { url: '/api/attachSource', as: 'player', payload: { stag: NUL, promo: 'ok' } },
      { stag: ['invalid_characters'] },
    ],
    [
      'a lone surrogate in an attachSource value (jsonb refuses it)',
      { url: '/api/attachSource', as: 'player', payload: { prHash: LONE_SURROGATE } },
      { prHash: ['invalid_characters'] },
    ],
    [
      'a NUL in a withdrawal detail',
      {
        url: '/api/payments/withdrawals',
        as: 'player',
        withKey: true,
        payload: { amount: '500', method: 'sandbox_card', details: { card: '4242', holder: NUL } },
      },
      { 'details.holder': ['invalid_characters'] },
    ],
    [
      'a NUL in a withdrawal detail name',
      {
        url: '/api/payments/withdrawals',
        as: 'player',
        withKey: true,
        payload: { amount: '500', method: 'sandbox_card', details: { [NUL]: '4242' } },
      },
      { details: ['invalid_characters'] },
    ],
    [
      'a NUL in a query string the operator API passes to SQL',
      { method: 'GET', url: '/api/operator/withdrawals?status=held%00', as: 'operator' },
      { status: ['invalid_characters'] },
    ],
    [
      'a NUL in a path parameter',
      { method: 'GET', url: '/api/payments/%00', as: 'player' },
      { id: ['invalid_characters'] },
    ],
  ])('%s is a 422 naming the field, and changes nothing', async (_label, request, errors) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: request.method ?? 'POST',
      url: request.url,
      headers: {
        ...(request.as ? bearer(request.as === 'player' ? player.token : OPERATOR) : {}),
        ...(request.withKey ? { 'idempotency-key': `nul-${Date.now()}` } : {}),
      },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
    expect(await snapshot()).toEqual(before);
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('control characters PostgreSQL can store still pass (the guard refuses only what it must)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/attachSource',
      headers: bearer(player.token),
      payload: { cpaOneUid: 'tab\there' },
    });
    expect(res.statusCode).toBe(200);
  });
});
