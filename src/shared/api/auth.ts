import { z } from 'zod';

/** The answers of the accounts API the browser reads (docs/api-auth.md). */

/** The longest device fingerprint accepted (FingerprintJS's visitor id is 32 characters). */
export const FINGERPRINT_MAX = 200;

/** A new session ("Session responses"); the refresh and device cookies come with it. */
export const sessionResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  sso: z.string().nullable(),
  is_new: z.boolean(),
});
export type SessionAnswer = z.output<typeof sessionResponse>;

/** A confirmed recovery code or link, exchanged for the token that sets the new password. */
export const resetTokenResponse = z.object({
  success: z.literal(true),
  data: z.object({ reset_token: z.string() }),
});
export type ResetTokenAnswer = z.output<typeof resetTokenResponse>;

/** POST /auth/refresh-token: a new access token (the rotated refresh token is a cookie). */
export const refreshResponse = z.object({ access_token: z.string() });
export type RefreshAnswer = z.output<typeof refreshResponse>;

/** PUT /auth/login: the provider's authorization URL, to open in a popup. */
export const socialUrlResponse = z.object({ url: z.url() });
export type SocialUrlAnswer = z.output<typeof socialUrlResponse>;
