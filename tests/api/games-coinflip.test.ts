import { describe, expect, test } from 'vitest';
import { floats } from '../../src/games/fair/node.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { gamesBench, maxProfitEnv, type Player } from '../helpers/games.ts';

/**
 * The coinflip series across requests (docs/api-games.md, "Coinflip: a series across requests"). The
 * RUB maximum profit is raised above 10 RUB × 0.99 × 2²⁰ so a series can reach its 20th call; the
 * default cap is tested in games-limits.test.ts.
 */
const g = gamesBench(maxProfitEnv({ RUB: '20000000' }));
// (The default RUB cap, 10 000 000, would end a 10 RUB series after its 19th right call.)
const { player, call, cash, flipsOf } = g;

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
    const [pair] = await g.t.database.query<{ server_seed: string }>(
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
    const [pair] = await g.t.database.query<{ server_seed: string }>(
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

  test('the 20th right call cashes out at once; a racing other call for it is stale', async () => {
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
    // One of the two calls for flip 19 was played; the other, a different call for the same flip, is stale.
    const answers = [right, racing].map((res) => res.statusCode).sort();
    expect(answers).toEqual([200, 422]);
    expect([right, racing].find((res) => res.statusCode === 422)!.json().errors).toEqual({
      index: ['stale_step'],
    });
    if (final.payout !== '0.00') {
      // 10 RUB × 0.99 × 2²⁰
      expect(final.payout).toBe('10380902.40');
      expect(await cash(p)).toBe(90_00n + 10_380_902_40n);
    } else {
      expect(await cash(p)).toBe(90_00n);
    }
    expect(await checkLedger(g.t.database)).toEqual([]);
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

g.secrecyTest();
