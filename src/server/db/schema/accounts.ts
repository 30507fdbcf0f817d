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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

/** Players, their sessions and credentials, codes, messages, login counters and social identities. */

/** Players (the profile of docs/api-auth.md). Amounts live in the ledger, never here. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    email: text('email'),
    phone: text('phone'),
    name: text('name'),
    passwordHash: text('password_hash'),
    /** Chosen once (POST /profile/currency); null until then. */
    currency: text('currency'),
    locale: text('locale'),
    timezone: text('timezone'),
    registerMethod: text('register_method').notNull(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isAvatarHidden: boolean('is_avatar_hidden').notNull().default(false),
    isStatisticsHidden: boolean('is_statistics_hidden').notNull().default(false),
    premiumStatus: text('premium_status').notNull().default('none'),
    /**
     * The feature flags the operator set for the player (the profile's `features`); null: the
     * default set, DEFAULT_PLAYER_FEATURES (docs/api-auth.md "Features").
     */
    features: text('features').array(),
    /** KZ when the player registered from Kazakhstan, else RU (src/shared/region.ts). */
    region: text('region').notNull().default('RU'),
    /** Attribution captured at registration and by POST /attachSource. */
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
    /** The keyed hash of the browser's fingerprint, and the fingerprint sealed (auth/fingerprint.ts). */
    device: text('device'),
    deviceSealed: text('device_sealed'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, logout_others, reuse_detected, password_changed. */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_device_idx').on(t.device)],
);

/**
 * Refresh tokens: opaque, stored as SHA-256 hashes, rotated on every use. Presenting a token that
 * was already used revokes its whole session (reuse detection: the token was stolen or replayed),
 * except a retry within REFRESH_REUSE_GRACE_SECONDS while its successor is unused: that answers the
 * same successor again (derived from the token, AuthService.refresh).
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

/**
 * Mails and SMS. Without SMTP (and for SMS, until a gateway adapter exists) this is the delivery,
 * for development: subject and body are kept. A mail handed to SMTP keeps only its delivery
 * metadata (recipient, kind, sent_at or error): bodies hold codes and links.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** verify | login | reset | login_data (src/server/modules/auth/messages.ts). */
    kind: text('kind'),
    subject: text('subject'),
    body: text('body'),
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

/**
 * Login failure counters (src/server/modules/auth/throttle.ts): per account for untrusted clients
 * (scope password | code), per device cookie, per (IP, account) pair and per IP.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    /** `user:<id>`, or `<channel>:<target>` for an address without an account; null for an IP. */
    account: text('account'),
    ip: text('ip'),
    failures: integer('failures').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Attempts under this counter are refused until then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** From then on the counter is forgotten (memory or window over). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttles_expires_idx').on(t.expiresAt)],
);

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
