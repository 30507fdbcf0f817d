import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { createTestApp } from '../helpers/app.ts';
import { bearer, STRONG_PASSWORD, uniqueEmail } from '../helpers/auth.ts';
import { edgeRequests, encode, keyOf, type Request, type Route, requestFor } from '../helpers/fuzz.ts';
import { fuzzSeeds } from '../helpers/fuzz-seeds.ts';

/**
 * Every route of the API, as registered (so a new route is fuzzed without touching this file),
 * gets hostile input: first the edge cases of each field of a valid request (one field at a time),
 * then random requests built from strings with control characters, NUL, lone surrogates, bidi
 * controls, huge strings, digit strings of any length, huge numbers, wrong types, deep nesting and
 * malformed JSON. No answer may be a 5xx, a refused one must use the API's error shape, and a
 * refused request must not move money. The seed is fixed, so a failure repeats; FUZZ_SEED and
 * FUZZ_RUNS explore further (e.g. FUZZ_RUNS=250 takes a minute or two).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_241_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const OPERATOR = 'operator-token-0123456789-abcdef';

/** Routes never fuzzed, and why. */
const NOT_FUZZED: Record<string, string> = {
  'GET /ws': 'a WebSocket upgrade, not a JSON endpoint; its protocol has its own tests (realtime.test.ts)',
};
/** Routes not fuzzed as the logged-in player, and why. */
const NOT_FUZZED_AS_PLAYER: Record<string, string> = {
  'PUT /api/auth/logout': 'reads no input, and would end the session the rest of the run plays with',
};

const routes: Route[] = [];
// Top-level await: the routes must be known when the tests are collected, before any hook runs.
const t = await createTestApp(
  {
    OPERATOR_API_TOKEN: OPERATOR,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fuzz-')),
    // The test delivers the sandbox's webhooks itself (funding below); fuzzed deposits stay unpaid.
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
    KYC_ON_FIRST_WITHDRAWAL: 'false',
  },
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        // Fastify adds HEAD to every GET route by itself.
        if (method !== 'HEAD') routes.push({ method, url: route.url });
      }
    },
  },
);
afterAll(async () => {
  await t.close();
});
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
const player = await fundedPlayer();
const seeds = fuzzSeeds(player.email);

/** A player funded the way a real one is: registration, a sandbox deposit, its signed webhook. */
async function fundedPlayer() {
  const email = uniqueEmail('fuzz');
  const host = new URL(base).host;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/register/email',
    payload: { email, password: STRONG_PASSWORD, currency: 'RUB', name: 'Fuzz Player' },
  });
  const token = registered.json().token as string;
  // The deposit's webhook goes to the host the request came to: the listening server.
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/api/payments/deposits',
    headers: { ...bearer(token), host, 'idempotency-key': 'fuzz-funding-deposit' },
    payload: { amount: '5000', method: 'sandbox_card' },
  });
  const checkout = new URL(deposit.json().data.redirect_url as string);
  const paid = await t.app.inject({
    method: 'POST',
    url: checkout.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card: '4242424242424242' }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(`sandbox checkout → ${paid.statusCode}`);
  await t.app.sandbox.deliverDue();
  const { user } = (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json();
  if (user.balance !== '5000.00') throw new Error(`the funding deposit was not credited: ${user.balance}`);
  return { token, email };
}

/** The ledger's state: transactions and every non-zero balance (a refused request changes neither). */
async function ledgerState() {
  return t.database.query(
    `select (select count(*)::int from ledger_transactions) as transactions,
            (select string_agg(id || ':' || balance, ',' order by id) from ledger_accounts where balance <> 0) as balances`,
  );
}

let address = 0;
type Caller = 'guest' | 'player' | 'operator';
const authorization = (caller: Caller): Record<string, string> =>
  caller === 'guest' ? {} : bearer(caller === 'player' ? player.token : OPERATOR);

async function fuzz(route: Route, caller: Caller) {
  const property = fc.asyncProperty(requestFor(route, seeds), async (request) => {
    let params = 0;
    const url = route.url.replace(/:\w+/g, () => encode(request.params[params++] ?? ''));
    const before = caller === 'guest' ? undefined : await ledgerState();
    const { payload } = request;
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: request.query ? `${url}?${request.query}` : url,
      // A fresh address per request: the per-address rate limits would otherwise answer 429.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
      headers: {
        ...authorization(caller),
        ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
        ...(payload.type ? { 'content-type': payload.type } : {}),
      },
      ...(payload.text === undefined ? {} : { payload: payload.text }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json'))
      expect(res.json()).toEqual({ errors: expect.any(Object) });
    if (before && res.statusCode >= 400) expect(await ledgerState()).toEqual(before);
  });
  const examples = edgeRequests(route, seeds).map((request): [Request] => [request]);
  // The examples run first and count as runs.
  const details = await fc.check(property, { seed: SEED, numRuns: examples.length + RUNS, examples });
  // The report quotes the counterexample: long runs of one character (the huge strings) shortened.
  if (details.failed)
    throw new Error(
      fc.defaultReportMessage(details)?.replace(/(.)\1{100,}/gsu, (run, c) => `${c}…(×${run.length})`),
    );
}

const fuzzed = routes.filter((route) => !(keyOf(route) in NOT_FUZZED));

describe('the API under random hostile input', () => {
  test('the route list is the whole API and every exception still names a route', () => {
    expect(fuzzed.length).toBeGreaterThan(60);
    const known = new Set(routes.map(keyOf));
    for (const key of [...Object.keys(NOT_FUZZED), ...Object.keys(NOT_FUZZED_AS_PLAYER)])
      expect(known, key).toContain(key);
    for (const key of [...Object.keys(seeds.bodies), ...Object.keys(seeds.queries)])
      expect(known, key).toContain(key);
  });

  test.each(fuzzed.map((route) => [keyOf(route), route] as const))(
    '%s, as a guest, never answers 5xx and moves no money',
    async (_key, route) => {
      const before = await ledgerState();
      await fuzz(route, 'guest');
      expect(await ledgerState()).toEqual(before);
    },
  );

  test.each(
    fuzzed
      .filter((route) => !(keyOf(route) in NOT_FUZZED_AS_PLAYER))
      .map((route) => [keyOf(route), route] as const),
  )('%s, as a funded player, never answers 5xx and moves no money when it refuses', async (_key, route) => {
    await fuzz(route, 'player');
  });

  test.each(
    fuzzed
      .filter((route) => route.url.startsWith('/api/operator/'))
      .map((route) => [keyOf(route), route] as const),
  )('%s, as the operator, never answers 5xx and moves no money when it refuses', async (_key, route) => {
    await fuzz(route, 'operator');
  });

  test('the ledger still balances after the whole run', async () => {
    expect(await checkLedger(t.database)).toEqual([]);
  });
});
