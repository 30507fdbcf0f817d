import { expect, test } from 'vitest';
import { verdictOf } from './bet-result.ts';

test.each([
  ['10.00', '19.80', 'win'],
  ['10.00', '10.00', 'push'],
  ['10.00', '4.00', 'partial'],
  ['10.00', '0.00', 'loss'],
])('a stake of %s paying %s is a %s', (amount, payout, verdict) => {
  expect(verdictOf({ amount, payout })).toBe(verdict);
});
