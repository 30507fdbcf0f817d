import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';

/**
 * The access-token key: `JWT_SECRET` when set; otherwise one generated on first start and kept in
 * `settings`, so every instance on the database agrees and restarts keep sessions valid.
 */
export async function resolveTokenSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const generated = randomBytes(48).toString('base64url');
  await db.query(
    `insert into settings (key, value) values ('jwt_secret', to_jsonb($1::text)) on conflict (key) do nothing`,
    [generated],
  );
  const [row] = await db.query<{ value: string }>(
    `select value #>> '{}' as value from settings where key = 'jwt_secret'`,
  );
  if (!row?.value) throw new Error('could not read the generated jwt_secret setting');
  return row.value;
}
