/**
 * Every timing constant of the site (docs/product-rules.md §9), named, in one place. Units are in the names.
 * Shared by the server (cookie lifetimes) and the browser (timers).
 */
export const TIMING = {
  /** `token` cookie lifetime: 30 days. */
  tokenCookieSeconds: 2_592_000,
  /** `super_bonus` cookie lifetime: about 6 months. */
  superBonusCookieSeconds: 15_768_000,
  /** UTM, pr, simple-auth, client IP and user-agent cookies: one day. */
  attributionCookieSeconds: 86_400,
  /** `advertiseUid`, `advertiseSource`, `cpaOneUid`: 30 days. */
  advertiseCookieLongSeconds: 30 * 86_400,
  /** adBonusType, adBonusValue, adBonusModal: 10 minutes. */
  promoCookieSeconds: 600,
  /** `locale` cookie: a year. */
  localeCookieSeconds: 365 * 86_400,
  /** Promo countdown window for a guest: 3 days. */
  promoBonusWindowMs: 3 * 86_400_000,
  /** Service worker script re-fetch interval. */
  serviceWorkerUpdateCheckMs: 20_000,
  /** Minimum time between two reloads caused by a new service worker. */
  reloadGuardMs: 10_000,
  /** requestIdleCallback fallback. */
  idleFallbackMs: 50,
  /** Device fingerprint fallback delay. */
  fingerprintFallbackMs: 500,
  /** Support chat update after a route change. */
  supportChatRouteUpdateMs: 250,
  /** PayIn opens this long after login when the balance is 0 and a currency is set. */
  payInAutoOpenMs: 350,
  /** Background sync minimum interval and its fallback timer: 10 minutes. */
  backgroundSyncIntervalMs: 10 * 60_000,
  /** Session replay polling: every 100 ms, up to 10 s. */
  sessionReplayPollMs: 100,
  sessionReplayPollMaxMs: 10_000,
} as const;

/** Notification defaults: shown 3 s, animated in 300 ms, 300 px wide. */
export const NOTIFICATION_DEFAULTS = { durationMs: 3000, speedMs: 300, widthPx: 300 } as const;
