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
