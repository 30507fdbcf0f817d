import { describe, expect, test } from 'vitest';
import {
  rollFromText,
  targetForChance,
  targetFromChanceInput,
  targetFromInput,
  targetFromMultiplierInput,
  targetFromPayout,
} from './linked.ts';

describe('linked dice inputs', () => {
  test('a chance sets the target on either side', () => {
    expect(targetForChance(4_950, 'under')).toBe(4_950);
    expect(targetForChance(4_950, 'over')).toBe(5_050);
  });

  test('the chance stays within 0.01 … 98 %', () => {
    expect(targetFromChanceInput('99', 'under')).toBe(9_800);
    expect(targetFromChanceInput('0', 'under')).toBe(1);
    expect(targetFromChanceInput('99', 'over')).toBe(200);
  });

  test('a target is clamped to what the direction allows', () => {
    expect(targetFromInput('50.5', 'under')).toBe(5_050);
    expect(targetFromInput('99.5', 'under')).toBe(9_800);
    expect(targetFromInput('1', 'over')).toBe(200);
    expect(targetFromInput('100', 'over')).toBe(9_999);
    expect(targetFromInput('abc', 'under')).toBeNull();
  });

  test.each([
    ['2', 'under', 4_950],
    ['2', 'over', 5_050],
    ['1.98', 'under', 5_000],
    ['9900', 'under', 1],
    ['1,0102', 'under', 9_800],
    ['1', 'under', 9_800],
    ['3×', 'under', 3_300],
  ] as const)('multiplier %s rolling %s → target %i', (text, direction, target) => {
    expect(targetFromMultiplierInput(text, direction)).toBe(target);
  });

  test('a multiplier of zero or text is not usable', () => {
    expect(targetFromMultiplierInput('0', 'under')).toBeNull();
    expect(targetFromMultiplierInput('x', 'under')).toBeNull();
  });

  test('a payout for the stake sets the multiplier, hence the target', () => {
    // 1.00 → 2.00 is 2×: a 49.5 % chance.
    expect(targetFromPayout(200n, 100n, 'under')).toBe(4_950);
    expect(targetFromPayout(400n, 100n, 'over')).toBe(10_000 - 2_475);
    expect(targetFromPayout(0n, 100n, 'under')).toBeNull();
  });

  test('reads the API roll', () => {
    expect(rollFromText('12.34')).toBe(1_234);
    expect(rollFromText('100.00')).toBe(10_000);
    expect(rollFromText('0')).toBe(0);
    expect(rollFromText(52.37)).toBe(5_237);
    expect(rollFromText('101')).toBeNull();
    expect(rollFromText(null)).toBeNull();
  });
});
