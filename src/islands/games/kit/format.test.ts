import { expect, test } from 'vitest';
import { formatMultiplier } from './format.ts';

test.each([
  ['1.98', '1.98×'],
  ['2', '2.00×'],
  ['14.1428', '14.14×'],
  [3.96, '3.96×'],
  [1.5, '1.50×'],
  [0, '0.00×'],
  [{ num: 99n, den: 7n }, '14.14×'],
])('formatMultiplier(%s) is %s', (input, expected) => {
  expect(formatMultiplier(input)).toBe(expected);
});
