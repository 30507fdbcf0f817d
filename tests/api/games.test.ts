import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as dice from '../../src/games/dice/engine.ts';
import { commitment, floats } from '../../src/games/fair/node.ts';
import { ensurePairs } from '../../src/server/modules/games/seeds.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { balanceOf, post } from '../../src/server/modules/wallet/ledger.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';

let t: TestApp;
const logLines: string[] = [];
const responses: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});

interface Player {
  id: string;
  headers: Record<string, string>;
}

async function player(balanceRub: bigint, currency = 'RUB'): Promise<Player> {
  const { token } = await register(t, { currency });
  const headers = bearer(token);
  const id = String((await t.app.inject({ url: '/api/profile/user', headers })).json().user.id);
  if (balanceRub > 0n) {
    await post(t.database, {
      idempotencyKey: `seed:${id}`,
      kind: 'adjustment',
      currency: currency as 'RUB',
      request: { id, balanceRub },
      postings: [
        { account: { system: 'house' }, amount: -balanceRub },
        { account: { userId: id, kind: 'cash' }, amount: balanceRub },
      ],
      answer: () => null,
    });
  }
  return { id, headers };
}

async function call(p: Player, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, key?: string) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  responses.push(res.body);
  return res;
}

const cash = (p: Player, currency = 'RUB') =>
  balanceOf(t.database, { userId: p.id, kind: 'cash' }, currency as 'RUB');

/** Every server seed not yet revealed, of every player of this file. */
async function secretSeeds() {
  return t.database.query<{ server_seed: string }>(
    `select server_seed from seed_pairs where status <> 'revealed'`,
  );
}

describe('seed pairs', () => {
  test('active pair, nonce per bet, rotation reveals the committed seed and activates the shown next pair', async () => {
    const p = await player(100_00n);
    const first = (await call(p, 'GET', '/games/fairness/seeds')).json().data;
    expect(first.nonce).toBe('0');
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.next_commitment).not.toBe(first.commitment);

    for (let i = 0; i < 3; i += 1) {
      const res = await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.bet.nonce).toBe(String(i));
      expect(res.json().data.bet.server_seed).toBeNull();
    }
    expect((await call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('3');

    const rotated = await call(p, 'PUT', '/games/fairness/seeds', { client_seed: 'my lucky seed' });
    expect(rotated.statusCode).toBe(200);
    const { previous, active } = rotated.json().data;
    expect(commitment(previous.server_seed)).toBe(first.commitment);
    expect(previous.bets).toBe('3');
    expect(active).toMatchObject({
      commitment: first.next_commitment,
      client_seed: 'my lucky seed',
      nonce: '0',
    });

    const history = (await call(p, 'GET', '/games/fairness/history')).json();
    expect(history.meta.total).toBe(1);
    expect(history.data[0].server_seed).toBe(previous.server_seed);

    // A bet of the old pair now shows its revealed seed and recomputes to the stored roll.
    const bets = (await call(p, 'GET', '/games/bets?game=dice')).json().data;
    expect(bets).toHaveLength(3);
    for (const bet of bets) {
      expect(bet.server_seed).toBe(previous.server_seed);
      const roll = dice.rollFromFloat(
        floats({ serverSeed: bet.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) }, 1)[0]!,
      );
      expect(bet.outcome.roll).toBe(dice.formatRoll(roll));
    }
  });

  test('concurrent rotations both succeed, one after the other', async () => {
    const p = await player(10_00n);
    // Bets racing rotations wait for them and take the nonce of whichever pair is active then.
    const results = await Promise.all([
      call(p, 'PUT', '/games/fairness/seeds', {}),
      call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' }),
      call(p, 'PUT', '/games/fairness/seeds', {}),
      call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' }),
      call(p, 'PUT', '/games/fairness/seeds', {}),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await call(p, 'GET', '/games/fairness/history')).json().meta.total).toBe(3);
  });

  test('a bad client seed is refused and nothing rotates', async () => {
    const p = await player(0n);
    const before = (await call(p, 'GET', '/games/fairness/seeds')).json().data;
    for (const bad of ['', 'x'.repeat(65), 'tab\there']) {
      const res = await call(p, 'PUT', '/games/fairness/seeds', { client_seed: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.client_seed).toEqual(['invalid_client_seed']);
    }
    expect((await call(p, 'GET', '/games/fairness/seeds')).json().data).toEqual(before);
  });

  test("another player's bet is not found", async () => {
    const a = await player(10_00n);
    const b = await player(0n);
    const bet = (
      await call(a, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'over' })
    ).json().data.bet;
    expect((await call(b, 'GET', `/games/bets/${bet.id}`)).statusCode).toBe(404);
    expect((await call(a, 'GET', `/games/bets/${bet.id}`)).json().data.id).toBe(bet.id);
  });
});

describe('each game moves money through the ledger', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['dice', '/games/dice/bet', { amount: '10', target: '49.50', direction: 'over' }],
    ['keno', '/games/keno/bet', { amount: '10', risk: 'classic', picks: [1, 2, 3, 4, 5] }],
    [
      'roulette',
      '/games/roulette/bet',
      {
        bets: [
          { kind: 'straight', numbers: [17], amount: '2' },
          { kind: 'split', numbers: [17, 20], amount: '3' },
          { kind: 'red', amount: '5' },
        ],
      },
    ],
    ['wheel', '/games/wheel/bet', { amount: '1', risk: 'medium', segments: 20 }],
    ['cases', '/games/cases/open', { slug: 'easy' }],
  ];
  test.each(cases)(
    '%s: balance = before − stake + payout, the bet is stored and listed',
    async (game, url, body) => {
      const p = await player(1000_00n);
      const res = await call(p, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
      const { bet, balance } = res.json().data;
      const stake = BigInt(Math.round(Number(bet.amount) * 100));
      const payout = BigInt(Math.round(Number(bet.payout) * 100));
      expect(bet).toMatchObject({ game, status: 'settled', currency: 'RUB', nonce: '0' });
      expect(await cash(p)).toBe(1000_00n - stake + payout);
      expect(balance).toBe(fromMinor(1000_00n - stake + payout));
      expect(BigInt(Math.round(Number(bet.profit) * 100))).toBe(payout - stake);
      const listed = (await call(p, 'GET', `/games/bets?game=${game}`)).json();
      expect(listed.data.map((b: { id: string }) => b.id)).toEqual([bet.id]);
      const history = (await call(p, 'GET', '/profile/history?type=bet')).json().data;
      expect(history[0]).toMatchObject({ bet_id: bet.id, game });
    },
  );

  test('cases cost their catalogue price in the player currency', async () => {
    const p = await player(100_00n, 'USD');
    const res = await call(p, 'POST', '/games/cases/open', { slug: 'medium' });
    expect(res.json().data.bet.amount).toBe('1.00');
  });

  test('a bet that returns its stake still posts both legs (red + black on a red pocket)', async () => {
    const p = await player(100_00n);
    let bet: { payout: string; amount: string; id: string } | undefined;
    // Red and black together return the stake unless the ball lands on 0.
    for (let i = 0; i < 5 && (!bet || bet.payout !== bet.amount); i += 1) {
      const res = await call(p, 'POST', '/games/roulette/bet', {
        bets: [
          { kind: 'red', amount: '1' },
          { kind: 'black', amount: '1' },
        ],
      });
      bet = res.json().data.bet;
    }
    expect(bet!.payout).toBe(bet!.amount);
    const postings = await t.database.query<{ amount: string }>(
      `select p.amount::text from ledger_postings p join bets b on b.transaction_id = p.transaction_id where b.id = $1`,
      [bet!.id],
    );
    expect(postings.map((r) => r.amount).sort()).toEqual(['-200', '-200', '200', '200']);
  });

  test('after many bets of every game the ledger balances, and a tampered bet is caught', async () => {
    expect(await checkLedger(t.database)).toEqual([]);
    const [bet] = await t.database.query<{ id: string }>(
      `select id::text from bets where status = 'settled' limit 1`,
    );
    await t.database.query('update bets set payout = payout + 1 where id = $1', [bet!.id]);
    expect((await checkLedger(t.database)).map((p) => p.rule)).toEqual(['bets post their stake and payout']);
    await t.database.query('update bets set payout = payout - 1 where id = $1', [bet!.id]);
  });
});

const RED_BET = { kind: 'red', amount: '1' };

describe('limits and validation change nothing', () => {
  test.each([
    [
      'below the minimum',
      { amount: '0.50', target: '50', direction: 'under' },
      'amount',
      'bet_below_min:1.00',
    ],
    [
      'above the maximum',
      { amount: '10000.01', target: '50', direction: 'under' },
      'amount',
      'bet_above_max:10000.00',
    ],
    ['above the balance', { amount: '60', target: '50', direction: 'under' }, 'amount', 'insufficient_funds'],
    ['a malformed amount', { amount: '1e3', target: '50', direction: 'under' }, 'amount', 'invalid_amount'],
    ['a chance above 98 %', { amount: '1', target: '98.01', direction: 'under' }, 'target', 'invalid_chance'],
    [
      'a target with 3 decimals',
      { amount: '1', target: '50.005', direction: 'under' },
      'target',
      'invalid_target',
    ],
    [
      'a bad direction',
      { amount: '1', target: '50', direction: 'sideways' },
      'direction',
      'invalid_direction',
    ],
  ])('dice %s → 422 %s', async (_name, body, field, key) => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', '/games/dice/bet', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([key]);
    expect(await cash(p)).toBe(50_00n);
    expect((await call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('0');
    expect((await call(p, 'GET', '/games/bets')).json().meta.total).toBe(0);
  });

  const picksError = { picks: ['invalid_picks'] };
  test.each([
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [1, 1] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: ['a'] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [0.5] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'wild', picks: [1] }, { risk: ['invalid_risk'] }],
    ['/games/roulette/bet', { bets: [] }, { bets: ['invalid_bets'] }],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'split', numbers: [1, 5], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [RED_BET, { kind: 'straight', numbers: [1.5], amount: '1' }] },
      { bets: ['invalid_bets:2'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [RED_BET, RED_BET, { kind: 'straight', numbers: [1] }] },
      { bets: ['invalid_bets:3'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'line', numbers: [1, 2, 3, 4, 5, 6, 7], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'red', numbers: [0], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    ['/games/roulette/bet', { bets: [{ kind: 'dozen', amount: '1' }] }, { bets: ['invalid_bets:1'] }],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'straight', numbers: [7], index: 1, amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    ['/games/roulette/bet', { bets: [{ ...RED_BET, color: 'red' }] }, { bets: ['invalid_bets:1'] }],
    ['/games/roulette/bet', { bets: [{ kind: 'red', amount: '-1' }] }, { bets: ['invalid_bets:1'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: 15 }, { segments: ['invalid_segments'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: '10' }, { segments: ['invalid_segments'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: [10] }, { segments: ['invalid_segments'] }],
    ['/games/cases/open', { slug: 'nope' }, { slug: ['invalid_case'] }],
    ['/games/coinflip/flip', { side: 'edge' }, { side: ['invalid_side'] }],
    ['/games/coinflip/flip', { side: 'heads', index: 0, bet_id: 'x1' }, { bet_id: ['invalid_bet_id'] }],
  ])('%s with %j → 422 %j, and nothing changes', async (url, body, errors) => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', url, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    expect(await cash(p)).toBe(50_00n);
    expect((await call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('0');
    expect((await call(p, 'GET', '/games/bets')).json().meta.total).toBe(0);
  });

  test('spec §9: wheel of fortune is capped at 1 RUB', async () => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', '/games/wheel/bet', { amount: '1.01', risk: 'low', segments: 10 });
    expect(res.json().errors.amount).toEqual(['bet_above_max:1.00']);
  });

  test('a player without a currency is told to choose one', async () => {
    const { token } = await register(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/games/dice/bet',
      headers: bearer(token),
      payload: { amount: '1', target: '50', direction: 'under' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.currency).toEqual(['currency_required']);
  });

  test('a guest gets 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/games/dice/bet', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('idempotency and concurrency', () => {
  test('the same Idempotency-Key twice plays once and answers the same bet', async () => {
    const p = await player(100_00n);
    const body = { amount: '5', target: '50', direction: 'under' };
    const [a, b] = await Promise.all([
      call(p, 'POST', '/games/dice/bet', body, 'retry-key-0001'),
      call(p, 'POST', '/games/dice/bet', body, 'retry-key-0001'),
    ]);
    expect(a.json().data).toEqual(b.json().data);
    expect((await call(p, 'GET', '/games/bets')).json().meta.total).toBe(1);
    const other = await call(p, 'POST', '/games/dice/bet', { ...body, amount: '6' }, 'retry-key-0001');
    expect(other.statusCode).toBe(409);
    // Later bets move the balance; a retry of the first key still answers what it first answered.
    await call(p, 'POST', '/games/dice/bet', body);
    const late = await call(p, 'POST', '/games/dice/bet', body, 'retry-key-0001');
    expect(late.json().data).toEqual(a.json().data);
  });

  test('a retried coinflip start or cash-out answers its first balance, not the current one', async () => {
    const p = await player(100_00n);
    const start = await call(p, 'POST', '/games/coinflip/start', { amount: '10' }, 'flip-start-0001');
    const bet = start.json().data.bet;
    const [pair] = await t.database.query<{ server_seed: string }>(
      'select server_seed from seed_pairs where id = $1',
      [bet.seed_pair_id],
    );
    const [f] = floats(
      { serverSeed: pair!.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) },
      1,
    );
    await call(p, 'POST', '/games/coinflip/flip', {
      side: Math.floor(f! * 2) === 1 ? 'heads' : 'tails',
      index: 0,
    });
    const paid = await call(p, 'POST', '/games/coinflip/cashout', undefined, 'flip-cash-0001');
    expect(paid.json().data.balance).toBe('109.80');
    await call(p, 'POST', '/games/dice/bet', { amount: '5', target: '50', direction: 'under' });
    const startAgain = await call(p, 'POST', '/games/coinflip/start', { amount: '10' }, 'flip-start-0001');
    expect(startAgain.json().data).toMatchObject({
      balance: '90.00',
      bet: { id: bet.id, status: 'settled' },
    });
    const paidAgain = await call(p, 'POST', '/games/coinflip/cashout', undefined, 'flip-cash-0001');
    expect(paidAgain.json().data).toEqual(paid.json().data);
  });

  test('40 concurrent 1-RUB bets on 5 RUB with target 0.01 over… never go below zero, nonces are consecutive', async () => {
    const p = await player(5_00n);
    // Chance 1 %: almost every bet loses, so the balance runs out after about five.
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(p, 'POST', '/games/dice/bet', { amount: '1', target: '1', direction: 'under' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok.length + refused.length).toBe(40);
    expect(refused.every((r) => r.json().errors.amount[0] === 'insufficient_funds')).toBe(true);
    const nonces = ok.map((r) => Number(r.json().data.bet.nonce)).sort((x, y) => x - y);
    expect(nonces).toEqual(nonces.map((_, i) => i));
    const paid = ok.reduce((sum, r) => sum + BigInt(Math.round(Number(r.json().data.bet.payout) * 100)), 0n);
    expect(await cash(p)).toBe(5_00n - BigInt(ok.length) * 100n + paid);
    expect(await cash(p)).toBeGreaterThanOrEqual(0n);
  });
});

describe('coinflip series', () => {
  async function playSeries(p: Player) {
    const start = await call(p, 'POST', '/games/coinflip/start', { amount: '10' });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.bet.status).toBe('active');
    return start.json().data.bet;
  }

  test('start takes the stake; calls follow the revealed flips; cash-out pays 0.99 × 2ⁿ', async () => {
    const p = await player(100_00n);
    const bet = await playSeries(p);
    expect(await cash(p)).toBe(90_00n);
    // The server seed is secret while the series is open, so the test reads it from the database.
    const [pair] = await t.database.query<{ server_seed: string }>(
      'select server_seed from seed_pairs where id = $1',
      [bet.seed_pair_id],
    );
    const flips = floats(
      { serverSeed: pair!.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) },
      2,
    ).map((f) => (Math.floor(f * 2) === 1 ? 'heads' : 'tails'));
    const first = await call(p, 'POST', '/games/coinflip/flip', { side: flips[0], index: 0 });
    expect(first.json().data.bet).toMatchObject({
      status: 'active',
      multiplier: '1.98',
      outcome: { flips: [flips[0]] },
    });
    // A retried call for an answered flip does not flip again.
    const again = await call(p, 'POST', '/games/coinflip/flip', { side: flips[0], index: 0 });
    expect(again.json().data.bet.outcome.flips).toHaveLength(1);
    // Resume: the open series is there after a "reload".
    expect((await call(p, 'GET', '/games/coinflip/active')).json().data.id).toBe(bet.id);
    // Rotation is refused while the series is open.
    const rotate = await call(p, 'PUT', '/games/fairness/seeds', {});
    expect(rotate.json().errors.game).toEqual(['game_in_progress']);
    const second = await call(p, 'POST', '/games/coinflip/flip', { side: flips[1], index: 1 });
    expect(second.json().data.bet.multiplier).toBe('3.96');
    const out = await call(p, 'POST', '/games/coinflip/cashout', {}, 'cash-out-key-1');
    expect(out.json().data.bet).toMatchObject({ status: 'settled', payout: '39.60', profit: '29.60' });
    expect(await cash(p)).toBe(129_60n);
    const retried = await call(p, 'POST', '/games/coinflip/cashout', {}, 'cash-out-key-1');
    expect(retried.json().data.bet.id).toBe(bet.id);
    expect(await cash(p)).toBe(129_60n);
    expect((await call(p, 'GET', '/games/coinflip/active')).json().data).toBeNull();
  });

  test('a wrong call loses the stake and closes the series', async () => {
    const p = await player(100_00n);
    const bet = await playSeries(p);
    const [pair] = await t.database.query<{ server_seed: string }>(
      'select server_seed from seed_pairs where id = $1',
      [bet.seed_pair_id],
    );
    const f = floats(
      { serverSeed: pair!.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) },
      1,
    )[0]!;
    const wrong = Math.floor(f * 2) === 1 ? 'tails' : 'heads';
    const res = await call(p, 'POST', '/games/coinflip/flip', { side: wrong });
    expect(res.json().data.bet).toMatchObject({ status: 'settled', payout: '0.00', multiplier: '0' });
    expect(await cash(p)).toBe(90_00n);
    expect((await call(p, 'POST', '/games/coinflip/cashout', {})).json().errors.game).toEqual([
      'no_game_in_progress',
    ]);
  });

  async function flipsOf(bet: { seed_pair_id: string; client_seed: string; nonce: string }, count: number) {
    const [pair] = await t.database.query<{ server_seed: string }>(
      'select server_seed from seed_pairs where id = $1',
      [bet.seed_pair_id],
    );
    return floats(
      { serverSeed: pair!.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) },
      count,
    ).map((f) => (Math.floor(f * 2) === 1 ? 'heads' : 'tails'));
  }

  test('the 20th right call cashes out at once; a racing call cannot add a 21st', async () => {
    const p = await player(100_00n);
    const bet = await playSeries(p);
    const flips = await flipsOf(bet, 20);
    for (let i = 0; i < 19; i += 1) {
      const res = await call(p, 'POST', '/games/coinflip/flip', { side: flips[i], index: i });
      expect(res.json().data.bet.status).toBe('active');
    }
    const wrong = flips[19] === 'heads' ? 'tails' : 'heads';
    const [right, racing] = await Promise.all([
      call(p, 'POST', '/games/coinflip/flip', { side: flips[19], index: 19, bet_id: bet.id }),
      call(p, 'POST', '/games/coinflip/flip', { side: wrong, index: 19, bet_id: bet.id }),
    ]);
    const final = (await call(p, 'GET', `/games/bets/${bet.id}`)).json().data;
    expect(final.params.calls).toHaveLength(20);
    expect(final.status).toBe('settled');
    expect([right.statusCode, racing.statusCode]).toEqual([200, 200]);
    if (final.payout !== '0.00') {
      // 10 RUB × 0.99 × 2²⁰
      expect(final.payout).toBe('10380902.40');
      expect(await cash(p)).toBe(90_00n + 10_380_902_40n);
    } else {
      expect(await cash(p)).toBe(90_00n);
    }
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a loss after a win answers multiplier 0; a retried call of an ended series returns it', async () => {
    const p = await player(100_00n);
    const bet = await playSeries(p);
    const flips = await flipsOf(bet, 2);
    await call(p, 'POST', '/games/coinflip/flip', { side: flips[0], index: 0 });
    const wrong = flips[1] === 'heads' ? 'tails' : 'heads';
    const lost = await call(p, 'POST', '/games/coinflip/flip', { side: wrong, index: 1 });
    expect(lost.json().data.bet).toMatchObject({ status: 'settled', multiplier: '0', payout: '0.00' });
    const retried = await call(p, 'POST', '/games/coinflip/flip', { side: wrong, index: 1, bet_id: bet.id });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.bet).toMatchObject({ id: bet.id, status: 'settled', multiplier: '0' });
  });

  test('a call after the series has ended is refused unless it retries a flip of that series', async () => {
    const p = await player(100_00n);
    const bet = await playSeries(p);
    const flips = await flipsOf(bet, 1);
    await call(p, 'POST', '/games/coinflip/flip', { side: flips[0], index: 0, bet_id: bet.id });
    expect((await call(p, 'POST', '/games/coinflip/cashout')).statusCode).toBe(200);
    for (const body of [
      { side: flips[0], index: 0 },
      { side: flips[0], index: 1, bet_id: bet.id },
      { side: flips[0], index: 0, bet_id: String(Number(bet.id) + 1) },
    ]) {
      const res = await call(p, 'POST', '/games/coinflip/flip', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual({ game: ['no_game_in_progress'] });
    }
    const retried = await call(p, 'POST', '/games/coinflip/flip', {
      side: flips[0],
      index: 0,
      bet_id: bet.id,
    });
    expect(retried.json().data.bet).toMatchObject({ id: bet.id, status: 'settled' });
  });

  test('a call naming another series than the open one is refused and flips nothing', async () => {
    const p = await player(100_00n);
    const first = await playSeries(p);
    const flips = await flipsOf(first, 1);
    const wrong = flips[0] === 'heads' ? 'tails' : 'heads';
    await call(p, 'POST', '/games/coinflip/flip', { side: wrong, index: 0, bet_id: first.id });
    const second = await playSeries(p);
    const res = await call(p, 'POST', '/games/coinflip/flip', { side: 'heads', index: 1, bet_id: first.id });
    expect(res.statusCode).toBe(422);
    const active = (await call(p, 'GET', '/games/coinflip/active')).json().data;
    expect(active).toMatchObject({ id: second.id, outcome: { flips: [] } });
  });

  test('one open series at a time; cash-out needs a win', async () => {
    const p = await player(100_00n);
    await playSeries(p);
    expect((await call(p, 'POST', '/games/coinflip/start', { amount: '10' })).json().errors.game).toEqual([
      'game_in_progress',
    ]);
    expect((await call(p, 'POST', '/games/coinflip/cashout', {})).json().errors.game).toEqual([
      'nothing_to_cash_out',
    ]);
    expect(await cash(p)).toBe(90_00n);
  });
});

describe('feeds', () => {
  test('a settled bet is published on /ws feed:bets, a big stake also on feed:high-rollers; the balance on the player channel', async () => {
    const p = await player(2000_00n);
    const seen: Record<string, unknown[]> = {
      'feed:bets': [],
      'feed:high-rollers': [],
      [`user:${p.id}`]: [],
    };
    const stops = await Promise.all(
      Object.keys(seen).map((channel) =>
        t.bus.subscribe(channel, (payload) => seen[channel]!.push(JSON.parse(payload))),
      ),
    );
    const bet = (
      await call(p, 'POST', '/games/dice/bet', { amount: '1000', target: '50', direction: 'under' })
    ).json().data.bet;
    await expect.poll(() => seen['feed:high-rollers']!.length).toBe(1);
    expect(seen['feed:bets']).toEqual([
      expect.objectContaining({
        type: 'event',
        channel: 'feed:bets',
        version: Number(bet.id),
        data: expect.objectContaining({ id: bet.id, amount: '1000.00' }),
      }),
    ]);
    expect(seen[`user:${p.id}`]).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ type: 'balance', balance: fromMinor(await cash(p)) }),
      }),
    ]);
    await Promise.all(stops.map((stop) => stop()));
  });

  test('settled bets appear in the public feed; a hidden player is anonymous', async () => {
    const p = await player(100_00n);
    await call(p, 'PUT', '/profile/settings', { is_statistics_hidden: true });
    const bet = (
      await call(p, 'POST', '/games/dice/bet', { amount: '2', target: '50', direction: 'under' })
    ).json().data.bet;
    const feed = (await t.app.inject({ url: '/api/games/feed?kind=all' })).json().data;
    expect(feed[0]).toMatchObject({ id: bet.id, game: 'dice', player: null, amount: '2.00' });
    const high = (await t.app.inject({ url: '/api/games/feed?kind=high-rollers' })).json().data;
    expect(high.find((i: { id: string }) => i.id === bet.id)).toBeUndefined();
  });

  test('a player without a name appears under a stable alias that is not their user id', async () => {
    const p = await player(100_00n);
    const seen: { data: { player: string } }[] = [];
    const stop = await t.bus.subscribe('feed:bets', (payload) => seen.push(JSON.parse(payload)));
    const body = { amount: '1', target: '50', direction: 'under' };
    const first = (await call(p, 'POST', '/games/dice/bet', body)).json().data.bet;
    const second = (await call(p, 'POST', '/games/dice/bet', body)).json().data.bet;
    const feed: { id: string; player: string }[] = (
      await t.app.inject({ url: '/api/games/feed?kind=all' })
    ).json().data;
    const names = [first.id, second.id].map((id) => feed.find((item) => item.id === id)?.player);
    expect(names[0]).toMatch(/^#[0-9A-F]{6}$/);
    expect(names[1]).toBe(names[0]);
    expect(names[0]).not.toBe(`#${p.id}`);
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((event) => event.data.player)).toContain(names[0]);
    await stop();
  });
});

describe('secrecy', () => {
  test('no response or log line contains a server seed before its rotation', async () => {
    const p = await player(100_00n);
    await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' });
    await call(p, 'POST', '/games/keno/bet', { amount: '1', risk: 'low', picks: [3] });
    await call(p, 'POST', '/games/dice/bet', { amount: '-1', target: '50', direction: 'under' });
    await call(p, 'POST', '/games/coinflip/start', { amount: '1' });
    await call(p, 'POST', '/games/coinflip/flip', { side: 'heads' });
    await call(p, 'GET', '/games/bets');
    await call(p, 'GET', '/games/fairness/seeds');
    const secrets = (await secretSeeds()).map((s) => s.server_seed);
    expect(secrets.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(10);
    // A database error carries its statement's parameters: the seeds of a failed insert.
    const failed = await ensurePairs(t.database, '999999999').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    t.app.log.error({ err: failed }, 'seed insert failed');
    expect(logLines.at(-1)).toContain('[redacted]');
    expect(logLines.at(-1)).not.toMatch(/[0-9a-f]{64}/);
    for (const secret of secrets) {
      expect(responses.filter((body) => body.includes(secret))).toEqual([]);
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
