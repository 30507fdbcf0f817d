import { clearSession } from '../../../client/session.ts';
import { localHref } from '../../../client/site.ts';
import { type Farewell, farewellAddress } from '../../session-guard/farewell.ts';
import { dropStatus } from '../../session-guard/status.ts';

/**
 * After a self-exclusion or a closure the server has ended every session of the player and cleared
 * the refresh cookie: this browser forgets the session the way a logout does (the token cookie,
 * the kept profile, the user) and lands on the home page, which says why (Farewell.astro).
 */
export function leaveAccount(farewell: Farewell): void {
  dropStatus();
  clearSession();
  window.location.assign(farewellAddress(localHref('/'), farewell));
}
