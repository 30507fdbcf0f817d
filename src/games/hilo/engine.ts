/**
 * Hilo on an infinite deck (docs/fairness.md §3): card_i = DECK[floor(float_i × 52)]; card 0 is the
 * start card and each later guess or skip takes the next card. Suits never matter; ranks order
 * 2 < 3 < … < 10 < J < Q < K < A, the DECK order.
 *
 * Guesses and ties: "higherOrSame" / "lowerOrSame" win on an equal rank (the usual pair, as on
 * Stake); "higher" / "lower" are strict, "same" wins only on an equal rank. A guess is offered
 * only when its probability p is strictly between 0 and 1, so on a 2 the pair is higher / same and
 * on an A lower / same. Each winning guess multiplies the streak by 0.99 / p, exactly.
 *
 * The round's rules (docs/fairness.md "Points to know"): the page offers one pair per card
 * (`offeredPair`), at most `MAX_SKIPS` skips and `MAX_ACTIONS` guesses and skips per round.
 */
import { multiply, ONE, type Ratio, ratio, ZERO } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const SUITS = ['D', 'H', 'S', 'C'] as const;
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
/** ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A as "2D", "2H", "2S", "2C", "3D", …, "AC". */
export const DECK: readonly string[] = RANKS.flatMap((rank) => SUITS.map((suit) => `${rank}${suit}`));

export const GUESSES = ['higher', 'lower', 'higherOrSame', 'lowerOrSame', 'same'] as const;
export type HiloGuess = (typeof GUESSES)[number];
export type HiloAction = HiloGuess | 'skip';
export const ACTIONS: readonly HiloAction[] = [...GUESSES, 'skip'];

/** Skips one round allows (a skip draws the next card without changing the streak). */
export const MAX_SKIPS = 10;
/** Guesses and skips one round allows: the last right one cashes out by itself. */
export const MAX_ACTIONS = 100;

/** Floats needed to play `actions`: the start card plus one card per action. */
export function floatCount(actions: readonly HiloAction[]): number {
  return actions.length + 1;
}

/** The card for a float: DECK[floor(float × 52)]. */
export function cardFromFloat(float: number): string {
  return DECK[Math.floor(float * DECK.length)]!;
}

/** Rank of a card, 0 (a 2) … 12 (an ace). */
export function rankOf(card: string): number {
  const rank = RANKS.indexOf(card.slice(0, -1) as (typeof RANKS)[number]);
  if (rank < 0 || !SUITS.includes(card.slice(-1) as (typeof SUITS)[number])) {
    throw new RangeError(`Expected a card like "8D", "10S" or "AH", received "${card}"`);
  }
  return rank;
}

/** Number of the 13 ranks on which `guess` wins from a card of rank `from`. */
function winningRanks(from: number, guess: HiloGuess): number {
  switch (guess) {
    case 'higher':
      return 12 - from;
    case 'lower':
      return from;
    case 'higherOrSame':
      return 13 - from;
    case 'lowerOrSame':
      return from + 1;
    case 'same':
      return 1;
  }
}

/** Probability that `guess` wins from a card of rank `from`, under the infinite deck. */
export function guessProbability(from: number, guess: HiloGuess): Ratio {
  return ratio(BigInt(winningRanks(from, guess)), 13n);
}

/** The guesses offered on a card of rank `from` (0 < p < 1). */
export function availableGuesses(from: number): HiloGuess[] {
  return GUESSES.filter((guess) => {
    const count = winningRanks(from, guess);
    return count > 0 && count < 13;
  });
}

/**
 * The two guesses the page offers on a card of rank `from`, [up, down]: "higher or same" and "lower
 * or same" on a 3 … K; on a 2 (nothing is lower) "higher" and "same"; on an A (nothing is higher)
 * "same" and "lower". Each has 0 < p < 1, so each pays 0.99 / p > 0.99.
 */
export function offeredPair(from: number): readonly [HiloGuess, HiloGuess] {
  if (from === 0) return ['higher', 'same'];
  if (from === RANKS.length - 1) return ['same', 'lower'];
  return ['higherOrSame', 'lowerOrSame'];
}

/** The offered guess most likely to win on rank `from` (the smallest multiplier). */
export function safestGuess(from: number): HiloGuess {
  const [up, down] = offeredPair(from);
  return winningRanks(from, up) >= winningRanks(from, down) ? up : down;
}

/** Multiplier of a winning guess: 0.99 / p = 0.99 × 13 / winning ranks, exact. */
export function guessMultiplier(from: number, guess: HiloGuess): Ratio {
  return ratio(99n * 13n, 100n * BigInt(winningRanks(from, guess)));
}

/** Whether `guess` from rank `from` wins when rank `to` comes. */
export function guessWins(from: number, to: number, guess: HiloGuess): boolean {
  switch (guess) {
    case 'higher':
      return to > from;
    case 'lower':
      return to < from;
    case 'higherOrSame':
      return to >= from;
    case 'lowerOrSame':
      return to <= from;
    case 'same':
      return to === from;
  }
}

export interface HiloStep {
  readonly action: HiloAction;
  /** The card this action revealed. */
  readonly card: string;
  /** Skips are always "won". */
  readonly win: boolean;
}

export interface HiloOutcome {
  /** The start card and one card per action played (the round stops at a lost guess). */
  readonly cards: readonly string[];
  readonly steps: readonly HiloStep[];
  readonly lost: boolean;
  /** The streak's cash-out multiplier: the product of the won guesses' multipliers, 0 after a loss. */
  readonly multiplier: Ratio;
}

export type HiloError = 'ERR_ACTION' | 'ERR_GUESS_UNAVAILABLE';

/**
 * The streak of a round that is still going: the product of its guesses' multipliers, each from
 * the card it was made on (`cards[i]` for action i). Public data only: the cards already shown.
 */
export function streakOf(cards: readonly string[], actions: readonly HiloAction[]): Ratio {
  let streak = ONE;
  for (const [i, action] of actions.entries()) {
    if (action !== 'skip') streak = multiply(streak, guessMultiplier(rankOf(cards[i]!), action));
  }
  return streak;
}

/** The cards for `count` floats: the start card then one per action. */
export function cards(floats: readonly number[]): string[] {
  return floats.map(cardFromFloat);
}

/**
 * Plays `actions` in order; stops at the first lost guess. A guess that is not offered on the
 * current card is an error (its position is in the message).
 */
export function outcome(
  floats: readonly number[],
  actions: readonly HiloAction[],
): Result<HiloOutcome, HiloError> {
  if (floats.length < floatCount(actions)) {
    throw new RangeError(`Hilo needs ${floatCount(actions)} floats, received ${floats.length}`);
  }
  const dealt = [cardFromFloat(floats[0]!)];
  const steps: HiloStep[] = [];
  let streak = ONE;
  for (const [i, action] of actions.entries()) {
    const from = rankOf(dealt[i]!);
    if (action !== 'skip' && !GUESSES.includes(action)) {
      return fail('ERR_ACTION', `Action ${i}: expected a guess or "skip", received "${String(action)}"`);
    }
    if (action !== 'skip' && !availableGuesses(from).includes(action)) {
      return fail('ERR_GUESS_UNAVAILABLE', `Action ${i}: "${action}" is not offered on ${dealt[i]}`);
    }
    const card = cardFromFloat(floats[i + 1]!);
    dealt.push(card);
    const win = action === 'skip' || guessWins(from, rankOf(card), action);
    steps.push({ action, card, win });
    if (!win) return ok({ cards: dealt, steps, lost: true, multiplier: ZERO });
    if (action !== 'skip') streak = multiply(streak, guessMultiplier(from, action));
  }
  return ok({ cards: dealt, steps, lost: false, multiplier: streak });
}
