import type { z } from 'zod';
import type { BET_PLAYS, betCommon, feedItem, rouletteBetParams } from '../api/games.ts';
import type { PlayableGame } from '../games.ts';

/**
 * The bet and feed shapes on the wire (docs/api-games.md), shared by the server, which builds them,
 * and the browser, which reads them as they are. They are the types of the answers' schemas,
 * declared once in src/shared/api/games.ts (imported for their types only: nothing of zod reaches
 * a page through here).
 */

/** One roulette bet as played: `numbers` for inside bets, `index` (1-3) for dozens and columns. */
export type RouletteBetParams = z.output<typeof rouletteBetParams>;

type Plays = typeof BET_PLAYS;

/** The inputs (`params`) and the result (`outcome`) of each playable game's bets. */
export type BetPlays = {
  [G in keyof Plays]: { params: z.output<Plays[G]['params']>; outcome: z.output<Plays[G]['outcome']> };
};

/** The games with a bets API: the playable ones, each with its `BetPlays` entry (indexing below fails to compile without it). */
export type BetGame = PlayableGame;
export type BetParams<G extends BetGame> = BetPlays[G]['params'];
export type BetOutcome<G extends BetGame> = BetPlays[G]['outcome'];

/** What every bet view carries, whatever its game. */
export type BetCommon = { [K in keyof typeof betCommon]: z.output<(typeof betCommon)[K]> };

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
 * original (src/shared/api/games.ts says what `id` names).
 */
export type FeedItem = z.output<typeof feedItem>;

/** The public feed channels on `/ws`, by feed kind (`GET /games/feed?kind=`). */
export const FEED_CHANNELS = { all: 'feed:bets', 'high-rollers': 'feed:high-rollers' } as const;
export type FeedKind = keyof typeof FEED_CHANNELS;
export type FeedChannel = (typeof FEED_CHANNELS)[FeedKind];
export const FEED_KINDS = Object.keys(FEED_CHANNELS) as [FeedKind, ...FeedKind[]];
