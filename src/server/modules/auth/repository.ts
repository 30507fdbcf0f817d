import type { Queryable } from '../../db/client.ts';

/** How a player is reached: their e-mail address or their phone number. */
export type Channel = 'email' | 'phone';

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
  /** Set by the operator; null: the default set (src/server/modules/profile/features.ts). */
  features: string[] | null;
  region: string;
  attribution: Record<string, string | null>;
}

export const USER_COLUMNS = `id::text, email, phone, name, password_hash, currency, locale, timezone, register_method,
  is_email_verified, is_phone_verified, is_avatar_hidden, is_statistics_hidden, premium_status, features, region, attribution`;

/** USER_COLUMNS qualified with the alias `u`, for joins. */
export const USER_COLUMNS_OF_U = USER_COLUMNS.replace(/(^|,\s*)(\w)/g, '$1u.$2');

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

/** The player with this e-mail address (normalised, lower case) or phone number (E.164). */
export function userByContact(db: Queryable, channel: Channel, target: string): Promise<UserRow | undefined> {
  return channel === 'email' ? userByEmail(db, target) : userByPhone(db, target);
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

/**
 * A code delivered to the address proves the player controls it. `touch` also moves updated_at
 * (a verification the player asked for; a code login leaves it).
 */
export async function markContactVerified(
  db: Queryable,
  userId: string,
  channel: Channel,
  { touch }: { touch: boolean },
): Promise<void> {
  const column = channel === 'email' ? 'is_email_verified' : 'is_phone_verified';
  await db.query(`update users set ${column} = true${touch ? ', updated_at = now()' : ''} where id = $1`, [
    userId,
  ]);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [
    userId,
    passwordHash,
  ]);
}

/** Sets the first password of an account that has none; false when it has one (a race included). */
export async function setFirstPassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db.query(
    'update users set password_hash = $2, updated_at = now() where id = $1 and password_hash is null returning id',
    [userId, passwordHash],
  );
  return rows.length > 0;
}
