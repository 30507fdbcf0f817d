/**
 * European live roulette (docs/fairness.md §10). A round's pocket is the originals' mapping
 * (`pocketFromFloat`, §3) of `float_0` of the round stream (`round.ts`). The table takes the
 * originals' plain bets and payouts (src/games/roulette/engine.ts) plus the racetrack: neighbours
 * and the four French call bets, each expanded into plain bets, so every bet returns 36/37.
 * Amounts are bigint minor units.
 */
import { type Ratio, ratio, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';
import {
  type BetKind,
  betReturn,
  type InsideKind,
  POCKETS,
  type PocketColor,
  pocketColor,
  pocketFromFloat,
  RED_NUMBERS,
  type RouletteBet,
  type RouletteError,
  settle,
  validateBets,
} from '../roulette/engine.ts';
import { checkLimits, type LimitCheck, type Position, type TableLimits } from './limits.ts';

/** Floats a spin reads from the round stream. */
export const FLOAT_COUNT = 1;

/** The pockets clockwise around a European wheel, from 0. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

/** The spin of a round: the pocket of `float_0` (floor(float_0 × 37)) and its colour. */
export function spin(floats: readonly number[]): { pocket: number; color: PocketColor } {
  const float = floats[0];
  if (float === undefined) throw new RangeError('A live roulette spin needs 1 float');
  const pocket = pocketFromFloat(float);
  return { pocket, color: pocketColor(pocket) };
}

const isPocket = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 37;

/** The most neighbours each side a neighbours bet may take (9 each side: 19 numbers). */
export const MAX_NEIGHBOURS = 9;

/**
 * `n` and its `k` neighbours each side on the wheel, in wheel order (counter-clockwise end first):
 * neighbours(0, 2) = [3, 26, 0, 32, 15].
 */
export function neighbours(n: number, k: number): number[] {
  if (!isPocket(n) || !Number.isInteger(k) || k < 0 || k > 18) {
    throw new RangeError(`Expected a pocket 0-36 and 0-18 neighbours, received ${n} and ${k}`);
  }
  const at = WHEEL_ORDER.indexOf(n);
  return Array.from({ length: 2 * k + 1 }, (_, i) => WHEEL_ORDER[(at - k + i + POCKETS) % POCKETS]!);
}

export type CallBetKind = 'voisins' | 'tiers' | 'orphelins' | 'jeu-zero';

/** One spot of a call bet: a plain inside bet and how many chips go on it. */
export interface CallPosition {
  readonly kind: InsideKind;
  readonly numbers: readonly number[];
  readonly chips: bigint;
}

const at = (kind: InsideKind, numbers: readonly number[], chips = 1n): CallPosition => ({
  kind,
  numbers,
  chips,
});

/**
 * The French call bets, as the chips they place: voisins du zéro (9 chips), tiers du cylindre (6),
 * orphelins (5) and jeu zéro (4). Voisins, tiers and orphelins together cover the wheel once.
 */
export const CALL_BETS: Readonly<Record<CallBetKind, readonly CallPosition[]>> = {
  voisins: [
    at('street', [0, 2, 3], 2n),
    at('split', [4, 7]),
    at('split', [12, 15]),
    at('split', [18, 21]),
    at('split', [19, 22]),
    at('corner', [25, 26, 28, 29], 2n),
    at('split', [32, 35]),
  ],
  tiers: [
    at('split', [5, 8]),
    at('split', [10, 11]),
    at('split', [13, 16]),
    at('split', [23, 24]),
    at('split', [27, 30]),
    at('split', [33, 36]),
  ],
  orphelins: [
    at('straight', [1]),
    at('split', [6, 9]),
    at('split', [14, 17]),
    at('split', [17, 20]),
    at('split', [31, 34]),
  ],
  'jeu-zero': [at('split', [0, 3]), at('split', [12, 15]), at('straight', [26]), at('split', [32, 35])],
};

/**
 * A bet on the live table: a plain bet of the originals (its `amount` is its stake), a neighbours
 * bet (one chip straight up on each of the 2k + 1 numbers) or a call bet; racetrack bets give the
 * value of one chip.
 */
export type LiveRouletteBet =
  | RouletteBet
  | {
      readonly kind: 'neighbours';
      readonly number: number;
      readonly neighbours: number;
      readonly chip: bigint;
    }
  | { readonly kind: CallBetKind; readonly chip: bigint };

type RacetrackBet = Exclude<LiveRouletteBet, RouletteBet>;

function isRacetrack(bet: LiveRouletteBet): bet is RacetrackBet {
  return bet.kind === 'neighbours' || Object.hasOwn(CALL_BETS, bet.kind);
}

/** How many chips a racetrack bet places (a plain bet is one position: 1). */
export function chipsOf(bet: LiveRouletteBet): bigint {
  if (bet.kind === 'neighbours') return BigInt(2 * bet.neighbours + 1);
  if (isRacetrack(bet)) return CALL_BETS[bet.kind].reduce((sum, spot) => sum + spot.chips, 0n);
  return 1n;
}

/** What a bet stakes: a plain bet's amount, a racetrack bet's chips × chip value. */
export function stakeOf(bet: LiveRouletteBet): bigint {
  return isRacetrack(bet) ? chipsOf(bet) * bet.chip : bet.amount;
}

/** The plain bets a (valid) bet places: a call bet's spot of n chips is one bet of n × chip. */
export function expandBet(bet: LiveRouletteBet): RouletteBet[] {
  if (bet.kind === 'neighbours') {
    return neighbours(bet.number, bet.neighbours).map((n) => ({
      kind: 'straight',
      numbers: [n],
      amount: bet.chip,
    }));
  }
  if (isRacetrack(bet)) {
    return CALL_BETS[bet.kind].map((spot) => ({
      kind: spot.kind,
      numbers: spot.numbers,
      amount: spot.chips * bet.chip,
    }));
  }
  return [bet];
}

/** Every plain bet of a layout, in order. */
export function expandBets(bets: readonly LiveRouletteBet[]): RouletteBet[] {
  return bets.flatMap(expandBet);
}

export type LiveRouletteError = RouletteError | 'ERR_NEIGHBOURS';

/** Validation failures name the offending bet (before expansion) by its position. */
export type LiveRouletteValidation = Result<readonly LiveRouletteBet[], LiveRouletteError> & {
  readonly index?: number;
};

function invalid(error: LiveRouletteError, message: string, index: number) {
  return { ...fail(error, `Bet ${index}: ${message}`), index };
}

/**
 * Checks a layout: 1 … `maxBets` bets; plain bets as the originals check them (legal positions,
 * positive amounts); racetrack bets a positive chip, and for neighbours a pocket 0-36 with 1 to
 * `MAX_NEIGHBOURS` neighbours each side.
 */
export function validateLiveBets(bets: readonly LiveRouletteBet[], maxBets = 200): LiveRouletteValidation {
  if (bets.length === 0) return fail('ERR_NO_BETS', 'Expected at least one bet, received none');
  if (bets.length > maxBets) {
    return fail('ERR_TOO_MANY_BETS', `Expected at most ${maxBets} bets, received ${bets.length}`);
  }
  for (const [index, bet] of bets.entries()) {
    if (!isRacetrack(bet)) {
      const plain = validateBets([bet], 1);
      if (!plain.ok) return invalid(plain.error, plain.message.replace(/^Bet 0: /, ''), index);
      continue;
    }
    if (typeof bet.chip !== 'bigint' || bet.chip <= 0n) {
      return invalid(
        'ERR_AMOUNT',
        `expected a positive chip in minor units, received ${String(bet.chip)}`,
        index,
      );
    }
    if (bet.kind === 'neighbours') {
      if (!isPocket(bet.number)) {
        return invalid('ERR_NEIGHBOURS', `expected a pocket 0-36, received ${String(bet.number)}`, index);
      }
      const k = bet.neighbours;
      if (!Number.isInteger(k) || k < 1 || k > MAX_NEIGHBOURS) {
        return invalid(
          'ERR_NEIGHBOURS',
          `expected 1 to ${MAX_NEIGHBOURS} neighbours each side, received ${String(k)}`,
          index,
        );
      }
    }
  }
  return ok(bets);
}

/** The spot a plain bet occupies, for the limits: "street 0/2/3", "dozen 2", "red". */
export function positionOf(bet: RouletteBet): Position<BetKind> {
  if ('numbers' in bet) {
    const numbers = [...bet.numbers].sort((a, b) => a - b);
    return { kind: bet.kind, key: `${bet.kind} ${numbers.join('/')}`, amount: bet.amount };
  }
  if ('index' in bet) return { kind: bet.kind, key: `${bet.kind} ${bet.index}`, amount: bet.amount };
  return { kind: bet.kind, key: bet.kind, amount: bet.amount };
}

/**
 * Checks a (validated) layout against the table limits of `currency`: racetrack bets are expanded
 * and every spot's total (all bets on it added) must lie within its kind's limits.
 */
export function validateLimits(
  bets: readonly LiveRouletteBet[],
  currency: string,
  limits: TableLimits<BetKind>,
): LimitCheck<BetKind> {
  return checkLimits(expandBets(bets).map(positionOf), currency, limits);
}

export interface LiveRouletteSettlement {
  readonly pocket: number;
  readonly totalStake: bigint;
  /** Sum of what the winning plain bets return (stakes included). */
  readonly totalReturn: bigint;
  /** What each bet returns (a racetrack bet: the sum over its plain bets), in order. */
  readonly returns: readonly bigint[];
}

/** Settles a (validated) layout for a pocket, with the originals' payouts. */
export function settleLive(bets: readonly LiveRouletteBet[], pocket: number): LiveRouletteSettlement {
  const returns = bets.map((bet) => settle(expandBet(bet), pocket).totalReturn);
  return {
    pocket,
    totalStake: bets.reduce((sum, bet) => sum + stakeOf(bet), 0n),
    totalReturn: returns.reduce((sum, value) => sum + value, 0n),
    returns,
  };
}

/** A bet's exact return to player: the mean of its return over the 37 pockets, over its stake. */
export function returnToPlayer(bet: LiveRouletteBet): Ratio {
  let total = 0n;
  for (let pocket = 0; pocket < POCKETS; pocket += 1) {
    for (const plain of expandBet(bet)) total += betReturn(plain, pocket);
  }
  return ratio(total, BigInt(POCKETS) * stakeOf(bet));
}

/** How often something happened among the spins counted, and its share of them. */
export interface Tally {
  readonly count: number;
  readonly share: Ratio;
}

export interface RouletteStatistics {
  /** How many spins were counted (at most `last`). */
  readonly spins: number;
  /** Hits of each pocket 0-36. */
  readonly counts: readonly number[];
  /** The 5 most frequent pockets: most hits first; then the one seen last; then the lower number. */
  readonly hot: readonly number[];
  /** The 5 least frequent: fewest hits first; then the one not seen for longest; then the lower number. */
  readonly cold: readonly number[];
  readonly red: Tally;
  readonly black: Tally;
  readonly green: Tally;
  /** Zero is neither odd, even, low nor high, nor in a dozen. */
  readonly odd: Tally;
  readonly even: Tally;
  readonly low: Tally;
  readonly high: Tally;
  readonly dozens: readonly [Tally, Tally, Tally];
}

/** How many pockets the hot and cold lists show. */
export const HOT_COLD = 5;

/**
 * Statistics of the last `last` (default 100) numbers of `history`, which lists the spins oldest
 * first. Throws on a number that is not a pocket (the history comes from the table itself).
 */
export function rouletteStatistics(history: readonly number[], last = 100): RouletteStatistics {
  if (!Number.isInteger(last) || last < 1) throw new RangeError(`Expected last ≥ 1, received ${last}`);
  const spins = history.slice(-last);
  const counts = Array.from({ length: POCKETS }, () => 0);
  // Index in `spins` of each pocket's latest hit; −1 when it was not seen.
  const seen = Array.from({ length: POCKETS }, () => -1);
  for (const [index, pocket] of spins.entries()) {
    if (!isPocket(pocket)) throw new RangeError(`Expected pockets 0-36, received ${pocket}`);
    counts[pocket]! += 1;
    seen[pocket] = index;
  }
  const pockets = Array.from({ length: POCKETS }, (_, n) => n);
  const hot = [...pockets]
    .sort((a, b) => counts[b]! - counts[a]! || seen[b]! - seen[a]! || a - b)
    .slice(0, HOT_COLD);
  const cold = [...pockets]
    .sort((a, b) => counts[a]! - counts[b]! || seen[a]! - seen[b]! || a - b)
    .slice(0, HOT_COLD);
  const tally = (test: (n: number) => boolean): Tally => {
    const count = pockets.filter(test).reduce((sum, n) => sum + counts[n]!, 0);
    return { count, share: spins.length === 0 ? ZERO : ratio(BigInt(count), BigInt(spins.length)) };
  };
  return {
    spins: spins.length,
    counts,
    hot,
    cold,
    red: tally((n) => RED_NUMBERS.has(n)),
    black: tally((n) => n > 0 && !RED_NUMBERS.has(n)),
    green: tally((n) => n === 0),
    odd: tally((n) => n % 2 === 1),
    even: tally((n) => n > 0 && n % 2 === 0),
    low: tally((n) => n >= 1 && n <= 18),
    high: tally((n) => n >= 19),
    dozens: [tally((n) => n >= 1 && n <= 12), tally((n) => n >= 13 && n <= 24), tally((n) => n >= 25)],
  };
}
