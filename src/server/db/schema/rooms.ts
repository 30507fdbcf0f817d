import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { ledgerTransactions } from './ledger.ts';

/** Rooms, the multiplayer jackpot (docs/fairness.md §5, src/server/modules/rooms). */

/**
 * One row per room colour: the version of its `/ws` channel `rooms:<room>`. Every change of any
 * round of the room bumps it in the change's own transaction, which also makes this row the lock
 * that queues the room's joins, leaves and draws.
 */
export const roomChannels = pgTable('room_channels', {
  room: text('room').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
});

/**
 * A round of one room in one currency: `open` (waiting for a second player), `countdown` (the
 * draw is due at `countdown_ends_at`), `settled` (drawn and paid, the server seed revealed). At
 * most one round of a room and currency is not settled.
 */
export const roomRounds = pgTable(
  'room_rounds',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    room: text('room').notNull(),
    currency: text('currency').notNull(),
    /**
     * The round's number in its room and currency (1, 2, 3…), what players read; `id` is global
     * (every room and currency) and stays the draw's client seed (docs/fairness.md §5).
     */
    number: bigint('number', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').notNull(),
    /** Secret until the round is settled; its sha256 is the commitment shown from the start. */
    serverSeed: text('server_seed').notNull(),
    commitment: text('commitment').notNull(),
    /** The house commission of this round, fixed when it opens (basis points of the pot). */
    commissionBps: integer('commission_bps').notNull(),
    /** Tickets sold so far: the sum of the stakes not refunded, minor units. */
    pot: bigint('pot', { mode: 'bigint' }).notNull().default(sql`0`),
    players: integer('players').notNull().default(0),
    countdownEndsAt: timestamp('countdown_ends_at', { withTimezone: true }),
    winningTicket: bigint('winning_ticket', { mode: 'bigint' }),
    winnerId: bigint('winner_id', { mode: 'bigint' }).references(() => users.id),
    prize: bigint('prize', { mode: 'bigint' }),
    commission: bigint('commission', { mode: 'bigint' }),
    /** The `room_win` ledger transaction that paid the prize. */
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('room_rounds_one_live').on(t.room, t.currency).where(sql`${t.status} <> 'settled'`),
    uniqueIndex('room_rounds_settle_transaction_key')
      .on(t.settleTransactionId)
      .where(sql`${t.settleTransactionId} IS NOT NULL`),
    index('room_rounds_recent_idx').on(t.room, t.currency, t.id),
    uniqueIndex('room_rounds_number_key').on(t.room, t.currency, t.number),
    index('room_rounds_due_idx').on(t.countdownEndsAt).where(sql`${t.status} = 'countdown'`),
    check('room_rounds_status_check', sql`${t.status} IN ('open','countdown','settled')`),
    check('room_rounds_room_check', sql`${t.room} IN ('red','yellow','purple')`),
    check('room_rounds_pot_check', sql`${t.pot} >= 0 AND ${t.players} >= 0`),
  ],
);

/**
 * Each stake (a join or an addition) buys `amount` tickets from `first_ticket` on, numbered in the
 * order the stakes were made (docs/fairness.md §5). A stake refunded when its player left an
 * un-started round keeps its row with the refund's ledger transaction and no longer counts.
 */
export const roomStakes = pgTable(
  'room_stakes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => roomRounds.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    firstTicket: bigint('first_ticket', { mode: 'bigint' }).notNull(),
    /** The `room_stake` ledger transaction that took it. */
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The `room_refund` ledger transaction that gave it back. */
    refundTransactionId: bigint('refund_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_stakes_round_idx').on(t.roundId, t.id),
    index('room_stakes_user_idx').on(t.userId, t.id),
    uniqueIndex('room_stakes_transaction_key').on(t.transactionId),
    check('room_stakes_amount_check', sql`${t.amount} > 0 AND ${t.firstTicket} >= 0`),
  ],
);
