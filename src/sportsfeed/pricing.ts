/**
 * From a model's probabilities to the prices the feed publishes (docs/betting.md "The in-house
 * feed"). The margin is applied by the power method: each fair probability p becomes p^k, with the
 * one k < 1 that makes the book sum to 1 + margin. Against a proportional margin it loads more on
 * the long shots (as books do, the favourite–longshot bias) and never prices a near-certain outcome
 * below even money. Odds are 1 / (p^k), rounded to two decimals, at least 1.01 and at most 1000.
 *
 * A line market (totals, handicaps) whose stake can come back (a push, half of a quarter line) is
 * first reduced to a two-way book: with w the chance an outcome wins (counting a half win as half)
 * and r the chance the stake is refunded, its fair odds are (1 − r) / w, so its fair probability is
 * w / (1 − r); the margin applies to those. `probability` in a message is that fair probability:
 * 1 / fair odds.
 */
import type { FeedMarket, FeedOutcome } from '../shared/sports/feed.ts';
import { splitLine } from './results.ts';

/** A probability this small is treated as impossible, this close to 1 as certain. */
export const EPSILON = 1e-9;
/** The lowest and highest odds the feed publishes (the wire format allows 1.01 up to 10000). */
export const MIN_ODDS = 1.01;
/** Long shots are capped here, as books cap them, rather than priced from a vanishing chance. */
export const MAX_ODDS = 1000;

/** An outcome's id and its fair probability. */
export interface Chance {
  id: string;
  p: number;
}

/**
 * The margined implied probabilities p^k of `probabilities` (which sum to 1) such that they sum to
 * 1 + margin; zeros stay zero. One possible outcome keeps probability 1.
 */
export function powerMargin(probabilities: readonly number[], margin: number): number[] {
  const live = probabilities.filter((p) => p > EPSILON);
  if (live.length < 2 || margin <= 0) return probabilities.map((p) => (p > EPSILON ? p : 0));
  const sum = live.reduce((a, b) => a + b, 0);
  const target = Math.min(1 + margin, live.length - 1e-6);
  const logs = live.map((p) => Math.log(p / sum));
  // book(k) = Σ p^k is 1 at k = 1, decreasing and convex in k: Newton from k = 1 overshoots once
  // to the left of the root, then climbs to it monotonically. Bisection guards the odd case.
  let k = 1;
  let converged = false;
  for (let i = 0; i < 50; i++) {
    let book = 0;
    let slope = 0;
    for (const log of logs) {
      const term = Math.exp(k * log);
      book += term;
      slope += term * log;
    }
    const gap = book - target;
    if (Math.abs(gap) < 1e-13) {
      converged = true;
      break;
    }
    const next = k - gap / slope;
    if (!(next > 0 && next <= 1)) break;
    k = next;
  }
  if (!converged) {
    let low = 0;
    let high = 1;
    for (let i = 0; i < 64; i++) {
      const mid = (low + high) / 2;
      if (logs.reduce((total, log) => total + Math.exp(mid * log), 0) > target) low = mid;
      else high = mid;
    }
    k = (low + high) / 2;
  }
  return probabilities.map((p) => (p > EPSILON ? (p / sum) ** k : 0));
}

/** Decimal odds of a margined implied probability: 1 / q to two decimals, within [1.01, 1000]. */
export function oddsOf(implied: number): number {
  if (implied <= 0) return MAX_ODDS;
  const odds = Math.round(100 / implied) / 100;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, odds));
}

const round6 = (p: number) => Math.round(p * 1e6) / 1e6;

/**
 * A market priced from its outcomes' fair probabilities (summing to 1): margined, rounded, an
 * impossible outcome inactive without odds. A market already decided (one outcome certain, or
 * fewer than two possible) is suspended (status −1): it only waits for its settlement.
 */
export function pricedMarket(
  id: number,
  specifiers: string,
  chances: readonly Chance[],
  marginBps: number,
): FeedMarket {
  const possible = chances.filter((c) => c.p > EPSILON);
  if (possible.length < 2 || chances.some((c) => c.p >= 1 - EPSILON)) {
    return {
      id,
      specifiers,
      status: -1,
      outcomes: chances.map((c) => ({ id: c.id, probability: round6(clamp01(c.p)), active: false })),
    };
  }
  const implied = powerMargin(
    chances.map((c) => c.p),
    marginBps / 10_000,
  );
  return {
    id,
    specifiers,
    status: 1,
    outcomes: chances.map((c, i): FeedOutcome => {
      if (c.p <= EPSILON) return { id: c.id, probability: 0, active: false };
      return { id: c.id, odds: oddsOf(implied[i]!), probability: round6(clamp01(c.p)), active: true };
    }),
  };
}

const clamp01 = (p: number) => Math.min(1, Math.max(0, p));

/**
 * A discrete distribution over consecutive integers: `pmf[i]` is the chance of the value
 * `offset + i` (goals, a margin, games).
 */
export interface Pmf {
  offset: number;
  pmf: readonly number[];
}

/**
 * The two sides of a line on a discrete value, as fair probabilities of a two-way book: `over`
 * wins when value > line. Quarter lines are half on each neighbouring line. `decided` when one side
 * can no longer win (or the stake is certain to come back).
 */
export function lineChances(dist: Pmf, line: number): { over: number; under: number; decided: boolean } {
  const halves = splitLine(line);
  let win = 0;
  let lose = 0;
  for (const half of halves) {
    dist.pmf.forEach((p, i) => {
      const value = dist.offset + i;
      if (value > half) win += p;
      else if (value < half) lose += p;
    });
  }
  win /= halves.length;
  lose /= halves.length;
  const stake = win + lose;
  if (win <= EPSILON || lose <= EPSILON)
    return { over: win > lose ? 1 : 0, under: win > lose ? 0 : 1, decided: true };
  return { over: win / stake, under: lose / stake, decided: false };
}

/** A total market (`12` over, `13` under) on a line of a distribution. */
export function totalMarket(id: number, dist: Pmf, line: number, marginBps: number): FeedMarket {
  const { over, under } = lineChances(dist, line);
  return pricedMarket(
    id,
    `total=${lineText(line)}`,
    [
      { id: '12', p: over },
      { id: '13', p: under },
    ],
    marginBps,
  );
}

/** A handicap market (`1714` home, `1715` away) on home's handicap `hcp`, from the margin's distribution. */
export function handicapMarket(id: number, margin: Pmf, hcp: number, marginBps: number): FeedMarket {
  const { over, under } = lineChances(margin, -hcp);
  return pricedMarket(
    id,
    `hcp=${lineText(hcp)}`,
    [
      { id: '1714', p: over },
      { id: '1715', p: under },
    ],
    marginBps,
  );
}

/** A line as a specifier writes it: `2.5`, `-0.25`, `0`, `-1`. */
export function lineText(line: number): string {
  const rounded = Math.round(line * 100) / 100;
  return rounded === 0 ? '0' : String(rounded);
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * A normal distribution (mean, standard deviation) put on the integers: P(k) = P(k − ½ < X < k +
 * ½), over mean ± 7 sd. A zero deviation is a point mass on the rounded mean.
 */
export function discreteNormal(mean: number, sd: number): Pmf {
  if (sd <= 1e-9) return { offset: Math.round(mean), pmf: [1] };
  const low = Math.floor(mean - 7 * sd);
  const high = Math.ceil(mean + 7 * sd);
  const pmf: number[] = [];
  let sum = 0;
  for (let k = low; k <= high; k++) {
    const p = normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd);
    pmf.push(Math.max(0, p));
    sum += Math.max(0, p);
  }
  return { offset: low, pmf: pmf.map((p) => p / sum) };
}

/** The chance a distribution's value is above `threshold`. */
export function above(dist: Pmf, threshold: number): number {
  let sum = 0;
  dist.pmf.forEach((p, i) => {
    if (dist.offset + i > threshold) sum += p;
  });
  return sum;
}
