/**
 * The studio's database: PGlite in this process (in memory or a folder), or a PostgreSQL server
 * that several studio instances share (docs/live-casino.md "Several instances"). Both answer the
 * same SQL; money is read back through `::text` either way (pg gives int8 as a string, int4 as a
 * number and jsonb parsed, as PGlite does for the columns the studio reads).
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface StudioDb {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a schema: several idempotent statements. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A lock held on a connection of its own: `lost` resolves if that connection dies while held. */
export interface HeldLock {
  lost: Promise<void>;
  release(): Promise<void>;
}

/** The studio's first advisory-lock key, so its locks never meet the casino's one-key locks. */
const STUDIO_LOCKS = 0x5354_5544;

/** The two-key advisory lock for `name` (e.g. `live:roulette-1`); both keys positive int4s. */
export function lockKey(name: string): [number, number] {
  return [STUDIO_LOCKS, createHash('sha256').update(name).digest().readInt32BE(0) & 0x7fff_ffff];
}

export async function pgliteDb(dataDir?: string): Promise<StudioDb> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}

export function postgresDb(url: string): StudioDb {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a terminated backend) is dropped by the pool;
  // without a listener its error would end the process.
  pool.on('error', () => {});
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async exec(sql) {
      // Instances starting together would race on `create … if not exists` (two creates of one
      // table collide in the catalogue): one at a time, under a transaction's advisory lock.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock($1, $2)', lockKey('schema'));
        await client.query(sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** How often a held lock's connection is asked whether it is still there. */
const LOCK_HEARTBEAT_MS = 2_000;

/**
 * Takes the advisory lock `key` on a new connection, or null when another session holds it. The
 * lock lasts as long as the connection: a killed instance's lock is freed by the server.
 */
export async function tryLock(url: string, key: [number, number]): Promise<HeldLock | null> {
  const client = new pg.Client({ connectionString: url });
  let released = false;
  let markLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => {
    markLost = () => {
      if (!released) resolve();
    };
  });
  client.on('error', () => markLost());
  client.on('end', () => markLost());
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>(
    'select pg_try_advisory_lock($1, $2) as locked',
    key,
  );
  if (!rows[0]?.locked) {
    released = true;
    await client.end().catch(() => {});
    return null;
  }
  // A connection that silently stops answering (a network partition) counts as lost too.
  const heartbeat = setInterval(() => {
    client.query('select 1').catch(() => markLost());
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  void lost.then(() => clearInterval(heartbeat));
  return {
    lost,
    async release() {
      released = true;
      clearInterval(heartbeat);
      await client.query('select pg_advisory_unlock($1, $2)', key).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
