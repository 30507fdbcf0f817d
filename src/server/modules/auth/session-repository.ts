import type { Queryable } from '../../db/client.ts';
import type { SealedFingerprint } from './fingerprint.ts';
import { USER_COLUMNS_OF_U, type UserRow } from './repository.ts';

/** Sessions (one per login) and their refresh tokens, stored as hashes. */

/** The user of a live (not revoked) session, in one query: every authenticated request asks. */
export async function userOfLiveSession(
  db: Queryable,
  sessionId: string,
  userId: bigint,
): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `select ${USER_COLUMNS_OF_U} from users u
       join sessions s on s.user_id = u.id and s.id = $1 and s.revoked_at is null
      where u.id = $2`,
    [sessionId, String(userId)],
    'user_of_live_session',
  );
  return row;
}

export async function createSession(
  db: Queryable,
  session: {
    userId: string;
    userAgent: string | null;
    ip: string;
    method: string;
    fingerprint: SealedFingerprint | null;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into sessions (user_id, user_agent, ip, method, device, device_sealed)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      session.userId,
      session.userAgent?.slice(0, 400) ?? null,
      session.ip,
      session.method,
      session.fingerprint?.device ?? null,
      session.fingerprint?.sealed ?? null,
    ],
  );
  if (!row) throw new Error('insert into sessions returned no row');
  return row.id;
}

export async function insertRefreshToken(
  db: Queryable,
  sessionId: string,
  hash: Buffer,
  ttlDays: number,
): Promise<void> {
  await db.query(
    `insert into refresh_tokens (session_id, token_hash, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [sessionId, hash, ttlDays],
  );
}

/** Whether the session exists and is not revoked (checked on every authenticated request). */
export async function sessionIsLive(db: Queryable, sessionId: string, userId: bigint): Promise<boolean> {
  const rows = await db.query(
    'select 1 from sessions where id = $1 and user_id = $2 and revoked_at is null',
    [sessionId, String(userId)],
    'session_live',
  );
  return rows.length > 0;
}

/** A session and its player. */
export interface SessionOwner {
  session_id: string;
  user_id: string;
}

/**
 * Marks an unused, unexpired refresh token of a live session used, in the statement that checks
 * it: of two concurrent uses exactly one gets the session. On PostgreSQL the other waits for the
 * row lock and, once the first commits, updates nothing.
 */
export async function claimRefreshToken(db: Queryable, hash: Buffer): Promise<SessionOwner | undefined> {
  const [claimed] = await db.query<SessionOwner>(
    `update refresh_tokens r set used_at = now()
       from sessions s
      where r.token_hash = $1 and r.used_at is null and r.expires_at > now()
        and s.id = r.session_id and s.revoked_at is null
      returning r.session_id, s.user_id::text`,
    [hash],
  );
  return claimed;
}

/** A session was used again: when, and from which address. */
export async function touchSession(db: Queryable, sessionId: string, ip: string): Promise<void> {
  await db.query('update sessions set last_used_at = now(), ip = $2 where id = $1', [sessionId, ip]);
}

/**
 * What became of a refresh token that could not be claimed: whether it was used, and whether this
 * use is a retry within `graceSeconds` of its rotation while its successor (`successorHash`) is
 * still unused in the same live session.
 */
export async function refreshTokenUse(
  db: Queryable,
  hash: Buffer,
  successorHash: Buffer,
  graceSeconds: number,
): Promise<(SessionOwner & { used: boolean; retry: boolean }) | undefined> {
  const [seen] = await db.query<SessionOwner & { used: boolean; retry: boolean }>(
    `select r.session_id, s.user_id::text, r.used_at is not null as used,
            ($3::float8 > 0 and r.used_at > now() - make_interval(secs => $3::float8)
              and s.revoked_at is null
              and exists (select 1 from refresh_tokens n
                           where n.token_hash = $2 and n.session_id = r.session_id
                             and n.used_at is null and n.expires_at > now())) as retry
       from refresh_tokens r join sessions s on s.id = r.session_id
      where r.token_hash = $1`,
    [hash, successorHash, graceSeconds],
  );
  return seen;
}

/**
 * Revokes sessions and returns the ids it revoked. The caller publishes them on the bus
 * (src/server/realtime/gateway.ts) only after its transaction commits: an instance told earlier
 * could drop a socket for a revocation that is then rolled back.
 */
export async function revokeSessions(
  db: Queryable,
  where: { sessionId?: string; userId?: string; exceptSessionId?: string },
  reason: string,
): Promise<string[]> {
  if (where.sessionId) {
    const rows = await db.query<{ id: string }>(
      'update sessions set revoked_at = now(), revoke_reason = $2 where id = $1 and revoked_at is null returning id',
      [where.sessionId, reason],
    );
    return rows.map((row) => row.id);
  }
  const rows = await db.query<{ id: string }>(
    `update sessions set revoked_at = now(), revoke_reason = $3
      where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid) returning id`,
    [where.userId, where.exceptSessionId ?? null, reason],
  );
  return rows.map((row) => row.id);
}

/** A live session as the player's session list shows it. */
export interface LiveSession {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
}

/** The player's live sessions, most recently used first (at most 50). */
export function liveSessions(db: Queryable, userId: string): Promise<LiveSession[]> {
  return db.query<LiveSession>(
    `select id, user_agent, ip, created_at, last_used_at from sessions
      where user_id = $1 and revoked_at is null order by last_used_at desc limit 50`,
    [userId],
  );
}

/** A device (a fingerprint's keyed hash) a player's sessions came from. */
export interface PlayerDeviceRow {
  device: string;
  device_sealed: string;
  sessions: number;
  first_seen_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
}

/** The devices of a player's sessions, the most recently used first (at most 50). */
export function devicesOfPlayer(db: Queryable, userId: string): Promise<PlayerDeviceRow[]> {
  return db.query<PlayerDeviceRow>(
    `select device, (array_agg(device_sealed order by created_at desc))[1] as device_sealed,
            count(*)::int as sessions, min(created_at) as first_seen_at, max(last_used_at) as last_seen_at,
            (array_agg(user_agent order by created_at desc))[1] as user_agent
       from sessions where user_id = $1 and device is not null
      group by device order by last_seen_at desc limit 50`,
    [userId],
  );
}

/** The other players whose sessions came from any of `devices`. */
export function playersOfDevices(
  db: Queryable,
  devices: string[],
  except: string,
): Promise<{ device: string; user_id: string; sessions: number; last_seen_at: Date }[]> {
  if (devices.length === 0) return Promise.resolve([]);
  return db.query(
    `select device, user_id::text as user_id, count(*)::int as sessions, max(last_used_at) as last_seen_at
       from sessions where device = any($1::text[]) and user_id <> $2
      group by device, user_id order by last_seen_at desc`,
    [devices, except],
  );
}

/**
 * The player and session of an unused, unexpired refresh token of a live session (read only:
 * nothing rotates).
 */
export async function sessionOfRefreshToken(
  db: Queryable,
  hash: Buffer,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db.query<{ user_id: string; session_id: string }>(
    `select s.user_id::text, s.id::text as session_id from refresh_tokens r join sessions s on s.id = r.session_id
      where r.token_hash = $1 and r.used_at is null and r.expires_at > now() and s.revoked_at is null`,
    [hash],
  );
  return row && { userId: row.user_id, sessionId: row.session_id };
}
