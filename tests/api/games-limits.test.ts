import { describe, expect, test } from 'vitest';
import { multiplier as coinflipMultiplier } from '../../src/games/coinflip/engine.ts';
import {
  cards as cardsOf,
  guessMultiplier,
  guessWins,
  offeredPair,
  rankOf,
  safestGuess,
} from '../../src/games/hilo/engine.ts';
import { multiplier as minerMultiplier, placeMines, TILES } from '../../src/games/miner/engine.ts';
import { applyRatio, multiply } from '../../src/games/ratio.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { gamesBench, maxProfitEnv } from '../helpers/games.ts';

/**
 * The maximum profit per bet (docs/configuration.md) and the minimum stakes that can win
 * (docs/fairness.md §8), through the API. The RUB cap is lowered to 100 RUB so that small stakes
 * reach it; USD keeps its default.
 */
const g = gamesBench(maxProfitEnv({ RUB: '100' }));
const { player, call, cash } = g;
const CAP = 100_00n;

const refused = (body: string) => ({ amount: [body] });

describe('maximum profit per bet', () => {
  test('an instant bet whose best outcome could pass it is refused up front and changes nothing', async () => {
    const p = await player(10_000_00n);
    const tooMuch = [
      ['/games/dice/bet', { amount: '200', target: '50', direction: 'under' }],
      ['/games/keno/bet', { amount: '1', risk: 'high', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }],
      ['/games/roulette/bet', { bets: [{ kind: 'straight', numbers: [7], amount: '5' }] }],
      ['/games/cases/open', { slug: 'easy' }],
      ['/games/miner/auto', { amount: '10', mines: 3, tiles: Array.from({ length: 15 }, (_, i) => i) }],
    ] as const;
    for (const [url, body] of tooMuch) {
      const res = await call(p, 'POST', url, body);
      expect([url, res.statusCode, res.json().errors]).toEqual([
        url,
        422,
        refused('max_profit_exceeded:100.00'),
      ]);
    }
    await g.expectNothingChanged(p, 10_000_00n);
    // Just under the cap is played: 100 RUB at 1.98× makes 98 RUB; 2 RUB on one number 70 RUB.
    for (const [url, body] of [
      ['/games/dice/bet', { amount: '100', target: '50', direction: 'under' }],
      ['/games/roulette/bet', { bets: [{ kind: 'straight', numbers: [7], amount: '2' }] }],
    ] as const)
      expect((await call(p, 'POST', url, body)).statusCode).toBe(200);
  });

  test('a round whose first step could pass it does not start', async () => {
    const p = await player(10_000_00n);
    // Coinflip 1.98×, miner's first gem with 24 mines 24.75×, hi-lo the safest guess on an 8, 1.8385×.
    for (const [url, body] of [
      ['/games/coinflip/start', { amount: '150' }],
      ['/games/miner/start', { amount: '5', mines: 24 }],
      ['/games/hilo/start', { amount: '150' }],
    ] as const)
      expect((await call(p, 'POST', url, body)).json().errors).toEqual(refused('max_profit_exceeded:100.00'));
    await g.expectNothingChanged(p, 10_000_00n);
  });

  test('coinflip cashes out by itself when the next right call could pass it', async () => {
    const p = await player(1_000_00n);
    const bet = (await call(p, 'POST', '/games/coinflip/start', { amount: '10' })).json().data.bet;
    const flips = await g.flipsOf(bet, 4);
    let last = bet;
    for (let i = 0; last.status === 'active'; i += 1)
      last = (
        await call(p, 'POST', '/games/coinflip/flip', { side: flips[i], index: i, bet_id: bet.id })
      ).json().data.bet;
    // 10 × 7.92 makes 69.20 RUB; a 4th right call would make 148.40, past the 100 RUB cap.
    expect(last).toMatchObject({
      status: 'settled',
      multiplier: '7.92',
      payout: '79.20',
      params: { calls: flips.slice(0, 3) },
    });
    expect(applyRatio(10_00n, coinflipMultiplier(4)) - 10_00n).toBeGreaterThan(CAP);
    expect(await cash(p)).toBe(990_00n + 79_20n);
  });

  test('miner cashes out by itself when the next gem could pass it, and shows the mines', async () => {
    const p = await player(1_000_00n);
    const field = (await call(p, 'POST', '/games/miner/start', { amount: '10', mines: 3 })).json().data.bet;
    const mines = placeMines(await g.floatsOf(field, 3), 3);
    const gems = Array.from({ length: TILES }, (_, i) => i).filter((tile) => !mines.includes(tile));
    let last = field;
    for (let i = 0; last.status === 'active'; i += 1)
      last = (
        await call(p, 'POST', '/games/miner/reveal', { tile: gems[i], index: i, bet_id: field.id })
      ).json().data.bet;
    const opened = last.params.tiles.length;
    const paid = applyRatio(10_00n, minerMultiplier(3, opened));
    expect(last).toMatchObject({ status: 'settled', payout: fromMinor(paid), outcome: { mines, hit: null } });
    expect(paid - 10_00n).toBeLessThanOrEqual(CAP);
    expect(applyRatio(10_00n, minerMultiplier(3, opened + 1)) - 10_00n).toBeGreaterThan(CAP);
    expect(await cash(p)).toBe(990_00n + paid);
  });

  test('hi-lo refuses a guess that could pass it and cashes out once even the safest guess could', async () => {
    const p = await player(1_000_00n);
    const hand = (await call(p, 'POST', '/games/hilo/start', { amount: '10' })).json().data.bet;
    // "Same" pays 12.87×: 10 RUB would make 118.70, past the cap; it is refused and nothing is drawn.
    const same = await call(p, 'POST', '/games/hilo/step', { action: 'same', index: 0, bet_id: hand.id });
    expect(same.json().errors).toEqual({ action: ['max_profit_exceeded:100.00'] });
    const deck = cardsOf(await g.floatsOf(hand, 60));
    let last = hand;
    let streak = { num: 1n, den: 1n };
    for (let i = 0; last.status === 'active'; i += 1) {
      const from = rankOf(deck[i]!);
      const guess = offeredPair(from).find((x) => guessWins(from, rankOf(deck[i + 1]!), x))!;
      const url = '/games/hilo/step';
      const res = await call(p, 'POST', url, { action: guess, index: i, bet_id: hand.id });
      if (res.statusCode === 422) {
        // Only a guess past the cap is refused (a long shot, e.g. "same"): skip that card instead.
        expect(res.json().errors).toEqual({ action: ['max_profit_exceeded:100.00'] });
        last = (await call(p, 'POST', url, { action: 'skip', index: i, bet_id: hand.id })).json().data.bet;
        continue;
      }
      last = res.json().data.bet;
      streak = multiply(streak, guessMultiplier(from, guess));
    }
    const paid = applyRatio(10_00n, streak);
    expect(last).toMatchObject({ status: 'settled', payout: fromMinor(paid) });
    expect(paid - 10_00n).toBeLessThanOrEqual(CAP);
    const shown = rankOf(last.outcome.cards.at(-1));
    const safest = multiply(streak, guessMultiplier(shown, safestGuess(shown)));
    expect(applyRatio(10_00n, safest) - 10_00n).toBeGreaterThan(CAP);
    expect(await cash(p)).toBe(990_00n + paid);
  });

  test('GET /config/currencies shows the cap of each currency', async () => {
    const p = await player(0n);
    const { data } = (await call(p, 'GET', '/config/currencies')).json();
    expect(
      Object.fromEntries(data.map((c: { code: string; max_profit: string }) => [c.code, c.max_profit])),
    ).toEqual({
      RUB: '100.00',
      USD: '100000.00',
      KZT: '50000000.00',
      INR: '10000000.00',
      EUR: '100000.00',
    });
  });
});

describe('minimum stakes that can win', () => {
  const usd = async () => player(100_00n, 'USD');

  test.each<[string, string, object, string]>([
    ['dice at 1.98×', '/games/dice/bet', { amount: '0.01', target: '50', direction: 'under' }, '0.02'],
    ['dice at 1.0102×', '/games/dice/bet', { amount: '0.97', target: '98', direction: 'under' }, '0.98'],
    [
      'keno low, 3 picks (1.1×)',
      '/games/keno/bet',
      { amount: '0.09', risk: 'low', picks: [1, 2, 3] },
      '0.10',
    ],
    ['coinflip (1.98×)', '/games/coinflip/start', { amount: '0.01' }, '0.02'],
    ['miner, 3 mines (1.125×)', '/games/miner/start', { amount: '0.07', mines: 3 }, '0.08'],
    ['miner, 1 mine (1.03125×)', '/games/miner/start', { amount: '0.31', mines: 1 }, '0.32'],
    ['miner auto, 1 mine, 1 tile', '/games/miner/auto', { amount: '0.31', mines: 1, tiles: [4] }, '0.32'],
    ['hi-lo (a first guess may pay 1.0725×)', '/games/hilo/start', { amount: '0.13' }, '0.14'],
  ])(
    '%s: a stake whose win would not pay more is refused, naming the smallest that can',
    async (_, url, body, least) => {
      const p = await usd();
      const res = await call(p, 'POST', url, body);
      expect([res.statusCode, res.json().errors]).toEqual([422, refused(`stake_cannot_win:${least}`)]);
      await g.expectNothingChanged(p, 100_00n, 'USD');
      const ok = await call(p, 'POST', url, { ...body, amount: least });
      expect(ok.statusCode, ok.body).toBe(200);
      const bet = ok.json().data.bet;
      if (bet.status === 'settled' && Number(bet.multiplier) > 1)
        expect(Number(bet.payout)).toBeGreaterThan(Number(least));
    },
  );

  test.each<[string, string, object]>([
    ['dice at 2×', '/games/dice/bet', { amount: '0.01', target: '49.50', direction: 'under' }],
    ['miner, 24 mines', '/games/miner/start', { amount: '0.01', mines: 24 }],
    [
      'roulette on one number',
      '/games/roulette/bet',
      { bets: [{ kind: 'straight', numbers: [3], amount: '0.01' }] },
    ],
    ['the wheel at its fixed 0.05', '/games/wheel/bet', { amount: '0.05', risk: 'low', segments: 10 }],
    ['the easy case', '/games/cases/open', { slug: 'easy' }],
  ])('%s at the smallest stake is played', async (_, url, body) => {
    const p = await usd();
    expect((await call(p, 'POST', url, body)).statusCode).toBe(200);
  });
});

g.secrecyTest();
