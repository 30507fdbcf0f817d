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
import { ledgerAccounts, ledgerTransactions } from './ledger.ts';

/** Crash, the shared round (docs/fairness.md §4, src/server/modules/crash). */

/**
 * The one hash chain (row id 1): its length N, the salt and the published terminating hash `h_0`,
 * and the version of the `/ws` channel `game:crash`. Every change of a round bumps the version in
 * its own transaction, which also makes this row the lock that queues the game's changes.
 */
export const crashChain = pgTable(
  'crash_chain',
  {
    id: integer('id').primaryKey(),
    length: bigint('length', { mode: 'bigint' }).notNull(),
    checkpointEvery: integer('checkpoint_every').notNull(),
    salt: text('salt').notNull(),
    terminatingHash: text('terminating_hash').notNull(),
    version: bigint('version', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [check('crash_chain_one_row', sql`${t.id} = 1`)],
);

/**
 * Every `checkpoint_every`-th hash of the chain, and the head `h_N`: secret, as each is a future
 * game's hash; a hash between two checkpoints is recomputed from the one above it.
 */
export const crashCheckpoints = pgTable('crash_checkpoints', {
  position: bigint('position', { mode: 'bigint' }).primaryKey(),
  hash: text('hash').notNull(),
});

/**
 * A round: `id` is its position i in the chain (it plays `h_i`). `queued` takes bets for after the
 * flight in progress, `betting` until `betting_ends_at`, `flight` from `started_ms` (database clock,
 * ms since the epoch), `crashed` at `crash_point` (hundredths). The hash and crash point are stored
 * when the round is created and shown only once it crashed.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    status: text('status').notNull(),
    hash: text('hash').notNull(),
    crashPoint: bigint('crash_point', { mode: 'bigint' }).notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true }),
    startedMs: bigint('started_ms', { mode: 'bigint' }),
    crashedAt: timestamp('crashed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('crash_rounds_live_idx').on(t.status).where(sql`${t.status} <> 'crashed'`),
    check('crash_rounds_status_check', sql`${t.status} IN ('queued','betting','flight','crashed')`),
  ],
);

/**
 * A bet: its stake (taken by `transaction_id`), the optional auto cash-out (hundredths), and once
 * settled the multiplier it cashed out at and the payout (`settle_transaction_id`), or `lost`.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => crashRounds.id),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    autoCashOut: bigint('auto_cash_out', { mode: 'bigint' }),
    status: text('status').notNull().default('open'),
    cashOut: bigint('cash_out', { mode: 'bigint' }),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    playerAccountId: bigint('player_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    houseAccountId: bigint('house_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    /** The player's key of the manual cash-out, so its retry answers the same. */
    cashOutKey: text('cash_out_key'),
    /** The bonus's part of the stake and of the payout, and its grant (as on `bets`, docs/bonuses.md). */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusPayout: bigint('bonus_payout', { mode: 'bigint' }).notNull().default(sql`0`),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crash_bets_one_per_round').on(t.roundId, t.userId),
    index('crash_bets_user_idx').on(t.userId, t.id),
    uniqueIndex('crash_bets_transaction_key').on(t.transactionId),
    uniqueIndex('crash_bets_settle_transaction_key')
      .on(t.settleTransactionId)
      .where(sql`${t.settleTransactionId} IS NOT NULL`),
    check('crash_bets_status_check', sql`${t.status} IN ('open','cashed','lost')`),
    check('crash_bets_amounts_check', sql`${t.amount} > 0 AND ${t.payout} >= 0`),
    check(
      'crash_bets_bonus_check',
      sql`${t.bonusAmount} BETWEEN 0 AND ${t.amount} AND ${t.bonusPayout} BETWEEN 0 AND ${t.payout}`,
    ),
    check('crash_bets_auto_check', sql`${t.autoCashOut} IS NULL OR ${t.autoCashOut} >= 101`),
  ],
);
