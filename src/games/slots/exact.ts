/**
 * Exact figures of the line games (docs/slots-maths.md), in rationals: every reel's stop is uniform
 * and independent, so a symbol's chance at any row of reel r is its count on the strip over the
 * strip's length, and a line's symbols are independent across reels. Used by the RTP tests and
 * to write SLOT_INFO; the cap is left out (its effect is bounded in the docs).
 */
import { add, multiply, ONE, type Ratio, ratio, subtract, ZERO } from '../ratio.ts';
import * as fruitExpress from './fruit-express.ts';
import { linePay } from './lines.ts';
import * as starQuest from './star-quest.ts';
import { windowOf } from './stream.ts';

export function divide(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den, a.den * b.num);
}

const sum = (values: readonly Ratio[]) => values.reduce(add, ZERO);

/** Chance of `symbol` at a given row of a strip. */
function chance(reel: readonly string[], ...symbols: string[]): Ratio {
  return ratio(BigInt(reel.filter((s) => symbols.includes(s)).length), BigInt(reel.length));
}

/** Distribution of how many reels show a scatter (strips keep scatters ≥ 3 apart: one per window). */
export function scatterDistribution(
  strips: readonly (readonly string[])[],
  rows: number,
  scatter: string,
): Ratio[] {
  let dist: Ratio[] = [ONE];
  for (const reel of strips) {
    const seen = multiply(chance(reel, scatter), ratio(BigInt(rows)));
    const next: Ratio[] = Array.from({ length: dist.length + 1 }, () => ZERO);
    dist.forEach((p, k) => {
      next[k] = add(next[k]!, multiply(p, subtract(ONE, seen)));
      next[k + 1] = add(next[k + 1]!, multiply(p, seen));
    });
    dist = next;
  }
  return dist;
}

export interface StarQuestFigures {
  /** Expected line pay and scatter pay of one screen, in stakes (multiplier 1). */
  lines: Ratio;
  scatters: Ratio;
  /** Chance a paid spin starts the feature. */
  trigger: Ratio;
  /** Expected free spins a screen awards (base or free: same reels). */
  award: Ratio;
  /** Expected free spins per paid spin: award / (1 − award), the retriggers' geometric series. */
  freeSpins: Ratio;
  base: Ratio;
  feature: Ratio;
  rtp: Ratio;
  /** Chance a paid spin wins anything. */
  hitFrequency: Ratio;
}

export function starQuestFigures(): StarQuestFigures {
  const { STRIPS, RULES, PAYLINES, SCATTER, WILD, ROWS, SCATTER_PAYS, FREE_SPINS, FREE_SPIN_MULTIPLIER } =
    starQuest;
  // A line's symbol is reel 1's (no wild there); it pays its run of symbol-or-wild.
  if (STRIPS[0]!.includes(WILD)) throw new Error('The method needs reel 1 without wilds');
  let line = ZERO;
  for (const [symbol, pays] of Object.entries(RULES.pays)) {
    let run = chance(STRIPS[0]!, symbol);
    for (let count = 2; count <= STRIPS.length; count += 1) {
      run = multiply(run, chance(STRIPS[count - 1]!, symbol, WILD));
      const ends = count < STRIPS.length ? subtract(ONE, chance(STRIPS[count]!, symbol, WILD)) : ONE;
      line = add(line, multiply(multiply(run, ends), ratio(BigInt(pays[count] ?? 0))));
    }
  }
  const hundredths = ratio(100n);
  const lines = divide(multiply(line, ratio(BigInt(PAYLINES.length))), hundredths);
  const dist = scatterDistribution(STRIPS, ROWS, SCATTER);
  const scatters = divide(
    sum(dist.map((p, k) => multiply(p, ratio(BigInt(SCATTER_PAYS[k] ?? 0))))),
    hundredths,
  );
  const award = sum(dist.map((p, k) => multiply(p, ratio(BigInt(FREE_SPINS[k] ?? 0)))));
  const trigger = sum(dist.filter((_, k) => (FREE_SPINS[k] ?? 0) > 0));
  const freeSpins = divide(award, subtract(ONE, award));
  const base = add(lines, scatters);
  const feature = multiply(multiply(freeSpins, ratio(BigInt(FREE_SPIN_MULTIPLIER))), base);
  return {
    lines,
    scatters,
    trigger,
    award,
    freeSpins,
    base,
    feature,
    rtp: add(base, feature),
    hitFrequency: starQuestHitFrequency(),
  };
}

/**
 * A screen wins when a line has 3 in a row (decided by reels 1-3) or 3+ scatters show. Enumerates
 * reels 1-3's stops; reels 4-5 add scatters independently.
 */
function starQuestHitFrequency(): Ratio {
  const { STRIPS, RULES, PAYLINES, ROWS, SCATTER, SCATTER_PAYS } = starQuest;
  const tail = scatterDistribution(STRIPS.slice(3), ROWS, SCATTER);
  const minScatters = SCATTER_PAYS.findIndex((pay) => pay > 0);
  const needs = (k: number) => sum(tail.filter((_, j) => k + j >= minScatters));
  const [a, b, c] = STRIPS as [string[], string[], string[]];
  let hits = ZERO;
  const cache = new Map<number, Ratio>();
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      for (let k = 0; k < c.length; k += 1) {
        const grid = [windowOf(a, i, ROWS), windowOf(b, j, ROWS), windowOf(c, k, ROWS)];
        const line = PAYLINES.some(
          (rows) =>
            linePay(
              rows.slice(0, 3).map((row, reel) => grid[reel]![row]!),
              RULES,
            ).pay > 0,
        );
        if (line) {
          hits = add(hits, ONE);
          continue;
        }
        const shown = grid.flat().filter((s) => s === SCATTER).length;
        if (!cache.has(shown)) cache.set(shown, needs(shown));
        hits = add(hits, cache.get(shown)!);
      }
    }
  }
  return divide(hits, ratio(BigInt(a.length * b.length * c.length)));
}

export interface EnumeratedFigures {
  rtp: Ratio;
  hitFrequency: Ratio;
  /** E[win²] in stakes², for the standard deviation. */
  secondMoment: Ratio;
  /** The largest win over every stop combination, in hundredths of the stake. */
  max: number;
}

/** Fruit Express over every stop combination (3 reels: tens of thousands of screens). */
export function fruitExpressFigures(
  spin: (stops: readonly number[]) => number = (stops) => {
    const grid = fruitExpress.STRIPS.map((reel, i) => windowOf(reel, stops[i]!, fruitExpress.ROWS));
    return fruitExpress.PAYLINES.reduce(
      (total, rows) =>
        total +
        linePay(
          rows.map((row, reel) => grid[reel]![row]!),
          fruitExpress.RULES,
        ).pay,
      0,
    );
  },
): EnumeratedFigures {
  const lengths = fruitExpress.STRIPS.map((reel) => reel.length);
  let total = 0n;
  let squares = 0n;
  let hits = 0n;
  let max = 0;
  for (let a = 0; a < lengths[0]!; a += 1) {
    for (let b = 0; b < lengths[1]!; b += 1) {
      for (let c = 0; c < lengths[2]!; c += 1) {
        const win = spin([a, b, c]);
        total += BigInt(win);
        squares += BigInt(win) ** 2n;
        if (win > 0) hits += 1n;
        if (win > max) max = win;
      }
    }
  }
  const screens = BigInt(lengths[0]! * lengths[1]! * lengths[2]!);
  return {
    rtp: ratio(total, screens * 100n),
    hitFrequency: ratio(hits, screens),
    secondMoment: ratio(squares, screens * 10_000n),
    max,
  };
}
