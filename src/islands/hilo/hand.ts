/**
 * The hi-lo round as the island shows it (docs/api-games.md "Hi-lo", docs/fairness.md "Points to
 * know"): the cards so far, the streak and what a cash-out pays, the two guesses offered on the
 * last card with their chances and multipliers, and the skips left. Pure: the island and its tests
 * share it.
 */
import {
  guessMultiplier,
  guessProbability,
  type HiloAction,
  type HiloGuess,
  MAX_SKIPS,
  offeredPair,
  rankOf,
  streakOf,
} from '../../games/hilo/engine.ts';
import { applyRatio, ONE, type Ratio, toDecimal } from '../../games/ratio.ts';
import { fromMinor, toMinor } from '../../shared/money.ts';
import type { BetView } from '../../shared/wire/bets.ts';

export type { HiloGuess };

/** The parts of a hi-lo bet view the board reads. */
export type HiloBet = Pick<BetView<'hilo'>, 'id' | 'status' | 'amount' | 'payout' | 'params' | 'outcome'>;

export interface Hand {
  betId: string;
  /** Stake as a decimal string in the player's currency. */
  amount: string;
  cards: string[];
  actions: HiloAction[];
  open: boolean;
  lost: boolean;
  /** Right guesses. */
  wins: number;
  skipsLeft: number;
  /** The streak's multiplier (1 before the first right guess; the last one's after a loss). */
  streak: Ratio;
  /** What a cash-out pays now (decimal string), null before the first right guess or after a loss. */
  cashout: string | null;
  /** The profit of that cash-out (decimal string). */
  profit: string | null;
}

/** Reads a bet view of the hi-lo API into a hand. */
export function readHand(bet: HiloBet): Hand {
  const cards = [...bet.outcome.cards];
  const actions = [...bet.params.actions];
  const lost = bet.status === 'settled' && toMinor(bet.payout) === 0n;
  const played = lost ? actions.slice(0, -1) : actions;
  const wins = played.filter((a) => a !== 'skip').length;
  const streak = streakOf(cards, played);
  const paid = lost || wins === 0 ? null : applyRatio(toMinor(bet.amount), streak);
  return {
    betId: bet.id,
    amount: bet.amount,
    cards,
    actions,
    open: bet.status === 'active',
    lost,
    wins,
    skipsLeft: Math.max(0, MAX_SKIPS - actions.filter((a) => a === 'skip').length),
    streak,
    cashout: paid === null ? null : fromMinor(paid),
    profit: paid === null ? null : fromMinor(paid - toMinor(bet.amount)),
  };
}

export interface Choice {
  guess: HiloGuess;
  /** The chance it wins, 0 … 1 (for display only: 7/13 → 0.538…). */
  chance: number;
  /** What a right guess multiplies the streak by, 4 decimals truncated ("1.8385"). */
  multiplier: string;
  /** The streak after a right guess, 4 decimals truncated. */
  after: string;
}

/** The two guesses offered on `card` ([up, down]), with their chances and multipliers. */
export function choicesOn(card: string, streak: Ratio = ONE): [Choice, Choice] {
  const from = rankOf(card);
  const choice = (guess: HiloGuess): Choice => {
    const p = guessProbability(from, guess);
    const m = guessMultiplier(from, guess);
    return {
      guess,
      chance: Number(p.num) / Number(p.den),
      multiplier: toDecimal(m, 4),
      after: toDecimal({ num: streak.num * m.num, den: streak.den * m.den }, 4),
    };
  };
  const [up, down] = offeredPair(from);
  return [choice(up), choice(down)];
}

const SUITS: Record<string, { symbol: string; red: boolean }> = {
  D: { symbol: '♦', red: true },
  H: { symbol: '♥', red: true },
  S: { symbol: '♠', red: false },
  C: { symbol: '♣', red: false },
};

/** A card's face: its rank ("10", "A"), suit symbol and colour. */
export function faceOf(card: string): { rank: string; suit: string; red: boolean } {
  const suit = SUITS[card.slice(-1)] ?? { symbol: '?', red: false };
  return { rank: card.slice(0, -1), suit: suit.symbol, red: suit.red };
}

export interface HistoryEntry {
  card: string;
  /** What was played on the card before it (`start` for card 0). */
  action: HiloAction | 'start';
  /** Whether that guess was right (null for the start card and skips). */
  right: boolean | null;
}

/** The card history row: each card with the move that drew it. */
export function historyOf(hand: Hand): HistoryEntry[] {
  return hand.cards.map((card, i) => {
    if (i === 0) return { card, action: 'start', right: null };
    const action = hand.actions[i - 1]!;
    if (action === 'skip') return { card, action, right: null };
    const wrong = hand.lost && i === hand.cards.length - 1;
    return { card, action, right: !wrong };
  });
}

/** Whether the player may guess or skip now. */
export function canMove(hand: Hand | null): boolean {
  return Boolean(hand?.open);
}
