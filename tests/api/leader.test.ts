import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Election, elect } from '../../src/server/realtime/leader.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';

const quiet = { info() {}, warn() {}, error() {} };
const KEY = 4_242_001;

/** An election whose lead runs until its signal aborts, recording who led when. */
function candidate(database: Database, name: string, log: string[], retryMs = 100) {
  return elect(
    database,
    KEY,
    (signal) =>
      new Promise<void>((resolve) => {
        log.push(`${name} leads`);
        signal.addEventListener('abort', () => {
          log.push(`${name} stops`);
          resolve();
        });
      }),
    { name, retryMs, log: quiet },
  );
}

/** `database` with its lock attempts counted in `tries`. */
function counting(database: Database, tries: { n: number }): Database {
  return new Proxy(database, {
    get(target, key) {
      if (key === 'tryLock')
        return (lockKey: number) => {
          tries.n += 1;
          return target.tryLock(lockKey);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('leader election', () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabaseUrl();
    drop = fresh.drop;
    first = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://', poolSize: 2 });
    // Two instances: two pools on one PostgreSQL database, or two handles on one PGlite.
    second = fresh.url ? await openDatabase({ databaseUrl: fresh.url, poolSize: 2 }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
    await drop?.();
  });

  test('exactly one of two instances leads; when it stops, the other takes over', async () => {
    const log: string[] = [];
    const a = candidate(first, 'a', log);
    await expect.poll(() => log).toEqual(['a leads']);
    const tries = { n: 0 };
    const b = candidate(counting(second, tries), 'b', log);
    // b has tried the lock, and tried again after its retry interval, while a held it.
    await expect.poll(() => tries.n, { interval: 10 }).toBeGreaterThanOrEqual(3);
    expect([a.leading, b.leading]).toEqual([true, false]);
    await a.stop();
    await expect.poll(() => log).toEqual(['a leads', 'a stops', 'b leads']);
    expect(b.leading).toBe(true);
    await b.stop();
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'a leader whose connection dies is aborted, and the other instance takes over',
    async () => {
      const log: string[] = [];
      // A killed process never tries again: `a` retries only after the test is over, so the
      // lock can only go to `b` (with equal retry delays either could win the race).
      const elections: Election[] = [candidate(first, 'a', log, 60_000)];
      await expect.poll(() => log).toEqual(['a leads']);
      elections.push(candidate(second, 'b', log));
      // What kill -9 does to the leader's connection: the server ends its session.
      await second.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1`,
        [KEY],
      );
      await expect.poll(() => log, { timeout: 10_000 }).toEqual(['a leads', 'a stops', 'b leads']);
      for (const election of elections) await election.stop();
    },
  );
});
