import { atom } from 'nanostores';
import { useMemo } from 'react';
import { api } from '../../../client/api.ts';
import { acceptLanguageFor } from '../../../client/api-base.ts';
import { readCookie } from '../../../client/cookies.ts';
import { holdLiveBalance } from '../../../client/live-balance.ts';
import { idempotencyKey } from '../../../client/money.ts';
import { realtime } from '../../../client/realtime.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import { isRelayedPath } from '../../../shared/wire/realtime.ts';
import { $locale } from '../../../stores/locale.ts';
import { $user } from '../../../stores/user.ts';
import { $instantPlay, onFrame } from './motion.ts';

/** API paths are written as in docs/api-games.md ("/games/dice/bet"); ky's prefix wants them bare. */
const bare = (path: string) => path.replace(/^\/+/, '');

/** How many bets a board is showing now: bet balances and new public feed rows wait while above 0. */
export const $showingOutcome = atom(0);

/**
 * The balance of the last bet answer while a bet is being shown: the kit applies it once the
 * board has revealed the outcome, so the header does not give the result away (see GameShell).
 */
let heldBalance: string | null = null;

/** Runs `play` with bet answers' balances held back, then applies the last one. */
export async function holdingBalance<T>(play: () => Promise<T>): Promise<T> {
  $showingOutcome.set($showingOutcome.get() + 1);
  // The server's /ws balance event for this bet arrives while the board still animates.
  const releaseLive = holdLiveBalance();
  try {
    return await play();
  } finally {
    $showingOutcome.set($showingOutcome.get() - 1);
    if ($showingOutcome.get() === 0 && heldBalance !== null) {
      const balance = heldBalance;
      heldBalance = null;
      applyBalance(balance);
    }
    // Then any newer /ws balance (another tab's deposit, say) on top of the bet's answer.
    releaseLive();
  }
}

/** Puts a bet answer's balance into `$user` (the header shows it). */
export function applyBalance(balance: string): void {
  const user = $user.get();
  if (!user) return;
  try {
    const total = toMinor(balance) + toMinor(user.bonus_balance);
    $user.set({ ...user, balance, total_balance: fromMinor(total) });
  } catch {
    $user.set({ ...user, balance });
  }
}

function noteBalance(data: unknown): void {
  const balance = (data as { balance?: unknown } | null)?.balance;
  if (typeof balance !== 'string') return;
  // An instant series shows each outcome in the same frame as its balance: nothing to hold back
  // (and with two bets in flight the count of bets showing would rarely reach 0).
  if ($instantPlay.get()) onFrame(() => applyBalance(balance), 'balance');
  else if ($showingOutcome.get() > 0) heldBalance = balance;
  else applyBalance(balance);
}

export interface GameApi {
  /** POST with a fresh Idempotency-Key; resolves with the answer's `data`. */
  post<T>(path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
}

/**
 * An instant bet of an instant auto-bet series goes over the tab's socket (docs/api-money.md "Bets
 * over the socket"): the same call, answered in a fraction of a `fetch`'s time. Null when it could
 * not be sent there or was not a success: the caller sends it over HTTP with the same key (a bet
 * the socket placed is then replayed, never placed twice), so errors, the token refresh and
 * `Retry-After` keep their one path.
 */
async function overSocket<T>(path: string, body: unknown, key: string): Promise<{ data: T } | null> {
  if (!$instantPlay.get() || !isRelayedPath(path) || !body || typeof body !== 'object') return null;
  const region = readCookie('region');
  const answer = await realtime.request({
    method: 'POST',
    path,
    key,
    body: body as Record<string, unknown>,
    headers: { 'accept-language': acceptLanguageFor($locale.get()), ...(region ? { region } : {}) },
  });
  if (!answer || answer.status < 200 || answer.status >= 300) return null;
  const data = (answer.body as { data?: T } | null)?.data;
  return data === undefined ? null : { data };
}

export const gameApi: GameApi = {
  async post<T>(path: string, body?: unknown): Promise<T> {
    const key = idempotencyKey();
    const answer =
      (await overSocket<T>(path, body, key)) ??
      (await api()
        .post(bare(path), {
          ...(body === undefined ? {} : { json: body }),
          headers: { 'Idempotency-Key': key },
        })
        .json<{ data: T }>());
    noteBalance(answer.data);
    return answer.data;
  },
  async get<T>(path: string): Promise<T> {
    const answer = await api().get(bare(path)).json<{ data: T }>();
    return answer.data;
  },
};

/** The shared ky client for game calls (docs/game-kit.md): `{ post, get }` answering `data`. */
export function useGameApi(): GameApi {
  return useMemo(() => gameApi, []);
}
