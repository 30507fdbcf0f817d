import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Responsible gambling (docs/responsible-gambling.md, src/server/modules/responsible): the
 * financial limits a player set on themselves, one row per kind and period, in their account's
 * currency. A decrease applies at once; an increase or a removal waits (`pending_*`) for the
 * cooling-off to pass and then for the player to confirm it, until which `amount` still applies.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** deposit (gross deposits), loss (net loss), wager (amount staked). */
    kind: text('kind').notNull(),
    /** day (24 hours), week (7 days), month (30 days): rolling windows ending now. */
    period: text('period').notNull(),
    /** The limit in force, minor units of the player's currency. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
    /**
     * When the row was first made (the database's clock): a loss limit counts the payouts of
     * stakes settled since the player's first loss or wager limit, as those stakes were counted.
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An increase asked for and not yet in force (null: none, or a removal). */
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    /** A removal asked for and not yet in force. */
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    /** When the pending change was asked for: it may be confirmed once the cooling-off has passed. */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'player_limits_pkey', columns: [t.userId, t.kind, t.period] }),
    check('player_limits_kind_check', sql`${t.kind} in ('deposit', 'loss', 'wager')`),
    check('player_limits_period_check', sql`${t.period} in ('day', 'week', 'month')`),
    check(
      'player_limits_amount_check',
      sql`${t.amount} > 0 and (${t.pendingAmount} is null or ${t.pendingAmount} > ${t.amount})`,
    ),
    check(
      'player_limits_pending_check',
      sql`(${t.pendingAmount} is null and not ${t.pendingRemoval}) = (${t.pendingSince} is null) and not (${t.pendingAmount} is not null and ${t.pendingRemoval})`,
    ),
  ],
);

/**
 * What a player with a loss or a wager limit staked, per hour (only such players' stakes are
 * counted, in the stake's transaction). A window sums the hours it touches, the partial first one
 * whole: a limit counts a little more than it must, never less.
 */
export const playerStakes = pgTable(
  'player_stakes',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    staked: bigint('staked', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'player_stakes_pkey', columns: [t.userId, t.hour] })],
);

/**
 * What keeps a player from playing (docs/responsible-gambling.md "Exclusions"): a time-out, a
 * self-exclusion, a closure of the account, an operator's exclusion. Rows are never deleted: an
 * exclusion ends by its time (`ends_at`), by a reopening after a self-exclusion's end
 * (`reopen_requested_at` plus 24 hours), or, for a closure or an operator's exclusion, when the
 * operator lifts it (`lifted_at`). What one does now is the SQL function `exclusion_effect`
 * (drizzle/0030_exclusions.sql), on the database's clock.
 */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: indefinite, or until lifted. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A closure's reason code, or the operator's words. */
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    reopenRequestedAt: timestamp('reopen_requested_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftReason: text('lift_reason'),
  },
  (t) => [
    index('player_exclusions_open_idx').on(t.userId).where(sql`${t.liftedAt} is null`),
    check(
      'player_exclusions_kind_check',
      sql`${t.kind} in ('time_out', 'self_exclusion', 'closure', 'operator')`,
    ),
    check('player_exclusions_created_by_check', sql`${t.createdBy} in ('player', 'operator')`),
    check('player_exclusions_ends_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A player's reality-check and session-limit settings, and when they last answered the
 * deposit-limit question and reviewed their limits.
 */
export const playerRgSettings = pgTable('player_rg_settings', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realityCheckMinutes: integer('reality_check_minutes'),
  sessionLimitMinutes: integer('session_limit_minutes'),
  depositPromptAt: timestamp('deposit_prompt_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
