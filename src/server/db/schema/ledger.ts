import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** The double-entry ledger: accounts, transactions and their postings (src/server/modules/wallet). */

/**
 * Ledger accounts: one per (owner, kind, currency). Player accounts may never go below zero;
 * house and provider accounts are counter-accounts and may (allow_negative).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    /** cash | bonus for players; house | provider:<name> | bonus_pool for the operator. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** Cached sum of postings, minor units. */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_key').on(sql`coalesce(${t.userId}, 0)`, t.kind, t.currency),
    check('ledger_accounts_balance_check', sql`${t.allowNegative} OR ${t.balance} >= 0`),
    check('ledger_accounts_currency_check', sql`${t.currency} IN ('RUB','USD','KZT','INR','EUR')`),
  ],
);

/** One money movement; the idempotency key is unique, so a retried request cannot post twice. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    /** Hash of the request that created it: the same key with other content is refused. */
    requestHash: text('request_hash').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    /** The answer given when it was posted; a retry with the same key gets the same answer. */
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

/** Immutable postings; those of one transaction sum to zero per currency. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed minor units: positive credits the account. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_idx').on(t.accountId),
    check('ledger_postings_nonzero_check', sql`${t.amount} <> 0`),
  ],
);
