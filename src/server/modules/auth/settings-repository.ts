import type { Queryable } from '../../db/client.ts';

/** Operator settings (key → JSON value). */

/** Stores a text setting unless the key has a value already (the first instance to start wins). */
export async function keepFirstTextSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    `insert into settings (key, value) values ($1, to_jsonb($2::text)) on conflict (key) do nothing`,
    [key, value],
  );
}

/** A setting's value as text, if set. */
export async function textSetting(db: Queryable, key: string): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>(
    `select value #>> '{}' as value from settings where key = $1`,
    [key],
  );
  return row?.value;
}
