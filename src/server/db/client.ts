import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PreparedStatements } from './pglite-prepared.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A parameterised query runner: the database itself, or one open transaction. */
export interface Queryable {
  /** Raw parameterised query (a `name` makes node-postgres prepare it once per connection). */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<Row[]>;
}

/** One database handle, whichever engine is behind it. */
export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Arbitrary constant for the migration advisory lock, so concurrent instances migrate one at a time. */
const MIGRATION_LOCK_ID = 7_240_431;

export interface OpenOptions {
  /** postgres:// URL; unset means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for tests. */
  dataDir?: string;
  poolSize?: number;
}

/** Opens the database and applies committed migrations (drizzle/). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir ?? './data');
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite;
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    // PGlite needs its parent folder to exist.
    mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const prepared = new PreparedStatements(client);
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    async query<Row>(text: string, values: unknown[] = []) {
      const result = await client.query<Row>(text, values);
      return result.rows;
    },
    // PGlite has one connection: its transaction() queues other work until this one ends. Named
    // statements (the money hot paths) are prepared once (pglite-prepared.ts).
    transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return client.transaction((tx) =>
        work({
          async query<Row>(text: string, values: unknown[] = [], name?: string) {
            if (name) return client.runExclusive(() => prepared.query<Row>(name, text, values));
            return (await tx.query<Row>(text, values)).rows;
          },
        }),
      );
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    async query<Row>(text: string, values: unknown[] = [], name?: string) {
      const result = await pool.query(name ? { name, text, values } : { text, values });
      return result.rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(text: string, values: unknown[] = [], name?: string) {
            const r = await client.query(name ? { name, text, values } : { text, values });
            return r.rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
