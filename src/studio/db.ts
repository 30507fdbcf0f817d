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

/** The studio's first advisory-lock key, so its locks never meet the casino's one-key locks. */
const STUDIO_LOCKS = 0x5354_5544;

/** The two-key advisory lock for `name`; both keys positive int4s. */
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
