import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Players (spec §3 user profile). Amounts live in the ledger, never here. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    email: text('email'),
    phone: text('phone'),
    name: text('name'),
    passwordHash: text('password_hash'),
    /** Chosen once (spec §7 POST profile/currency); null until then. */
    currency: text('currency'),
    locale: text('locale'),
    timezone: text('timezone'),
    registerMethod: text('register_method').notNull(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isAvatarHidden: boolean('is_avatar_hidden').notNull().default(false),
    isStatisticsHidden: boolean('is_statistics_hidden').notNull().default(false),
    premiumStatus: text('premium_status').notNull().default('none'),
    /** Feature flag names (spec §3 features). */
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    /** KZ or RU (spec §9 region rule). */
    region: text('region').notNull().default('RU'),
    /** Attribution captured at registration (spec §7 attachSource). */
    attribution: jsonb('attribution').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_currency_check', sql`${t.currency} IN ('RUB','USD','KZT','INR','EUR')`),
    check('users_region_check', sql`${t.region} IN ('RU','KZ')`),
  ],
);

/** A login: one per device/browser, listed on /profile/access; revoking it ends its tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** How the session began: password, code, register, reset, social:<provider>. */
    method: text('method').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, logout_others, reuse_detected, password_changed. */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Refresh tokens: opaque, stored as SHA-256 hashes, rotated on every use. Presenting a token that
 * was already used revokes its whole session (reuse detection: the token was stolen or replayed).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * One-time codes (6 digits, 10 minutes, single use). Bound to a purpose and a target (the
 * normalised email or phone); a newer code for the same purpose and target replaces older ones.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC of purpose, target and code under the server secret: the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.purpose, t.target)],
);

/** Password reset tokens (the mailed link, and the token a confirmed code is exchanged for). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: bytea('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** email | phone: which restore flow issued it. */
  channel: text('channel').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Mails and SMS. Without SMTP (and for SMS, until a gateway is configured) this is the delivery. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window attempt counters for brute-force protection (per account and per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Social login identities (OpenID Connect `iss` + `sub`). */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] })],
);

/** In-flight social logins: state, nonce and PKCE verifier, single use, short-lived. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** The opener's origin, checked against the site's hosts; the popup posts its result there. */
  origin: text('origin').notNull(),
  promo: text('promo'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/** Operator settings as key → JSON (spec §3 Settings: revshare url, telegram channel, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Search-engine data per page and locale (spec §3: title, description, keywords, text). */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    locale: text('locale').notNull(),
    /** Route path without the locale prefix, e.g. "/" or "/games/dice". */
    path: text('path').notNull(),
    title: text('title'),
    description: text('description'),
    keywords: text('keywords'),
    text: text('text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seo_pages_locale_path_key').on(t.locale, t.path)],
);

/**
 * Deposits and withdrawals with an external (or the sandbox) payment provider. Status moves
 * forward only: deposits created → succeeded | failed; withdrawals held → paid | rejected.
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.userId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.createdAt),
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
  /** open → requires_action (3-D Secure) → succeeded | failed */
  status: text('status').notNull(),
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
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_webhooks_due_idx').on(t.nextAttemptAt)],
);

/**
 * Identity verification (KYC) per player. `status` keeps the provider-style raw value (init,
 * waiting, user_pending, pending, failed, unverified, success, verified); the API also gives the
 * display group of spec §4 (pending | failed | success).
 */
export const verifications = pgTable('verifications', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  reason: text('reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded identity documents; the files live in private storage, never under a public path. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_documents_user_idx').on(t.userId)],
);

/**
 * Provably-fair seed pairs (FAIRNESS.md §1): per player one `active` pair (its nonce is the next
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
  ],
);
