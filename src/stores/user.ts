import { atom, computed } from 'nanostores';
import type { Currency } from '../shared/currencies.ts';
import type { Region } from '../shared/region.ts';

/** The profile of spec §3 as the browser holds it (amounts as decimal strings from the API). */
export interface User {
  id: number | string;
  name: string | null;
  email: string | null;
  phone: string | null;
  balance: string;
  bonus: string;
  bonus_balance: string;
  total_balance: string;
  currency: Currency | null;
  locale: string | null;
  timezone: string | null;
  register_method: string;
  is_phone_verified: boolean;
  is_email_verified: boolean;
  is_password_exists: boolean;
  image: { small: string | null };
  premium: { status: string };
  is_avatar_hidden: boolean;
  is_statistics_hidden: boolean;
  verification: { is_need: boolean; data: { status: string } | null };
  features: string[];
  region: Region;
}

/** Logged-in user, or null for a guest (spec §4 session states). */
export const $user = atom<User | null>(null);
export const $isLoggedIn = computed($user, (user) => user !== null);

/**
 * Whether the session is known: `unknown` while a held token is being checked (GET profile/user),
 * then `guest` or `user`. Islands wait for it before choosing between a form and a login prompt.
 */
export type SessionStatus = 'unknown' | 'guest' | 'user';
export const $sessionStatus = atom<SessionStatus>('unknown');

/** The single-sign-on link when one is known (login responses, spec §4 and §7). */
export const $ssoLink = atom<string | null>(null);

export function setUser(user: User | null): void {
  $user.set(user);
  $sessionStatus.set(user ? 'user' : 'guest');
}

export function hasFeature(user: User | null, flag: string): boolean {
  return Boolean(user?.features.includes(flag));
}
