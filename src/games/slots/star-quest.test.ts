import { describe, expect, test } from 'vitest';
import { SEED_1 } from '../testing/reference.ts';
import { spinSlot } from './index.ts';
import { linePay } from './lines.ts';
import { nodeFloatSource } from './node.ts';
import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS,
  PAYLINES,
  RULES,
  SCATTER,
  SCATTER_PAYS,
  STRIPS,
  spinStarQuest,
  WILD,
} from './star-quest.ts';
import { MAX_WIN } from './stream.ts';
import { cycle, screenFloats } from './testing.ts';

describe('star-quest', () => {
  test.each([
    [['R', 'W', 'R', 'W', 'K'], 'R', 4],
    [['R', 'W', 'W', 'W', 'W'], 'R', 5],
    [['T', 'T', 'W', 'K', 'T'], 'T', 3],
    [['R', 'W', 'S', 'R', 'R'], 'R', 2],
    [['S', 'S', 'S', 'R', 'R'], WILD, 0],
  ] as const)('%j: the wild stands in, the scatter breaks the line (%s × %i)', (symbols, symbol, count) => {
    const found = linePay(symbols, RULES);
    expect({ symbol: found.symbol, count: found.count }).toEqual({ symbol, count });
    expect(found.pay).toBe(RULES.pays[symbol]?.[count] ?? 0);
  });

  test('strips keep wilds and scatters at least 3 apart (one per window), no wild on reel 1', () => {
    expect(STRIPS[0]).not.toContain(WILD);
    for (const reel of STRIPS) {
      for (const special of [WILD, SCATTER]) {
        const at = reel.flatMap((symbol, i) => (symbol === special ? [i] : []));
        for (const a of at)
          for (const b of at)
            if (a !== b) expect((b - a + reel.length) % reel.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  test('3 scatters trigger 10 free spins at ×2 and the free spins retrigger', () => {
    // Scatters at the top of reels 1-3 on every screen: each free spin awards 10 more.
    const stops = STRIPS.map((reel, i) => (i < 3 ? reel.indexOf(SCATTER) : 0));
    const result = spinSlot('star-quest', cycle(screenFloats(STRIPS, stops)));
    const [base, first, second] = result.steps;
    expect(base).toMatchObject({ kind: 'base', multiplier: 1, freeSpinsAwarded: 10, freeSpinsLeft: 10 });
    expect(first).toMatchObject({ kind: 'free', multiplier: FREE_SPIN_MULTIPLIER, freeSpinsAwarded: 10 });
    expect(first!.freeSpinsLeft).toBe(19);
    expect(second!.freeSpinsLeft).toBe(28);
    const scatter = first!.wins.find((win) => win.kind === 'scatter');
    expect(scatter).toMatchObject({ symbol: SCATTER, count: 3, win: SCATTER_PAYS[3]! * 2 });
  });

  test('the cap stops paying at 5,000× and ends the feature', () => {
    const stops = STRIPS.map((reel, i) => (i < 3 ? reel.indexOf(SCATTER) : 0));
    const result = spinSlot('star-quest', cycle(screenFloats(STRIPS, stops)));
    expect(result).toMatchObject({ win: MAX_WIN, capped: true });
    expect(result.steps.at(-1)!.freeSpinsLeft).toBe(0);
    const total = result.steps.reduce((sum, step) => sum + step.wins.reduce((s, w) => s + w.win, 0), 0);
    expect(total).toBeGreaterThanOrEqual(MAX_WIN);
    expect(total - result.steps.at(-1)!.wins.reduce((s, w) => s + w.win, 0)).toBeLessThan(MAX_WIN);
    expect(result.floatsUsed).toBe(5 * result.steps.length);
  });

  test('1,000 spins of the stream follow the rules screen by screen', () => {
    let features = 0;
    for (let nonce = 0; nonce < 1_000; nonce += 1) {
      const result = spinStarQuest(nodeFloatSource(SEED_1, 'star-quest-rules', nonce));
      let owed = 0;
      let total = 0;
      result.steps.forEach((step, i) => {
        expect(step.kind).toBe(i === 0 ? 'base' : 'free');
        expect(step.multiplier).toBe(i === 0 ? 1 : FREE_SPIN_MULTIPLIER);
        if (i > 0) owed -= 1;
        const scatters = step.grid.flat().filter((symbol) => symbol === SCATTER).length;
        expect(step.freeSpinsAwarded).toBe(FREE_SPINS[scatters]);
        owed += step.freeSpinsAwarded;
        expect(step.freeSpinsLeft).toBe(owed);
        for (const win of step.wins.filter((w) => w.kind === 'line')) {
          const rows = PAYLINES[win.line!]!;
          const found = linePay(
            rows.map((row, reel) => step.grid[reel]![row]!),
            RULES,
          );
          expect(win.win).toBe(found.pay * step.multiplier);
        }
        total += step.wins.reduce((sum, win) => sum + win.win, 0);
      });
      if (result.steps.length > 1) features += 1;
      expect(owed).toBe(0);
      expect(result.win).toBe(total);
    }
    expect(features).toBeGreaterThan(0);
  });

  test('a known spin: SEED_1, client seed "slots-test", nonce 183 wins 15.85× with 10 free spins', () => {
    const result = spinSlot('star-quest', nodeFloatSource(SEED_1, 'slots-test', 183));
    expect(result).toMatchObject({ win: 1585, capped: false, floatsUsed: 55 });
    expect(result.steps).toHaveLength(11);
    expect(result.steps[0]!.stops).toEqual([22, 23, 7, 1, 21]);
  });
});
