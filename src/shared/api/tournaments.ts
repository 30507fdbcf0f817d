import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { PRODUCTS } from '../products.ts';
import { decimal } from './common.ts';

/** A time as the server writes it (ISO 8601, UTC): the same text in the pages' hook and the API. */
const timestamp = z.iso.datetime({ offset: true });

/**
 * Tournaments and the top as the browser reads them (docs/tournaments.md). Types are the wire form
 * (`z.input`: timestamps as ISO strings).
 *
 * A tournament counts the settled stakes of the games it names, from its start to its end:
 * - `wager`: points are the amount wagered, converted to the tournament's currency;
 * - `multiplier`: points are the best single multiplier (payout ÷ stake) of a stake of at least
 *   `min_stake`;
 * - `profit`: points are the net win (payouts less stakes), converted.
 * Each game's points are multiplied by its weight. Ties go to whoever reached the score first.
 */
export const TOURNAMENT_KINDS = ['wager', 'multiplier', 'profit'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

/** A tournament's life: upcoming → active → finished (prizes paid), or cancelled (buy-ins refunded). */
export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
/** The statuses `/tournaments/{status}` lists. */
export const TOURNAMENT_LIST_STATUSES = ['active', 'upcoming', 'finished'] as const;
export type TournamentListStatus = (typeof TOURNAMENT_LIST_STATUSES)[number];

/** `auto`: every eligible player's stakes count; `opt_in`: only after "join" (and its buy-in). */
export const TOURNAMENT_ENTRIES = ['auto', 'opt_in'] as const;
export type TournamentEntry = (typeof TOURNAMENT_ENTRIES)[number];

/** How a prize is paid: as cash, or as a bonus with a wagering requirement. */
export const PRIZE_KINDS = ['cash', 'bonus'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** A game that counts: one game of a product, or `*` for every game of it; weight in percent. */
export const tournamentGame = z.object({
  product: z.enum(PRODUCTS),
  game: z.string(),
  weight: z.number().int(),
});
export type TournamentGame = z.input<typeof tournamentGame>;

/**
 * The prize of places `from`..`to` (each place gets it): a fixed amount, or a share of the pool
 * (basis points of the pool, each place). `amount` is what each place gets now, in the
 * tournament's currency; a player is paid it in their own currency at the tournament's rate.
 */
export const tournamentPrize = z.object({
  from: z.number().int(),
  to: z.number().int(),
  kind: z.enum(PRIZE_KINDS),
  amount: decimal,
  share_bps: z.number().int().nullable(),
  /** A bonus prize's wagering multiplier. */
  wager: z.number().int().nullable(),
});
export type TournamentPrize = z.input<typeof tournamentPrize>;

/** One place in the standings. */
export const tournamentStanding = z.object({
  rank: z.number().int(),
  /** Display name, a stable alias `#` + 6 hex digits, or null when the player hides statistics. */
  player: z.string().nullable(),
  /** Money in the tournament's currency (`wager`, `profit`) or a multiplier (`multiplier`). */
  points: z.string(),
  /** The prize this place wins now (finished: won), in the tournament's currency; null: none. */
  prize: decimal.nullable(),
  /** The caller's own row. */
  me: z.boolean(),
});
export type TournamentStanding = z.input<typeof tournamentStanding>;

/** A tournament as the lists show it. */
export const tournamentCard = z.object({
  id: z.string(),
  /** In the request's locale (English when the operator gave none in it). */
  name: z.string(),
  description: z.string(),
  kind: z.enum(TOURNAMENT_KINDS),
  status: z.enum(TOURNAMENT_STATUSES),
  starts_at: timestamp,
  ends_at: timestamp,
  /** The currency points and prizes are counted in. */
  currency: z.enum(CURRENCIES),
  /** What the prize table pays now, in `currency`. */
  prize_pool: decimal,
  /** How many places are paid. */
  places_paid: z.number().int(),
  entry: z.enum(TOURNAMENT_ENTRIES),
  /** The buy-in in the caller's currency (a guest: the tournament's); null: free. */
  buy_in: z.object({ amount: decimal, currency: z.enum(CURRENCIES) }).nullable(),
  participants: z.number().int(),
  games: z.array(tournamentGame),
  /** Whether the caller takes part (auto entry: has scored); null for a guest. */
  joined: z.boolean().nullable(),
});
export type TournamentCard = z.input<typeof tournamentCard>;

/** Who may take part; empty lists allow everyone. */
export const tournamentRules = z.object({
  /** Multiplier hunt: the least stake that counts, in `currency`. */
  min_stake: decimal.nullable(),
  currencies: z.array(z.enum(CURRENCIES)),
  regions: z.array(z.string()),
  /** Lowest VIP level (index from 0) that may take part; null: any. */
  min_vip_level: z.number().int().nullable(),
  /** Of one unit of each currency, what it counts as in the tournament's currency. */
  rates: z.record(z.string(), z.string()),
  /** A pool that grows: this share (basis points) of buy-ins and of turnover. */
  pool_buy_in_bps: z.number().int(),
  pool_turnover_bps: z.number().int(),
});
export type TournamentRules = z.input<typeof tournamentRules>;

/** The caller's own place: rank (null before scoring), points, and what is missing to a prize. */
export const tournamentMe = z.object({
  joined: z.boolean(),
  rank: z.number().int().nullable(),
  points: z.string(),
  prize: decimal.nullable(),
  /** Points short of the last paid place (null: already in a prize, or nothing to reach). */
  gap: z.string().nullable(),
  /** Why the caller cannot take part (a key under `tournaments.refusals`), null when they can. */
  refusal: z.string().nullable(),
});
export type TournamentMe = z.input<typeof tournamentMe>;

/** The live part of a tournament: what `/ws` pushes on `tournament:<id>` and the leaderboard call answers. */
export const tournamentBoard = z.object({
  id: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  prize_pool: decimal,
  participants: z.number().int(),
  /** The top 100. */
  standings: z.array(tournamentStanding),
  /** When the board was read (ms): a later board replaces an earlier one. */
  version: z.number().int(),
});
export type TournamentBoard = z.input<typeof tournamentBoard>;

export const tournamentDetail = tournamentCard.extend({
  rules: tournamentRules,
  prizes: z.array(tournamentPrize),
  board: tournamentBoard,
  me: tournamentMe.nullable(),
});
export type TournamentDetail = z.input<typeof tournamentDetail>;

// ───────────────────────────── the top ─────────────────────────────

export const TOP_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
/** Rank by the win (payout less stake, compared in one unit across currencies) or the multiplier. */
export const TOP_ORDERS = ['win', 'multiplier'] as const;
export type TopOrder = (typeof TOP_ORDERS)[number];

/** One of the top's rows: a settled stake. */
export const topRow = z.object({
  rank: z.number().int(),
  player: z.string().nullable(),
  product: z.enum(PRODUCTS),
  /** The game's id (an original's slug, a slot's code, a sport). */
  game: z.string(),
  currency: z.enum(CURRENCIES),
  stake: decimal,
  payout: decimal,
  win: decimal,
  multiplier: decimal,
  settled_at: timestamp,
  /** The /fairness query that recomputes the bet (null: not provably fair, or not yet revealed). */
  verify: z.string().nullable(),
});
export type TopRow = z.input<typeof topRow>;

/**
 * A prize paid, as the tournaments' lobby announces it (the latest first): who won which place of
 * which tournament, and what reached them, in their own currency.
 */
export const tournamentWinner = z.object({
  tournament_id: z.string(),
  tournament: z.string(),
  place: z.number().int(),
  /** As the board names players (null: the player hides their statistics). */
  player: z.string().nullable(),
  kind: z.enum(PRIZE_KINDS),
  amount: decimal,
  currency: z.enum(CURRENCIES),
  paid_at: timestamp,
});
export type TournamentWinner = z.input<typeof tournamentWinner>;

/** One of crash's luckiest rounds: the highest crash points. */
export const topCrashRound = z.object({
  rank: z.number().int(),
  round_id: z.string(),
  crash_point: decimal,
  crashed_at: timestamp,
  verify: z.string(),
});
export type TopCrashRound = z.input<typeof topCrashRound>;
