import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Tournaments (docs/tournaments.md, src/server/modules/tournaments): their terms, the players'
 * scores and the prizes paid. Every settled stake's transaction writes an event to the scoring
 * outbox (the wager record's trigger, drizzle/0027_tournament_outbox.sql); the scores are folded
 * from it once a second and before a tournament finishes.
 */

export const tournaments = pgTable(
  'tournaments',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** By locale; `en` always present. */
    name: jsonb('name').notNull(),
    description: jsonb('description').notNull().default(sql`'{}'::jsonb`),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('upcoming'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** What points and prizes are counted in. */
    currency: text('currency').notNull(),
    entry: text('entry').notNull().default('auto'),
    /** Buy-in per currency, minor units (opt-in only): `{"USD": "500"}`. */
    buyIns: jsonb('buy_ins').notNull().default(sql`'{}'::jsonb`),
    /** Multiplier hunt: the least stake that counts, in the tournament's minor units. */
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull().default(sql`0`),
    currencies: text('currencies').array().notNull().default(sql`'{}'`),
    regions: text('regions').array().notNull().default(sql`'{}'`),
    minVipLevel: integer('min_vip_level'),
    /** Every currency's rate in millionths: one minor unit of it counts as `rate / 1e6` of ours. */
    rates: jsonb('rates').notNull(),
    basePool: bigint('base_pool', { mode: 'bigint' }).notNull().default(sql`0`),
    poolBuyInBps: integer('pool_buy_in_bps').notNull().default(0),
    poolTurnoverBps: integer('pool_turnover_bps').notNull().default(0),
    /** The prize table: `[{from, to, kind, amount?, share_bps?, wager}]`, amounts in minor units. */
    prizes: jsonb('prizes').notNull(),
    /** The pool paid out, fixed when it finished. */
    finalPool: bigint('final_pool', { mode: 'bigint' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tournaments_status_idx').on(t.status, t.startsAt),
    check('tournaments_kind_check', sql`${t.kind} in ('wager', 'multiplier', 'profit')`),
    check('tournaments_status_check', sql`${t.status} in ('upcoming', 'active', 'finished', 'cancelled')`),
    check('tournaments_entry_check', sql`${t.entry} in ('auto', 'opt_in')`),
    check('tournaments_window_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The games that count and their weight in percent; `game` `*` is every game of the product. */
export const tournamentGames = pgTable(
  'tournament_games',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    game: text('game').notNull(),
    weight: integer('weight').notNull(),
  },
  (t) => [primaryKey({ name: 'tournament_games_pkey', columns: [t.tournamentId, t.product, t.game] })],
);

/**
 * Who takes part and their score: `points` in the tournament's minor units (a multiplier hunt's in
 * ten-thousandths of a multiplier); `reached_at`/`reached_seq` when the score was reached (ties go
 * to the earlier); `turnover` the stakes converted (a pool that grows with turnover reads it).
 */
export const tournamentPlayers = pgTable(
  'tournament_players',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // No foreign key to users, as for the wager record: the trigger writes it beside a wager.
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull().default(sql`0`),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull().default(sql`0`),
    bets: integer('bets').notNull().default(0),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    reachedSeq: bigint('reached_seq', { mode: 'bigint' }).notNull().default(sql`0`),
    /** An opt-in player's join; stakes settled before it do not count. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** A buy-in paid (its amount in the player's currency), refunded if the tournament is cancelled. */
    buyIn: bigint('buy_in', { mode: 'bigint' }).notNull().default(sql`0`),
    buyInCurrency: text('buy_in_currency'),
  },
  (t) => [
    primaryKey({ name: 'tournament_players_pkey', columns: [t.tournamentId, t.userId] }),
    index('tournament_players_rank_idx').on(t.tournamentId, t.points.desc(), t.reachedAt, t.reachedSeq),
  ],
);

export const tournamentReachSeq = pgSequence('tournament_reach_seq');

/**
 * The scoring outbox: one row per settled stake (or a stake's payout changed, or refunded) while
 * a tournament runs, written by the wager record's trigger in the stake's own transaction, folded
 * into `tournament_players` in batches and deleted in the same transaction
 * (drizzle/0027_tournament_outbox.sql `tournament_fold`). `old_*` are null for a new stake.
 */
export const tournamentEvents = pgTable('tournament_events', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().default(sql`nextval('tournament_reach_seq')`),
  product: text('product').notNull(),
  game: text('game').notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  stake: bigint('stake', { mode: 'bigint' }).notNull(),
  payout: bigint('payout', { mode: 'bigint' }).notNull(),
  refunded: boolean('refunded').notNull(),
  oldStake: bigint('old_stake', { mode: 'bigint' }),
  oldPayout: bigint('old_payout', { mode: 'bigint' }),
  oldRefunded: boolean('old_refunded'),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
});

/**
 * A tournament's totals (participants, turnover and buy-ins in its currency), kept beside the
 * scores by the fold and by joins, so that a page never sums the whole standings.
 */
export const tournamentTotals = pgTable('tournament_totals', {
  tournamentId: bigint('tournament_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  participants: integer('participants').notNull().default(0),
  turnover: bigint('turnover', { mode: 'bigint' }).notNull().default(sql`0`),
  buyIns: bigint('buy_ins', { mode: 'bigint' }).notNull().default(sql`0`),
});

/**
 * The prizes of a finished tournament, one per place: decided once, in the transaction that
 * finishes it, then each paid in a transaction of its own (`paid_at`), so that finishing never
 * waits on a player's account while stakes in flight wait on the tournament.
 */
export const tournamentPayouts = pgTable(
  'tournament_payouts',
  {
    tournamentId: bigint('tournament_id', { mode: 'bigint' })
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    /** Paid in the player's currency. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** A bonus prize's wagering multiplier. */
    wager: integer('wager').notNull().default(0),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    createdAt: createdAt(),
    /** When the prize reached the player (null: decided, not yet paid). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'tournament_payouts_pkey', columns: [t.tournamentId, t.place] }),
    index('tournament_payouts_user_idx').on(t.userId),
    index('tournament_payouts_unpaid_idx').on(t.tournamentId).where(sql`${t.paidAt} is null`),
  ],
);

/**
 * The top's candidates (`/top`, docs/tournaments.md "The top"): every settled stake that won at
 * least the trigger's thresholds (a multiplier of 5, or 5,000 VIP points), written by the wager
 * record's trigger in the stake's own transaction. `win_points` is the win in VIP points
 * (src/shared/vip.ts), so wins in different currencies compare; `multiplier` in ten-thousandths.
 */
export const topWins = pgTable(
  'top_wins',
  {
    product: text('product').notNull(),
    ref: text('ref').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    winPoints: bigint('win_points', { mode: 'bigint' }).notNull(),
    multiplier: bigint('multiplier', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'top_wins_pkey', columns: [t.product, t.ref] }),
    index('top_wins_settled_idx').on(t.settledAt),
    index('top_wins_win_idx').on(t.winPoints.desc()),
    index('top_wins_multiplier_idx').on(t.multiplier.desc()),
  ],
);
