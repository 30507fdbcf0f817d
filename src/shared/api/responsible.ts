import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { decimal } from './common.ts';

/** A moment on the wire (an ISO string; the handlers give strings, as the tournaments' views do). */
const timestamp = z.iso.datetime({ offset: true });

/**
 * Responsible gambling as the browser reads it (docs/responsible-gambling.md). Types are the
 * wire form (`z.input`: timestamps as ISO strings, amounts as decimal strings).
 */

/** Deposits (gross), net loss (stakes less what they paid back), and the amount staked. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Rolling windows ending now: 24 hours, 7 days, 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** How long an increase or a removal waits before the player may confirm it. */
export const COOLING_OFF_HOURS = 24;

/** One limit: what is in force, what the window has used, and a change waiting, if any. */
export const playerLimit = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: decimal,
  /**
   * What the window ending now has used: deposits created and not failed or expired; stakes less
   * their payouts (a stake not yet settled counts as lost); stakes. Counted from the first loss or
   * wager limit on; the first hour of a window counts whole.
   */
  used: decimal,
  remaining: decimal,
  set_at: timestamp,
  /** An increase (`amount`) or a removal (`amount` null) asked for and not yet in force. */
  pending: z
    .object({
      amount: decimal.nullable(),
      since: timestamp,
      /** From when the player may confirm it (the cooling-off has passed). */
      confirmable_at: timestamp,
      confirmable: z.boolean(),
    })
    .nullable(),
});
export type PlayerLimit = z.input<typeof playerLimit>;

/** GET /responsible/limits and the answer of every change. */
export const limitsResponse = z.object({
  data: z.object({
    currency: z.enum(CURRENCIES),
    limits: z.array(playerLimit),
  }),
});
export type LimitsResponse = z.input<typeof limitsResponse>;

// ── Time-outs, self-exclusion, closure, reality checks (docs/responsible-gambling.md) ──

/**
 * What keeps a player from playing: a time-out they took, a self-exclusion, a closure of the
 * account, or an exclusion the operator added.
 */
export const EXCLUSION_KINDS = ['time_out', 'self_exclusion', 'closure', 'operator'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/**
 * What an exclusion does now. `restricted`: the player may log in only to withdraw and see their
 * history (a time-out; a self-exclusion that has ended, until the player asks to reopen and 24
 * hours pass). `blocked`: no login at all, every session revoked.
 */
export const EXCLUSION_EFFECTS = ['restricted', 'blocked'] as const;
export type ExclusionEffect = (typeof EXCLUSION_EFFECTS)[number];

/** A time-out: whole days from 1 (24 hours) to 42 (6 weeks). */
export const TIME_OUT_DAYS = { min: 1, max: 42 } as const;
/** A self-exclusion: these months, or indefinite (`null`). */
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 36, 60] as const;
/** Why a player closes their account (other than self-exclusion). */
export const CLOSURE_REASONS = ['not_interested', 'too_much_time', 'other_site', 'privacy', 'other'] as const;
/** Reality check every N minutes; session limit of N minutes. */
export const REALITY_CHECK_MINUTES = { min: 5, max: 480 } as const;
export const SESSION_LIMIT_MINUTES = { min: 10, max: 1440 } as const;
/** The hours between a reopened self-exclusion's request and the account opening. */
export const REOPEN_COOLING_OFF_HOURS = 24;
/** How often the player is asked to review their limits. */
export const REVIEW_EVERY_DAYS = 180;

/** The exclusion in force, as the player sees it. */
export const exclusionView = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  effect: z.enum(EXCLUSION_EFFECTS),
  since: timestamp,
  /** When it ends; null: indefinite (or until lifted). */
  until: timestamp.nullable(),
  /** A self-exclusion past its end that the player asked to reopen: when the account opens. */
  opens_at: timestamp.nullable(),
  /** A self-exclusion past its end and not yet asked to reopen. */
  can_reopen: z.boolean(),
});
export type ExclusionView = z.input<typeof exclusionView>;

/** GET /responsible/status: what the site shows a logged-in player about their own play. */
export const statusResponse = z.object({
  data: z.object({
    currency: z.enum(CURRENCIES).nullable(),
    exclusion: exclusionView.nullable(),
    settings: z.object({
      reality_check_minutes: z.number().int().nullable(),
      session_limit_minutes: z.number().int().nullable(),
    }),
    /** This login session: when it began, when its time limit logs out, and its play. */
    session: z.object({
      started_at: timestamp,
      ends_at: timestamp.nullable(),
      staked: decimal,
      returned: decimal,
      /** Returned less staked (negative: a loss). */
      net: decimal,
      bets: z.number().int(),
    }),
    prompts: z.object({
      /** No deposit limit set and the question not yet answered: ask (registration, first deposit). */
      deposit_limit: z.boolean(),
      /** Limits set and not reviewed for REVIEW_EVERY_DAYS: ask the player to look at them again. */
      review: z.boolean(),
    }),
  }),
});
export type StatusResponse = z.input<typeof statusResponse>;

/** One exclusion as the operator sees it (all of a player's, newest first). */
export const operatorExclusion = z.object({
  id: z.string(),
  kind: z.enum(EXCLUSION_KINDS),
  effect: z.enum(EXCLUSION_EFFECTS).nullable(),
  since: timestamp,
  until: timestamp.nullable(),
  reason: z.string().nullable(),
  created_by: z.enum(['player', 'operator']),
  reopen_requested_at: timestamp.nullable(),
  lifted_at: timestamp.nullable(),
  lift_reason: z.string().nullable(),
});

/** GET /operator/players/:userId/responsible: limits, exclusions, settings (read only). */
export const operatorResponsibleResponse = z.object({
  data: z.object({
    user_id: z.string(),
    currency: z.enum(CURRENCIES).nullable(),
    limits: z.array(playerLimit),
    exclusions: z.array(operatorExclusion),
    settings: z.object({
      reality_check_minutes: z.number().int().nullable(),
      session_limit_minutes: z.number().int().nullable(),
      reviewed_at: timestamp.nullable(),
    }),
  }),
});
