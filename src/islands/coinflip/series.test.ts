import { describe, expect, test } from 'vitest';
import {
  type CoinflipBet,
  type CoinSide,
  canCall,
  canCashOut,
  cashoutAmount,
  ladder,
  landingRotation,
  multiplierAfter,
  readSeries,
} from './series.ts';

const bet = (over: Partial<CoinflipBet> & { calls?: CoinSide[]; flips?: CoinSide[] }): CoinflipBet => ({
  status: over.status ?? 'active',
  amount: over.amount ?? '10.00',
  payout: '0.00',
  multiplier: '0',
  params: { calls: over.calls ?? [] },
  outcome: { flips: over.flips ?? [] },
});

describe('coinflip multiplier ladder', () => {
  test.each([
    [0, '1', '1.98'],
    [1, '1.98', '3.96'],
    [2, '3.96', '7.92'],
    [10, '1013.76', '2027.52'],
    [19, '519045.12', '1038090.24'],
    [20, '1038090.24', null],
  ])('after %i right calls shows %s× now and %s× next', (correct, current, next) => {
    expect(ladder(correct)).toEqual({ current, next });
  });

  test('every rung is 0.99 × 2ⁿ exactly', () => {
    for (let n = 1; n <= 20; n += 1) {
      expect(multiplierAfter(n)).toBe(((99 * 2 ** n) / 100).toFixed(2).replace(/\.?0+$/, ''));
    }
  });

  test.each([
    ['10.00', 0, null],
    ['10.00', 1, '19.80'],
    ['1.01', 1, '1.99'],
    ['0.01', 3, '0.07'],
    ['10000.00', 20, '10380902400.00'],
  ])('%s after %i right calls cashes out %s (rounded down)', (amount, correct, paid) => {
    expect(cashoutAmount(amount, correct)).toBe(paid);
  });
});

describe('reading a series', () => {
  test('a fresh series can be called, not cashed out', () => {
    const series = readSeries(bet({}));
    expect(series).toMatchObject({ correct: 0, lost: false, open: true, cashout: null });
    expect([canCall(series), canCashOut(series)]).toEqual([true, false]);
  });

  test('two right calls can be cashed out for 3.96×', () => {
    const series = readSeries(bet({ calls: ['heads', 'tails'], flips: ['heads', 'tails'] }));
    expect(series).toMatchObject({ correct: 2, lost: false, cashout: '39.60' });
    expect([canCall(series), canCashOut(series)]).toEqual([true, true]);
  });

  test('a wrong call ends the series as lost', () => {
    const series = readSeries(
      bet({ status: 'settled', calls: ['heads', 'heads'], flips: ['heads', 'tails'] }),
    );
    expect(series).toMatchObject({ correct: 1, lost: true, open: false, cashout: null });
    expect([canCall(series), canCashOut(series)]).toEqual([false, false]);
  });

  test('twenty flips cannot be called again', () => {
    const sides = new Array(20).fill('heads');
    expect(canCall(readSeries(bet({ calls: sides, flips: sides })))).toBe(false);
  });

  test('no series can neither be called nor cashed out', () => {
    expect([canCall(null), canCashOut(null)]).toEqual([false, false]);
  });
});

describe('coin landing', () => {
  test.each([
    [0, 'heads', 1800],
    [0, 'tails', 1980],
    [1980, 'heads', 3960],
    [1980, 'tails', 4140],
  ] as const)('from %i° the coin lands on %s at %i°', (from, side, to) => {
    const rotation = landingRotation(from, side);
    expect(rotation).toBe(to);
    expect(rotation % 360).toBe(side === 'heads' ? 0 : 180);
    expect(rotation - from).toBeGreaterThanOrEqual(5 * 360);
  });
});
