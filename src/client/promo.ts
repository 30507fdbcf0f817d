import { resolveApiBase } from './api-base.ts';
import { readCookie } from './cookies.ts';
import { randomUuid } from './random-id.ts';

/**
 * The promo of the address and the super-bonus device id (docs/bonuses.md; docs/product-rules.md §3, §4,
 * §9). `?promo=CODE` is kept in the `promo` cookie (1 day), which registration and login send;
 * without a login a 3-day window starts (`promoExpires`), and once it has passed it restarts with
 * the next promo. The code's bonus is looked up (`GET /bonus-system/bonus/{promo}`): an unknown
 * or ended one clears the promo and removes it from the address.
 */
const DAY = 86_400;
const PROMO_WINDOW_SECONDS = 3 * DAY;
const SUPER_BONUS_SECONDS = 15_768_000;

function writeCookie(name: string, value: string | null, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the promo and super_bonus cookies are the product's (docs/product-rules.md §3) and the Cookie Store API is not in every browser we support.
  document.cookie = `${name}=${value === null ? '' : encodeURIComponent(value)}; Path=/; Max-Age=${value === null ? 0 : maxAge}; SameSite=Lax${secure}`;
}

/** A random id for the `super_bonus` cookie, made once per browser (`GET /profile/user?whoAreYou`). */
export function ensureDeviceId(): void {
  if (readCookie('super_bonus')) return;
  writeCookie('super_bonus', randomUuid(), SUPER_BONUS_SECONDS);
}

function dropPromoFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('promo')) return;
  url.searchParams.delete('promo');
  window.history.replaceState(window.history.state, '', url);
}

/** Reads `?promo=`, starts the promo window, and checks the code's bonus. */
export async function trackPromo(): Promise<void> {
  const root = document.documentElement;
  const apiBase = resolveApiBase({
    configuredUrl: root.dataset.apiUrl || null,
    dev: root.dataset.dev === 'true',
    location: window.location,
  });
  const loggedIn = Boolean(readCookie('token'));
  const fromAddress = new URL(window.location.href).searchParams.get('promo')?.trim();
  if (fromAddress && /^[\w-]{1,64}$/.test(fromAddress)) writeCookie('promo', fromAddress, DAY);
  const promo = readCookie('promo');
  if (!promo) return;
  if (!loggedIn) {
    const expires = Number(readCookie('promoExpires'));
    if (!expires || expires <= Date.now())
      writeCookie('promoExpires', String(Date.now() + PROMO_WINDOW_SECONDS * 1000), PROMO_WINDOW_SECONDS);
  }
  try {
    const res = await fetch(`${apiBase}/bonus-system/bonus/${encodeURIComponent(promo)}`);
    if (res.status !== 404) return;
  } catch {
    return; // a network failure says nothing about the code
  }
  writeCookie('promo', null, 0);
  writeCookie('promoExpires', null, 0);
  dropPromoFromAddress();
}
