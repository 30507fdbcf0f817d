import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea, createdAt } from './columns.ts';

/**
 * Slots through the aggregator's seamless wallet (docs/slots.md, src/server/modules/slots): the
 * game sessions a launch opens, every Wallet API request answered (by its request_uuid, with the
 * exact bytes answered), every transaction the aggregator named (by its transaction_uuid), the
 * catalogue as the Games API last listed it, and the players' favourites and recent games.
 */

/** A game session: the token a launch hands the aggregator; bets need it valid, wins do not. */
export const slotSessions = pgTable(
  'slot_sessions',
  {
    token: text('token').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    gameCode: text('game_code').notNull(),
    platform: text('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('slot_sessions_expires_idx').on(t.expiresAt)],
);

/** Every Wallet API request answered: a repeated request_uuid gets these bytes again. */
export const slotRequests = pgTable('slot_requests', {
  requestUuid: text('request_uuid').primaryKey(),
  /** The answer's exact JSON text, as signed and sent. */
  answer: text('answer').notNull(),
  createdAt: createdAt(),
});

/**
 * Every transaction the aggregator named, by its transaction_uuid: a bet (with what paid it and
 * what its wins paid), a win or a rollback (naming the bet), or a tombstone: a bet a rollback
 * named before it arrived (the late bet is refused as a duplicate). `request_hash` covers the
 * significant fields: the same id with another body is a duplicate.
 */
export const slotTransactions = pgTable(
  'slot_transactions',
  {
    transactionUuid: text('transaction_uuid').primaryKey(),
    kind: text('kind').notNull(),
    requestHash: text('request_hash').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    gameCode: text('game_code').notNull(),
    round: text('round'),
    /** A win's or a rollback's bet. */
    referenceUuid: text('reference_uuid'),
    /** Minor units: a bet's stake, a win's payout, a rollback's refund (0 when it refunded nothing). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** A bet's: the bonus money's part of the stake and its grant. */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    /** A bet's: `open`, `settled` (a win came), `rolled_back`. */
    state: text('state'),
    /** A bet's: what its wins paid (and the bonus money's share), or its refund's bonus part. */
    won: bigint('won', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusWon: bigint('bonus_won', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The ledger transaction that moved its money (none for a win of 0, a tombstone). */
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('slot_transactions_user_idx').on(t.userId, t.createdAt),
    index('slot_transactions_reference_idx').on(t.referenceUuid),
    check('slot_transactions_kind_check', sql`${t.kind} IN ('bet', 'win', 'rollback', 'tombstone')`),
    check(
      'slot_transactions_amounts_check',
      sql`${t.amount} >= 0 AND ${t.bonusAmount} >= 0 AND ${t.won} >= 0`,
    ),
  ],
);

/** The catalogue as the Games API last listed it (kept while the aggregator is down). */
export const slotGames = pgTable('slot_games', {
  gameCode: text('game_code').primaryKey(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull(),
  /** The list entry as the aggregator sent it. */
  entry: jsonb('entry').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});

/**
 * A game's picture, fetched once from the aggregator's address and served from ours
 * (docs/slots.md "Art"): `source` is the address it came from, so a changed one is fetched again.
 */
export const slotArt = pgTable('slot_art', {
  gameCode: text('game_code').primaryKey(),
  source: text('source').notNull(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** A player's favourite games (by slug), and the ones they opened last. */
export const slotFavourites = pgTable(
  'slot_favourites',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);

export const slotRecent = pgTable(
  'slot_recent',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slug] })],
);
