import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Payments, the provider events received for them, and the sandbox provider's own books. */

/**
 * Deposits and withdrawals with an external (or the sandbox) payment provider. Status moves
 * forward only: deposits created → pending → succeeded | failed | expired (an unpaid checkout
 * past `expires_at`), and expired → succeeded when the provider's success arrives late (its
 * money is real, docs/api-money.md); withdrawals held → paid | rejected.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    direction: text('direction').notNull(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** The player's idempotency key for the request that created it. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    details: jsonb('details').notNull().default({}),
    /** A deposit's checkout deadline (DEPOSIT_CHECKOUT_TTL_MINUTES after creation); null for withdrawals. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The expiry sweep reads only unpaid deposits.
    index('payments_unpaid_expiry_idx').on(t.expiresAt).where(sql`${t.status} IN ('created','pending')`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_direction_check', sql`${t.direction} IN ('deposit','withdrawal')`),
  ],
);

/** Every webhook call received, for audit and to answer replays (provider event id is unique). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/**
 * The sandbox provider's own books: its checkout sessions and the webhooks it owes the casino.
 * It is a separate party, so it keeps separate tables and talks to the casino only over HTTP.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantRef: text('merchant_ref').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: text('currency').notNull(),
  /** open → requires_action (3-D Secure) → succeeded | failed; open or requires_action → expired */
  status: text('status').notNull(),
  /** After this the checkout cannot be paid (the merchant's deadline); null: never. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  returnUrl: text('return_url').notNull(),
  /** Where this checkout's webhooks go (the merchant's endpoint). */
  webhookUrl: text('webhook_url').notNull(),
  locale: text('locale').notNull().default('en'),
  cardLast4: text('card_last4'),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
});

export const sandboxWebhooks = pgTable(
  'sandbox_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set when the attempts ran out; an operator re-drive clears it (docs/api-money.md). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_webhooks_due_idx').on(t.nextAttemptAt)],
);
