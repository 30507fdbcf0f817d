/**
 * The places on the roulette table where a chip can go ("spots"), each naming exactly one bet the
 * engine accepts (src/games/roulette/engine.ts). Inside spots sit on a lattice over the number grid:
 * `a` runs along the streets (the long side), `b` across a street (1 → 2 → 3).
 *
 * - a = −1: the zero; a = 0: the line between the zero and the first street;
 * - a = 2s + 1: street s (numbers 3s+1 … 3s+3); a = 2s + 2: the line between streets s and s+1;
 * - b = 0: the outer edge beside the 1-4-7… row (streets, six-lines, the first four);
 * - b = 2p + 1: the number of position p; b = 2, 4: the line between two positions.
 *
 * So a number sits at odd (a, b), a split on a line (one coordinate even), a corner where two
 * lines cross, and a street or six-line on the outer edge at the end of its row(s).
 */
import {
  coveredPockets,
  type InsideKind,
  type OutsideKind,
  RED_NUMBERS,
  type RouletteBet,
} from '../../games/roulette/engine.ts';

export type EvenMoneyKind = Exclude<OutsideKind, 'dozen' | 'column'>;

export type Spot =
  | {
      readonly key: string;
      readonly kind: InsideKind;
      readonly numbers: readonly number[];
      readonly a: number;
      readonly b: number;
    }
  | { readonly key: string; readonly kind: 'dozen' | 'column'; readonly index: 1 | 2 | 3 }
  | { readonly key: string; readonly kind: EvenMoneyKind };

export type InsideSpot = Extract<Spot, { numbers: readonly number[] }>;
export type OutsideSpot = Exclude<Spot, InsideSpot>;

/** Lattice bounds of the inside area. */
export const A_MIN = -1;
export const A_MAX = 23;
export const B_MIN = 0;
export const B_MAX = 5;
/** Where focus lands on the zero: the middle of its cell. */
export const ZERO_B = 3;

/** The spot key of an inside bet: kind and its numbers in ascending order. */
export function insideKey(kind: InsideKind, numbers: readonly number[]): string {
  return `${kind}:${[...numbers].sort((x, y) => x - y).join('-')}`;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The inside bet at lattice point (a, b), or null where the lattice has no bet. */
function insideAt(a: number, b: number): { kind: InsideKind; numbers: number[] } | null {
  if (b < B_MIN || b > B_MAX || a < A_MIN || a > A_MAX) return null;
  if (a === -1) return b === 0 ? null : { kind: 'straight', numbers: [0] };
  if (a === 0) {
    if (b === 0) return { kind: 'corner', numbers: [0, 1, 2, 3] };
    if (b % 2 === 1) return { kind: 'split', numbers: [0, (b + 1) / 2] };
    return { kind: 'street', numbers: [0, b / 2, b / 2 + 1] };
  }
  if (a % 2 === 1) {
    const first = 3 * ((a - 1) / 2) + 1;
    if (b === 0) return { kind: 'street', numbers: range(first, first + 2) };
    if (b % 2 === 1) return { kind: 'straight', numbers: [first + (b - 1) / 2] };
    const n = first + b / 2 - 1;
    return { kind: 'split', numbers: [n, n + 1] };
  }
  const first = 3 * ((a - 2) / 2) + 1;
  if (b === 0) return { kind: 'line', numbers: range(first, first + 5) };
  if (b % 2 === 1) {
    const n = first + (b - 1) / 2;
    return { kind: 'split', numbers: [n, n + 3] };
  }
  const n = first + b / 2 - 1;
  return { kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] };
}

function buildInside(): InsideSpot[] {
  const spots: InsideSpot[] = [];
  for (let a = A_MIN; a <= A_MAX; a++) {
    for (let b = B_MIN; b <= B_MAX; b++) {
      if (a === -1 && b !== ZERO_B) continue;
      const bet = insideAt(a, b);
      if (bet) spots.push({ key: insideKey(bet.kind, bet.numbers), ...bet, a, b });
    }
  }
  return spots;
}

/** Every inside spot, once each (the zero at its middle lattice point). */
export const INSIDE_SPOTS: readonly InsideSpot[] = buildInside();

export const EVEN_MONEY_KINDS: readonly EvenMoneyKind[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

/** Dozens, columns and the even-money bets, in table order. */
export const OUTSIDE_SPOTS: readonly OutsideSpot[] = [
  ...([1, 2, 3] as const).map((index) => ({ key: `dozen:${index}`, kind: 'dozen' as const, index })),
  ...([1, 2, 3] as const).map((index) => ({ key: `column:${index}`, kind: 'column' as const, index })),
  ...EVEN_MONEY_KINDS.map((kind) => ({ key: kind, kind })),
];

export const ALL_SPOTS: readonly Spot[] = [...INSIDE_SPOTS, ...OUTSIDE_SPOTS];

const BY_KEY = new Map(ALL_SPOTS.map((spot) => [spot.key, spot]));
const BY_POINT = new Map(INSIDE_SPOTS.map((spot) => [`${spot.a},${spot.b}`, spot]));

/** The spot with this key, or undefined. */
export function spotByKey(key: string): Spot | undefined {
  return BY_KEY.get(key);
}

/** The inside spot at lattice point (a, b): every point of the zero's column is the zero. */
export function spotAt(a: number, b: number): InsideSpot | null {
  if (a === -1) return b >= 1 && b <= B_MAX ? (BY_POINT.get(`-1,${ZERO_B}`) ?? null) : null;
  return BY_POINT.get(`${a},${b}`) ?? null;
}

/** The engine bet a chip stack of `amount` minor units on `spot` makes. */
export function spotBet(spot: Spot, amount: bigint): RouletteBet {
  if ('numbers' in spot) return { kind: spot.kind, numbers: spot.numbers, amount };
  if ('index' in spot) return { kind: spot.kind, index: spot.index, amount };
  return { kind: spot.kind, amount };
}

/** The pockets a spot wins on. */
export function spotPockets(spot: Spot): number[] {
  return coveredPockets(spotBet(spot, 1n));
}

/** The wire shape of docs/api-games.md for one bet (amount as a decimal string). */
export interface ApiRouletteBet {
  kind: Spot['kind'];
  numbers?: number[];
  index?: number;
  amount: string;
}

/** One bet of the API body. */
export function spotApiBet(spot: Spot, amount: string): ApiRouletteBet {
  if ('numbers' in spot) return { kind: spot.kind, numbers: [...spot.numbers], amount };
  if ('index' in spot) return { kind: spot.kind, index: spot.index, amount };
  return { kind: spot.kind, amount };
}

/** Moves focus one lattice step in a direction; stays put where the lattice ends. */
export function stepFrom(a: number, b: number, da: number, db: number): { a: number; b: number } {
  // Inside the zero's column `b` still moves, so leaving it to the right keeps the chosen row.
  const next = { a: a + da, b: b + db };
  return spotAt(next.a, next.b) ? next : { a, b };
}

export const isRed = (n: number) => RED_NUMBERS.has(n);
