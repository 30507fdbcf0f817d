import { describe, expect, test } from 'vitest';
import { multiplier, placeMines, TILES } from '../../src/games/miner/engine.ts';
import { applyRatio, toDecimal } from '../../src/games/ratio.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/** Miner rounds across requests (docs/api-games.md "Miner"). */
const g = gamesBench();
const { player, call, cash } = g;

interface Field {
  id: string;
  seed_pair_id: string;
  client_seed: string;
  nonce: string;
}

async function start(p: Player, mines = 3, amount = '10'): Promise<Field> {
  const res = await call(p, 'POST', '/games/miner/start', { amount, mines });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.bet).toMatchObject({ status: 'active', params: { mines, tiles: [] } });
  return res.json().data.bet;
}

/** The field's mines (from its still secret seed) and its gems in tile order. */
async function boardOf(field: Field, mines: number) {
  const placed = placeMines(await g.floatsOf(field, mines), mines);
  const gems = Array.from({ length: TILES }, (_, i) => i).filter((tile) => !placed.includes(tile));
  return { mines: placed, gems };
}

const reveal = (p: Player, field: Field, tile: number, index: number) =>
  call(p, 'POST', '/games/miner/reveal', { tile, index, bet_id: field.id });

describe('miner rounds', () => {
  test('start takes the stake; gems raise the multiplier exactly; cash-out pays and shows every mine', async () => {
    const p = await player(100_00n);
    const field = await start(p, 3);
    expect(await cash(p)).toBe(90_00n);
    const { mines, gems } = await boardOf(field, 3);
    const first = await reveal(p, field, gems[0]!, 0);
    expect(first.json().data.bet).toMatchObject({
      status: 'active',
      multiplier: toDecimal(multiplier(3, 1), 4),
      params: { tiles: [gems[0]] },
      outcome: { mines: [], hit: null },
    });
    // A retry of the step answers it again; another tile for the same step is stale.
    const retried = await reveal(p, field, gems[0]!, 0);
    expect(retried.json().data.bet.params.tiles).toEqual([gems[0]]);
    const stale = await reveal(p, field, gems[1]!, 0);
    expect([stale.statusCode, stale.json().errors]).toEqual([422, { index: ['stale_step'] }]);
    const ahead = await reveal(p, field, gems[1]!, 5);
    expect(ahead.json().errors).toEqual({ index: ['invalid_index'] });
    const again = await reveal(p, field, gems[0]!, 1);
    expect(again.json().errors).toEqual({ tile: ['invalid_tile'] });
    // Resume after a reload, and no rotation while the round is open.
    const active = (await call(p, 'GET', '/games/miner/active')).json().data;
    expect(active).toMatchObject({ id: field.id, params: { tiles: [gems[0]] }, outcome: { mines: [] } });
    expect((await call(p, 'PUT', '/games/fairness/seeds', {})).json().errors.game).toEqual([
      'game_in_progress',
    ]);
    await reveal(p, field, gems[1]!, 1);
    const out = await call(p, 'POST', '/games/miner/cashout', {}, 'miner-cash-out-1');
    const paid = applyRatio(10_00n, multiplier(3, 2));
    expect(out.json().data.bet).toMatchObject({
      status: 'settled',
      payout: fromMinor(paid),
      multiplier: toDecimal(multiplier(3, 2), 4),
      outcome: { mines, hit: null },
    });
    expect(await cash(p)).toBe(90_00n + paid);
    const retriedOut = await call(p, 'POST', '/games/miner/cashout', {}, 'miner-cash-out-1');
    expect(retriedOut.json().data.bet.id).toBe(field.id);
    expect(await cash(p)).toBe(90_00n + paid);
    expect((await call(p, 'GET', '/games/miner/active')).json().data).toBeNull();
    // A retried step of the ended round answers it; a different move for it is stale.
    expect((await reveal(p, field, gems[1]!, 1)).json().data.bet.status).toBe('settled');
    expect((await reveal(p, field, gems[2]!, 1)).json().errors).toEqual({ index: ['stale_step'] });
  });

  test('a mine loses the stake, ends the round and shows every mine', async () => {
    const p = await player(100_00n);
    const field = await start(p, 5);
    const { mines, gems } = await boardOf(field, 5);
    await reveal(p, field, gems[3]!, 0);
    const lost = await reveal(p, field, mines[2]!, 1);
    expect(lost.json().data.bet).toMatchObject({
      status: 'settled',
      payout: '0.00',
      multiplier: '0',
      params: { tiles: [gems[3], mines[2]] },
      outcome: { mines, hit: mines[2] },
    });
    expect(await cash(p)).toBe(90_00n);
    expect((await call(p, 'POST', '/games/miner/cashout', {})).json().errors.game).toEqual([
      'no_game_in_progress',
    ]);
  });

  test('opening the last gem cashes out by itself', async () => {
    const p = await player(100_00n);
    const field = await start(p, 24, '1');
    const { gems } = await boardOf(field, 24);
    const won = (await reveal(p, field, gems[0]!, 0)).json().data.bet;
    expect(won).toMatchObject({ status: 'settled', multiplier: '24.75', payout: '24.75' });
    expect(won.outcome.mines).toHaveLength(24);
    expect(await cash(p)).toBe(99_00n + 24_75n);
  });

  test('one open round at a time; cash-out needs a gem; bad inputs change nothing', async () => {
    const p = await player(100_00n);
    for (const body of [
      { amount: '10', mines: 0 },
      { amount: '10', mines: 25 },
      { amount: '10', mines: 2.5 },
      { amount: '10', mines: '3' },
    ])
      expect((await call(p, 'POST', '/games/miner/start', body)).json().errors).toEqual({
        mines: ['invalid_mines'],
      });
    await g.expectNothingChanged(p, 100_00n);
    const field = await start(p);
    expect((await call(p, 'POST', '/games/miner/start', { amount: '10' })).json().errors.game).toEqual([
      'game_in_progress',
    ]);
    expect((await call(p, 'POST', '/games/miner/cashout', {})).json().errors.game).toEqual([
      'nothing_to_cash_out',
    ]);
    for (const tile of [-1, 25, 1.5]) expect((await reveal(p, field, tile, 0)).statusCode).toBe(422);
    const missing = await call(p, 'POST', '/games/miner/reveal', { tile: 3 });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['bet_id', 'index']);
    const other = await call(p, 'POST', '/games/miner/reveal', { tile: 3, index: 0, bet_id: '1' });
    expect(other.json().errors).toEqual({ game: ['no_game_in_progress'] });
  });

  test('20 steps at once on one round: one step per index, every answer agrees', async () => {
    const p = await player(100_00n);
    const field = await start(p, 1);
    const { gems } = await boardOf(field, 1);
    // Step 0 asked 20 times, for two different gems: exactly one is played; the retries of it
    // answer it, the other gem's requests are stale.
    const wave = await Promise.all(Array.from({ length: 20 }, (_, i) => reveal(p, field, gems[i % 2]!, 0)));
    const played = (await call(p, 'GET', '/games/miner/active')).json().data.params.tiles;
    expect(played).toHaveLength(1);
    for (const [i, res] of wave.entries()) {
      if (gems[i % 2] === played[0]) expect(res.json().data.bet.params.tiles).toEqual(played);
      else expect(res.json().errors).toEqual({ index: ['stale_step'] });
    }
    // Twenty identical requests for step 1: one step, twenty answers with it.
    const same = await Promise.all(Array.from({ length: 20 }, () => reveal(p, field, gems[2]!, 1)));
    expect(same.map((res) => res.json().data.bet.params.tiles)).toEqual(
      Array.from({ length: 20 }, () => [played[0], gems[2]]),
    );
    expect(await checkLedger(g.t.database)).toEqual([]);
  });

  test('auto-bet plays a whole pattern in one request, and pays only when every tile is a gem', async () => {
    const p = await player(100_00n);
    const res = await call(p, 'POST', '/games/miner/auto', { amount: '2', mines: 3, tiles: [0, 6, 12] });
    const bet = res.json().data.bet;
    expect(bet).toMatchObject({ status: 'settled', params: { mines: 3, tiles: [0, 6, 12] } });
    expect(bet.outcome.mines).toHaveLength(3);
    const hit = [0, 6, 12].find((tile) => bet.outcome.mines.includes(tile)) ?? null;
    expect(bet.outcome.hit).toBe(hit);
    const payout = hit === null ? applyRatio(2_00n, multiplier(3, 3)) : 0n;
    expect(bet.payout).toBe(fromMinor(payout));
    expect(await cash(p)).toBe(98_00n + payout);
    for (const tiles of [[], [3, 3], [25], Array.from({ length: 23 }, (_, i) => i), ['1']])
      expect(
        (await call(p, 'POST', '/games/miner/auto', { amount: '2', mines: 3, tiles })).json().errors,
      ).toEqual({
        tiles: ['invalid_tiles'],
      });
  });

  test('nothing hidden leaves the server before the round ends: no mine in any answer or log line', async () => {
    const p = await player(100_00n);
    const field = await start(p, 4);
    const { mines, gems } = await boardOf(field, 4);
    await reveal(p, field, gems[0]!, 0);
    await reveal(p, field, gems[1]!, 1);
    await call(p, 'GET', '/games/miner/active');
    await call(p, 'GET', '/games/bets?game=miner');
    await call(p, 'GET', `/games/bets/${field.id}`);
    const secret = JSON.stringify(mines);
    expect(g.answers.filter((body) => body.includes(field.id)).length).toBeGreaterThan(4);
    expect(g.answers.filter((body) => body.includes(secret) && body.includes(`"id":"${field.id}"`))).toEqual(
      [],
    );
    expect(g.logs.filter((line) => line.includes(secret))).toEqual([]);
    // Every answer about the open round shows no mine at all.
    for (const body of g.answers.filter((b) => b.includes(`"id":"${field.id}"`)))
      expect(body).toContain('"mines":[]');
  });
});

g.secrecyTest();
