import { describe, expect, test } from 'vitest';
import { cellState, countHits, revealedNumbers } from './round.ts';

describe('the board during a draw', () => {
  const picks = new Set([1, 2, 3]);
  const revealed = revealedNumbers({ drawn: [2, 9, 3, 30], shown: 2 });

  test('shows only the numbers drawn so far', () => {
    expect([...revealed]).toEqual([2, 9]);
    expect(revealedNumbers(null).size).toBe(0);
  });

  test.each([
    [1, 'picked'],
    [2, 'hit'],
    [3, 'picked'],
    [9, 'drawn'],
    [30, 'idle'],
  ] as const)('number %i is %s', (number, state) => {
    expect(cellState(number, picks, revealed)).toBe(state);
  });

  test('counts the hits revealed so far', () => {
    expect(countHits(picks, revealed)).toBe(1);
  });
});
