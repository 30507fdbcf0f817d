import { auth } from '../../client/auth.ts';
import { completeLogin, type LoginOutcome } from '../../client/session.ts';

/**
 * Sets the new password with a reset token (from the recovery's code, or the mailed or texted
 * link) and logs the player in. The recovery pages have nothing more to show once the player is
 * logged in elsewhere, so a move to another locale lands on the home page.
 */
export async function resetPassword(
  byPhone: boolean,
  token: string,
  password: string,
): Promise<LoginOutcome> {
  const session = await (byPhone
    ? auth.resetByPhoneToken(token, password)
    : auth.resetByEmailToken(token, password));
  return completeLogin(session, { landing: '/' });
}
