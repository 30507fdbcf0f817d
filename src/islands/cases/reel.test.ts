import { describe, expect, test } from 'vitest';
import { CASES } from '../../games/cases/catalogue.ts';
import { rowProbabilities } from '../../games/cases/engine.ts';
import { CASE_TABLES } from '../../games/cases/tables.ts';
import { toNumber } from '../../games/ratio.ts';
import { buildReel, REEL_LENGTH, REEL_STOP, reelOffset, tileUnderMarker } from './reel.ts';

const GEOMETRIES = [
  { tile: 112, gap: 8, window: 760 },
  { tile: 84, gap: 6, window: 342 },
  { tile: 96, gap: 0, window: 97 },
];

describe('case reel', () => {
  test.each(CASES.map((c) => c.tier))('every row of %s can be won and lands under the marker', (tier) => {
    const table = CASE_TABLES[tier];
    const probabilities = rowProbabilities(table).map(toNumber);
    for (const won of table.keys()) {
      for (const [seed, geometry] of GEOMETRIES.entries()) {
        const reel = buildReel(table, probabilities, won, { seed: seed * 7919 + won });
        expect(reel).toHaveLength(REEL_LENGTH);
        expect(reel[REEL_STOP]).toBe(won);
        expect(reel.every((row) => Number.isInteger(row) && row >= 0 && row < table.length)).toBe(true);
        for (const jitter of [-0.49, -0.2, 0, 0.3, 0.49]) {
          const offset = reelOffset(REEL_STOP, geometry, jitter);
          expect(reel[tileUnderMarker(offset, geometry)!]).toBe(won);
        }
      }
    }
  });

  test('honours a custom length and stop', () => {
    const table = CASE_TABLES.easy;
    const reel = buildReel(table, rowProbabilities(table).map(toNumber), 0, { length: 10, stop: 3 });
    expect(reel).toHaveLength(10);
    expect(reel[3]).toBe(0);
  });

  test('the same seed draws the same strip, another seed another one', () => {
    const table = CASE_TABLES.hard;
    const p = rowProbabilities(table).map(toNumber);
    expect(buildReel(table, p, 3, { seed: 42 })).toEqual(buildReel(table, p, 3, { seed: 42 }));
    expect(buildReel(table, p, 3, { seed: 42 })).not.toEqual(buildReel(table, p, 3, { seed: 43 }));
  });

  test('common prizes fill most of the strip, but not all of it', () => {
    const table = CASE_TABLES.medium;
    const reel = buildReel(table, rowProbabilities(table).map(toNumber), 0, {
      length: 400,
      stop: 0,
      seed: 5,
    });
    const distinct = new Set(reel).size;
    expect(distinct).toBeGreaterThan(5);
  });

  test.each([
    [-1, 'row'],
    [7, 'row'],
  ])('refuses won row %i', (won) => {
    const table = CASE_TABLES.easy;
    expect(() => buildReel(table, rowProbabilities(table).map(toNumber), won)).toThrow(RangeError);
  });

  test('a gap between tiles is under no tile', () => {
    expect(tileUnderMarker(105 - 50, { tile: 100, gap: 10, window: 100 })).toBeNull();
    expect(tileUnderMarker(0, { tile: 100, gap: 10, window: 100 })).toBe(0);
  });
});
