import { describe, expect, test } from 'vitest';
import { multiplier as coinflip } from '../../../games/coinflip/engine.ts';
import { parseDecimal } from '../../../games/ratio.ts';
import { DomainError } from '../../domain-error.ts';
import { checkMaxProfit, checkStakeCanWin, maxProfitOf, passesMaxProfit } from './limits.ts';

const config = { maxProfit: { RUB: 1_000_000_00n, USD: 10_000_00n, EUR: 10_000_00n, KZT: 1n, INR: 1n } };

const errorsOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.errors : error;
  }
  return null;
};

describe('the games limits', () => {
  test('a growing round stops before a step that would pass the cap', () => {
    // 20 right coinflip calls at 10 000 RUB would pay about 10.4 billion RUB.
    const cap = maxProfitOf(config, 'RUB');
    const steps = Array.from({ length: 20 }, (_, i) => passesMaxProfit(10_000_00n, coinflip(i + 1), cap));
    // 10 000 × 0.99 × 2⁶ = 633 600 (profit 623 600); × 2⁷ makes 1 257 200: the 7th call would pass.
    expect(steps.indexOf(true)).toBe(6);
    expect(passesMaxProfit(1_00n, parseDecimal('1000001'), cap)).toBe(false);
    expect(passesMaxProfit(1_00n, parseDecimal('1000002'), cap)).toBe(true);
  });

  test('an instant bet whose best payout could pass the cap is refused, naming it', () => {
    expect(errorsOf(() => checkMaxProfit(config, 'USD', 100_00n, 10_100_00n))).toBeNull();
    expect(errorsOf(() => checkMaxProfit(config, 'USD', 100_00n, 10_100_01n))).toEqual({
      amount: ['max_profit_exceeded:10000.00'],
    });
  });

  test('a stake whose smallest win would not pay more than it is refused, naming the smallest that can', () => {
    expect(errorsOf(() => checkStakeCanWin(1n, parseDecimal('1.98')))).toEqual({
      amount: ['stake_cannot_win:0.02'],
    });
    expect(errorsOf(() => checkStakeCanWin(2n, parseDecimal('1.98')))).toBeNull();
    expect(errorsOf(() => checkStakeCanWin(1n, null))).toBeNull();
  });
});
