import { describe, expect, test } from 'vitest';
import { bonusRanOut } from './bonus-notices.ts';

describe('the bonus completion notice', () => {
  test.each([
    ['12.50', '0.00', true],
    ['0.01', '0.00', true],
    ['0.00', '0.00', false],
    [null, '0.00', false], // the first profile of the page: nothing ran out
    ['12.50', '3.00', false],
    ['12.50', null, false], // logged out
  ] as const)('bonus %s → %s: %s', (before, after, expected) => {
    expect(bonusRanOut(before, after)).toBe(expected);
  });
});
