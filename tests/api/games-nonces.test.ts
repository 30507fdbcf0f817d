import { describe, expect, test } from 'vitest';
import * as dice from '../../src/games/dice/engine.ts';
import { commitment, floats } from '../../src/games/fair/node.ts';
import { gamesBench } from '../helpers/games.ts';

/**
 * The seed pair and its nonces (docs/api-games.md, docs/fairness.md §1): one nonce per bet, rotation
 * reveals the committed seed, concurrent bets and rotations queue; an idempotent retry plays once.
 */
const g = gamesBench();
const { player, call, cash } = g;

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
    const [pair] = await g.t.database.query<{ server_seed: string }>(
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

g.secrecyTest();
