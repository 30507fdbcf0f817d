/**
 * Live punto banco from an 8-deck shoe (docs/fairness.md §10). The shoe's composition is public
 * state; each round draws its cards from its own chain link (`round.ts`): card k of the round is
 * taken from the cards left with `float_k`, as sampling without replacement, so a round needs only
 * its hash, the salt and the cards left, and no round knows the cards of later rounds. The shoe's
 * first round burns a card and as many more as its value; the cut card lies 14 cards from the end.
 * Payouts: player 1:1, banker 0.95:1 (5 % commission, paid as floor(stake × 195 / 100)), tie 8:1
 * (player and banker bets push), pairs 11:1. Amounts are bigint minor units.
 */
import { add, applyRatio, multiply, ONE, type Ratio, ratio, subtract } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';
import { checkLimits, type LimitCheck, type TableLimits } from './limits.ts';

export const DECKS = 8;
export const SUITS = ['D', 'H', 'S', 'C'] as const;
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
/**
 * The 52 cards in canonical order, ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A, as "2D", "2H", …, "AC" (the hilo order):
 * card index c has rank RANKS[floor(c / 4)] and suit SUITS[c mod 4].
 */
export const CARDS: readonly string[] = RANKS.flatMap((rank) => SUITS.map((suit) => `${rank}${suit}`));
export const SHOE_CARDS = DECKS * CARDS.length;
/** Cards behind the cut card: the shoe's last hand is the one that deals the first of them. */
export const CUT_CARD = 14;

/** Baccarat value of a card index: A = 1, 2-9 their pips, 10 J Q K = 0. */
export function cardValue(card: number): number {
  const rank = Math.floor(card / SUITS.length);
  if (!Number.isInteger(card) || rank < 0 || rank >= RANKS.length) {
    throw new RangeError(`Expected a card index 0-51, received ${card}`);
  }
  if (rank === 12) return 1;
  return rank <= 7 ? rank + 2 : 0;
}

/** How many more cards the shoe's first card burns: its pips, 10 for 10 J Q K, 1 for an ace. */
export function burnCount(card: number): number {
  const value = cardValue(card);
  return value === 0 ? 10 : value;
}

/** The rank index of a card (pairs are two cards of the same rank: K K, not K Q). */
export function rankOf(card: number): number {
  return Math.floor(card / SUITS.length);
}

/** A shoe between rounds: how many of each of the 52 cards are left, their total, hands dealt. */
export interface Shoe {
  readonly counts: readonly number[];
  readonly left: number;
  readonly hands: number;
}

/** A new shoe: 8 of each card, 416 in all, no hand dealt. */
export function freshShoe(): Shoe {
  return { counts: CARDS.map(() => DECKS), left: SHOE_CARDS, hands: 0 };
}

/** A shoe is closed once a hand has dealt a card behind the cut card (fewer than 14 left). */
export function isShoeClosed(shoe: Shoe): boolean {
  return shoe.left < CUT_CARD;
}

/**
 * The card a float takes from the cards left: position `floor(float × left)` in the canonical
 * listing of what is left (each card index repeated as many times as it is left, 0 first).
 */
export function cardAt(counts: readonly number[], left: number, float: number): number {
  if (!(float >= 0 && float < 1) || left < 1) {
    throw new RangeError(`Expected a float in [0, 1) and cards left, received ${float} and ${left}`);
  }
  let position = Math.floor(float * left);
  for (const [card, count] of counts.entries()) {
    if (position < count) return card;
    position -= count;
  }
  throw new RangeError(`The counts hold fewer than ${left} cards`);
}

/** Most floats a round reads: the first of a shoe burns up to 11 cards, then a hand takes up to 6. */
export const MAX_ROUND_FLOATS = 17;
/** Floats of a hand: P1 B1 P2 B2 and up to two third cards. */
export const HAND_FLOATS = 6;

/** Floats to draw for the next round of `shoe` (the round may use fewer). */
export function floatsNeeded(shoe: Shoe): number {
  return shoe.hands === 0 ? MAX_ROUND_FLOATS : HAND_FLOATS;
}

/** Total of a hand: the sum of its values mod 10. */
export function handTotal(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) % 10;
}

/** A two-card 8 or 9 is a natural: both hands stand. */
export function isNatural(total: number): boolean {
  return total >= 8;
}

/** Without a natural, the player draws a third card on 0-5 and stands on 6-7. */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Without a natural, the banker's third card by its two-card total and the value of the player's
 * third card (null when the player stood): with the player standing the banker draws on 0-5;
 * otherwise 0-2 draw, 3 draws unless it is an 8, 4 on 2-7, 5 on 4-7, 6 on 6-7, 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird >= 6 && playerThird <= 7;
    default:
      return false;
  }
}

export type Winner = 'player' | 'banker' | 'tie';

/** One hand of punto banco: the cards (names) in the order each hand received them. */
export interface BaccaratHand {
  readonly player: readonly string[];
  readonly banker: readonly string[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly winner: Winner;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/**
 * Plays the tableau with cards from `take` (card indices, in the order they leave the shoe): P1, B1,
 * P2, B2, then the player's third card if it draws, then the banker's if it draws.
 */
export function playHand(take: () => number): BaccaratHand {
  const player = [take()];
  const banker = [take()];
  player.push(take());
  banker.push(take());
  const values = (cards: readonly number[]) => cards.map(cardValue);
  const natural = isNatural(handTotal(values(player))) || isNatural(handTotal(values(banker)));
  if (!natural) {
    let third: number | null = null;
    if (playerDraws(handTotal(values(player)))) {
      const card = take();
      player.push(card);
      third = cardValue(card);
    }
    if (bankerDraws(handTotal(values(banker)), third)) banker.push(take());
  }
  const playerTotal = handTotal(values(player));
  const bankerTotal = handTotal(values(banker));
  return {
    player: player.map((card) => CARDS[card]!),
    banker: banker.map((card) => CARDS[card]!),
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    natural,
    playerPair: rankOf(player[0]!) === rankOf(player[1]!),
    bankerPair: rankOf(banker[0]!) === rankOf(banker[1]!),
  };
}

/** A dealt round: its hand, the cards it burnt, the floats it read and the shoe after it. */
export interface BaccaratRound extends BaccaratHand {
  /** The first round of a shoe: the burn card, then the cards it burnt; otherwise empty. */
  readonly burnt: readonly string[];
  readonly floatsUsed: number;
  readonly shoe: Shoe;
  /** This hand dealt a card behind the cut card: the next round opens a new shoe. */
  readonly lastOfShoe: boolean;
}

/**
 * Deals the next round of `shoe` from the round's floats (`float_0`, `float_1`, … of its stream,
 * one per card in the order cards leave the shoe): on a fresh shoe the burn card and the cards it
 * burns first, then the hand. Throws on a closed shoe or too few floats (programming errors).
 */
export function dealRound(shoe: Shoe, floats: readonly number[]): BaccaratRound {
  if (isShoeClosed(shoe)) throw new RangeError(`The shoe is closed (${shoe.left} cards left)`);
  const counts = [...shoe.counts];
  let left = shoe.left;
  let used = 0;
  const take = (): number => {
    const float = floats[used];
    if (float === undefined)
      throw new RangeError(`The round needs more than the ${floats.length} floats given`);
    used += 1;
    const card = cardAt(counts, left, float);
    counts[card]! -= 1;
    left -= 1;
    return card;
  };
  const burnt: number[] = [];
  if (shoe.hands === 0) {
    burnt.push(take());
    for (let i = burnCount(burnt[0]!); i > 0; i -= 1) burnt.push(take());
  }
  const hand = playHand(take);
  const after: Shoe = { counts, left, hands: shoe.hands + 1 };
  return {
    ...hand,
    burnt: burnt.map((card) => CARDS[card]!),
    floatsUsed: used,
    shoe: after,
    lastOfShoe: isShoeClosed(after),
  };
}

export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export const BET_KINDS: readonly BaccaratBetKind[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];

export interface BaccaratBet {
  readonly kind: BaccaratBetKind;
  readonly amount: bigint;
}

/** What a winning bet returns per unit staked, stake included: 1:1, 0.95:1, 8:1, 11:1. */
export const RETURNS: Readonly<Record<BaccaratBetKind, Ratio>> = {
  player: ratio(2n),
  banker: ratio(195n, 100n),
  tie: ratio(9n),
  playerPair: ratio(12n),
  bankerPair: ratio(12n),
};

/**
 * What one bet returns on a hand: a win pays floor(stake × RETURNS[kind]); a player or banker bet
 * gets its stake back on a tie; anything else loses.
 */
export function betReturn(bet: BaccaratBet, hand: BaccaratHand): bigint {
  const win = applyRatio(bet.amount, RETURNS[bet.kind]);
  switch (bet.kind) {
    case 'player':
    case 'banker':
      if (hand.winner === 'tie') return bet.amount;
      return hand.winner === bet.kind ? win : 0n;
    case 'tie':
      return hand.winner === 'tie' ? win : 0n;
    case 'playerPair':
      return hand.playerPair ? win : 0n;
    case 'bankerPair':
      return hand.bankerPair ? win : 0n;
  }
}

export interface BaccaratSettlement {
  readonly totalStake: bigint;
  readonly totalReturn: bigint;
  readonly returns: readonly bigint[];
}

/** Settles (validated) bets on a hand. */
export function settleBaccarat(bets: readonly BaccaratBet[], hand: BaccaratHand): BaccaratSettlement {
  const returns = bets.map((bet) => betReturn(bet, hand));
  return {
    totalStake: bets.reduce((sum, bet) => sum + bet.amount, 0n),
    totalReturn: returns.reduce((sum, value) => sum + value, 0n),
    returns,
  };
}

export type BaccaratError =
  | 'ERR_NO_BETS'
  | 'ERR_TOO_MANY_BETS'
  | 'ERR_BET_KIND'
  | 'ERR_AMOUNT'
  | 'ERR_BOTH_SIDES';

/** Validation failures name the offending bet by its position. */
export type BaccaratValidation = Result<readonly BaccaratBet[], BaccaratError> & { readonly index?: number };

/**
 * Checks bets: 1 … `maxBets`, known kinds, positive amounts, and not player and banker together
 * (a hedge that wagers without risk).
 */
export function validateBaccaratBets(bets: readonly BaccaratBet[], maxBets = 10): BaccaratValidation {
  if (bets.length === 0) return fail('ERR_NO_BETS', 'Expected at least one bet, received none');
  if (bets.length > maxBets) {
    return fail('ERR_TOO_MANY_BETS', `Expected at most ${maxBets} bets, received ${bets.length}`);
  }
  for (const [index, bet] of bets.entries()) {
    if (!Object.hasOwn(RETURNS, bet.kind)) {
      return {
        ...fail('ERR_BET_KIND', `Bet ${index}: expected a known bet kind, received "${String(bet.kind)}"`),
        index,
      };
    }
    if (typeof bet.amount !== 'bigint' || bet.amount <= 0n) {
      const message = `Bet ${index}: expected a positive amount in minor units, received ${String(bet.amount)}`;
      return { ...fail('ERR_AMOUNT', message), index };
    }
  }
  const sides = bets.findIndex((bet) => bet.kind === 'banker');
  if (sides >= 0 && bets.some((bet) => bet.kind === 'player')) {
    return { ...fail('ERR_BOTH_SIDES', `Bet ${sides}: expected player or banker, not both`), index: sides };
  }
  return ok(bets);
}

/** Checks (validated) bets against the table limits of `currency`; bets of one kind add up. */
export function validateBaccaratLimits(
  bets: readonly BaccaratBet[],
  currency: string,
  limits: TableLimits<BaccaratBetKind>,
): LimitCheck<BaccaratBetKind> {
  return checkLimits(
    bets.map((bet) => ({ kind: bet.kind, key: bet.kind, amount: bet.amount })),
    currency,
    limits,
  );
}

/** Exact chances of a hand dealt from a shoe, as rationals. */
export interface BaccaratOdds {
  readonly player: Ratio;
  readonly banker: Ratio;
  readonly tie: Ratio;
  /** The first two cards of the player (of the banker) are of one rank. */
  readonly playerPair: Ratio;
  readonly bankerPair: Ratio;
}

/**
 * The exact odds of the next hand from `shoe` (by default a fresh 8-deck shoe): every sequence of
 * card values for P1 B1 P2 B2 P3 B3 drawn without replacement, weighted by how many card orders
 * give it, through the tableau above. A hand that uses fewer than 6 cards counts every way to
 * draw the unused ones, so all weights share the denominator left·(left−1)·…·(left−5).
 */
export function exactOdds(shoe: Shoe = freshShoe()): BaccaratOdds {
  const n = shoe.left;
  if (n < HAND_FLOATS) throw new RangeError(`Expected at least 6 cards, received ${n}`);
  const c = Array.from({ length: 10 }, () => 0);
  for (const [card, count] of shoe.counts.entries()) c[cardValue(card)]! += count;
  // Weights below the first four cards are Numbers (at most (n − 4)(n − 5)); totals are bigints.
  const rest = (n - 4) * (n - 5);
  const totals = { player: 0n, banker: 0n, tie: 0n };
  const sub = { player: 0, banker: 0, tie: 0 };
  const score = (pt: number, bt: number, weight: number) => {
    sub[pt > bt ? 'player' : bt > pt ? 'banker' : 'tie'] += weight;
  };
  const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (const p1 of values) {
    const w1 = c[p1]!;
    if (w1 === 0) continue;
    c[p1]! -= 1;
    for (const b1 of values) {
      const w2 = w1 * c[b1]!;
      if (w2 === 0) continue;
      c[b1]! -= 1;
      for (const p2 of values) {
        const w3 = w2 * c[p2]!;
        if (w3 === 0) continue;
        c[p2]! -= 1;
        for (const b2 of values) {
          const w4 = w3 * c[b2]!;
          if (w4 === 0) continue;
          c[b2]! -= 1;
          sub.player = 0;
          sub.banker = 0;
          sub.tie = 0;
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (isNatural(pt) || isNatural(bt)) {
            score(pt, bt, rest);
          } else if (playerDraws(pt)) {
            for (const p3 of values) {
              const wp = c[p3]!;
              if (wp === 0) continue;
              c[p3]! -= 1;
              const pt3 = (pt + p3) % 10;
              if (bankerDraws(bt, p3)) {
                for (const b3 of values) if (c[b3]! > 0) score(pt3, (bt + b3) % 10, wp * c[b3]!);
              } else {
                score(pt3, bt, wp * (n - 5));
              }
              c[p3]! += 1;
            }
          } else if (bankerDraws(bt, null)) {
            for (const b3 of values) if (c[b3]! > 0) score(pt, (bt + b3) % 10, c[b3]! * (n - 5));
          } else {
            score(pt, bt, rest);
          }
          const w = BigInt(w4);
          totals.player += w * BigInt(sub.player);
          totals.banker += w * BigInt(sub.banker);
          totals.tie += w * BigInt(sub.tie);
          c[b2]! += 1;
        }
        c[p2]! += 1;
      }
      c[b1]! += 1;
    }
    c[p1]! += 1;
  }
  let denominator = 1n;
  for (let i = 0; i < HAND_FLOATS; i += 1) denominator *= BigInt(n - i);
  let pairs = 0n;
  for (let rank = 0; rank < RANKS.length; rank += 1) {
    const count = BigInt(shoe.counts.slice(rank * 4, rank * 4 + 4).reduce((sum, k) => sum + k, 0));
    pairs += count * (count - 1n);
  }
  const pair = ratio(pairs, BigInt(n) * BigInt(n - 1));
  return {
    player: ratio(totals.player, denominator),
    banker: ratio(totals.banker, denominator),
    tie: ratio(totals.tie, denominator),
    playerPair: pair,
    bankerPair: pair,
  };
}

/**
 * Exact return to player of each bet for given odds, per unit staked (the banker's floor of a minor
 * unit left out): player 2·P + T, banker 1.95·B + T, tie 9·T, a pair 12 × its chance.
 */
export function returnsToPlayer(odds: BaccaratOdds = exactOdds()): Readonly<Record<BaccaratBetKind, Ratio>> {
  return {
    player: add(multiply(RETURNS.player, odds.player), odds.tie),
    banker: add(multiply(RETURNS.banker, odds.banker), odds.tie),
    tie: multiply(RETURNS.tie, odds.tie),
    playerPair: multiply(RETURNS.playerPair, odds.playerPair),
    bankerPair: multiply(RETURNS.bankerPair, odds.bankerPair),
  };
}

/**
 * Exact house edge of each bet, 1 − its return to player (a fresh shoe: banker 1.0579 %, player
 * 1.2351 %, tie 14.3596 %, pairs 10.3614 %). Throws when a bet favours the player (a depleted shoe).
 */
export function houseEdges(odds: BaccaratOdds = exactOdds()): Readonly<Record<BaccaratBetKind, Ratio>> {
  const rtp = returnsToPlayer(odds);
  return {
    player: subtract(ONE, rtp.player),
    banker: subtract(ONE, rtp.banker),
    tie: subtract(ONE, rtp.tie),
    playerPair: subtract(ONE, rtp.playerPair),
    bankerPair: subtract(ONE, rtp.bankerPair),
  };
}
