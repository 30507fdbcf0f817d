import type { SessionResponse } from '../../client/auth.ts';
import { completeLogin, type LoginOutcome } from '../../client/session.ts';

/** Currency preselected for the page locale in the registration form. */
export const CURRENCY_FOR_LOCALE = { ru: 'RUB', kz: 'KZT', hi: 'INR', en: 'USD', br: 'USD' } as const;

/** Resend countdown for one-time codes, in seconds (a 429 answer's Retry-After wins). */
export const RESEND_SECONDS = 60;

/**
 * Logs in with a session answer and tells the modal whether it may close: an sso redirect or a
 * move to the player's saved locale leaves the page anyway.
 */
export async function login(session: Promise<SessionResponse>): Promise<LoginOutcome> {
  return completeLogin(await session);
}
