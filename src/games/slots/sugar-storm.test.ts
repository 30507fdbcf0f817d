import { describe, expect, test } from 'vitest';
import { SEED_1 } from '../testing/reference.ts';
import { spinSlot } from './index.ts';
import { nodeFloatSource } from './node.ts';
import { MAX_WIN } from './stream.ts';
import {
  anywhereWins,
  BASE_STRIPS,
  FREE_STRIPS,
  MAX_FREE_SPINS,
  multiplierOf,
  PAYS,
  payOf,
  playTumble,
  ROWS,
  SCATTER,
  tumble,
} from './sugar-storm.ts';
import { cycle, screenFloats, thenCycle } from './testing.ts';
import type { SlotStep } from './types.ts';

const scattersAtTop = (strips: readonly (readonly string[])[], reels: number) =>
  strips.map((reel, i) => (i < reels ? reel.indexOf(SCATTER) : 0));

/** A base screen with scatters at the top of reels 1-4. */
const BASE_TRIGGER = screenFloats(BASE_STRIPS, scattersAtTop(BASE_STRIPS, 4));

/** Free-spin stops (found offline) with 3 scatters whose tumble wins 269.1×. */
const BIG_FREE_SCREEN = [27, 19, 32, 3, 8, 9];

describe('sugar-storm', () => {
  test('8-9, 10-11 and 12+ of a symbol anywhere pay their tier', () => {
    const cells = [...'HHHHHHHH', ...'PPPPPPPPPP', ...'GGGGGGGGGGGG'];
    const grid = Array.from({ length: 6 }, (_, reel) => cells.slice(reel * ROWS, reel * ROWS + ROWS));
    const wins = anywhereWins(grid);
    expect(wins.map((w) => [w.symbol, w.count, w.win])).toEqual([
      ['H', 8, PAYS.H![0]],
      ['P', 10, PAYS.P![1]],
      ['G', 12, PAYS.G![2]],
    ]);
    expect(payOf('N', 7)).toBe(0);
    expect(payOf(SCATTER, 12)).toBe(0);
  });

  test('a tumble bursts the winning cells, the rest fall and the reel refills from its strip above', () => {
    const strips = Array.from({ length: 6 }, () => [...'abcdefg']);
    const grid = [['H', 'N', 'H', 'N', 'N'], ...Array.from({ length: 5 }, () => ['A', 'A', 'A', 'A', 'A'])];
    const win = {
      kind: 'anywhere' as const,
      symbol: 'N',
      count: 3,
      cells: [
        [0, 1],
        [0, 3],
        [0, 4],
      ] as const,
      win: 0,
    };
    const feed = [6, 6, 6, 6, 6, 6];
    const next = tumble(grid, [win], strips, feed);
    // Reel 1 keeps H, H at the bottom; e, f, g (the strip above index 0 rolling down) drop on top.
    expect(next.grid[0]).toEqual(['e', 'f', 'g', 'H', 'H']);
    expect(next.grid[1]).toEqual(grid[1]);
    expect(feed[0]).toBe(3);
    expect(next.stops[0]).toBe(4);
    expect(next.stops[1]).toBe(0);
  });

  test('4 scatters trigger 10 free spins, 3 in a free spin add 5, and the multipliers multiply', () => {
    const result = spinSlot(
      'sugar-storm',
      thenCycle(BASE_TRIGGER, screenFloats(FREE_STRIPS, BIG_FREE_SCREEN)),
    );
    const starts = result.steps.flatMap((step, i) => (step.kind === 'free' ? [i] : []));
    expect(result.steps[starts[0]! - 1]!.freeSpinsAwarded).toBe(10);
    // Each free spin's last screen (before the next free spin starts) awards 5 more.
    expect(result.steps[starts[1]! - 1]!.freeSpinsAwarded).toBe(5);
    const once = playTumble(cycle(screenFloats(FREE_STRIPS, BIG_FREE_SCREEN)), true, 0);
    expect(once.scatters).toBeGreaterThanOrEqual(3);
    expect(once.win).toBe(26_910);
    const last = once.steps.at(-1)!;
    const sum = last.grid.flat().reduce((acc, symbol) => acc + multiplierOf(symbol), 0);
    expect(sum).toBeGreaterThan(1);
    expect(once.steps.every((step) => step.multiplier === sum)).toBe(true);
  });

  test('the cap stops paying at 5,000× and ends the feature', () => {
    const result = spinSlot(
      'sugar-storm',
      thenCycle(BASE_TRIGGER, screenFloats(FREE_STRIPS, BIG_FREE_SCREEN)),
    );
    expect(result).toMatchObject({ win: MAX_WIN, capped: true });
    expect(result.steps.at(-1)!.freeSpinsLeft).toBe(0);
    expect(result.steps.filter((s) => s.kind === 'free').length).toBeLessThan(20);
  });

  test(`a feature plays at most ${MAX_FREE_SPINS} free spins`, () => {
    // A free screen that retriggers and never wins: the feature would otherwise never end.
    let stops: number[] = [];
    for (let a = 0; a < FREE_STRIPS[1]!.length && stops.length === 0; a += 1) {
      const candidate = [
        FREE_STRIPS[0]!.indexOf(SCATTER),
        a,
        FREE_STRIPS[2]!.indexOf(SCATTER),
        a,
        FREE_STRIPS[4]!.indexOf(SCATTER),
        a,
      ];
      const once = playTumble(cycle(screenFloats(FREE_STRIPS, candidate)), true, 0);
      if (once.win === 0 && once.scatters >= 3) stops = candidate;
    }
    expect(stops).not.toEqual([]);
    const result = spinSlot('sugar-storm', thenCycle(BASE_TRIGGER, screenFloats(FREE_STRIPS, stops)));
    expect(result.steps.filter((s) => s.kind === 'free')).toHaveLength(MAX_FREE_SPINS);
  });

  test('2,000 spins of the stream follow the rules: bursts, falls, refills and multipliers', () => {
    let cascades = 0;
    let multiplied = 0;
    for (let nonce = 0; nonce < 2_000; nonce += 1) {
      const { steps, win } = spinSlot('sugar-storm', nodeFloatSource(SEED_1, 'sugar-storm-rules', nonce));
      let total = 0;
      let sequence: SlotStep[] = [];
      const closeSequence = () => {
        if (sequence.length === 0) return;
        const last = sequence.at(-1)!;
        const free = sequence[0]!.kind === 'free';
        const sum = last.grid.flat().reduce((acc, symbol) => acc + multiplierOf(symbol), 0);
        const raw = sequence.reduce(
          (acc, s) => acc + s.wins.reduce((a, w) => a + payOf(w.symbol, w.count), 0),
          0,
        );
        const multiplier = free && raw > 0 && sum > 0 ? sum : 1;
        if (multiplier > 1) multiplied += 1;
        for (const step of sequence) {
          expect(step.multiplier).toBe(multiplier);
          for (const w of step.wins) expect(w.win).toBe(payOf(w.symbol, w.count) * multiplier);
        }
      };
      steps.forEach((step, i) => {
        if (step.kind !== 'cascade') {
          closeSequence();
          sequence = [];
        } else {
          cascades += 1;
          // The previous screen's non-winning symbols fell to the bottom of each reel, in order.
          const previous = steps[i - 1]!;
          const burst = new Set(previous.wins.flatMap((w) => w.cells.map(([r, row]) => `${r}:${row}`)));
          previous.grid.forEach((column, reel) => {
            const kept = column.filter((_, row) => !burst.has(`${reel}:${row}`));
            expect(step.grid[reel]!.slice(ROWS - kept.length)).toEqual(kept);
          });
          expect(previous.wins.length).toBeGreaterThan(0);
        }
        sequence.push(step);
        expect(anywhereWins(step.grid).map((w) => [w.symbol, w.count])).toEqual(
          step.wins.map((w) => [w.symbol, w.count]),
        );
        total += step.wins.reduce((acc, w) => acc + w.win, 0);
      });
      closeSequence();
      expect(win).toBe(Math.min(total, MAX_WIN));
    }
    expect(cascades).toBeGreaterThan(100);
    expect(multiplied).toBeGreaterThan(0);
  });

  test('a known spin: SEED_1, client seed "slots-test", nonce 54 wins 123.74× with 10 free spins', () => {
    const result = spinSlot('sugar-storm', nodeFloatSource(SEED_1, 'slots-test', 54));
    expect(result).toMatchObject({ win: 12_374, capped: false, floatsUsed: 66 });
    expect(result.steps).toHaveLength(28);
    expect(result.steps[0]!.stops).toEqual([23, 26, 46, 1, 18, 26]);
  });
});
