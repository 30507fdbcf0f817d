/**
 * The bet and feed shapes on the wire (docs/api-games.md), shared by the server, which builds them,
 * and the browser, which reads them as they are. Amounts and multipliers are decimal strings,
 * times ISO 8601 strings, ids and nonces decimal strings (they may exceed 2⁵³).
 */
import type { CoinSide } from '../../games/coinflip/engine.ts';
import type { DiceDirection } from '../../games/dice/engine.ts';
import type { HiloAction } from '../../games/hilo/engine.ts';
import type { KenoRisk } from '../../games/keno/engine.ts';
import type { BetKind, PocketColor } from '../../games/roulette/engine.ts';
import type { SegmentCount, WheelRisk } from '../../games/wheel/engine.ts';
import type { Currency } from '../currencies.ts';
import type { OriginalGame, PlayableGame } from '../games.ts';

/** One roulette bet as played: `numbers` for inside bets, `index` (1-3) for dozens and columns. */
export interface RouletteBetParams {
  kind: BetKind;
  numbers?: readonly number[];
  index?: number;
  amount: string;
}

/** The inputs (`params`) and the result (`outcome`) of each playable game's bets. */
export interface BetPlays {
  dice: {
    params: { target: string; direction: DiceDirection };
    outcome: { roll: string; win: boolean };
  };
  coinflip: {
    /** The calls so far; `flips` holds only the flips already called (docs/api-games.md). */
    params: { calls: readonly CoinSide[] };
    outcome: { flips: readonly CoinSide[] };
  };
  miner: {
    /** The mine count and the tiles opened, in order (an auto bet: its whole pattern). */
    params: { mines: number; tiles: readonly number[] };
    /**
     * Every mine once the round has ended (empty while it is open: nothing unrevealed leaves the
     * server), and the tile that hit a mine (null when none did).
     */
    outcome: { mines: readonly number[]; hit: number | null };
  };
  hilo: {
    /** The guesses and skips so far, in order. */
    params: { actions: readonly HiloAction[] };
    /** The start card and one card per action: only cards already shown ("10S", "AH"). */
    outcome: { cards: readonly string[] };
  };
  keno: {
    params: { risk: KenoRisk; picks: readonly number[] };
    /** The 10 numbers in draw order, and the picks among them. */
    outcome: { drawn: readonly number[]; hits: readonly number[] };
  };
  roulette: {
    params: { bets: readonly RouletteBetParams[] };
    /** `returns[i]` is what bet i returned (0 when it lost). */
    outcome: { pocket: number; color: PocketColor; returns: readonly string[] };
  };
  wheel: {
    params: { risk: WheelRisk; segments: SegmentCount };
    outcome: { segment: number; multiplier: string };
  };
  cases: {
    params: { slug: string };
    /** `row` indexes the case's prize table, read from the top. */
    outcome: { row: number; multiplier: string };
  };
}

/** The games with a bets API: the playable ones, each with its `BetPlays` entry (indexing below fails to compile without it). */
export type BetGame = PlayableGame;
export type BetParams<G extends BetGame> = BetPlays[G]['params'];
export type BetOutcome<G extends BetGame> = BetPlays[G]['outcome'];

/** What every bet view carries, whatever its game. */
export interface BetCommon {
  id: string;
  status: 'settled' | 'active';
  currency: Currency;
  amount: string;
  payout: string;
  /** payout − amount once settled; null while a round (a coinflip series) is open. */
  profit: string | null;
  multiplier: string;
  nonce: string;
  client_seed: string;
  commitment: string;
  /** Only once the bet's seed pair is rotated (docs/fairness.md §1). */
  server_seed: string | null;
  seed_pair_id: string;
  created_at: string;
  settled_at: string | null;
}

/**
 * One bet as the API answers it (`GET /games/bets/{id}`, every bet answer): a union keyed by
 * `game`, so `bet.game === 'dice'` narrows `params` and `outcome` to the dice shapes.
 */
export type BetView<G extends BetGame = BetGame> = {
  [K in G]: BetCommon & { game: K; params: BetParams<K>; outcome: BetOutcome<K> };
}[G];

/** The `data` of every bet answer: the bet and the player's cash balance after it. */
export interface BetAnswer<G extends BetGame = BetGame> {
  bet: BetView<G>;
  balance: string;
}

/** A page of the player's bets (`GET /games/bets`). */
export interface BetPage {
  data: BetView[];
  meta: { page: number; per_page: number; total: number };
}

/**
 * One settled bet in the public feeds (`GET /games/feed`, and each event's `data` on `/ws`), of any
 * original: `id` is the bet's id for the single-player games, `crash-<bet>` for a crash bet and
 * `room-<stake>` for a player's stakes in a drawn room round (named by their first stake).
 */
export interface FeedItem {
  id: string;
  game: OriginalGame;
  /** Display name, a stable alias `#` + 6 hex digits, or null when the player hides statistics. */
  player: string | null;
  currency: Currency;
  amount: string;
  multiplier: string;
  payout: string;
  created_at: string;
}

/** The public feed channels on `/ws`, by feed kind (`GET /games/feed?kind=`). */
export const FEED_CHANNELS = { all: 'feed:bets', 'high-rollers': 'feed:high-rollers' } as const;
export type FeedKind = keyof typeof FEED_CHANNELS;
export type FeedChannel = (typeof FEED_CHANNELS)[FeedKind];
export const FEED_KINDS = Object.keys(FEED_CHANNELS) as [FeedKind, ...FeedKind[]];
