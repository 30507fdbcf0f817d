import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { REGIONS } from '../region.ts';
import { superBonus } from './bonus.ts';
import { timestamp } from './common.ts';

/**
 * The player profile (docs/api-auth.md "Profile"), as GET /profile/user returns it and the browser
 * holds it. Amounts are exact decimal strings in the player's currency.
 */
export const profile = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  balance: z.string(),
  bonus: z.string(),
  bonus_balance: z.string(),
  total_balance: z.string(),
  currency: z.enum(CURRENCIES).nullable(),
  locale: z.string().nullable(),
  timezone: z.string().nullable(),
  register_method: z.string(),
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  is_password_exists: z.boolean(),
  image: z.object({ small: z.string().nullable() }),
  premium: z.object({ status: z.string() }),
  is_avatar_hidden: z.boolean(),
  is_statistics_hidden: z.boolean(),
  verification: z.object({
    is_need: z.boolean(),
    /** The display status: pending | failed | success. */
    data: z.object({ status: z.string() }).nullable(),
  }),
  features: z.array(z.string()),
  region: z.enum(REGIONS),
});
export type Profile = z.output<typeof profile>;

/** GET /profile/user. */
export const profileUserResponse = z.object({
  user: profile,
  fresh_token: z.string().nullable().optional(),
  /** With `whoAreYou` (the super_bonus cookie): the super bonus of docs/bonuses.md, null when none runs. */
  super_bonus: superBonus.nullable().optional(),
});
export type ProfileUserResponse = z.output<typeof profileUserResponse>;

/** PUT /profile/settings and POST /profile/currency: the profile as it is now. */
export const profileUpdateResponse = z.object({ success: z.boolean(), user: profile });
export type ProfileUpdateResponse = z.output<typeof profileUpdateResponse>;

/** One of the player's live sessions (GET /profile/sessions). */
export const sessionRow = z.object({
  id: z.uuid(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: timestamp,
  last_used_at: timestamp,
  current: z.boolean(),
});
/** GET /profile/sessions: the player's live sessions, most recently used first. */
export const sessionsResponse = z.object({ data: z.array(sessionRow) });
/** As the browser reads it: timestamps are ISO strings (src/shared/api/common.ts). */
export type SessionRow = z.input<typeof sessionRow>;
export type SessionsResponse = z.input<typeof sessionsResponse>;

/** DELETE /profile/sessions/others: how many sessions ended. */
export const sessionsEndedResponse = z.object({ success: z.literal(true), revoked: z.number().int() });
export type SessionsEndedResponse = z.output<typeof sessionsEndedResponse>;
