import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Queryable } from '../../src/server/db/client.ts';

/**
 * When TEST_DATABASE_URL points at a PostgreSQL server, each suite gets a fresh database there
 * (created here, dropped by the returned function); otherwise tests use in-memory PGlite.
 */
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => {} };
  const name = `casino_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Every text-like value stored in the public schema (text, varchar, json, jsonb), one string per
 * value, tagged `table.column`: tests search it for secrets that must never be stored.
 */
export async function storedText(db: Queryable): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const out: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await db.query<{ value: string }>(
      `select "${column}"::text as value from "${table}" where "${column}" is not null`,
    );
    for (const row of rows) out.push(`${table}.${column}: ${row.value}`);
  }
  return out;
}
