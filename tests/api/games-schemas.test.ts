import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import * as schemas from '../../src/shared/api/games.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/**
 * The answer schemas of src/shared/api/games.ts describe exactly what the routes send:
 * a real answer of every games route parses with its schema, whose objects allow no other keys.
 */
const g = gamesBench();
const { player, call, flipsOf } = g;

async function answer(
  schema: z.ZodType,
  p: Player,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  const res = await call(p, method, url, body);
  expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(200);
  const parsed = schema.safeParse(res.json());
  expect(parsed.error?.issues ?? [], `${method} ${url}`).toEqual([]);
  return res.json();
}

describe('every games answer matches its schema', () => {
  test('bets of each instant game, the bet lists and the feeds', async () => {
    const p = await player(1000_00n);
    const bets = [
      ['/games/dice/bet', { amount: '10', target: '49.50', direction: 'over' }],
      ['/games/keno/bet', { amount: '10', risk: 'high', picks: [1, 2, 3, 4, 5] }],
      [
        '/games/roulette/bet',
        {
          bets: [
            { kind: 'straight', numbers: [17], amount: '2' },
            { kind: 'dozen', index: 2, amount: '3' },
            { kind: 'red', amount: '5' },
          ],
        },
      ],
      ['/games/wheel/bet', { amount: '1', risk: 'low', segments: 30 }],
      ['/games/cases/open', { slug: 'comet' }],
    ] as const;
    for (const [url, body] of bets) await answer(schemas.betAnswer, p, 'POST', url, body);
    const { data } = await answer(schemas.betsResponse, p, 'GET', '/games/bets?per_page=10');
    expect(data).toHaveLength(5);
    await answer(schemas.betsResponse, p, 'GET', '/games/bets?game=wheel');
    await answer(schemas.betResponse, p, 'GET', `/games/bets/${data[0].id}`);
    await answer(schemas.feedResponse, p, 'GET', '/games/feed');
    await answer(schemas.feedResponse, p, 'GET', '/games/feed?kind=high-rollers');
    await answer(schemas.casesResponse, p, 'GET', '/games/cases');
    await answer(schemas.casesResponse, p, 'GET', '/games/cases?currency=KZT');
  });

  test('a coinflip series from start to cash-out', async () => {
    const p = await player(100_00n);
    await answer(schemas.activeSeriesResponse, p, 'GET', '/games/coinflip/active');
    const { data } = await answer(schemas.betAnswer, p, 'POST', '/games/coinflip/start', { amount: '1' });
    await answer(schemas.activeSeriesResponse, p, 'GET', '/games/coinflip/active');
    const [side] = await flipsOf(data.bet, 1);
    await answer(schemas.betAnswer, p, 'POST', '/games/coinflip/flip', { side, index: 0 });
    await answer(schemas.betAnswer, p, 'POST', '/games/coinflip/cashout');
  });

  test('miner and hi-lo rounds from start to cash-out, the miner auto-bet, and both in the lists', async () => {
    const p = await player(100_00n);
    await answer(schemas.activeSeriesResponse, p, 'GET', '/games/miner/active');
    const field = (
      await answer(schemas.betAnswer, p, 'POST', '/games/miner/start', { amount: '1', mines: 24 })
    ).data.bet;
    await answer(schemas.activeSeriesResponse, p, 'GET', '/games/miner/active');
    await answer(schemas.betAnswer, p, 'POST', '/games/miner/reveal', {
      tile: 0,
      index: 0,
      bet_id: field.id,
    });
    await answer(schemas.betAnswer, p, 'POST', '/games/miner/auto', { amount: '1', mines: 2, tiles: [3, 4] });
    const hand = (await answer(schemas.betAnswer, p, 'POST', '/games/hilo/start', { amount: '1' })).data.bet;
    await answer(schemas.activeSeriesResponse, p, 'GET', '/games/hilo/active');
    await answer(schemas.betAnswer, p, 'POST', '/games/hilo/step', {
      action: 'skip',
      index: 0,
      bet_id: hand.id,
    });
    for (const game of ['miner', 'hilo'])
      await answer(schemas.betsResponse, p, 'GET', `/games/bets?game=${game}`);
    const feed = (await answer(schemas.feedResponse, p, 'GET', '/games/feed')).data;
    expect(feed.some((item: { game: string }) => item.game === 'miner')).toBe(true);
    const history = (await call(p, 'GET', '/profile/history')).json().data;
    expect(history.map((row: { game: string | null }) => row.game)).toEqual(
      expect.arrayContaining(['miner', 'hilo']),
    );
  });

  test('the seed pair, its rotation and the revealed pairs', async () => {
    const p = await player(10_00n);
    await answer(schemas.activePairResponse, p, 'GET', '/games/fairness/seeds');
    await answer(schemas.betAnswer, p, 'POST', '/games/dice/bet', {
      amount: '1',
      target: '50',
      direction: 'under',
    });
    await answer(schemas.rotateResponse, p, 'PUT', '/games/fairness/seeds', { client_seed: 'schema check' });
    await answer(schemas.fairnessHistoryResponse, p, 'GET', '/games/fairness/history');
  });
});
