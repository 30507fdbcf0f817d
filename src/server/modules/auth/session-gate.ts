import type { FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail } from '../../domain-error.ts';
import type { Bus } from '../../realtime/bus.ts';
import { SESSIONS_REVOKED_CHANNEL } from '../../realtime/gateway.ts';
import { accessClaimsOf } from './http.ts';
import type { UserRow } from './repository.ts';
import { userOfLiveSession } from './session-repository.ts';
import type { TokenKeys } from './tokens.ts';

/** Published (`{ "users": [id…] }`) after a change to a player's row commits. */
export const USERS_CHANGED_CHANNEL = 'auth:users-changed';

interface Entry {
  user: UserRow;
  checkedAt: number;
}

/**
 * The session check of the routes that play, without a query per call (docs/security.md
 * "Sessions"): a live session's player is kept in memory and checked against the database again
 * at most every `recheckMs`. Revocations and changes to a player's row arrive over the bus and drop
 * the entry at once on every instance; `recheckMs` bounds the staleness should a bus message be
 * lost. A lookup that began before a drop never stores its (possibly stale) answer.
 */
export class SessionGate {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<UserRow | undefined>>();
  #epoch = 0;
  #stops: Array<() => Promise<void>> = [];

  readonly database: Database;
  readonly bus: Bus;
  readonly recheckMs: number;
  readonly maxEntries: number;
  readonly clock: Clock;

  constructor(database: Database, bus: Bus, recheckMs: number, maxEntries = 100_000, clock = systemClock) {
    this.database = database;
    this.bus = bus;
    this.recheckMs = recheckMs;
    this.maxEntries = maxEntries;
    this.clock = clock;
  }

  async start(): Promise<void> {
    this.#stops.push(
      await this.bus.subscribe(SESSIONS_REVOKED_CHANNEL, (payload) =>
        this.#dropSessions(idsOf(payload, 'sessions')),
      ),
      await this.bus.subscribe(USERS_CHANGED_CHANNEL, (payload) => this.#dropUsers(idsOf(payload, 'users'))),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.#stops.map((stop) => stop()));
    this.#stops = [];
  }

  /** The player of a live session, or undefined (revoked, or not this player's). */
  async user(sessionId: string, userId: bigint): Promise<UserRow | undefined> {
    const entry = this.#entries.get(sessionId);
    if (entry && this.clock.now() - entry.checkedAt < this.recheckMs) {
      return entry.user.id === String(userId) ? entry.user : undefined;
    }
    const key = `${sessionId}:${userId}`;
    let loading = this.#loading.get(key);
    if (!loading) {
      const epoch = this.#epoch;
      const checkedAt = this.clock.now();
      loading = userOfLiveSession(this.database, sessionId, userId).finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
      void loading.then(
        (user) => {
          if (!user || epoch !== this.#epoch) return this.#entries.delete(sessionId);
          if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
          this.#entries.set(sessionId, { user, checkedAt });
        },
        () => {},
      );
    }
    return loading;
  }

  /** After a change to these players' rows commits: every instance forgets them. */
  async usersChanged(userIds: readonly string[]): Promise<void> {
    this.#dropUsers(userIds);
    await this.bus.publish(USERS_CHANGED_CHANNEL, JSON.stringify({ users: userIds }));
  }

  /** These sessions were revoked here (other instances learn it from the bus). */
  sessionsRevoked(sessionIds: readonly string[]): void {
    this.#dropSessions(sessionIds);
  }

  #dropSessions(sessionIds: readonly string[]) {
    this.#epoch++;
    for (const id of sessionIds) this.#entries.delete(id);
  }

  #dropUsers(userIds: readonly string[]) {
    this.#epoch++;
    const users = new Set(userIds);
    for (const [id, entry] of this.#entries) if (users.has(entry.user.id)) this.#entries.delete(id);
  }
}

/** The ids under `field` of a bus payload; anything malformed names none. */
function idsOf(payload: string, field: string): string[] {
  try {
    const ids = (JSON.parse(payload) as Record<string, unknown>)[field];
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** preValidation of the routes that play: `requireUser` through the gate. */
export function requirePlayer(gate: SessionGate, keys: TokenKeys) {
  return async (request: FastifyRequest) => {
    const claims = await accessClaimsOf(request, keys);
    const user = claims ? await gate.user(claims.sessionId, claims.userId) : undefined;
    if (!claims || !user) throw fail('unauthenticated', 'token', 'unauthorized');
    request.auth = { user, sessionId: claims.sessionId };
  };
}
