/**
 * European single-zero roulette (docs/fairness.md §3): `pocket = floor(float_0 × 37)`, pockets 0 … 36.
 * Amounts are bigint minor units; a winning bet returns its stake plus stake × odds.
 */
import { fail, ok, type Result } from '../result.ts';

export const FLOAT_COUNT = 1;
export const POCKETS = 37;

export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'line';
export type OutsideKind = 'dozen' | 'column' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type BetKind = InsideKind | OutsideKind;

/**
 * Inside bets name their numbers (any order); dozens and columns their index 1-3; the even-money
 * bets nothing else.
 */
export type RouletteBet =
  | { readonly kind: InsideKind; readonly numbers: readonly number[]; readonly amount: bigint }
  | { readonly kind: 'dozen' | 'column'; readonly index: number; readonly amount: bigint }
  | { readonly kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high'; readonly amount: bigint };

/** Odds "to 1" of each bet kind. Every bet covering k pockets pays 36/k − 1, so each returns 36/37. */
export const PAYOUT_ODDS: Readonly<Record<BetKind, bigint>> = {
  straight: 35n,
  split: 17n,
  street: 11n,
  corner: 8n,
  line: 5n,
  dozen: 2n,
  column: 2n,
  red: 1n,
  black: 1n,
  odd: 1n,
  even: 1n,
  low: 1n,
  high: 1n,
};

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColor = 'green' | 'red' | 'black';

/** Colour of a pocket: 0 is green. */
export function pocketColor(pocket: number): PocketColor {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

const key = (numbers: readonly number[]): string => [...numbers].sort((a, b) => a - b).join('-');

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Every legal inside bet on the standard table (rows of 3: 1-2-3, 4-5-6, …, 34-35-36), including
 * the zero bets: splits 0-1, 0-2, 0-3; streets (trios) 0-1-2, 0-2-3; the corner "first four" 0-1-2-3.
 */
function insideLayouts(): Record<InsideKind, number[][]> {
  const layouts: Record<InsideKind, number[][]> = {
    straight: [],
    split: [],
    street: [],
    corner: [],
    line: [],
  };
  for (const n of range(0, 36)) layouts.straight.push([n]);
  layouts.split.push([0, 1], [0, 2], [0, 3]);
  for (const n of range(1, 36)) {
    if (n % 3 !== 0) layouts.split.push([n, n + 1]);
    if (n <= 33) layouts.split.push([n, n + 3]);
  }
  layouts.street.push([0, 1, 2], [0, 2, 3]);
  for (let row = 1; row <= 34; row += 3) layouts.street.push([row, row + 1, row + 2]);
  layouts.corner.push([0, 1, 2, 3]);
  for (const n of range(1, 32)) if (n % 3 !== 0) layouts.corner.push([n, n + 1, n + 3, n + 4]);
  for (let row = 1; row <= 31; row += 3) layouts.line.push(range(row, row + 5));
  return layouts;
}

/** Legal inside bets by kind, as sorted number lists. */
export const INSIDE_LAYOUTS: Readonly<Record<InsideKind, readonly (readonly number[])[]>> = insideLayouts();

const LEGAL_INSIDE = new Map(
  Object.entries(INSIDE_LAYOUTS).map(([kind, layouts]) => [kind, new Set(layouts.map(key))]),
);

const INSIDE_KINDS: ReadonlySet<string> = new Set<InsideKind>([
  'straight',
  'split',
  'street',
  'corner',
  'line',
]);

/** The pockets a (valid) bet wins on. */
export function coveredPockets(bet: RouletteBet): number[] {
  switch (bet.kind) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line':
      return [...bet.numbers];
    case 'dozen':
      return range(12 * (bet.index - 1) + 1, 12 * bet.index);
    case 'column':
      return range(1, 36).filter((n) => (n - 1) % 3 === bet.index - 1);
    case 'red':
      return range(1, 36).filter((n) => RED_NUMBERS.has(n));
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.has(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
  }
}

export type RouletteError =
  | 'ERR_NO_BETS'
  | 'ERR_TOO_MANY_BETS'
  | 'ERR_BET_KIND'
  | 'ERR_AMOUNT'
  | 'ERR_LAYOUT';

/** Validation failures name the offending bet by its position. */
export type RouletteValidation = Result<readonly RouletteBet[], RouletteError> & { readonly index?: number };

function invalid(error: RouletteError, message: string, index?: number) {
  return index === undefined ? fail(error, message) : { ...fail(error, `Bet ${index}: ${message}`), index };
}

/** Checks a bet layout: 1 … `maxBets` bets, positive amounts, and legal positions on the table. */
export function validateBets(bets: readonly RouletteBet[], maxBets = 200): RouletteValidation {
  if (bets.length === 0) return invalid('ERR_NO_BETS', 'Expected at least one bet, received none');
  if (bets.length > maxBets) {
    return invalid('ERR_TOO_MANY_BETS', `Expected at most ${maxBets} bets, received ${bets.length}`);
  }
  for (const [index, bet] of bets.entries()) {
    if (!Object.hasOwn(PAYOUT_ODDS, bet.kind)) {
      return invalid('ERR_BET_KIND', `expected a known bet kind, received "${String(bet.kind)}"`, index);
    }
    if (typeof bet.amount !== 'bigint' || bet.amount <= 0n) {
      return invalid(
        'ERR_AMOUNT',
        `expected a positive amount in minor units, received ${String(bet.amount)}`,
        index,
      );
    }
    if ('numbers' in bet && INSIDE_KINDS.has(bet.kind)) {
      const numbers = bet.numbers;
      if (!Array.isArray(numbers) || !LEGAL_INSIDE.get(bet.kind)?.has(key(numbers))) {
        return invalid('ERR_LAYOUT', `expected a legal ${bet.kind}, received [${String(numbers)}]`, index);
      }
    } else if ('index' in bet && (bet.kind === 'dozen' || bet.kind === 'column')) {
      if (bet.index !== 1 && bet.index !== 2 && bet.index !== 3) {
        return invalid('ERR_LAYOUT', `expected ${bet.kind} 1, 2 or 3, received ${String(bet.index)}`, index);
      }
    } else if (INSIDE_KINDS.has(bet.kind) || bet.kind === 'dozen' || bet.kind === 'column') {
      return invalid('ERR_LAYOUT', `expected the ${bet.kind} bet to say where it is placed`, index);
    }
  }
  return ok(bets);
}

/** What one (valid) bet returns when the ball lands in `pocket`: stake × (odds + 1), or 0. */
export function betReturn(bet: RouletteBet, pocket: number): bigint {
  return coveredPockets(bet).includes(pocket) ? bet.amount * (PAYOUT_ODDS[bet.kind] + 1n) : 0n;
}

export interface RouletteSettlement {
  readonly pocket: number;
  readonly totalStake: bigint;
  /** Sum of what the winning bets return (stakes included). */
  readonly totalReturn: bigint;
  /** `betReturn` of each bet, in order. */
  readonly returns: readonly bigint[];
}

/** Settles a (validated) set of bets for a pocket. */
export function settle(bets: readonly RouletteBet[], pocket: number): RouletteSettlement {
  const returns = bets.map((bet) => betReturn(bet, pocket));
  return {
    pocket,
    totalStake: bets.reduce((sum, bet) => sum + bet.amount, 0n),
    totalReturn: returns.reduce((sum, value) => sum + value, 0n),
    returns,
  };
}

/** The pocket for a float: floor(float × 37). */
export function pocketFromFloat(float: number): number {
  return Math.floor(float * POCKETS);
}

/** The spin for the stream floats (only `float_0` is used). */
export function outcome(floats: readonly number[]): { pocket: number; color: PocketColor } {
  const float = floats[0];
  if (float === undefined) throw new RangeError('Roulette needs 1 float');
  const pocket = pocketFromFloat(float);
  return { pocket, color: pocketColor(pocket) };
}
