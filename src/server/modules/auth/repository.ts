import type { Queryable } from '../../db/client.ts';

/** A users row as the services use it (snake_case straight from SQL). */
export interface UserRow {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  password_hash: string | null;
  currency: string | null;
  locale: string | null;
  timezone: string | null;
  register_method: string;
  is_email_verified: boolean;
  is_phone_verified: boolean;
  is_avatar_hidden: boolean;
  is_statistics_hidden: boolean;
  premium_status: string;
  features: string[];
  region: string;
  attribution: Record<string, string | null>;
}

const USER_COLUMNS = `id::text, email, phone, name, password_hash, currency, locale, timezone, register_method,
  is_email_verified, is_phone_verified, is_avatar_hidden, is_statistics_hidden, premium_status, features, region, attribution`;

/** USER_COLUMNS qualified with the alias `u`, for joins. */
const USER_COLUMNS_OF_U = USER_COLUMNS.replace(/(^|,\s*)(\w)/g, '$1u.$2');

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

export async function userById(db: Queryable, id: bigint | string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users where id = $1`,
    [String(id)],
    'user_by_id',
  );
  return row;
}

export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = $1`, [email]);
  return row;
}

export async function userByPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where phone = $1`, [phone]);
  return row;
}

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  passwordHash?: string | null;
  currency?: string | null;
  locale?: string | null;
  timezone?: string | null;
  registerMethod: string;
  isEmailVerified?: boolean;
  region: string;
  attribution: Record<string, string | null>;
}

/** Inserts a user; a duplicate email or phone surfaces as the unique-violation error (23505). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `insert into users (email, phone, name, password_hash, currency, locale, timezone, register_method, is_email_verified, region, attribution)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${USER_COLUMNS}`,
    [
      user.email ?? null,
      user.phone ?? null,
      user.name ?? null,
      user.passwordHash ?? null,
      user.currency ?? null,
      user.locale ?? null,
      user.timezone ?? null,
      user.registerMethod,
      user.isEmailVerified ?? false,
      user.region,
      JSON.stringify(user.attribution),
    ],
  );
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** True when `error` is PostgreSQL's unique violation on `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || Boolean(e.message?.includes(constraint)));
}

export async function createSession(
  db: Queryable,
  session: { userId: string; userAgent: string | null; ip: string; method: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into sessions (user_id, user_agent, ip, method) values ($1, $2, $3, $4) returning id',
    [session.userId, session.userAgent?.slice(0, 400) ?? null, session.ip, session.method],
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

export async function revokeSessions(
  db: Queryable,
  where: { sessionId?: string; userId?: string; exceptSessionId?: string },
  reason: string,
): Promise<number> {
  if (where.sessionId) {
    const rows = await db.query(
      'update sessions set revoked_at = now(), revoke_reason = $2 where id = $1 and revoked_at is null returning id',
      [where.sessionId, reason],
    );
    return rows.length;
  }
  const rows = await db.query(
    `update sessions set revoked_at = now(), revoke_reason = $3
      where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid) returning id`,
    [where.userId, where.exceptSessionId ?? null, reason],
  );
  return rows.length;
}
