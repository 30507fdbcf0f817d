import { isLocale } from '../shared/locales.ts';
import { toMinor } from '../shared/money.ts';
import { TIMING } from '../shared/timing.ts';
import { openModal } from '../stores/modals.ts';
import { $ssoLink, $user, setUser, type User } from '../stores/user.ts';
import { call, setSessionHooks } from './api.ts';
import { guessTimezone, profile, type SessionResponse } from './auth.ts';
import { readCookie } from './cookies.ts';
import { dropProfileSnapshot, readProfileSnapshot, saveProfileSnapshot } from './profile-snapshot.ts';
import { hasQueryFlag, removeQueryFlags } from './query-flags.ts';
import { addressInLocale, isDevelopment, localHref, pageLocale } from './site.ts';
import { arriveBySso, mainHostLoginLink, ssoTarget, startSso } from './sso.ts';
import { clearToken, readToken, writeToken } from './token.ts';
import type { RefreshError } from './token-refresh.ts';

/** Logs out locally: the token cookie and the user go (docs/product-rules.md §4). */
export function clearSession(): void {
  clearToken();
  dropProfileSnapshot();
  setUser(null);
}

function onRefreshFailed(error: RefreshError): void {
  // No answer at all (offline, timeout) says nothing about the session: keep it for a retry.
  if (error.status === null) return;
  clearSession();
  const sso = $ssoLink.get();
  if (error.status === 401 && sso && !isDevelopment()) startSso(sso);
}

setSessionHooks({ onTokenRefreshed: writeToken, onRefreshFailed });

async function fetchProfile(): Promise<User> {
  const answer = await profile.get();
  // A token near its end comes back renewed (docs/api-auth.md "fresh_token").
  if (answer.fresh_token) writeToken(answer.fresh_token);
  setUser(answer.user);
  saveProfileSnapshot(readToken(), answer.user);
  return answer.user;
}

// The balance moves with every bet: the snapshot takes the last one as the page goes.
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    const user = $user.get();
    if (user) saveProfileSnapshot(readToken(), user);
  });

/**
 * No answer from the API (offline, docs/pwa.md "Offline"): the held token says nothing new, so the
 * session stays on screen with the last profile this browser loaded for that player, and is
 * loaded again once the browser is back online. Without such a profile the session stays
 * `unknown`: nothing offers a login meanwhile.
 */
function keepSessionOffline(): User | null {
  const user = readProfileSnapshot(readToken());
  if (user) setUser(user);
  window.addEventListener('online', () => void refreshProfile().catch(() => undefined), { once: true });
  return user;
}

let started: Promise<User | null> | undefined;

/**
 * Session on start (docs/product-rules.md §4): with a held token, GET profile/user fills `$user`; a failed profile
 * fetch clears token and user. Idempotent: every caller shares the first call's result.
 */
export function startSession(): Promise<User | null> {
  started ??= (async () => {
    // Back from the main host with a single-sign-on code: this host's session comes first.
    await arriveBySso();
    if (!readToken()) {
      setUser(null);
      return null;
    }
    try {
      return await fetchProfile();
    } catch (error) {
      // Any answer means the token is not valid; a network failure leaves it, and the session view.
      if (!isAnswered(error)) return keepSessionOffline();
      clearSession();
      return null;
    }
  })();
  return started;
}

function isAnswered(error: unknown): boolean {
  if (error && typeof error === 'object') {
    if ('response' in error) return true;
    if ('status' in error) return (error as { status: unknown }).status !== null;
  }
  return false;
}

/** True from the logout call until the session is cleared: nothing may use the session meanwhile. */
let loggingOut = false;

/** Reloads the profile (after a settings change elsewhere, a verification, a deposit). */
export function refreshProfile(): Promise<User> {
  // A token refreshed for the logout call itself re-authenticates /ws, which asks for the profile;
  // sent after the logout, that call would 401 and try to refresh a revoked session.
  if (loggingOut) return Promise.reject(new Error('logging out'));
  return fetchProfile();
}

/** Replaces the held profile with one a call returned (PUT profile/settings, POST profile/currency). */
export function replaceUser(user: User): void {
  setUser(user);
  saveProfileSnapshot(readToken(), user);
}

export type LoginOutcome =
  | { kind: 'redirected' }
  | { kind: 'navigating'; user: User }
  | { kind: 'done'; user: User };

/** Source attribution after login (docs/product-rules.md §4, §7); failures are swallowed (docs/product-rules.md §8). */
async function attachSource(): Promise<void> {
  const names = [
    'stag',
    'promo',
    'partnerId',
    'advId',
    'advertiseUid',
    'advertiseSource',
    'cpaOneUid',
    'prHash',
  ] as const;
  const body = Object.fromEntries(names.map((name) => [name, readCookie(name) || null]));
  if (Object.values(body).every((value) => value === null)) return;
  await call('POST /attachSource', { body }).catch(() => undefined);
}

/**
 * After any successful login or registration (docs/product-rules.md §4): store the token, load the
 * profile, attach the source, save the interface locale when the profile has none, save a guessed
 * time zone when it has none, remove the login/signup flags from the address, and move to the
 * saved locale's URL when it differs. On a mirror (an sso link in the answer, not in development)
 * the browser then goes through the main host with a login code, which logs the player in there
 * too and sends them back to where they would have landed (docs/edge.md).
 */
export async function completeLogin(
  session: SessionResponse,
  options: {
    /**
     * Where to land when the saved locale differs, or after the main host's round trip on a
     * mirror (an unprefixed path); default: this page.
     */
    landing?: string;
    /**
     * `later`: the caller opens PayIn itself once its flow ends (a registration asks for the
     * verification code first); default: PayIn follows the login (docs/product-rules.md §2).
     */
    payIn?: 'auto' | 'later';
  } = {},
): Promise<LoginOutcome> {
  if (session.sso) $ssoLink.set(session.sso);
  writeToken(session.token);
  started = Promise.resolve(null);
  let user = await fetchProfile();
  started = Promise.resolve(user);
  const attached = attachSource();

  const current = pageLocale();
  const settings: Promise<unknown>[] = [];
  if (!user.locale) settings.push(profile.updateSetting({ locale: current }));
  if (!user.timezone) {
    const timezone = guessTimezone();
    if (timezone) settings.push(profile.updateSetting({ timezone }));
  }
  // Sequential answers each carry the full profile; keep the last one. Failures are not fatal.
  for (const call of settings) {
    const answer = (await call.catch(() => null)) as { user?: User } | null;
    if (answer?.user) user = answer.user;
  }
  setUser(user);

  // PayIn after the login (docs/product-rules.md §2): asked for by the `deposit` flag, or due at a
  // zero balance with a currency. A page that is left gets it on the next page of this tab.
  const deposit = hasQueryFlag('deposit');
  const payIn = options.payIn !== 'later' && (deposit || needsPayIn(user));
  removeQueryFlags(['login', 'signup']);
  const moveTo =
    user.locale && isLocale(user.locale) && user.locale !== current
      ? options.landing
        ? localHref(options.landing, user.locale)
        : addressInLocale(user.locale)
      : null;
  const mainHost = session.sso && !isDevelopment() ? await mainHostLoginLink() : null;
  if (mainHost) {
    // The round trip leaves the page: attribution first. It comes back where the page would land
    // (a recovery page, which carries its spent link in the path, lands on `landing`).
    await attached;
    if (payIn) markPayInDue();
    const back = moveTo ?? (options.landing ? localHref(options.landing) : window.location.href);
    window.location.assign(ssoTarget(mainHost, new URL(back, window.location.href).href));
    return { kind: 'redirected' };
  }
  if (moveTo) {
    if (payIn) markPayInDue();
    window.location.assign(moveTo);
    return { kind: 'navigating', user };
  }
  // A profile page rendered for a guest has no content yet: render it again with the session.
  if (document.querySelector('[data-profile-gate][data-content="false"]')) {
    if (payIn) markPayInDue();
    window.location.reload();
    return { kind: 'navigating', user };
  }
  // The `deposit` flag stays in the address until a deposit succeeds (payment-return.ts).
  if (deposit && options.payIn !== 'later') openModal('PayIn');
  else if (payIn) schedulePayIn(user);
  return { kind: 'done', user };
}

/** Session storage key: PayIn is due on the next page of this tab (a login that left its page). */
const PAYIN_DUE = 'payInAfterLogin';

function markPayInDue(): void {
  try {
    sessionStorage.setItem(PAYIN_DUE, '1');
  } catch {
    // No storage: the next page simply opens without PayIn.
  }
}

/** True once when a login on the previous page of this tab left PayIn due (account.ts opens it). */
export function takePayInDue(): boolean {
  try {
    const due = sessionStorage.getItem(PAYIN_DUE) !== null;
    sessionStorage.removeItem(PAYIN_DUE);
    return due;
  } catch {
    return false;
  }
}

/** docs/product-rules.md §2: a player with a currency and a zero balance is offered PayIn after a login. */
export function needsPayIn(user: User): boolean {
  return Boolean(user.currency) && hasZeroBalance(user);
}

/** True when the real-money balance is zero. */
export function hasZeroBalance(user: User): boolean {
  try {
    return toMinor(user.balance) === 0n;
  } catch {
    return false;
  }
}

/**
 * docs/product-rules.md §2: PayIn opens 350 ms after login when the balance is 0 and a currency is
 * set: after every login (completeLogin), and after a registration once its verification step
 * ends (the modals); returns a cancel function.
 */
export function schedulePayIn(user: User | null = $user.get()): () => void {
  if (!user || !needsPayIn(user)) return () => {};
  const timer = setTimeout(() => openModal('PayIn'), TIMING.payInAutoOpenMs);
  return () => clearTimeout(timer);
}

/** Logout = PUT auth/logout, then clear locally whatever the answer (docs/product-rules.md §4). */
export async function logout(): Promise<void> {
  loggingOut = true;
  try {
    await call('PUT /auth/logout');
  } catch {
    // The session is cleared locally either way; the server revokes it when it can.
  } finally {
    clearSession();
    started = Promise.resolve(null);
    loggingOut = false;
  }
}
