import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PreparedStatements } from './pglite-prepared.ts';
import { parseTimestamptz } from './timestamptz.ts';

/** A parameterised query runner: the database itself, or one open transaction. */
export interface Queryable {
  /** Raw parameterised query (a `name` makes node-postgres prepare it once per connection). */
  query<Row = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<Row[]>;
}

/** An advisory lock held on a connection of its own, until released or the connection is lost. */
export interface HeldLock {
  /** Resolves when the lock is gone without `release()`: its connection died or stopped answering. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/** One database handle, whichever engine is behind it. */
export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Takes the session-level advisory lock `key` if no one holds it (null otherwise), on a
   * dedicated connection so that the lock lives exactly as long as this holder: a process that
   * dies loses its connection and with it the lock (src/server/realtime/leader.ts).
   */
  tryLock(key: number): Promise<HeldLock | null>;
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
  // Timestamps read as pg reads them (PGlite's own parser misreads years 0001-0099).
  const options = { parsers: { [types.TIMESTAMPTZ]: parseTimestamptz } };
  if (dataDir.startsWith('memory://')) {
    client = new PGlite(dataDir, options);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    // PGlite needs its parent folder to exist.
    mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const prepared = new PreparedStatements(client);
  // One process owns an embedded database, so its locks are this process's (the handles sharing
  // it in tests included).
  const held = new Set<number>();
  return {
    kind: 'pglite',
    async tryLock(key) {
      if (held.has(key)) return null;
      held.add(key);
      return { lost: new Promise<void>(() => {}), release: async () => void held.delete(key) };
    },
    async query<Row>(text: string, values: unknown[] = [], name?: string) {
      // A named statement outside a transaction (the one-statement bet) is prepared once too. It
      // waits for any open transaction first, as `client.query` does: `runExclusive` alone only
      // orders single calls, and would run it between the statements of another's transaction.
      if (name)
        return client._runExclusiveTransaction(() =>
          client.runExclusive(() => prepared.query<Row>(name, text, values)),
        );
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
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return {
    kind: 'postgres',
    tryLock: (key) => tryPostgresLock(url, key),
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

/** How often a held lock's connection is asked whether it is still there. */
const LOCK_HEARTBEAT_MS = 2_000;

async function tryPostgresLock(url: string, key: number): Promise<HeldLock | null> {
  const client = new pg.Client({ connectionString: url });
  let markLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    markLost = resolve;
  });
  client.on('error', () => markLost());
  client.on('end', () => markLost());
  await client.connect();
  const [row] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]))
    .rows;
  if (!row?.locked) {
    await client.end().catch(() => {});
    return null;
  }
  let released = false;
  // A connection that silently stops answering (a network partition) counts as lost too.
  const heartbeat = setInterval(() => {
    client.query('select 1').catch(() => markLost());
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  void lost.then(() => clearInterval(heartbeat));
  return {
    lost: lost.then(() => {
      if (released) return new Promise<void>(() => {});
    }),
    async release() {
      released = true;
      clearInterval(heartbeat);
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
