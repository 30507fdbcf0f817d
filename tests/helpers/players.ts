import { post } from '../../src/server/modules/ledger/ledger.ts';
import type { Currency } from '../../src/shared/currencies.ts';
import type { TestApp } from './app.ts';
import { bearer, register } from './auth.ts';

/** The id of the player a token belongs to (GET /profile/user). */
export async function playerId(t: TestApp, token: string): Promise<string> {
  return String((await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user.id);
}

/** A new player registered by e-mail (extra registration fields in `body`), with their id. */
export async function newPlayer(t: TestApp, body: Record<string, unknown> = {}) {
  const { email, token, refresh } = await register(t, body);
  return { email, token, refresh, id: await playerId(t, token) };
}

/**
 * Credits `amount` minor units to the player's cash (or bonus) account from the house: an
 * adjustment through the wallet ledger, as an operator would make it. The key defaults to one per
 * player, currency and kind, so a second credit of the same kind needs its own `key`.
 */
export async function credit(
  t: TestApp,
  userId: string,
  amount: bigint,
  {
    currency = 'RUB',
    kind = 'cash',
    key,
  }: { currency?: Currency; kind?: 'cash' | 'bonus'; key?: string } = {},
) {
  return post(t.database, {
    idempotencyKey: key ?? `test-credit:${userId}:${currency}:${kind}`,
    kind: 'adjustment',
    currency,
    request: { userId, amount, kind },
    postings: [
      { account: { system: 'house' }, amount: -amount },
      { account: { userId, kind }, amount },
    ],
    answer: () => null,
  });
}

/** A new player of `currency` (RUB by default) with `amount` minor units of cash. */
export async function playerWithCash(
  t: TestApp,
  amount: bigint,
  { currency = 'RUB', ...body }: { currency?: Currency } & Record<string, unknown> = {},
) {
  const player = await newPlayer(t, { currency, ...body });
  await credit(t, player.id, amount, { currency });
  return player;
}

/** POST /payments/deposits of `amount` (100 by default) by injection, on `host` if given. */
export function startDeposit(
  t: TestApp,
  token: string,
  {
    key,
    host,
    amount = '100',
    returnPath,
    headers = {},
  }: { key: string; host?: string; amount?: string; returnPath?: string; headers?: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/deposits',
    headers: { ...bearer(token), ...(host ? { host } : {}), 'idempotency-key': key, ...headers },
    payload: { amount, method: 'sandbox_card', ...(returnPath ? { return_path: returnPath } : {}) },
  });
}
