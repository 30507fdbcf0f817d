import { describe, expect, test } from 'vitest';
import { cellState, countHits, readDrawn, revealedNumbers } from './round.ts';

describe('readDrawn', () => {
  test('reads the drawn numbers of a keno outcome', () => {
    expect(readDrawn({ drawn: [3, 40, 1], hits: [3] })).toEqual([3, 40, 1]);
  });

  test.each([null, undefined, {}, { drawn: 'x' }, { drawn: [0] }, { drawn: [41] }, { drawn: [1.5] }])(
    'refuses %j',
    (outcome) => {
      expect(readDrawn(outcome)).toBeNull();
    },
  );
});

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
