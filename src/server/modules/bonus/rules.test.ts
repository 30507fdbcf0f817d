import { describe, expect, test } from 'vitest';
import { levelIndexOf, pointsOf } from '../../../shared/vip.ts';
import {
  advance,
  basisPoints,
  cashback,
  contribution,
  conversion,
  DEFAULT_WEIGHTS,
  depositMatch,
  edgeBpsOf,
  edgeBpsOfRtp,
  isPotGame,
  payoutShares,
  rakebackOf,
  requirementOf,
  shareOf,
  weightOf,
} from './rules.ts';

describe('contributions', () => {
  test.each([
    [10_000n, 100, 10_000n],
    [10_000n, 10, 1_000n],
    [1n, 10, 0n], // a kopeck at 10 % rounds down to nothing
    [19n, 10, 1n],
    [12_345n, 0, 0n],
  ])('a stake of %s at %s %% adds %s', (stake, weight, expected) => {
    expect(contribution(stake, weight)).toBe(expected);
  });

  test('games not listed count at the default weight, roulette at 10 %', () => {
    expect(weightOf(DEFAULT_WEIGHTS, 'dice')).toBe(100);
    expect(weightOf(DEFAULT_WEIGHTS, 'roulette')).toBe(10);
    expect(weightOf({ default: 0, dice: 100 }, 'miner')).toBe(0);
    expect(weightOf({}, 'miner')).toBe(100);
  });

  test('an aggregator game counts at its own weight, else its product’s, else the default', () => {
    expect(weightOf(DEFAULT_WEIGHTS, 'orbita_star_quest', 'slots')).toBe(100);
    expect(weightOf(DEFAULT_WEIGHTS, 'orbita_roulette_live', 'live')).toBe(10);
    expect(weightOf({ default: 100, slots: 50 }, 'orbita_star_quest', 'slots')).toBe(50);
    expect(weightOf({ default: 100, slots: 50, orbita_star_quest: 0 }, 'orbita_star_quest', 'slots')).toBe(0);
    expect(weightOf({ default: 30 }, 'acme_book', 'slots')).toBe(30);
    // The originals are weighed game by game: a key named like a product does not reach them.
    expect(weightOf({ default: 100, originals: 0 } as Record<string, number>, 'dice')).toBe(100);
  });

  test('a pot game (rooms) counts nothing unless the weights name it', () => {
    expect(isPotGame('rooms')).toBe(true);
    expect(isPotGame('crash')).toBe(false);
    expect(weightOf(DEFAULT_WEIGHTS, 'rooms')).toBe(0);
    expect(weightOf({ default: 100 }, 'rooms')).toBe(0);
    expect(weightOf({ default: 100, rooms: 20 }, 'rooms')).toBe(20);
  });
});

describe('wagering', () => {
  const bonus = { wagered: 0n, requirement: 35_000n, maxBet: 500n };

  test('a stake above the max bet is refused, one at it counts', () => {
    expect(advance(bonus, 501n, 100)).toEqual({ ok: false, error: 'max_bet' });
    expect(advance(bonus, 500n, 100)).toEqual({ ok: true, wagered: 500n, completed: false });
  });

  test('no max bet when it is 0', () => {
    expect(advance({ ...bonus, maxBet: 0n }, 1_000_000n, 100)).toMatchObject({ ok: true, completed: true });
  });

  test('the stake that reaches the requirement completes it', () => {
    expect(advance({ ...bonus, wagered: 34_600n }, 400n, 100)).toEqual({
      ok: true,
      wagered: 35_000n,
      completed: true,
    });
    expect(advance({ ...bonus, wagered: 34_600n }, 399n, 100)).toMatchObject({ completed: false });
  });

  test('the requirement is the bonus times the multiplier', () => {
    expect(requirementOf(1_000n, 35)).toBe(35_000n);
    expect(requirementOf(1_000n, 0)).toBe(0n);
  });
});

describe('conversion and forfeiture', () => {
  test.each([
    [5_000n, 0n, 5_000n, 0n],
    [5_000n, 3_000n, 3_000n, 2_000n],
    [2_000n, 3_000n, 2_000n, 0n],
    [0n, 3_000n, 0n, 0n],
  ])('%s held with a cap of %s converts %s and forfeits %s', (held, cap, convert, forfeit) => {
    expect(conversion(held, cap)).toEqual({ convert, forfeit });
  });

  test.each([
    [1_000n, 3_000n, 2_500n, 500n, 500n],
    [1_000n, 3_000n, 3_000n, 0n, 1_000n],
    [1_000n, 0n, 9_000n, 1_000n, 0n],
  ])(
    'a late share of %s with a cap of %s of which %s converted already converts %s and forfeits %s',
    (held, cap, converted, convert, forfeit) => {
      expect(conversion(held, cap, converted)).toEqual({ convert, forfeit });
    },
  );
});

describe('payouts split like their stakes', () => {
  test.each([
    // payout, stake, bonus part → cash, bonus
    [2_000n, 1_000n, 0n, 2_000n, 0n],
    [2_000n, 1_000n, 1_000n, 0n, 2_000n],
    [2_000n, 1_000n, 400n, 1_200n, 800n],
    [0n, 1_000n, 400n, 0n, 0n],
    // rounding: the real money's part rounds down, the bonus keeps the odd unit
    [1n, 3n, 2n, 0n, 1n],
    [10n, 3n, 1n, 6n, 4n],
  ])('%s paid on a stake of %s with %s of bonus money: cash %s, bonus %s', (payout, stake, bonus, c, b) => {
    expect(payoutShares(payout, stake, bonus)).toEqual({ cash: c, bonus: b });
  });
});

describe('amounts', () => {
  test('a deposit match is the percent up to the cap, nothing below the minimum deposit', () => {
    const terms = { percent: 100, cap: 50_000n, min: 10_000n };
    expect(depositMatch(9_999n, terms)).toBe(0n);
    expect(depositMatch(10_000n, terms)).toBe(10_000n);
    expect(depositMatch(80_000n, terms)).toBe(50_000n);
    expect(depositMatch(33_333n, { ...terms, percent: 50 })).toBe(16_666n);
  });

  test('cashback is a percent of the net loss only', () => {
    expect(cashback(10_000n, 4_000n, 10)).toBe(600n);
    expect(cashback(10_000n, 12_000n, 10)).toBe(0n);
    expect(cashback(9n, 0n, 10)).toBe(0n);
  });

  test('rakeback is its share of the edge, in minor units rounded down', () => {
    // 1 000 RUB (100 000 kopecks) of dice at 1 % edge: edge units 100 000 × 100
    const edge = 100_000n * edgeBpsOf('dice');
    expect(rakebackOf(edge, 10)).toBe(100n); // 10 % of the 1 000-kopeck edge
    expect(rakebackOf(99n, 10)).toBe(0n);
    expect(edgeBpsOf('roulette')).toBe(270n);
    expect(edgeBpsOf('nope')).toBe(0n);
  });

  test('percentages with two decimals are exact', () => {
    expect(basisPoints(0.05)).toBe(5n);
    expect(basisPoints('2.7')).toBe(270n);
    expect(shareOf(1_000_000n, 0.05)).toBe(500n);
  });
});

describe('VIP levels', () => {
  test.each([
    [9_999n, 'RUB', -1],
    [10_000n, 'RUB', 0], // 100 RUB: the minimum level value (docs/product-rules.md §9)
    [100n, 'USD', 0],
    [50_000_000n, 'RUB', 4],
  ] as const)('%s minor units of %s reach level %s', (wagered, currency, level) => {
    expect(levelIndexOf(pointsOf(wagered, currency))).toBe(level);
  });
});

describe('the edge of a game that states its RTP', () => {
  test.each([
    ['96.21', 379n],
    ['96.3207', 367n],
    ['97', 300n],
    ['99.99', 1n],
    ['100', 0n],
    ['104.5', 0n],
    [null, 0n],
    ['', 0n],
    ['ninety', 0n],
    ['96.123456', 0n],
  ])('RTP %s → %s basis points', (rtp, bps) => {
    expect(edgeBpsOfRtp(rtp)).toBe(bps);
  });
});
