import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { ledgerTransactions } from './ledger.ts';

/** The originals: provably-fair seed pairs and bets. */

/**
 * Provably-fair seed pairs (docs/fairness.md): per player one `active` pair (its nonce is the next
 * bet's), one pre-generated `next` pair whose commitment is already shown, and `revealed` pairs.
 * The server seed leaves the database only once its pair is revealed.
 */
export const seedPairs = pgTable(
  'seed_pairs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    serverSeed: text('server_seed').notNull(),
    commitment: text('commitment').notNull(),
    /** Set when the pair becomes active. */
    clientSeed: text('client_seed'),
    /** Nonce of the next bet; 64-bit, never wraps. */
    nonce: bigint('nonce', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seed_pairs_one_active').on(t.userId).where(sql`${t.status} = 'active'`),
    uniqueIndex('seed_pairs_one_next').on(t.userId).where(sql`${t.status} = 'next'`),
    index('seed_pairs_revealed_idx').on(t.userId, t.revealedAt),
    check('seed_pairs_status_check', sql`${t.status} IN ('active','next','revealed')`),
  ],
);

/**
 * Bets of the originals: the inputs, the seed pair and nonce that decided them, the outcome and
 * the payout (minor units). A coinflip series stays `active` across requests until settled.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    game: text('game').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Exact decimal multiplier paid (payout = floor(amount × multiplier)). */
    multiplier: text('multiplier').notNull().default('0'),
    seedPairId: bigint('seed_pair_id', { mode: 'bigint' })
      .notNull()
      .references(() => seedPairs.id),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    clientSeed: text('client_seed').notNull(),
    params: jsonb('params').notNull(),
    outcome: jsonb('outcome').notNull(),
    /** The ledger transaction that took the stake (and, for instant games, paid the win). */
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The ledger transaction that paid a multi-step bet's cash-out. */
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }).references(
      () => ledgerTransactions.id,
    ),
    /**
     * The part of the stake the active bonus paid (real money first, docs/bonuses.md), the part of
     * the payout that belongs to that bonus, and the grant (`bonus_grants.id`); 0, 0, null for a
     * stake of real money only.
     */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    bonusPayout: bigint('bonus_payout', { mode: 'bigint' }).notNull().default(sql`0`),
    grantId: bigint('grant_id', { mode: 'bigint' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('bets_user_idx').on(t.userId, t.id),
    index('bets_user_game_idx').on(t.userId, t.game, t.id),
    uniqueIndex('bets_transaction_key').on(t.transactionId),
    uniqueIndex('bets_settle_transaction_key')
      .on(t.settleTransactionId)
      .where(sql`${t.settleTransactionId} IS NOT NULL`),
    uniqueIndex('bets_one_active').on(t.userId, t.game).where(sql`${t.status} = 'active'`),
    check('bets_status_check', sql`${t.status} IN ('active','settled')`),
    check('bets_amounts_check', sql`${t.amount} > 0 AND ${t.payout} >= 0`),
    check(
      'bets_bonus_check',
      sql`${t.bonusAmount} BETWEEN 0 AND ${t.amount} AND ${t.bonusPayout} BETWEEN 0 AND ${t.payout}`,
    ),
  ],
);
