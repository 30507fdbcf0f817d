import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';

/**
 * The access-token key: `JWT_SECRET` when set; otherwise one generated on first start and kept in
 * `settings`, so every instance on the database agrees and restarts keep sessions valid.
 */
export function resolveTokenSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  return resolveSecret(db, 'jwt_secret', fromEnv);
}

/** A secret from the environment, else generated once and kept in `settings` under `key`. */
export async function resolveSecret(
  db: Queryable,
  key: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  const generated = randomBytes(48).toString('base64url');
  await db.query(
    `insert into settings (key, value) values ($1, to_jsonb($2::text)) on conflict (key) do nothing`,
    [key, generated],
  );
  const [row] = await db.query<{ value: string }>(
    `select value #>> '{}' as value from settings where key = $1`,
    [key],
  );
  if (!row?.value) throw new Error(`could not read the generated ${key} setting`);
  return row.value;
}
