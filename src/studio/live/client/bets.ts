/**
 * The viewer's chips, pure (no DOM): bets as bigint minor units, stacked into the wire's bets
 * (chips on one spot add up), the bets placed (confirmed by the table) and the chips not sent yet
 * as a list of actions (undo takes back the last), double, repeat, totals, and the spots the chips
 * cover on the layout (racetrack bets spread over the plain spots they place).
 */
import type { KindLimit, WireBet } from '../protocol.ts';
import { CALL_SPOTS, type CallBetKind, type InsideKind, insideKey, neighboursOf } from './layout.ts';

export type EvenKind = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type BaccaratKind = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';

/** A bet with bigint amounts: a plain bet's stake, a racetrack bet's chip value. */
export type Bet =
  | { kind: InsideKind; numbers: number[]; amount: bigint }
  | { kind: 'dozen' | 'column'; index: 1 | 2 | 3; amount: bigint }
  | { kind: EvenKind; amount: bigint }
  | { kind: 'neighbours'; number: number; neighbours: number; chip: bigint }
  | { kind: CallBetKind; chip: bigint }
  | { kind: BaccaratKind; amount: bigint };

const CALL: ReadonlySet<string> = new Set(['voisins', 'tiers', 'orphelins', 'jeu-zero']);
const INSIDE: ReadonlySet<string> = new Set(['straight', 'split', 'street', 'corner', 'line']);

export const isRacetrack = (bet: Bet): bet is Extract<Bet, { chip: bigint }> => 'chip' in bet;

/** How many chips of `chip` a racetrack bet places (a plain bet: 1). */
export function chipsOf(bet: Bet): bigint {
  if (bet.kind === 'neighbours') return BigInt(2 * bet.neighbours + 1);
  if (CALL.has(bet.kind))
    return BigInt(CALL_SPOTS[bet.kind as CallBetKind].reduce((sum, spot) => sum + spot.chips, 0));
  return 1n;
}

/** What a bet stakes. */
export const stakeOf = (bet: Bet): bigint => (isRacetrack(bet) ? chipsOf(bet) * bet.chip : bet.amount);

/** Which bets stack: the same spot (or racetrack bet) adds up. */
export function betKey(bet: Bet): string {
  if ('numbers' in bet) return insideKey(bet);
  if ('index' in bet) return `${bet.kind} ${bet.index}`;
  if (bet.kind === 'neighbours') return `neighbours ${bet.number}/${bet.neighbours}`;
  return bet.kind;
}

/** The bet with its stake (or chip) times `factor`. */
export function scaled(bet: Bet, factor: bigint): Bet {
  return isRacetrack(bet) ? { ...bet, chip: bet.chip * factor } : { ...bet, amount: bet.amount * factor };
}

function plus(a: Bet, b: Bet): Bet {
  if (isRacetrack(a) && isRacetrack(b)) return { ...a, chip: a.chip + b.chip };
  if (!isRacetrack(a) && !isRacetrack(b)) return { ...a, amount: a.amount + b.amount };
  throw new TypeError(`Cannot add ${betKey(b)} to ${betKey(a)}`);
}

/** Bets with the same key added up, in order of first appearance. */
export function stack(bets: readonly Bet[]): Bet[] {
  const merged = new Map<string, Bet>();
  for (const bet of bets) {
    const key = betKey(bet);
    const seen = merged.get(key);
    merged.set(key, seen ? plus(seen, bet) : { ...bet });
  }
  return [...merged.values()];
}

export const totalOf = (bets: readonly Bet[]): bigint => bets.reduce((sum, bet) => sum + stakeOf(bet), 0n);

export function toWire(bet: Bet): WireBet {
  if (isRacetrack(bet)) {
    return bet.kind === 'neighbours'
      ? { kind: 'neighbours', number: bet.number, neighbours: bet.neighbours, chip: bet.chip.toString() }
      : { kind: bet.kind, chip: bet.chip.toString() };
  }
  if ('numbers' in bet) return { kind: bet.kind, numbers: [...bet.numbers], amount: bet.amount.toString() };
  if ('index' in bet) return { kind: bet.kind, index: bet.index, amount: bet.amount.toString() };
  return { kind: bet.kind, amount: bet.amount.toString() } as WireBet;
}

export function fromWire(bet: WireBet): Bet {
  if ('chip' in bet) {
    return bet.kind === 'neighbours'
      ? { kind: 'neighbours', number: bet.number, neighbours: bet.neighbours, chip: BigInt(bet.chip) }
      : { kind: bet.kind, chip: BigInt(bet.chip) };
  }
  if ('numbers' in bet) return { kind: bet.kind, numbers: [...bet.numbers], amount: BigInt(bet.amount) };
  if ('index' in bet) return { kind: bet.kind, index: bet.index, amount: BigInt(bet.amount) };
  return { kind: bet.kind, amount: BigInt(bet.amount) } as Bet;
}

/**
 * A racetrack click: `number` with `count` neighbours each side, one chip each; with no neighbours
 * it is a straight bet (the table takes 1-9 neighbours).
 */
export function neighboursBet(number: number, count: number, chip: bigint): Bet {
  return count === 0
    ? { kind: 'straight', numbers: [number], amount: chip }
    : { kind: 'neighbours', number, neighbours: count, chip };
}

/** A plain spot of the layout and what it holds. */
export interface SpotStake {
  /** "straight 5", "split 5/8", "dozen 2", "red", "banker" … (the engines' position keys). */
  key: string;
  kind: string;
  amount: bigint;
}

/** The plain spots bets put chips on (racetrack bets expanded), added up per spot. */
export function spotStakes(bets: readonly Bet[]): Map<string, SpotStake> {
  const spots = new Map<string, SpotStake>();
  const put = (key: string, kind: string, amount: bigint) => {
    const seen = spots.get(key);
    spots.set(key, { key, kind, amount: (seen?.amount ?? 0n) + amount });
  };
  for (const bet of bets) {
    if (bet.kind === 'neighbours') {
      for (const n of neighboursOf(bet.number, bet.neighbours)) put(`straight ${n}`, 'straight', bet.chip);
    } else if (CALL.has(bet.kind) && isRacetrack(bet)) {
      for (const spot of CALL_SPOTS[bet.kind as CallBetKind])
        put(insideKey(spot), spot.kind, BigInt(spot.chips) * bet.chip);
    } else if (!isRacetrack(bet)) put(betKey(bet), bet.kind, bet.amount);
  }
  return spots;
}

/** The first spot outside its kind's limits (or offered in none), or null. */
export function limitProblem(
  bets: readonly Bet[],
  limits: Readonly<Record<string, KindLimit>>,
): { key: string; kind: string; amount: bigint; limit: KindLimit | null } | null {
  for (const spot of spotStakes(bets).values()) {
    const limit = Object.hasOwn(limits, spot.kind) ? limits[spot.kind]! : null;
    if (!limit || spot.amount < BigInt(limit.min) || spot.amount > BigInt(limit.max))
      return { ...spot, limit };
  }
  return null;
}

/** Baccarat takes player or banker, not both. */
export const bothSides = (bets: readonly Bet[]): boolean =>
  bets.some((bet) => bet.kind === 'player') && bets.some((bet) => bet.kind === 'banker');

/** What the viewer has on the table this round, and what the last round had (for repeat). */
export interface Book {
  /** The table took these (stacked). */
  readonly placed: readonly Bet[];
  /** Chips not sent yet, one list per action (a chip, a double, a repeat). */
  readonly actions: readonly (readonly Bet[])[];
  /** The bets of the last round the viewer played. */
  readonly last: readonly Bet[];
}

export const emptyBook = (last: readonly Bet[] = []): Book => ({ placed: [], actions: [], last });

/** The chips not sent yet, stacked. */
export const pendingOf = (book: Book): Bet[] => stack(book.actions.flat());

/** Everything on the table: placed and not sent, stacked. */
export const allOf = (book: Book): Bet[] => stack([...book.placed, ...book.actions.flat()]);

export function totals(book: Book): { placed: bigint; pending: bigint; total: bigint } {
  const placed = totalOf(book.placed);
  const pending = totalOf(book.actions.flat());
  return { placed, pending, total: placed + pending };
}

export const addAction = (book: Book, bets: readonly Bet[]): Book =>
  bets.length === 0 ? book : { ...book, actions: [...book.actions, bets.map((bet) => ({ ...bet }))] };

/** One more chip on a spot. */
export const addChip = (book: Book, bet: Bet): Book => addAction(book, [bet]);

/** Takes back the last action not sent. */
export const undo = (book: Book): Book => ({ ...book, actions: book.actions.slice(0, -1) });

/** Takes back every chip not sent (placed bets stay: the table has them). */
export const clear = (book: Book): Book => ({ ...book, actions: [] });

/** Doubles everything on the table: the same bets again, as one action. */
export const double = (book: Book): Book => addAction(book, allOf(book));

/** The last round's bets again, as one action. */
export const repeat = (book: Book): Book => addAction(book, stack(book.last));

/** The stake one action adds (what double or repeat would add, before it is done). */
export const stakeOfAction = (bets: readonly Bet[]): bigint => totalOf(bets);

/**
 * The table confirmed the first `sent` actions: its answer lists all of the viewer's bets this
 * round; later actions stay pending.
 */
export const confirmed = (book: Book, sent: number, placed: readonly Bet[]): Book => ({
  ...book,
  placed: stack(placed),
  actions: book.actions.slice(sent),
});

/** The table refused the first `sent` actions: they are dropped. */
export const refused = (book: Book, sent: number): Book => ({ ...book, actions: book.actions.slice(sent) });

/** A new round: the last round's placed bets become the ones to repeat (when there were any). */
export const nextRound = (book: Book): Book => emptyBook(book.placed.length > 0 ? book.placed : book.last);

/** Sets the bets the table holds for the viewer (from a snapshot or the viewer's seat). */
export const withPlaced = (book: Book, placed: readonly Bet[]): Book => ({ ...book, placed: stack(placed) });

/** Whether a bet is an inside bet of the roulette grid. */
export const isInside = (bet: Bet): bet is Extract<Bet, { numbers: number[] }> => INSIDE.has(bet.kind);
