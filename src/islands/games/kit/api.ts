import { atom } from 'nanostores';
import { useMemo } from 'react';
import { api } from '../../../client/api.ts';
import { acceptLanguageFor } from '../../../client/api-base.ts';
import { type CallArgs, request, type Sending, target } from '../../../client/call.ts';
import { readCookie } from '../../../client/cookies.ts';
import { holdLiveBalance } from '../../../client/live-balance.ts';
import { idempotencyKey as newIdempotencyKey } from '../../../client/money.ts';
import { realtime } from '../../../client/realtime.ts';
import type { Answer, CallInput, RouteKey, RouteOf } from '../../../shared/api/contract.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import type { BetAnswer, BetGame, BetView } from '../../../shared/wire/bets.ts';
import { isRelayedPath } from '../../../shared/wire/realtime.ts';
import { $locale } from '../../../stores/locale.ts';
import { $user } from '../../../stores/user.ts';
import { $instantPlay, onFrame } from './motion.ts';

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

/** The game a route of `/games/<game>/…` plays, when it is one with a bets API. */
type GameOf<K> = K extends `${string} /games/${infer G}/${string}` ? (G extends BetGame ? G : never) : never;

/**
 * A bet in an answer of game `G`'s own route: the route answers only its game's bets (the schema,
 * shared by every game, says "a bet"; the route says which).
 */
type OfGame<D, G extends BetGame> = D extends BetAnswer ? BetAnswer<G> : D extends BetView ? BetView<G> : D;

/** The `data` of a game route's answer, its bets narrowed to the route's game. */
export type GameData<K extends RouteKey> =
  Answer<K> extends { data: infer D } ? ([GameOf<K>] extends [never] ? D : OfGame<D, GameOf<K>>) : never;

/** The routes answering `{ data }`, by method. */
type DataRoute<M extends string> = {
  [K in RouteOf<M>]: Answer<K> extends { data: unknown } ? K : never;
}[RouteOf<M>];

/** A game call's input: what the route takes but its `Idempotency-Key`, which the kit adds. */
export type GameInput<K extends RouteKey> = Omit<CallInput<K>, 'headers'>;

export interface GameApi {
  /** POST with a fresh Idempotency-Key; resolves with the answer's `data`. */
  post<K extends DataRoute<'POST'>>(key: K, input: GameInput<K>): Promise<GameData<K>>;
  get<K extends DataRoute<'GET'>>(key: K, ...args: CallArgs<K>): Promise<GameData<K>>;
}

/**
 * An instant bet of an instant auto-bet series goes over the tab's socket (docs/api-money.md "Bets
 * over the socket"): the same call, answered in a fraction of a `fetch`'s time. Null when it could
 * not be sent there or was not a success: the caller sends it over HTTP with the same key (a bet
 * the socket placed is then replayed, never placed twice), so errors, the token refresh and
 * `Retry-After` keep their one path.
 */
async function overSocket(path: string, body: unknown, key: string): Promise<{ data: unknown } | null> {
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
  const data = (answer.body as { data?: unknown } | null)?.data;
  return data === undefined ? null : { data };
}

/**
 * The typed calls of GameApi over the loose `request` (src/client/call.ts): the one place where
 * an answer is taken as its route's type (GameData: the declared answer, its bets narrowed to the
 * route's game), as `send` does for every other call.
 */
async function dataOf(key: RouteKey, input: Sending, viaSocket: () => Promise<{ data: unknown } | null>) {
  const answer = (await viaSocket()) ?? (await request(api(), key, input).json<{ data: unknown }>());
  return answer.data;
}

export const gameApi: GameApi = {
  async post(key, input) {
    const idempotencyKey = newIdempotencyKey();
    const sending: Sending = input;
    const data = await dataOf(key, { ...sending, headers: { 'idempotency-key': idempotencyKey } }, () =>
      overSocket(`/${target(key, sending.params).path}`, sending.body, idempotencyKey),
    );
    noteBalance(data);
    return data as GameData<typeof key>;
  },
  async get(key, ...[input]) {
    return (await dataOf(key, input ?? {}, async () => null)) as GameData<typeof key>;
  },
};

/** The shared ky client for game calls (docs/game-kit.md): `{ post, get }` answering `data`. */
export function useGameApi(): GameApi {
  return useMemo(() => gameApi, []);
}
