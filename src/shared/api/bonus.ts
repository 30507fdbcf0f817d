import { z } from 'zod';
import type { Currency } from '../currencies.ts';
import { decimal, timestamp } from './common.ts';

/** The bonus and VIP answers the browser reads too (docs/bonuses.md). */

export const GRANT_STATUSES = ['waiting_deposit', 'available', 'active', 'completed', 'forfeited'] as const;

/** One bonus of the player, with exactly what is left to wager. */
export const grantView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  kind: z.string(),
  source: z.string(),
  status: z.enum(GRANT_STATUSES),
  currency: z.string(),
  amount: decimal,
  /** Wagering asked, done, and left (stake × contribution), decimal strings. */
  requirement: decimal,
  wagered: decimal,
  remaining: decimal,
  /** Whole percent of the requirement wagered (0-100). */
  progress: z.number().int(),
  max_bet: decimal.nullable(),
  max_conversion: decimal.nullable(),
  /** Contribution per game in percent (`default` for the others). */
  weights: z.record(z.string(), z.number()),
  wager_multiplier: z.number().int(),
  /**
   * Bonus money staked, what those stakes won back (still bonus money), what it holds now (amount −
   * spent + won while active), converted into cash, forfeited; `reclaimed` is 0 (bonus money never
   * reaches cash before completion, so nothing is taken back from it).
   */
  spent: decimal,
  won: decimal,
  held: decimal,
  converted: decimal,
  forfeited: decimal,
  reclaimed: decimal,
  expires_at: timestamp,
  activated_at: timestamp.nullable(),
  ended_at: timestamp.nullable(),
  end_reason: z.string().nullable(),
});
export type GrantView = z.input<typeof grantView>;

export const bonusesResponse = z.object({
  data: z.object({
    active: grantView.nullable(),
    available: z.array(grantView),
    past: z.array(grantView),
    /** What a withdrawal does while a bonus is active. */
    withdrawal_rule: z.enum(['refuse', 'forfeit']),
  }),
});
export type BonusesResponse = z.input<typeof bonusesResponse>;

export const grantResponse = z.object({ data: grantView });

/** A campaign as the public sees it (the /bonuses page). */
export const publicCampaign = z.object({
  name: z.string(),
  kind: z.string(),
  /** Seconds until it ends (null: no end). */
  expires_in: z.number().int().nullable(),
  region: z.array(z.string()),
  wager_multiplier: z.number().int(),
  days: z.number().int(),
  percent: z.number().nullable(),
  amount: decimal.nullable(),
  cap: decimal.nullable(),
  min_deposit: decimal.nullable(),
  max_bet: decimal.nullable(),
  game: z.string().nullable(),
  count: z.number().int().nullable(),
});
export type PublicCampaign = z.input<typeof publicCampaign>;

/** A running public campaign on the /bonuses page: its view in each currency it applies to. */
export interface PublicOffer {
  name: string;
  views: Partial<Record<Currency, PublicCampaign>>;
}

export const VIP_REWARDS = ['weekly', 'monthly'] as const;

export const vipStatus = z.object({
  /** Index into VIP_LEVELS (src/shared/vip.ts), −1 before the first level. */
  level: z.number().int(),
  points: z.string(),
  next_points: z.string().nullable(),
  /** Whole percent of the way from this level to the next. */
  progress: z.number().int(),
  wagered: decimal,
  rakeback: decimal,
  weekly: z.object({ amount: decimal, claimed: z.boolean(), period: z.string() }),
  monthly: z.object({ amount: decimal, claimed: z.boolean(), period: z.string() }),
  premium: z.boolean(),
  join_request: z.object({ status: z.string(), created_at: timestamp }).nullable(),
});
export type VipStatus = z.input<typeof vipStatus>;

/** The profile's `super_bonus` (docs/product-rules.md §3, docs/bonuses.md "super_bonus"). */
export const superBonus = z.object({
  name: z.string(),
  /** granted: just given to this player; taken: this player or device already had it. */
  status: z.enum(['granted', 'taken']),
  grant_id: z.string().nullable(),
  expires_in: z.number().int().nullable(),
});
