import type { CrashEvent } from '../api/crash.ts';
import type { RoomEvent } from '../api/rooms.ts';
import type { SportEvent, SportMarket } from '../api/sports.ts';
import type { TournamentBoard } from '../api/tournaments.ts';
import { INSTANT_BET_PATHS, ROOMS } from '../games.ts';
import { FEED_CHANNELS, type FeedChannel, type FeedItem } from './bets.ts';

export type { FeedChannel };
/**
 * The `/ws` protocol (docs/api-money.md "`/ws`", docs/api-games.md for the feeds), shared by the
 * server's gateway (src/server/realtime/gateway.ts) and the browser's realtime client
 * (src/client/realtime.ts), so that every message either side sends is type-checked.
 *
 * One socket per tab. A guest subscribes to public channels; a player also sends `auth` with the
 * access token and then receives the private channel `user:<id>`. Every channel event carries a
 * version; how versions grow depends on the channel (`versionOrder`).
 */

// ───────────────────────────── channels ─────────────────────────────

/** The colours of the rooms lobby (the registry's rooms, src/shared/games.ts), one public channel each. */
export const ROOM_COLORS = ROOMS;
export type RoomColor = (typeof ROOM_COLORS)[number];

/** Every settled bet (`feed:bets`) and the big-stake ones (`feed:high-rollers`), by feed kind. */
const FEED_CHANNEL_NAMES = Object.values(FEED_CHANNELS);
export type RoomChannel = `rooms:${RoomColor}`;
/** The sportsbook: every live event's score and main market, and one event's every market. */
export type SportsChannel = 'sports:live' | `sports:event:${string}`;
/** A tournament's leaderboard (docs/tournaments.md). */
export type TournamentChannel = `tournament:${string}`;
/** Channels any socket may subscribe to, guest or player. */
export type PublicChannel = FeedChannel | 'game:crash' | RoomChannel | SportsChannel | TournamentChannel;
/** A player's own channel; a socket joins it with `auth`, never with `subscribe`. */
export type UserChannel = `user:${string}`;
export type Channel = PublicChannel | UserChannel;

const PUBLIC_CHANNELS: ReadonlySet<string> = new Set<PublicChannel>([
  ...FEED_CHANNEL_NAMES,
  'game:crash',
  ...ROOM_COLORS.map((color): RoomChannel => `rooms:${color}`),
  'sports:live',
]);

export function isPublicChannel(name: string): name is PublicChannel {
  return (
    PUBLIC_CHANNELS.has(name) ||
    /^sports:event:[\w:.-]{1,64}$/.test(name) ||
    /^tournament:\d{1,18}$/.test(name)
  );
}

/** The channel of one tournament's leaderboard. */
export function tournamentChannel(id: string): TournamentChannel {
  return `tournament:${id}`;
}

/** The channel of one sports event's markets. */
export function sportsEventChannel(eventId: string): SportsChannel {
  return `sports:event:${eventId}`;
}

export function isUserChannel(name: string): name is UserChannel {
  return /^user:[^:\s]+$/.test(name);
}

export function userChannel(userId: string | number): UserChannel {
  return `user:${userId}`;
}

// ───────────────────────────── payloads ─────────────────────────────

/** A player's balances after a change (deposit, withdrawal, bet), as decimal strings. */
export interface BalanceEvent {
  type: 'balance';
  balance: string;
  bonus_balance: string;
  total_balance: string;
  /** Null only for a player who has not chosen a currency yet. */
  currency: string | null;
}

export function isBalanceEvent(data: unknown): data is BalanceEvent {
  if (!data || typeof data !== 'object') return false;
  const d = data as Record<string, unknown>;
  return (
    d.type === 'balance' &&
    typeof d.balance === 'string' &&
    typeof d.bonus_balance === 'string' &&
    typeof d.total_balance === 'string'
  );
}

/** One settled bet as the public feeds show it (docs/api-games.md "feed"). */
export type FeedEvent = FeedItem;
/** A change of the crash game (src/shared/api/crash.ts, docs/api-games.md "Crash"). */
/** A change of a room's round (src/shared/api/rooms.ts, docs/api-games.md "Rooms"). */
export type { CrashEvent, RoomEvent };

/**
 * A sports event changed (docs/betting.md "Live"): on `sports:live` its state and main market; on
 * `sports:event:<id>` also every market that changed.
 */
export interface SportsUpdate {
  type: 'sports';
  event: SportEvent;
  markets: SportMarket[];
}

/** A tournament's board changed (a score, its pool, its status): the whole top 100 again. */
export interface TournamentUpdate {
  type: 'tournament';
  board: TournamentBoard;
}

/** What an event of each channel carries in `data`. */
export type ChannelPayloads = { [K in FeedChannel]: FeedEvent } & { 'game:crash': CrashEvent } & {
  [K in RoomChannel]: RoomEvent;
} & { [K in SportsChannel]: SportsUpdate } & { [K in TournamentChannel]: TournamentUpdate } & {
  [K in UserChannel]: BalanceEvent;
};
export type ChannelPayload<C extends Channel> = ChannelPayloads[C];

/**
 * How a channel numbers its events:
 * - `time`: the time of the change in ms (`user:<id>`): rising but not contiguous, so an event
 *   older than one already applied is stale and dropped;
 * - `id`: the bet's id (`feed:*`): rising but not contiguous and not even in order (a coinflip
 *   series settles after later bets), so readers dedupe by item id instead;
 * - `sequence`: each event is the previous one + 1 (`game:crash`, `rooms:*`), so a jump means
 *   events were missed and the reader reloads.
 */
export type VersionOrder = 'time' | 'id' | 'sequence';

export function versionOrder(channel: Channel): VersionOrder {
  if (isUserChannel(channel) || channel.startsWith('sports:') || channel.startsWith('tournament:'))
    return 'time';
  if ((FEED_CHANNEL_NAMES as readonly string[]).includes(channel)) return 'id';
  return 'sequence';
}

// ───────────────────────────── messages ─────────────────────────────

/** One versioned event of one channel. */
export type ChannelEvent<C extends Channel = Channel> = {
  [K in C]: { channel: K; version: number; data: ChannelPayload<K> };
}[C];

/** Why the server dropped the private channel (docs/api-money.md "`/ws`"). */
export type UnauthenticatedReason = 'expired' | 'revoked';
/** `bad_message`: not a client message; `forbidden_channel`: not a public channel; `unauthorized`: `auth` refused. */
export type RealtimeErrorCode = 'bad_message' | 'forbidden_channel' | 'unauthorized';

export interface ServerMessages {
  hello: { serverTime: number; instance: string };
  pong: { serverTime: number };
  subscribed: { channel: PublicChannel };
  /**
   * The socket now receives the player's own channel `user:<id>` (balance changes) until the access
   * token expires or the session ends; another `auth` with a fresh token extends it.
   */
  authenticated: { channel: UserChannel };
  /**
   * The socket no longer receives `channel` (`user:<id>`); public channels stay. `expired`: the
   * access token's `exp` passed without a new `auth`: refresh the token and send `auth` again.
   * `revoked`: the session ended (logout, password change, "log out other sessions", refresh-token
   * reuse): no token of it works any more, so the client's refresh fails and it logs out locally.
   */
  unauthenticated: { channel: UserChannel; reason: UnauthenticatedReason };
  event: ChannelEvent;
  error: { code: RealtimeErrorCode };
  /**
   * The answer to a `request`: the HTTP status and JSON body the same request over HTTP gets
   * (null for a body that is not JSON). 401: the socket holds no live player; 429: too many of this
   * socket's requests in flight; 404: not a path the socket relays.
   */
  response: { id: number; status: number; body: unknown };
}

export interface ClientMessages {
  ping: Record<never, never>;
  /** Sends the access token; the socket joins the player's channel. */
  auth: { token: string };
  subscribe: { channel: PublicChannel };
  /** A public channel, or the player's own one (the socket leaves it until the next `auth`). */
  unsubscribe: { channel: Channel };
  /**
   * An API call of the authenticated player sent over the socket (an instant bet of an auto-bet
   * series: `isRelayedPath`), run by the server exactly as the same POST over HTTP with the
   * socket's token and this Idempotency-Key. `id` pairs it with its `response`.
   */
  request: RelayRequest;
}

/** A `request` message's fields. */
export interface RelayRequest {
  id: number;
  method: 'POST';
  /** The API path as the client writes it, without the `/api` prefix ("/games/dice/bet"). */
  path: string;
  /** The Idempotency-Key: a retry over HTTP with the same key can never bet twice. */
  key: string;
  body: Record<string, unknown>;
  /** The API client's own headers that the server reads (docs/product-rules.md §7). */
  headers?: { 'accept-language'?: string; region?: string };
}

/**
 * The API paths a socket relays: the instant bets (the registry's `instantBet`, src/shared/games.ts),
 * where a round trip over the socket (about 2 ms in Chromium here) replaces a `fetch` (6-9 ms) for
 * an auto-bet series.
 */
const RELAYED_PATHS: ReadonlySet<string> = new Set(INSTANT_BET_PATHS);

export function isRelayedPath(path: string): boolean {
  return RELAYED_PATHS.has(path);
}

/** The most requests one socket may have in flight; more are answered 429 at once. */
export const RELAY_IN_FLIGHT = 8;

export type ServerMessage = {
  [K in keyof ServerMessages]: { type: K } & ServerMessages[K];
}[keyof ServerMessages];
export type ClientMessage = {
  [K in keyof ClientMessages]: { type: K } & ClientMessages[K];
}[keyof ClientMessages];

/**
 * A server message from the wire, or null when it is not one. Only the envelope is checked (type,
 * channel, version); an event's `data` is for the channel's reader to narrow. Checked by hand, as
 * `serverMessage` (src/shared/wire/realtime-messages.ts) declares it, so that the socket client,
 * on every page, ships no zod; realtime-messages.test.ts holds the two to agree. Client messages
 * are parsed with their schema there (`parseClientMessage`, read by the server only).
 */
export function parseServerMessage(raw: string): ServerMessage | null {
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    value = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const channel = typeof value.channel === 'string' ? value.channel : null;
  switch (value.type) {
    case 'hello':
    case 'pong':
      return value as ServerMessage;
    case 'subscribed':
      return channel && isPublicChannel(channel) ? { type: 'subscribed', channel } : null;
    case 'authenticated':
      return channel && isUserChannel(channel) ? { type: 'authenticated', channel } : null;
    case 'unauthenticated':
      return channel && isUserChannel(channel) && (value.reason === 'expired' || value.reason === 'revoked')
        ? { type: 'unauthenticated', channel, reason: value.reason }
        : null;
    case 'event':
      return channel &&
        (isPublicChannel(channel) || isUserChannel(channel)) &&
        typeof value.version === 'number'
        ? ({ type: 'event', channel, version: value.version, data: value.data } as ServerMessage)
        : null;
    case 'error':
      return typeof value.code === 'string' ? ({ type: 'error', code: value.code } as ServerMessage) : null;
    case 'response':
      return typeof value.id === 'number' && typeof value.status === 'number'
        ? { type: 'response', id: value.id, status: value.status, body: value.body ?? null }
        : null;
    default:
      return null;
  }
}
