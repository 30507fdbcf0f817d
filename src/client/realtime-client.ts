import {
  type Channel,
  type ChannelPayload,
  type ClientMessage,
  isUserChannel,
  parseServerMessage,
  type RelayRequest,
  type ServerMessage,
  type UserChannel,
  versionOrder,
} from '../shared/wire/realtime.ts';
import type { RealtimeConnection } from '../stores/realtime.ts';

/**
 * The browser's side of `/ws` (src/shared/wire/realtime.ts): one socket per tab that every feature
 * subscribes through. It connects while anything is subscribed and closes when nothing is; it
 * reconnects with backoff, subscribes again and tells each reader to reload what it may have
 * missed; it authenticates for the player's channel with the current token on every (re)connect
 * and after every token refresh, and hands the server's `unauthenticated` to the session logic.
 * The tab's instance is `realtime` in src/client/realtime.ts; tests build their own.
 */

/** What a feature supplies for one channel. */
export interface ChannelHandler<C extends Channel = Channel> {
  /** One event, in arrival order. Stale events of a `time` channel and repeats of a `sequence` one never arrive. */
  event: (data: ChannelPayload<C>, version: number) => void;
  /**
   * Events may have been missed: reload the state from the API. Called when the channel is joined
   * again (after a reconnect, or after the server dropped the player's channel) and when a
   * `sequence` channel's version jumps.
   */
  gap?: () => void;
  /**
   * The reader's state was loaded before it subscribed (the profile, read at page start), so the
   * first join is a gap too. Readers that load their state as they subscribe (the feeds) leave it off.
   */
  gapOnFirstJoin?: boolean;
}

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface RealtimeDeps {
  /** Opens a socket to `/ws`. */
  connect: () => SocketLike;
  /** The access token held now (the `token` cookie), or null. */
  token: () => string | null;
  /** Calls `listener` after every new access token (login, refresh); registered with the first connection. */
  onToken: (listener: () => void) => void;
  /**
   * Reloads the profile through the session logic: an expired token is refreshed (and the new one
   * reaches `onToken`); a revoked session fails its refresh and logs the tab out.
   */
  reloadSession: () => Promise<unknown>;
  /** Logs the tab out locally (another tab logged out: no token is left to refresh). */
  endSession: () => void;
  /** Calls `listener` when the network comes back; registered with the first connection. */
  onOnline?: (listener: () => void) => void;
  /** Follows the connection (the `$realtime` store). */
  onConnection?: (connection: RealtimeConnection) => void;
  backoff?: (attempt: number) => number;
}

export interface RealtimeClient {
  /**
   * Follows `channel` (a public one, or the player's `user:<id>`, which is joined with `auth`);
   * returns the unsubscribe. The socket opens with the first subscription and closes after the last.
   */
  subscribe<C extends Channel>(channel: C, handler: ChannelHandler<C>): () => void;
  /**
   * Sends an API call of the player over the socket (`request`: the instant bets) when the socket
   * is open with the player's channel joined. Resolves with the answer, or with null when it could
   * not be sent or no answer came (the socket closed, `timeoutMs` passed): the caller then sends it
   * over HTTP with the same Idempotency-Key.
   */
  request(request: Omit<RelayRequest, 'id'>, timeoutMs?: number): Promise<RelayAnswer | null>;
}

/** A `response`: the HTTP status and JSON body of the relayed call. */
export interface RelayAnswer {
  status: number;
  body: unknown;
}

/** How long a relayed call may go unanswered before the caller falls back to HTTP. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Reconnect delay: 0.5 s doubling up to 30 s, with jitter so tabs do not reconnect together. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + random() * 0.5));
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

const OPEN = 1;

interface Reader {
  handler: ChannelHandler<never>;
  /** Whether this reader has seen the channel joined (its next join is a gap). */
  joined: boolean;
}

interface ChannelState {
  readers: Set<Reader>;
  /** Joined on the current socket (`subscribed` / `authenticated` received). */
  joined: boolean;
  /** The last delivered version (`time` and `sequence` channels). */
  last: number | null;
}

export function createRealtimeClient(deps: RealtimeDeps): RealtimeClient {
  const channels = new Map<Channel, ChannelState>();
  const backoff = deps.backoff ?? ((attempt: number) => backoffMs(attempt));
  let socket: SocketLike | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The token of the last `auth` sent, to tell whether another tab has since stored a newer one. */
  let sentToken: string | null = null;
  /** An `unauthorized` answer asked the session for a fresh token once; reset by `authenticated`. */
  let refreshAsked = false;
  let watching = false;
  /** Relayed calls waiting for their `response`, by id. */
  const pending = new Map<number, (answer: RelayAnswer | null) => void>();
  let nextRequest = 0;

  /** Every waiting call gets null (its socket is gone): the callers go over HTTP. */
  function abandonRequests(): void {
    const waiting = [...pending.values()];
    pending.clear();
    for (const resolve of waiting) resolve(null);
  }

  const setConnection = (connection: RealtimeConnection) => deps.onConnection?.(connection);
  const privateChannel = (): UserChannel | null => {
    for (const name of channels.keys()) if (isUserChannel(name)) return name;
    return null;
  };

  function send(message: ClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function sendAuth(): void {
    const token = deps.token();
    if (!token || !privateChannel() || socket?.readyState !== OPEN) return;
    send({ type: 'auth', token });
    sentToken = token;
  }

  /**
   * The server dropped the player's channel (token expired, or session ended). Reloading the
   * profile goes through the session logic: an expired token is refreshed and the new one is sent
   * again (`onToken`); a revoked session fails its refresh and the tab logs out.
   */
  function reauthenticate(): void {
    void deps.reloadSession().then(
      () => {
        // Another tab refreshed (or logged in again) and the cookie holds its token: this tab never
        // heard of it, so send it here.
        if (deps.token() !== sentToken) sendAuth();
      },
      () => {
        // Logged out in another tab: the token cookie is gone, so no refresh was even tried.
        if (!deps.token() && privateChannel()) deps.endSession();
      },
    );
  }

  /** The server confirmed `channel`: readers that saw it joined before (or asked) reload. */
  function joined(channel: Channel): void {
    const state = channels.get(channel);
    if (!state || state.joined) return;
    state.joined = true;
    for (const reader of [...state.readers]) {
      const gap = reader.joined || reader.handler.gapOnFirstJoin;
      reader.joined = true;
      if (gap) reader.handler.gap?.();
    }
  }

  function deliver(channel: Channel, version: number, data: unknown): void {
    const state = channels.get(channel);
    if (!state) return;
    const order = versionOrder(channel);
    let gap = false;
    if (order !== 'id' && state.last !== null) {
      if (version < state.last || (order === 'sequence' && version === state.last)) return;
      gap = order === 'sequence' && version > state.last + 1;
    }
    if (order !== 'id') state.last = version;
    for (const reader of [...state.readers]) {
      if (gap) reader.handler.gap?.();
      reader.handler.event(data as never, version);
    }
  }

  function onMessage(message: ServerMessage | null): void {
    switch (message?.type) {
      case 'subscribed':
        joined(message.channel);
        break;
      case 'authenticated':
        refreshAsked = false;
        joined(message.channel);
        break;
      case 'unauthenticated': {
        const state = channels.get(message.channel);
        if (!state) break;
        state.joined = false;
        reauthenticate();
        break;
      }
      case 'error':
        // The token was refused (it expired meanwhile): any API call refreshes it, and the new
        // token is sent again through `onToken`.
        if (message.code === 'unauthorized' && !refreshAsked && privateChannel()) {
          refreshAsked = true;
          void deps.reloadSession().catch(() => undefined);
        }
        break;
      case 'event':
        deliver(message.channel, message.version, message.data);
        break;
      case 'response': {
        const resolve = pending.get(message.id);
        pending.delete(message.id);
        resolve?.({ status: message.status, body: message.body });
        break;
      }
    }
  }

  function connect(): void {
    if (socket || channels.size === 0) return;
    clearTimeout(timer);
    if (!watching) {
      watching = true;
      deps.onToken(() => sendAuth());
      deps.onOnline?.(() => {
        if (socket || channels.size === 0) return;
        attempts = 0;
        connect();
      });
    }
    const ws = deps.connect();
    socket = ws;
    setConnection('connecting');
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      attempts = 0;
      setConnection('open');
      for (const channel of channels.keys())
        if (!isUserChannel(channel)) send({ type: 'subscribe', channel });
      sendAuth();
    });
    ws.addEventListener('message', (event) => {
      if (socket === ws) onMessage(parseServerMessage(String(event.data)));
    });
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      sentToken = null;
      abandonRequests();
      for (const [channel, state] of channels) {
        state.joined = false;
        // The rejoin reloads the state anyway; the next event starts the count again.
        if (versionOrder(channel) === 'sequence') state.last = null;
      }
      clearTimeout(timer);
      if (channels.size === 0) {
        setConnection('idle');
        return;
      }
      setConnection('waiting');
      timer = setTimeout(connect, backoff(attempts++));
    });
  }

  function disconnect(): void {
    clearTimeout(timer);
    const ws = socket;
    socket = null;
    sentToken = null;
    attempts = 0;
    abandonRequests();
    setConnection('idle');
    ws?.close(1000);
  }

  return {
    request(request, timeoutMs = REQUEST_TIMEOUT_MS) {
      const own = privateChannel();
      if (socket?.readyState !== OPEN || !own || !channels.get(own)?.joined) return Promise.resolve(null);
      const id = nextRequest++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          if (pending.delete(id)) resolve(null);
        }, timeoutMs);
        pending.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        send({ type: 'request', id, ...request });
      });
    },
    subscribe<C extends Channel>(channel: C, handler: ChannelHandler<C>): () => void {
      let state = channels.get(channel);
      if (!state) {
        state = { readers: new Set(), joined: false, last: null };
        channels.set(channel, state);
        if (isUserChannel(channel)) sendAuth();
        else send({ type: 'subscribe', channel });
      }
      const own = state;
      const reader: Reader = { handler: handler as ChannelHandler<never>, joined: own.joined };
      own.readers.add(reader);
      if (own.joined && handler.gapOnFirstJoin)
        queueMicrotask(() => {
          if (own.readers.has(reader)) handler.gap?.();
        });
      connect();
      return () => {
        if (!own.readers.delete(reader) || own.readers.size > 0) return;
        if (channels.get(channel) === own) {
          channels.delete(channel);
          send({ type: 'unsubscribe', channel });
          if (isUserChannel(channel)) sentToken = null;
        }
        if (channels.size === 0) disconnect();
      };
    },
  };
}
