import { describe, expect, test } from 'vitest';
import {
  checkPrizes,
  defaultRates,
  placesPaid,
  pointsOf,
  pointsText,
  poolOf,
  prizeOf,
  rateFromText,
  rateText,
  tablePays,
} from './terms.ts';

describe('rates', () => {
  test('default rates follow the VIP points: 100 RUB count as 1 USD, 1 USD as 100 RUB', () => {
    expect(defaultRates('USD')).toEqual({
      RUB: 10_000n,
      USD: 1_000_000n,
      EUR: 1_000_000n,
      KZT: 2_000n,
      INR: 10_000n,
    });
    expect(defaultRates('RUB').USD).toBe(100_000_000n);
  });

  test('a rate as text and back', () => {
    expect(rateFromText('0.0105')).toBe(10_500n);
    expect(rateFromText('2')).toBe(2_000_000n);
    expect(rateText(10_500n)).toBe('0.0105');
    expect(rateText(2_000_000n)).toBe('2');
  });
});

describe('points', () => {
  const w = { rate: 10_000n, weight: 100, minStake: 0n };
  test('a wager race counts the stake converted and weighted, truncated', () => {
    expect(pointsOf('wager', { ...w, stake: 10_000n, payout: 0n })).toBe(100n);
    expect(pointsOf('wager', { ...w, weight: 50, stake: 10_099n, payout: 0n })).toBe(50n);
  });

  test('a profit race counts the net win, a loss negative, truncated toward zero as the database does', () => {
    expect(pointsOf('profit', { ...w, stake: 10_000n, payout: 30_000n })).toBe(200n);
    expect(pointsOf('profit', { ...w, stake: 10_050n, payout: 0n })).toBe(-100n);
  });

  test('a multiplier hunt counts the multiplier in ten-thousandths, nothing below the minimum stake', () => {
    expect(pointsOf('multiplier', { ...w, minStake: 100n, stake: 10_000n, payout: 99_000n })).toBe(99_000n);
    expect(pointsOf('multiplier', { ...w, minStake: 101n, stake: 10_000n, payout: 99_000n })).toBe(0n);
    expect(pointsText('multiplier', 99_000n)).toBe('9.90');
    expect(pointsText('wager', 12_345n)).toBe('123.45');
  });
});

describe('prizes', () => {
  const table = checkPrizes([
    { from: 1, to: 1, kind: 'cash', share_bps: 5_000, wager: 0 },
    { from: 2, to: 3, kind: 'bonus', amount: '10', wager: 5 },
  ]);

  test('a checked table: places from 1, an amount or a share per row', () => {
    expect(Array.isArray(table)).toBe(true);
    expect(checkPrizes([{ from: 2, to: 3, kind: 'cash', amount: '1', wager: 0 }])).toBe('prize_places');
    expect(checkPrizes([{ from: 1, to: 1, kind: 'cash', wager: 0 }])).toBe('prize_amount');
    expect(checkPrizes([{ from: 1, to: 3, kind: 'cash', share_bps: 4_000, wager: 0 }])).toBe('prize_shares');
  });

  test('what each place wins from a pool, and what the table pays', () => {
    if (!Array.isArray(table)) throw new Error(table);
    const pool = poolOf({
      basePool: 100_00n,
      buyInTotal: 50_00n,
      poolBuyInBps: 10_000,
      turnover: 0n,
      poolTurnoverBps: 0,
    });
    expect(pool).toBe(150_00n);
    expect(prizeOf(table, 1, pool)).toEqual({ kind: 'cash', amount: 75_00n, wager: 0 });
    expect(prizeOf(table, 3, pool)).toEqual({ kind: 'bonus', amount: 10_00n, wager: 5 });
    expect(prizeOf(table, 4, pool)).toBeNull();
    expect(placesPaid(table)).toBe(3);
    expect(tablePays(table, pool)).toBe(95_00n);
  });
});
