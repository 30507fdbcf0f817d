import { atom, computed } from 'nanostores';
import type { Profile } from '../shared/profile.ts';

/** The profile of docs/product-rules.md §3 (src/shared/profile.ts), shared with the server's answer. */
export type User = Profile;

/** Logged-in user, or null for a guest (docs/product-rules.md §4 session states). */
export const $user = atom<User | null>(null);
export const $isLoggedIn = computed($user, (user) => user !== null);

/**
 * Whether the session is known: `unknown` while a held token is being checked (GET profile/user),
 * then `guest` or `user`. Islands wait for it before choosing between a form and a login prompt.
 */
export type SessionStatus = 'unknown' | 'guest' | 'user';
export const $sessionStatus = atom<SessionStatus>('unknown');

/** The single-sign-on link when one is known (login responses, docs/product-rules.md §4 and §7). */
export const $ssoLink = atom<string | null>(null);

export function setUser(user: User | null): void {
  $user.set(user);
  $sessionStatus.set(user ? 'user' : 'guest');
}

export function hasFeature(user: User | null, flag: string): boolean {
  return Boolean(user?.features.includes(flag));
}
