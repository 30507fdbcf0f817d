import type { Queryable } from '../../db/client.ts';

/** One-time single-sign-on codes (docs/edge.md), kept as hashes. */

export async function insertSsoCode(
  db: Queryable,
  code: { hash: Buffer; userId: string; targetHost: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `insert into sso_codes (code_hash, user_id, target_host, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4::float8))`,
    [code.hash, code.userId, code.targetHost, code.ttlSeconds],
  );
  // Spent and expired codes are worth nothing: drop them as new ones are made.
  await db.query(`delete from sso_codes where expires_at < now() - interval '1 hour'`);
}

/**
 * Marks an unused, unexpired code for `targetHost` used, in the statement that checks it: of two
 * exchanges of one code exactly one gets the player.
 */
export async function claimSsoCode(
  db: Queryable,
  hash: Buffer,
  targetHost: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `update sso_codes set used_at = now()
      where code_hash = $1 and target_host = $2 and used_at is null and expires_at > now()
      returning user_id::text`,
    [hash, targetHost],
  );
  return row?.user_id;
}

/** The player of an unused, unexpired refresh token of a live session (read only: nothing rotates). */
export async function userOfRefreshToken(db: Queryable, hash: Buffer): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `select s.user_id::text from refresh_tokens r join sessions s on s.id = r.session_id
      where r.token_hash = $1 and r.used_at is null and r.expires_at > now() and s.revoked_at is null`,
    [hash],
  );
  return row?.user_id;
}
