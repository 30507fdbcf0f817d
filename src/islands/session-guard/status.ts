import { atom } from 'nanostores';
import { call } from '../../client/api.ts';
import { readToken } from '../../client/token.ts';
import type { StatusResponse } from '../../shared/api/responsible.ts';
import { STATUS_KEY } from './keys.ts';

/**
 * The player's responsible-gambling status (GET /responsible/status) as this tab knows it: the
 * session guard (./guard.ts), the limits page and the deposit modal share it. A copy is kept in the
 * tab's session storage for a short while, so moving to another page does not always ask again.
 */
export type RgStatus = StatusResponse['data'];

/** The latest status this page read or was answered; null before the first read and after a logout. */
export const $rgStatus = atom<RgStatus | null>(null);

/** How long the tab's copy is used without asking the server again. */
export const STATUS_FRESH_MS = 60_000;

interface Kept {
  session: string;
  at: number;
  data: RgStatus;
}

/**
 * What the copy belongs to: the login session named in the access token (`sid`), which a refresh
 * keeps; another login (another player, or the same one again) never reads a copy of the last one.
 */
export function sessionKey(token: string | null = readToken()): string | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' && sid ? sid : token;
  } catch {
    return token;
  }
}

function readKept(): Kept | null {
  try {
    const raw = sessionStorage.getItem(STATUS_KEY);
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    return null;
  }
}

/** The tab's copy when it is this session's and fresh, else null. */
export function cachedStatus(now = Date.now()): RgStatus | null {
  const kept = readKept();
  const session = sessionKey();
  if (!kept || !session || kept.session !== session) return null;
  if (kept.at > now || now - kept.at >= STATUS_FRESH_MS) return null;
  return kept.data;
}

/** A status the server just answered (GET, or any change that answers with it): shown everywhere. */
export function keepStatus(data: RgStatus): void {
  $rgStatus.set(data);
  const session = sessionKey();
  try {
    if (session) sessionStorage.setItem(STATUS_KEY, JSON.stringify({ session, at: Date.now(), data }));
  } catch {
    // No storage (private mode): the next page asks the server again.
  }
}

/** Forgets the status (a logout). */
export function dropStatus(): void {
  $rgStatus.set(null);
  try {
    sessionStorage.removeItem(STATUS_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The status: the tab's fresh copy, unless `fresh`, else the server's answer. */
export async function loadStatus({ fresh = false }: { fresh?: boolean } = {}): Promise<RgStatus> {
  const cached = fresh ? null : cachedStatus();
  if (cached) {
    if ($rgStatus.get() !== cached) $rgStatus.set(cached);
    return cached;
  }
  const answer = await call('GET /responsible/status');
  keepStatus(answer.data);
  return answer.data;
}
