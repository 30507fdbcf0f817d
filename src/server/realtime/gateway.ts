import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type Channel,
  type ChannelPayload,
  isPublicChannel,
  type PublicChannel,
  RELAY_IN_FLIGHT,
  type RelayRequest,
  type ServerMessage,
  type UnauthenticatedReason,
  type UserChannel,
  userChannel,
} from '../../shared/wire/realtime.ts';
import { parseClientMessage } from '../../shared/wire/realtime-messages.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { Bus } from './bus.ts';

const INSTANCE = randomUUID().slice(0, 8);

/**
 * Bus channel of ended sessions, `{"sessions":["<id>",…]}`: every instance drops the private
 * channel of the sockets authenticated with those sessions. Not a public channel: no client can
 * subscribe to it.
 */
export const SESSIONS_REVOKED_CHANNEL = 'auth:sessions-revoked';

/** Node's timers take at most 2^31-1 ms; a longer wait is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

function encode(message: ServerMessage): string {
  return JSON.stringify(message);
}

/** Who an access token names and until when (`exp` in ms since the epoch). */
export interface SocketIdentity {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

/** How `/ws` checks an `auth` message: the token, then the session it belongs to. */
export interface SocketAuthenticator {
  /** The token's identity, or null when it is invalid or expired. */
  verify(token: string): Promise<SocketIdentity | null>;
  /** Whether the session is still live (not revoked). */
  isLive(identity: SocketIdentity): Promise<boolean>;
}

/** This instance's sockets by session id, so that a revocation reaches exactly their sockets. */
class SessionWatchers {
  readonly #bySession = new Map<string, Set<() => void>>();

  /** Calls `onRevoked` when `sessionId` is revoked; returns the function that stops watching. */
  watch(sessionId: string, onRevoked: () => void): () => void {
    let watchers = this.#bySession.get(sessionId);
    if (!watchers) {
      watchers = new Set();
      this.#bySession.set(sessionId, watchers);
    }
    const set = watchers;
    set.add(onRevoked);
    return () => {
      set.delete(onRevoked);
      if (set.size === 0 && this.#bySession.get(sessionId) === set) this.#bySession.delete(sessionId);
    };
  }

  revoked(sessionIds: readonly string[]): void {
    for (const id of sessionIds) for (const onRevoked of [...(this.#bySession.get(id) ?? [])]) onRevoked();
  }
}

/** The session ids of a SESSIONS_REVOKED_CHANNEL payload; anything malformed names none. */
function revokedSessions(payload: string): string[] {
  try {
    const sessions = (JSON.parse(payload) as { sessions?: unknown }).sessions;
    return Array.isArray(sessions) ? sessions.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The player's channel as one socket receives it. */
interface PrivateChannel {
  name: UserChannel;
  /** Resolves once the bus delivers the channel (rejects when the bus refused). */
  ready: Promise<void>;
  /** Stops forwarding at once and leaves the bus channel. */
  leave: () => void;
}

/**
 * Runs a socket's `request` as the same HTTP request of its player (src/server/realtime/relay.ts):
 * `upgrade` is the socket's own HTTP request (its address and headers), `token` the access token
 * the socket authenticated with. Answers the status and the JSON body as text ('' for none).
 */
export type Relay = (
  request: RelayRequest,
  upgrade: FastifyRequest,
  token: string,
) => Promise<{ status: number; body: string }>;

/** A socket's private channel and the session whose token opened it. */
interface Binding {
  identity: SocketIdentity;
  /** The access token of the last accepted `auth` (relayed requests carry it). */
  token: string;
  channel: PrivateChannel;
  /** Stops watching the session for revocation. */
  unwatch: () => void;
  expiry: ReturnType<typeof setTimeout>;
}

/** Per public channel: its current state as one versioned event (`game:crash`). */
export type Snapshots = {
  [C in PublicChannel]?: () => Promise<{ version: number; data: ChannelPayload<C> }>;
};

/**
 * `/ws`: one socket per tab; subscriptions to public channels fan out through the bus. After
 * `auth` the socket also gets the player's channel `user:<id>`, bound to the token's session: it
 * is dropped (with an `unauthenticated` message) when the token expires without a new `auth`, or
 * when the session is revoked on any instance (SESSIONS_REVOKED_CHANNEL).
 */
export async function realtimeGateway(
  app: FastifyInstance,
  {
    bus,
    authenticator,
    snapshots = {},
    relay,
    clock = systemClock,
  }: {
    bus: Bus;
    /** The time access tokens expire on (src/server/clock.ts); default the system's. */
    clock?: Clock;
    authenticator: SocketAuthenticator;
    /** Runs `request` messages; without it every request is answered 404. */
    relay?: Relay;
    /** What a socket gets at once when it subscribes to the channel: its state as an event. */
    snapshots?: Snapshots;
  },
) {
  const watchers = new SessionWatchers();
  const stopRevocations = await bus.subscribe(SESSIONS_REVOKED_CHANNEL, (payload) =>
    watchers.revoked(revokedSessions(payload)),
  );
  app.addHook('onClose', async () => stopRevocations());

  app.get('/ws', { websocket: true }, (socket, upgrade) => {
    const subscriptions = new Map<string, Promise<() => Promise<void>>>();
    let binding: Binding | null = null;
    /** Numbers `auth` messages: only the newest one's answer may change the binding. */
    let authAttempt = 0;
    let closed = false;
    /** Relayed requests not yet answered. */
    let inFlight = 0;
    const send = (message: ServerMessage) => socket.send(encode(message));
    const respond = (id: number, status: number, body: string) => {
      // The body is already JSON text: framed without parsing it again.
      if (!closed) socket.send(`{"type":"response","id":${id},"status":${status},"body":${body || 'null'}}`);
    };

    const joinPrivate = (name: UserChannel): PrivateChannel => {
      let open = true;
      // The bus payload is already a serialized frame: forward it without re-encoding. The flag
      // stops it at once: leaving the bus channel completes only later.
      const off = bus.subscribe(name, (payload) => {
        if (open) socket.send(payload);
      });
      return {
        name,
        ready: off.then(() => {}),
        leave: () => {
          open = false;
          off.then((fn) => fn()).catch(() => {});
        },
      };
    };

    /** Ends the private channel; tells the client why unless it asked for it or left. */
    const release = (reason?: UnauthenticatedReason) => {
      const ended = binding;
      if (!ended) return;
      binding = null;
      clearTimeout(ended.expiry);
      ended.unwatch();
      ended.channel.leave();
      if (reason) send({ type: 'unauthenticated', channel: ended.channel.name, reason });
    };

    const armExpiry = (identity: SocketIdentity): ReturnType<typeof setTimeout> =>
      setTimeout(
        () => {
          if (binding?.identity !== identity) return;
          // A timer may fire a moment early: drop only once the token has really expired.
          if (clock.now() < identity.expiresAt) binding.expiry = armExpiry(identity);
          else release('expired');
        },
        Math.min(MAX_TIMER_MS, Math.max(0, identity.expiresAt - clock.now())),
      );

    /** Binds the socket to `identity`; a re-auth of the same player keeps the bus subscription. */
    const bind = async (identity: SocketIdentity, token: string) => {
      const name = userChannel(identity.userId);
      const previous = binding;
      binding = null;
      if (previous) {
        clearTimeout(previous.expiry);
        previous.unwatch();
        if (previous.channel.name !== name) previous.channel.leave();
      }
      const current: Binding = {
        identity,
        token,
        channel: previous?.channel.name === name ? previous.channel : joinPrivate(name),
        unwatch: watchers.watch(identity.sessionId, () => {
          if (binding?.identity === identity) release('revoked');
        }),
        expiry: armExpiry(identity),
      };
      binding = current;
      try {
        await current.channel.ready;
      } catch (error) {
        if (binding === current) release();
        throw error;
      }
      // Sent once the bus delivers the channel: `authenticated` promises that later events arrive.
      if (binding === current) send({ type: 'authenticated', channel: name });
    };

    const authenticate = async (token: string, attempt: number) => {
      const identity = await authenticator.verify(token);
      let revoked = false;
      // Watched before the database check: a revocation published while it runs must still count.
      const unwatch = identity
        ? watchers.watch(identity.sessionId, () => {
            revoked = true;
          })
        : () => {};
      try {
        const live = identity !== null && (await authenticator.isLive(identity));
        if (closed || attempt !== authAttempt) return;
        if (!identity || !live || revoked) return send({ type: 'error', code: 'unauthorized' });
        await bind(identity, token);
      } finally {
        unwatch();
      }
    };

    send({ type: 'hello', serverTime: clock.now(), instance: INSTANCE });
    socket.on('message', (raw: Buffer) => {
      const message = parseClientMessage(raw.toString());
      if (!message) return send({ type: 'error', code: 'bad_message' });
      switch (message.type) {
        case 'ping':
          return send({ type: 'pong', serverTime: clock.now() });
        case 'auth': {
          authAttempt += 1;
          authenticate(message.token, authAttempt).catch((err: unknown) => {
            app.log.warn({ err }, '/ws authentication failed');
            if (!closed) send({ type: 'error', code: 'unauthorized' });
          });
          return;
        }
        case 'subscribe': {
          if (!isPublicChannel(message.channel)) return send({ type: 'error', code: 'forbidden_channel' });
          const channel = message.channel;
          if (!subscriptions.has(channel)) {
            // The bus payload is already a serialized frame: forward it without re-encoding.
            const subscribed = bus.subscribe(channel, (payload) => socket.send(payload));
            subscriptions.set(channel, subscribed);
            const snapshot = snapshots[channel] as
              | (() => Promise<{ version: number; data: unknown }>)
              | undefined;
            if (snapshot) {
              // After the bus delivers the channel, so no event between the two is missed.
              void subscribed
                .then(() => snapshot())
                .then(({ version, data }) => {
                  if (!closed) send({ type: 'event', channel, version, data } as ServerMessage);
                })
                .catch((err: unknown) => app.log.warn({ err, channel }, '/ws snapshot failed'));
            }
          }
          return send({ type: 'subscribed', channel });
        }
        case 'request': {
          const { id } = message;
          if (!relay) return respond(id, 404, '{"errors":{"path":["not_found"]}}');
          // Only while the socket holds a live session: the binding is dropped at the token's
          // expiry and on a revocation, and the relayed request checks the token again.
          if (!binding) return respond(id, 401, '{"errors":{"token":["unauthorized"]}}');
          if (inFlight >= RELAY_IN_FLIGHT)
            return respond(id, 429, '{"errors":{"message":["too_many_requests"]}}');
          inFlight += 1;
          relay(message, upgrade, binding.token)
            .then(
              ({ status, body }) => respond(id, status, body),
              (err: unknown) => {
                app.log.error({ err }, '/ws request failed');
                respond(id, 500, '{"errors":{"message":["server_error"]}}');
              },
            )
            .finally(() => {
              inFlight -= 1;
            });
          return;
        }
        case 'unsubscribe': {
          if (binding?.channel.name === message.channel) return release();
          const off = subscriptions.get(message.channel);
          subscriptions.delete(message.channel);
          void off?.then((fn) => fn());
          return;
        }
      }
    });
    socket.on('close', () => {
      closed = true;
      release();
      for (const off of subscriptions.values()) void off.then((fn) => fn());
      subscriptions.clear();
    });
  });
}

/**
 * Publishes a versioned channel event, serialized once for every receiver on every instance. The
 * version follows the channel's order (`versionOrder` in src/shared/wire/realtime.ts).
 */
export function publishEvent<C extends Channel>(
  bus: Bus,
  channel: C,
  version: number,
  data: ChannelPayload<C>,
) {
  return bus.publish(channel, encode({ type: 'event', channel, version, data } as ServerMessage));
}

/** Tells every instance that these sessions ended; publish only after the revocation committed. */
export function publishSessionsRevoked(bus: Bus, sessionIds: readonly string[]) {
  return bus.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify({ sessions: sessionIds }));
}
