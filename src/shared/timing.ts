/**
 * Every timing constant of spec §9, named, in one place. Units are in the names.
 * Shared by the server (cookie lifetimes) and the browser (timers).
 */
export const TIMING = {
  /** `token` cookie lifetime (spec §3, §9: 2592000 s = 30 days). */
  tokenCookieSeconds: 2_592_000,
  /** `super_bonus` cookie lifetime (spec §9: 15768000 s, about 6 months; §3 says "about 5 years"). */
  superBonusCookieSeconds: 15_768_000,
  /** UTM, pr, simple-auth, client IP and user-agent cookies (spec §9: 86400 s). */
  attributionCookieSeconds: 86_400,
  /** `advertiseUid`, `advertiseSource`, `cpaOneUid` where spec §3 states 30 days. */
  advertiseCookieLongSeconds: 30 * 86_400,
  /** adBonusType, adBonusValue, adBonusModal (spec §3, §9: 600 s). */
  promoCookieSeconds: 600,
  /** `locale` cookie (spec §3, §9: 365 days). */
  localeCookieSeconds: 365 * 86_400,
  /** Promo countdown window for a guest (spec §4, §9: 3 days). */
  promoBonusWindowMs: 3 * 86_400_000,
  /** Service worker script re-fetch interval (spec §7, §9: 20 s). */
  serviceWorkerUpdateCheckMs: 20_000,
  /** Minimum time between two reloads caused by a new service worker (spec §4, §9: 10 s). */
  reloadGuardMs: 10_000,
  /** requestIdleCallback fallback (spec §9: 50 ms). */
  idleFallbackMs: 50,
  /** Device fingerprint fallback delay (spec §9: 500 ms). */
  fingerprintFallbackMs: 500,
  /** Support chat update after a route change (spec §9: 250 ms). */
  supportChatRouteUpdateMs: 250,
  /** PayIn opens this long after login when balance is 0 and a currency is set (spec §2, §9). */
  payInAutoOpenMs: 350,
  /** Background sync minimum interval and its fallback timer (spec §9: 10 minutes). */
  backgroundSyncIntervalMs: 10 * 60_000,
  /** Session replay polling (spec §9: every 100 ms, up to 10 s). */
  sessionReplayPollMs: 100,
  sessionReplayPollMaxMs: 10_000,
} as const;

/** Notification defaults (spec §9). */
export const NOTIFICATION_DEFAULTS = { durationMs: 3000, speedMs: 300, widthPx: 300 } as const;

/** Tooltip defaults (spec §9). */
export const TOOLTIP_DEFAULTS = {
  distancePx: 5,
  showDelayMs: 200,
  disposeTimeoutMs: 150,
  menuHideDelayMs: 400,
} as const;
