import type { User } from '../stores/user.ts';

/**
 * The player's last loaded profile, kept in local storage so that a page opened offline (a page the
 * service worker cached, docs/pwa.md "Offline") still shows the session: the account menu and the
 * last known balance, not a guest. It belongs to the player the held token names, and goes with
 * the session (logout, a refused token).
 */
const KEY = 'profileSnapshot';

interface Snapshot {
  /** The token's subject (the player id) the profile belongs to. */
  sub: string;
  user: User;
}

/** The `sub` claim of an access token (read, not verified: the server verifies it), or null. */
export function tokenSubject(token: string): string | null {
  const body = token.split('.')[1];
  if (!body) return null;
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^\d{1,20}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

/** Keeps `user` as the profile of the player `token` names. */
export function saveProfileSnapshot(token: string | null, user: User, storage: Storage = localStorage): void {
  const sub = token ? tokenSubject(token) : null;
  if (!sub || sub !== String(user.id)) return;
  try {
    storage.setItem(KEY, JSON.stringify({ sub, user } satisfies Snapshot));
  } catch {
    // Storage full or refused (private mode): the offline view is a convenience.
  }
}

/** The kept profile of the player `token` names, or null (another player's, none, unreadable). */
export function readProfileSnapshot(token: string | null, storage: Storage = localStorage): User | null {
  const sub = token ? tokenSubject(token) : null;
  if (!sub) return null;
  try {
    const snapshot = JSON.parse(storage.getItem(KEY) ?? 'null') as Snapshot | null;
    return snapshot?.sub === sub && snapshot.user && String(snapshot.user.id) === sub ? snapshot.user : null;
  } catch {
    return null;
  }
}

export function dropProfileSnapshot(storage: Storage = localStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
