/** Wire types of the games API (docs/api-games.md). Amounts and multipliers are decimal strings. */

export type GameKey = 'dice' | 'coinflip' | 'keno' | 'roulette' | 'wheel' | 'cases';

/** One bet as the API shows it (`GET /games/bets/{id}`, every bet answer). */
export interface Bet {
  id: string;
  game: GameKey | (string & {});
  status: 'settled' | 'active';
  currency: string;
  amount: string;
  payout: string;
  /** Null while a coinflip series is open. */
  profit: string | null;
  multiplier: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  nonce: number | string;
  client_seed: string;
  commitment: string;
  /** Only once the bet's seed pair is rotated. */
  server_seed: string | null;
  seed_pair_id: string | number;
  created_at: string;
  settled_at?: string | null;
}

/** The `data` of every bet answer: the bet and the player's balance after it. */
export interface BetAnswer {
  bet: Bet;
  balance: string;
}

/** One line of the public feed (`GET /games/feed`, `/ws` channels `feed:bets`, `feed:high-rollers`). */
export interface FeedItem {
  id: string;
  game: GameKey | (string & {});
  /** Display name, or null when the player hides statistics. */
  player: string | null;
  currency: string;
  amount: string;
  multiplier: string;
  payout: string;
  created_at: string;
}

export type FeedKind = 'all' | 'high-rollers';
