import { add, applyRatio, multiply, ONE, type Ratio, ratio, subtract, ZERO } from '../../../games/ratio.ts';
import type { SettlementOutcome } from '../../../shared/sports/feed.ts';
import {
  MAX_MULTI_LEGS,
  MAX_SYSTEM_LEGS,
  NAMED_SYSTEMS,
  type NamedSystem,
  type SystemDef,
  type SystemKind,
  systemLines,
  systemOf,
} from '../../../shared/sports/systems.ts';

/**
 * The sportsbook's money maths (docs/betting.md "Settlement"): what a bet returns, what
 * it could return, what its cash-out is worth, and which slips can be placed. Pure: no database,
 * no clock. Money is bigint minor units and every step is an exact rational (src/games/ratio.ts);
 * a bet's payout is rounded down once, at the end, never per leg or per line, so a slip of many
 * lines pays the same whichever order they are summed in and never a minor unit more than it won.
 *
 * Odds travel as integers in hundredths (`185` is decimal 1.85), the precision the feed prices in.
 */

/** An exact non-negative rational in lowest terms (`den > 0`); the games' own (src/games/ratio.ts). */
export type { Ratio };

// The slip's shapes are shared with the browser's slip (src/shared/sports/systems.ts).
export {
  MAX_MULTI_LEGS,
  MAX_SYSTEM_LEGS,
  NAMED_SYSTEMS,
  type NamedSystem,
  type SystemDef,
  type SystemKind,
  systemLines,
  systemOf,
};

/** The lowest decimal odds a price can have (1.01), in hundredths: a win must pay something. */
export const MIN_ODDS = 101;

/** The checked odds as a bigint; throws on anything but whole hundredths of at least 1.01. */
function oddsValue(hundredths: number): bigint {
  if (!Number.isSafeInteger(hundredths) || hundredths < MIN_ODDS)
    throw new RangeError(`Expected odds in hundredths (an integer ≥ ${MIN_ODDS}), received ${hundredths}`);
  return BigInt(hundredths);
}

/**
 * Decimal odds as the feed sends them (`1.85`) → hundredths (`185`), rounded half up to the
 * nearest hundredth *as the number is written*: the product is first cleaned to 12 significant
 * digits, so `1.005` (stored as 1.00499…) gives 101 and `1.85` (×100 = 185.00000000000003) gives
 * 185. Throws on a non-finite number and on anything that rounds below 1.01.
 */
export function oddsToHundredths(decimal: number): number {
  if (!Number.isFinite(decimal)) throw new RangeError(`Expected decimal odds, received ${decimal}`);
  const hundredths = Math.round(Number((decimal * 100).toPrecision(12)));
  if (!Number.isSafeInteger(hundredths) || hundredths < MIN_ODDS)
    throw new RangeError(`Expected decimal odds of at least 1.01, received ${decimal}`);
  return hundredths;
}

/** Hundredths (`185`) → decimal odds (`1.85`, the nearest double), for the wire and display only. */
export function hundredthsToOdds(hundredths: number): number {
  return Number(oddsValue(hundredths)) / 100;
}

/** Odds in hundredths as the exact multiplier they stand for: 185 → 37/20. */
export function oddsRatio(hundredths: number): Ratio {
  return ratio(oddsValue(hundredths), 100n);
}

/**
 * A feed's dead-heat factor (`0.5`, `0.333333`, `0.25`) as an exact fraction: read as a decimal
 * fraction of at most six places (millionths), so `0.333333` is 333333/1000000, exactly what the
 * feed wrote and not the double nearest to it (nor 1/3, which the feed did not say). A factor with
 * more places is rounded to the nearest millionth. Throws outside (0, 1].
 */
export function deadHeatRatio(factor: number): Ratio {
  if (!(factor > 0 && factor <= 1))
    throw new RangeError(`Expected a dead-heat factor in (0, 1], received ${factor}`);
  const millionths = Math.round(factor * 1_000_000);
  if (millionths < 1)
    throw new RangeError(`Expected a dead-heat factor of at least 0.000001, received ${factor}`);
  return ratio(BigInt(millionths), 1_000_000n);
}

/** The feed's void factor as a fraction of the stake handed back: 0, 1/2 (half won or lost), 1. */
export function voidRatio(voidFactor: number): Ratio {
  if (voidFactor === 0) return ZERO;
  if (voidFactor === 0.5) return ratio(1n, 2n);
  if (voidFactor === 1) return ONE;
  throw new RangeError(`Expected a void factor of 0, 0.5 or 1, received ${voidFactor}`);
}

/** How an outcome settled (the feed's `bet_settlement`, in the server's names). */
export interface LegSettlement {
  /** 1 won, 0 lost. */
  result: 0 | 1;
  /** The part of the stake handed back: 0, 0.5 (half won or half lost), 1 (void). */
  voidFactor: 0 | 0.5 | 1;
  /** A winner sharing its place: the part of its odds that pays, in (0, 1]; 1 when none. */
  deadHeatFactor: number;
}

/** A feed's settled outcome (`result`, `void_factor`, `dead_heat_factor`) as a `LegSettlement`. */
export function legSettlementOf(
  outcome: Pick<SettlementOutcome, 'result' | 'void_factor' | 'dead_heat_factor'>,
): LegSettlement {
  return {
    result: outcome.result,
    voidFactor: outcome.void_factor,
    deadHeatFactor: outcome.dead_heat_factor,
  };
}

/**
 * What one unit staked on a leg returns once it settles:
 * `voidFactor × 1 + (1 − voidFactor) × result × odds × deadHeatFactor`. The void part comes back
 * as it was staked; the rest wins at the odds (cut by a dead heat) or is lost. At 1.90: won 19/10,
 * lost 0, void 1, half won 1/2 + 1/2 × 1.9 = 29/20, half lost 1/2; a dead heat of 0.5 at 5.00
 * pays 5/2. An accumulator multiplies these, so a void leg (1) drops out of it: its odds become 1.
 */
export function legFactor(odds: number, s: LegSettlement): Ratio {
  const price = oddsRatio(odds);
  const back = voidRatio(s.voidFactor);
  const deadHeat = deadHeatRatio(s.deadHeatFactor);
  if (s.result !== 0 && s.result !== 1)
    throw new RangeError(`Expected a result of 0 or 1, received ${s.result}`);
  const played = s.result === 1 ? multiply(price, deadHeat) : ZERO;
  return add(back, multiply(subtract(ONE, back), played));
}

/** What a slip places: one leg, an accumulator, or a system. */
export type BetKind = 'single' | 'multi' | SystemKind;

/** Whether a string is a bet kind the slip knows (`single`, `multi`, a system). */
export function isBetKind(kind: string): kind is BetKind {
  return kind === 'single' || kind === 'multi' || systemOf(kind) !== null;
}

/** A system's lines (`systemLines` of its legs and sizes); throws on a kind `systemOf` refuses. */
export function linesOf(kind: SystemKind): number[][] {
  const def = systemOf(kind);
  if (!def) throw new RangeError(`Unknown system ${kind}`);
  return systemLines(def.legs, def.sizes);
}

/**
 * A bet as the money sees it. A single or an accumulator stakes `stake`; a system stakes
 * `unitStake` on each of its lines (the player chooses the stake per line), so it costs
 * `unitStake × lines` in all (`totalStake`).
 */
export type Bet =
  | { kind: 'single' | 'multi'; stake: bigint }
  | { kind: 'system'; system: SystemKind; unitStake: bigint };

/** What a bet costs: the stake of a single or an accumulator, `unitStake × lines` of a system. */
export function totalStake(bet: Bet): bigint {
  if (bet.kind !== 'system') return bet.stake;
  return bet.unitStake * BigInt(linesOf(bet.system).length);
}

/** A leg of a placed bet: the odds it was placed at (hundredths) and its factor once decided. */
export interface BetLeg {
  odds: number;
  /** `legFactor` of its settlement; null while the leg is undecided. */
  factor: Ratio | null;
}

/** What a bet has come to: settled or not, and what it pays (0 until it settles). */
export interface BetReturn {
  settled: boolean;
  payout: bigint;
  /** Settled with nothing won at all (a lost leg in every line); absent while open. */
  lost?: boolean;
}

/** The stake on each line and the lines of a bet on `n` legs; throws on a leg count it cannot have. */
function shapeOf(bet: Bet, n: number): { perLine: bigint; lines: number[][] } {
  if (bet.kind === 'system') {
    const def = systemOf(bet.system);
    if (!def) throw new RangeError(`Unknown system ${bet.system}`);
    if (n !== def.legs) throw new RangeError(`A ${bet.system} system has ${def.legs} legs, received ${n}`);
    return { perLine: bet.unitStake, lines: systemLines(def.legs, def.sizes) };
  }
  if (bet.kind === 'single' && n !== 1) throw new RangeError(`A single has one leg, received ${n}`);
  // The slip asks an accumulator for 2…20 legs (checkSlip); one is allowed here so that an
  // accumulator can be compared with the legs it has left once its void ones are taken out.
  if (n < 1 || n > MAX_MULTI_LEGS)
    throw new RangeError(`An accumulator has 1…${MAX_MULTI_LEGS} legs, received ${n}`);
  return { perLine: bet.stake, lines: [Array.from({ length: n }, (_, i) => i)] };
}

/** Σ over lines of Π of their legs' factors: what one unit on each line returns, exactly. */
function linesReturn(lines: readonly number[][], factors: readonly Ratio[]): Ratio {
  let sum = ZERO;
  for (const line of lines)
    sum = add(
      sum,
      line.reduce((p, i) => multiply(p, factors[i]!), ONE),
    );
  return sum;
}

/** A factor checked and in lowest terms (throws on a zero denominator or a negative value). */
const normal = (factor: Ratio): Ratio => ratio(factor.num, factor.den);

/**
 * What a bet pays now. A single or an accumulator settles as soon as any leg is lost (factor 0:
 * nothing can win, so the other legs need not wait) or once every leg is decided; a system settles
 * once every leg is decided (a lost leg only ends the lines it is in). The payout is
 * `floor(stake per line × Σ lines Π factors)`, exact to the end and rounded down once per bet.
 * A void leg's factor is 1, so it drops out of every line it is in.
 */
export function betReturn(bet: Bet, legs: readonly BetLeg[]): BetReturn {
  const { perLine, lines } = shapeOf(bet, legs.length);
  for (const leg of legs) oddsValue(leg.odds);
  const factors = legs.map((leg) => (leg.factor ? normal(leg.factor) : null));
  if (bet.kind !== 'system' && factors.some((f) => f?.num === 0n))
    return { settled: true, payout: 0n, lost: true };
  if (factors.some((f) => f === null)) return { settled: false, payout: 0n };
  const sum = linesReturn(lines, factors as Ratio[]);
  return { settled: true, payout: applyRatio(perLine, sum), lost: sum.num === 0n };
}

/**
 * What a bet would pay if every undecided leg won at its odds (decided legs at their factors),
 * rounded down: the most it can still pay, for the liability it holds against the book and for
 * the slip's "potential return".
 */
export function potentialReturn(bet: Bet, legs: readonly BetLeg[]): bigint {
  const { perLine, lines } = shapeOf(bet, legs.length);
  const factors = legs.map((leg) => (leg.factor ? normal(leg.factor) : oddsRatio(leg.odds)));
  return applyRatio(perLine, linesReturn(lines, factors));
}

/** A leg of a bet offered a cash-out: its placed price, its price now and its factor if decided. */
export interface CashoutLeg {
  placedOdds: number;
  /** The outcome's price now (hundredths); null when it has none (suspended, closed). */
  currentOdds: number | null;
  factor: Ratio | null;
}

/**
 * The cash-out offer of a single or an accumulator: the fair value of the rest of the position
 * at today's prices, less the book's margin:
 *
 *   floor(stake × Π(decided factors) × Π(placedOdds / currentOdds over undecided legs)
 *         × (10000 − marginBps) / 10000)
 *
 * The bet still pays `stake × Π decided × Π placedOdds` if every open leg wins, and the market now
 * gives that about `Π 1 / currentOdds` of a chance, so the position is worth their product: a price
 * that shortened since it was placed raises the offer, one that drifted lowers it, and with no
 * move and no margin the offer is the stake itself. Null when a leg is lost (nothing to buy) or an
 * undecided leg has no price now (nothing to value it by).
 */
export function cashoutValue(offer: {
  stake: bigint;
  legs: readonly CashoutLeg[];
  marginBps: number;
}): bigint | null {
  const { stake, legs, marginBps } = offer;
  if (!Number.isInteger(marginBps) || marginBps < 0 || marginBps > 10_000)
    throw new RangeError(`Expected a margin of 0…10000 basis points, received ${marginBps}`);
  if (legs.length < 1 || legs.length > MAX_MULTI_LEGS)
    throw new RangeError(`Expected 1…${MAX_MULTI_LEGS} legs, received ${legs.length}`);
  let value = ratio(BigInt(10_000 - marginBps), 10_000n);
  for (const leg of legs) {
    const placed = oddsValue(leg.placedOdds);
    if (leg.factor) {
      const factor = normal(leg.factor);
      if (factor.num === 0n) return null;
      value = multiply(value, factor);
    } else {
      if (leg.currentOdds === null) return null;
      value = multiply(value, ratio(placed, oddsValue(leg.currentOdds)));
    }
  }
  return applyRatio(stake, value);
}

/** A leg of a slip, as the player picked it. */
export interface SlipLeg {
  eventId: string;
  marketId: number;
  specifiers: string;
  outcomeId: string;
}

/** Why a slip cannot be placed: the wrong number of legs for its kind, or two legs of one event. */
export type SlipError = 'legs_count' | 'same_event';

/**
 * The slip's shape rules: a single has one leg; an accumulator 2…20 legs; a system exactly its
 * leg count. Legs of an accumulator or a system come from different events, since outcomes of one
 * event are not independent (a home win and over 2.5 goals go together) and their prices must
 * not be multiplied. Answers the first rule broken, or null. Throws on a system `systemOf` refuses.
 */
export function checkSlip(kind: BetKind, legs: readonly SlipLeg[]): SlipError | null {
  const n = legs.length;
  if (kind === 'single') return n === 1 ? null : 'legs_count';
  if (kind === 'multi') {
    if (n < 2 || n > MAX_MULTI_LEGS) return 'legs_count';
  } else {
    const def = systemOf(kind);
    if (!def) throw new RangeError(`Unknown system ${kind}`);
    if (n !== def.legs) return 'legs_count';
  }
  return new Set(legs.map((leg) => leg.eventId)).size === n ? null : 'same_event';
}
