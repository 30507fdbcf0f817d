import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * The sportsbook (docs/betting.md, src/server/modules/betting): events and markets as the odds
 * feed last told them (each event's messages applied in order, `seq` the last one), the markets'
 * settlements and cancels, the players' bets and their legs, and the exposure each outcome carries.
 */

/** An event: its fixture, its status and score, and the last feed message applied to it. */
export const sportEvents = pgTable(
  'sport_events',
  {
    id: text('id').primaryKey(),
    sport: text('sport').notNull(),
    country: text('country').notNull(),
    categoryId: text('category_id').notNull(),
    tournamentId: text('tournament_id').notNull(),
    tournamentName: text('tournament_name').notNull(),
    homeId: text('home_id').notNull(),
    homeName: text('home_name').notNull(),
    awayId: text('away_id').notNull(),
    awayName: text('away_name').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** `sport_event_status.status`: not_started, live, ended, closed, cancelled, … */
    status: text('status').notNull().default('not_started'),
    /** The whole `sport_event_status` as last told (score, period, minute, …). */
    state: jsonb('state').notNull(),
    /** Why betting is stopped on the whole event (a goal), null when it is not. */
    betstop: text('betstop'),
    /** `feed` (the odds feed's) or `manual` (the operator's own). */
    producer: text('producer').notNull().default('feed'),
    /** The last feed message applied (its `seq`). */
    seq: integer('seq').notNull().default(0),
    liveOdds: boolean('live_odds').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sport_events_status_idx').on(t.status, t.scheduledAt),
    index('sport_events_tournament_idx').on(t.tournamentId, t.scheduledAt),
  ],
);

/**
 * A market of an event, by (market id, specifiers): its status, its outcomes with their odds in
 * hundredths, its `version` (bumped at every price or status change: a cash-out offer and a
 * delayed live bet name the version they saw), and its settlement when it has one.
 */
export const sportMarkets = pgTable(
  'sport_markets',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => sportEvents.id, { onDelete: 'cascade' }),
    marketId: integer('market_id').notNull(),
    specifiers: text('specifiers').notNull().default(''),
    status: smallint('status').notNull(),
    /** [{ id, odds (hundredths, 0 when no price), active }] */
    outcomes: jsonb('outcomes').notNull(),
    version: integer('version').notNull().default(1),
    /** When it last stopped taking bets (a delayed live bet placed before then is refused). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The settlement: [{ id, result, void_factor, dead_heat_factor }], null while unsettled. */
    settlement: jsonb('settlement'),
    /** Cancels in force: [{ start_time?, end_time? }] (ms); a whole-market cancel has neither. */
    cancels: jsonb('cancels').notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sport_markets_pkey', columns: [t.eventId, t.marketId, t.specifiers] })],
);

/**
 * A player's bet (a ticket): a single, an accumulator (`multi`) or a system, its stake (a system's
 * is `unit_stake` × lines), what pays it, and its state: `pending` (a live bet waiting out its
 * delay), `open`, `settled`, `cashed_out`, `refused` (the delay found the price moved or the
 * market stopped: the stake went back). `paid` is what the bet has paid so far (its settlements
 * net of their rollbacks), `owed` what a rollback could not take back (docs/betting.md).
 */
export const sportBets = pgTable(
  'sport_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    /** A system's name (`trixie`, `2/3`, …), null otherwise. */
    system: text('system'),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    unitStake: bigint('unit_stake', { mode: 'bigint' }).notNull(),
    bonusStake: bigint('bonus_stake', { mode: 'bigint' }).notNull().default(sql`0`),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    oddsPolicy: text('odds_policy').notNull(),
    live: boolean('live').notNull().default(false),
    status: text('status').notNull(),
    /** What the bet would pay if every open leg won, at acceptance. */
    potential: bigint('potential', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull().default(sql`0`),
    owed: bigint('owed', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Counts the bet's money moves after the stake (each settlement, rollback, cash-out: its own key). */
    moves: integer('moves').notNull().default(0),
    /** Whether the wallet has counted it as a settled stake (once, at its first settlement). */
    counted: boolean('counted').notNull().default(false),
    refusal: text('refusal'),
    clientKey: text('client_key').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** A pending bet is decided at this time. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sport_bets_client_key').on(t.userId, t.clientKey),
    index('sport_bets_user_idx').on(t.userId, t.id),
    index('sport_bets_pending_idx').on(t.acceptAt).where(sql`${t.status} = 'pending'`),
    check('sport_bets_amounts_check', sql`${t.stake} > 0 AND ${t.paid} >= 0 AND ${t.owed} >= 0`),
  ],
);

/** A leg of a bet: the outcome, the odds it was accepted at, and its result once decided. */
export const sportBetLegs = pgTable(
  'sport_bet_legs',
  {
    betId: bigint('bet_id', { mode: 'bigint' })
      .notNull()
      .references(() => sportBets.id, { onDelete: 'cascade' }),
    idx: smallint('idx').notNull(),
    eventId: text('event_id').notNull(),
    marketId: integer('market_id').notNull(),
    specifiers: text('specifiers').notNull(),
    outcomeId: text('outcome_id').notNull(),
    odds: integer('odds').notNull(),
    /** The market's version the odds were taken from. */
    version: integer('version').notNull(),
    /** { result, void_factor, dead_heat_factor } once decided (a cancel: void_factor 1), else null. */
    result: jsonb('result'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'sport_bet_legs_pkey', columns: [t.betId, t.idx] }),
    index('sport_bet_legs_market_idx').on(t.eventId, t.marketId, t.specifiers),
  ],
);

/**
 * What each outcome stands to lose in one currency: the sum of (potential payout − stake) of the
 * open bets on it (an accumulator counts on each of its legs). A bet is taken only when every one
 * of its outcomes stays under the market's limit, in the statement that adds it.
 */
export const sportExposure = pgTable(
  'sport_exposure',
  {
    eventId: text('event_id').notNull(),
    marketId: integer('market_id').notNull(),
    specifiers: text('specifiers').notNull(),
    outcomeId: text('outcome_id').notNull(),
    currency: text('currency').notNull(),
    liability: bigint('liability', { mode: 'bigint' }).notNull().default(sql`0`),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull().default(sql`0`),
    bets: integer('bets').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'sport_exposure_pkey',
      columns: [t.eventId, t.marketId, t.specifiers, t.outcomeId, t.currency],
    }),
    index('sport_exposure_liability_idx').on(t.currency, t.liability),
  ],
);
