import { describe, expect, test } from 'vitest';
import { INSIDE_LAYOUTS, type InsideKind, validateBets } from '../../games/roulette/engine.ts';
import {
  ALL_SPOTS,
  INSIDE_SPOTS,
  insideKey,
  OUTSIDE_SPOTS,
  spotAt,
  spotBet,
  spotByKey,
  spotPockets,
  stepFrom,
} from './spots.ts';

describe('table spots', () => {
  test('every spot is a bet the engine accepts', () => {
    for (const spot of ALL_SPOTS) {
      const result = validateBets([spotBet(spot, 1n)]);
      expect(result.ok, `${spot.key}: ${result.ok ? '' : result.message}`).toBe(true);
    }
  });

  test('the inside spots are exactly the engine’s legal inside bets, each once', () => {
    const legal = Object.entries(INSIDE_LAYOUTS).flatMap(([kind, layouts]) =>
      layouts.map((numbers) => insideKey(kind as InsideKind, numbers)),
    );
    const keys = INSIDE_SPOTS.map((spot) => spot.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...legal].sort());
  });

  test('the outside spots are the three dozens, three columns and six even-money bets', () => {
    expect(OUTSIDE_SPOTS.map((spot) => spot.key)).toEqual([
      'dozen:1',
      'dozen:2',
      'dozen:3',
      'column:1',
      'column:2',
      'column:3',
      'low',
      'even',
      'red',
      'black',
      'odd',
      'high',
    ]);
  });

  test.each([
    ['a number', 1, 1, 'straight:1', [1]],
    ['the last number', 23, 5, 'straight:36', [36]],
    ['the zero from any row', -1, 5, 'straight:0', [0]],
    ['a split inside a street', 1, 2, 'split:1-2', [1, 2]],
    ['a split across streets', 4, 3, 'split:5-8', [5, 8]],
    ['a street at the row end', 3, 0, 'street:4-5-6', [4, 5, 6]],
    ['a corner where four numbers meet', 4, 4, 'corner:5-6-8-9', [5, 6, 8, 9]],
    ['a six-line between two streets’ ends', 22, 0, 'line:31-32-33-34-35-36', [31, 32, 33, 34, 35, 36]],
    ['the split of zero and 2', 0, 3, 'split:0-2', [0, 2]],
    ['the trio 0-2-3', 0, 4, 'street:0-2-3', [0, 2, 3]],
    ['the first four', 0, 0, 'corner:0-1-2-3', [0, 1, 2, 3]],
  ])('%s: lattice (%i, %i) is %s', (_, a, b, key, pockets) => {
    const spot = spotAt(a, b);
    expect(spot?.key).toBe(key);
    expect(spotPockets(spot!)).toEqual(pockets);
  });

  test.each([
    ['dozen:2', [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]],
    ['column:1', [1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]],
    ['red', [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]],
    ['high', Array.from({ length: 18 }, (_, i) => 19 + i)],
  ])('%s covers its pockets', (key, pockets) => {
    expect(spotPockets(spotByKey(key)!)).toEqual(pockets);
  });

  test.each([
    [-1, 0],
    [24, 1],
    [5, 6],
    [23, -1],
  ])('(%i, %i) is off the table', (a, b) => {
    expect(spotAt(a, b)).toBeNull();
  });

  test('arrow steps walk the lattice and stop at its edges', () => {
    expect(stepFrom(1, 1, 1, 0)).toEqual({ a: 2, b: 1 });
    expect(stepFrom(23, 5, 1, 0)).toEqual({ a: 23, b: 5 });
    expect(stepFrom(1, 0, 0, -1)).toEqual({ a: 1, b: 0 });
    expect(stepFrom(0, 5, -1, 0)).toEqual({ a: -1, b: 5 });
    expect(stepFrom(0, 0, -1, 0)).toEqual({ a: 0, b: 0 });
  });
});
