import { describe, expect, test } from 'vitest';
import { cashOutReturn, elapsedForMultiplier, multiplierAt } from '../../../games/crash/engine.ts';
import {
  betCapMultiplier,
  decideCashOut,
  dueCashOuts,
  forcedCashOut,
  NO_CAP,
  nextEventMs,
  type OpenBet,
  roundCapMultiplier,
} from './rules.ts';

const caps = { bet: 1_000_000_00n, round: 10_000_000_00n };
const none = { openStake: 0n, paidProfit: 0n };
const bet = (id: string, amount: bigint, autoCashOut: number | null = null, currency = 'RUB'): OpenBet => ({
  id,
  currency,
  amount,
  autoCashOut,
});

describe('crash limits', () => {
  test('the profit cap per bet: the largest multiplier whose profit stays within it', () => {
    // 20.00 staked, 30.00 of profit allowed: 2.50× pays 50.00, 30.00 of profit; 2.51× would pay 30.20.
    expect(betCapMultiplier(20_00n, 30_00n)).toBe(250);
    for (const [stake, cap] of [
      [1n, 1n],
      [333n, 1_000n],
      [7_77n, 12_345_67n],
    ] as const) {
      const m = betCapMultiplier(stake, cap);
      expect(cashOutReturn(stake, m) - stake).toBeLessThanOrEqual(cap);
      expect(cashOutReturn(stake, m + 1) - stake).toBeGreaterThanOrEqual(cap);
    }
  });

  test('the round cap: open stake × (m − 1) plus the profit paid reaches the cap at that multiplier', () => {
    expect(roundCapMultiplier(200_00n, 0n, 100_00n)).toBe(150);
    expect(roundCapMultiplier(200_00n, 40_00n, 100_00n)).toBe(130);
    expect(roundCapMultiplier(0n, 0n, 100_00n)).toBe(NO_CAP);
    expect(roundCapMultiplier(10n, 100_00n, 100_00n)).toBe(100);
  });

  test('at the round cap the house owes at most the cap, and the curve reaches it at the inverse time', () => {
    const stakes = [1_00n, 2_50n, 3_33n, 10_00n];
    const open = stakes.reduce((a, b) => a + b, 0n);
    const cap = 7_77n;
    const m = roundCapMultiplier(open, 0n, cap);
    const owed = stakes.reduce((sum, s) => sum + cashOutReturn(s, m) - s, 0n);
    expect(owed).toBeLessThanOrEqual(cap);
    const at = elapsedForMultiplier(m);
    expect(multiplierAt(at)).toBeGreaterThanOrEqual(m);
    expect(multiplierAt(at - 1)).toBeLessThan(m);
  });

  test('forced: the first of auto cash-out, bet cap and round cap', () => {
    expect(forcedCashOut(bet('1', 10_00n, 300), none, caps)).toBe(300);
    expect(forcedCashOut(bet('1', 10_00n), none, { bet: 5_00n, round: caps.round })).toBe(150);
    expect(
      forcedCashOut(
        bet('1', 10_00n, 300),
        { openStake: 10_00n, paidProfit: 0n },
        { bet: caps.bet, round: 2_00n },
      ),
    ).toBe(120);
    expect(forcedCashOut(bet('1', 10_00n), none, caps)).toBe(100 + 10_000_000);
  });

  test('a manual cash-out: the forced point if the flight passed it, else the shown multiplier, else late', () => {
    const crash = 250;
    const t = elapsedForMultiplier(200);
    expect(decideCashOut(NO_CAP, crash, t, multiplierAt(t))).toEqual({
      kind: 'paid',
      multiplier: 200,
      forced: false,
    });
    expect(decideCashOut(150, crash, t, multiplierAt(t))).toEqual({
      kind: 'paid',
      multiplier: 150,
      forced: true,
    });
    // A forced point at exactly the crash point pays; the crash moment itself is too late.
    const atCrash = elapsedForMultiplier(crash);
    expect(decideCashOut(250, crash, atCrash + 50, 0)).toEqual({
      kind: 'paid',
      multiplier: 250,
      forced: true,
    });
    expect(decideCashOut(NO_CAP, crash, atCrash, multiplierAt(atCrash))).toEqual({
      kind: 'late',
      crashPoint: 250,
    });
    expect(decideCashOut(NO_CAP, crash, atCrash - 1, multiplierAt(atCrash - 1))).toMatchObject({
      kind: 'paid',
    });
    // An instant crash: nothing is paid.
    expect(decideCashOut(101, 100, 0, 100)).toEqual({ kind: 'late', crashPoint: 100 });
  });

  test('due cash-outs: in order, and the round cap cashes out every open bet of its currency at once', () => {
    const bets = [
      bet('a', 100_00n, 110),
      bet('b', 100_00n),
      bet('c', 100_00n),
      bet('d', 100_00n, null, 'USD'),
    ];
    const exposures = new Map([
      ['RUB', { openStake: 300_00n, paidProfit: 0n }],
      ['USD', { openStake: 100_00n, paidProfit: 0n }],
    ]);
    const capsOf = (currency: string) => (currency === 'RUB' ? { bet: caps.bet, round: 60_00n } : caps);
    // Exposure reaches 60.00 at 1.20× with three open bets; after a cashed out at 1.10 (10.00 paid):
    // 10.00 + 200.00 × (m − 1) ≤ 60.00 → m = 1.25.
    expect(nextEventMs(bets, exposures, capsOf, 1_000)).toBe(elapsedForMultiplier(110));
    const due = dueCashOuts(bets, exposures, capsOf, 1_000, elapsedForMultiplier(130));
    expect(due.map((d) => [d.bet.id, d.multiplier])).toEqual([
      ['a', 110],
      ['b', 125],
      ['c', 125],
    ]);
    const paid = due.reduce((sum, d) => sum + cashOutReturn(d.bet.amount, d.multiplier) - d.bet.amount, 0n);
    expect(paid).toBe(60_00n);
    // Above the crash point nothing is forced: the bets are lost at the crash.
    expect(dueCashOuts(bets, exposures, capsOf, 105, elapsedForMultiplier(105))).toEqual([]);
  });
});
