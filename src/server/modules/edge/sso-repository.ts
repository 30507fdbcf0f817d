import type { Queryable } from '../../db/client.ts';

/** One-time sign-in codes (docs/edge.md), kept as hashes. */

/** Which exchange accepts a code (src/server/db/schema/edge.ts). */
export type CodePurpose = 'mirror' | 'login' | 'link';

export interface CodeBinding {
  /** The only host (`host[:port]`, lower-case, without `api.`) that may exchange it. */
  targetHost: string;
  purpose: CodePurpose;
  /** The hash of the browser's state value the exchange must present; null for `link` codes. */
  stateHash: Buffer | null;
}

export async function insertSsoCode(
  db: Queryable,
  code: CodeBinding & { hash: Buffer; userId: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `insert into sso_codes (code_hash, user_id, target_host, purpose, state_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8))`,
    [code.hash, code.userId, code.targetHost, code.purpose, code.stateHash, code.ttlSeconds],
  );
  // Spent and expired codes are worth nothing: drop them as new ones are made.
  await db.query(`delete from sso_codes where expires_at < now() - interval '1 hour'`);
}

/**
 * Spends an unused code whatever else is wrong with it (another host, another browser, another
 * exchange, expired), in the statement that checks it, and answers its player only when all of
 * the binding matches: a code works once, at its first try, or never. Of two tries of one code at
 * once exactly one spends it.
 */
export async function claimSsoCode(
  db: Queryable,
  hash: Buffer,
  binding: CodeBinding,
): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string | null }>(
    `update sso_codes set used_at = now()
      where code_hash = $1 and used_at is null
      returning case when target_host = $2 and purpose = $3 and state_hash is not distinct from $4
                      and expires_at > now()
                     then user_id::text end as user_id`,
    [hash, binding.targetHost, binding.purpose, binding.stateHash],
  );
  return row?.user_id ?? undefined;
}
