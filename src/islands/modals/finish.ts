import type { SessionResponse } from '../../client/auth.ts';
import { authFailureEvents, pushDataLayer } from '../../client/data-layer.ts';
import { describeApiError } from '../../client/errors.ts';
import { completeLogin, type LoginOutcome } from '../../client/session.ts';

/**
 * The locale's currency lives in src/shared/currencies.ts (the registration form and the amounts a
 * guest sees read the same table); re-exported for the modals that still import it from here.
 */
export { CURRENCY_FOR_LOCALE } from '../../shared/currencies.ts';

/**
 * Logs in with a session answer (a failure is also reported to the data layer) and tells the modal whether it may close: an sso redirect or a
 * move to the player's saved locale leaves the page anyway. After a login PayIn follows at a zero
 * balance; a registration opens it itself once the code step ends (ConfirmCodeModal).
 */
export async function login(
  session: Promise<SessionResponse>,
  kind: 'login' | 'registration' = 'login',
): Promise<LoginOutcome> {
  let answer: SessionResponse;
  try {
    answer = await session;
  } catch (error) {
    // docs/product-rules.md §8: a failed login or registration goes to the tag manager's data layer.
    for (const entry of authFailureEvents(kind, describeApiError(error))) pushDataLayer(entry);
    throw error;
  }
  return completeLogin(answer, { payIn: kind === 'registration' ? 'later' : 'auto' });
}
