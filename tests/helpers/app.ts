import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { type Bus, createMemoryBus } from '../../src/server/realtime/bus.ts';
import { freshDatabaseUrl } from './database.ts';

/**
 * The real API (no site) on a fresh database: PGlite in memory, or PostgreSQL via TEST_DATABASE_URL.
 * Given a `database` (another test app's) and a `bus`, it is a second instance sharing them: those
 * stay open when it closes, their owner closes them.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppDeps, 'logStream' | 'onRoute' | 'crawlerDns' | 'clock'> & {
    database?: Database;
    bus?: Bus;
  } = {},
) {
  const { logStream, onRoute, crawlerDns, clock, database: sharedDatabase, bus: sharedBus } = options;
  const { url, drop } = sharedDatabase ? { url: undefined, drop: async () => {} } : await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_SITE: 'false',
    // Crash rounds run only in the crash tests (which turn the driver on with a short chain).
    CRASH_DRIVER: 'false',
    CRASH_CHAIN_LENGTH: '1000',
    // Every test player redeems codes from one address; tests/api/bonus-economy.test.ts sets the
    // real limits.
    PROMO_TRIES_PER_MINUTE: '1000',
    PROMO_TRIES_PER_MINUTE_PER_ADDRESS: '100000',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const database =
    sharedDatabase ?? (await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 4 }));
  const bus = sharedBus ?? createMemoryBus();
  const app = await buildApp({
    config,
    database,
    bus,
    ...(logStream ? { logStream } : {}),
    ...(onRoute ? { onRoute } : {}),
    ...(crawlerDns ? { crawlerDns } : {}),
    ...(clock ? { clock } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    bus,
    async close() {
      await app.close();
      if (!sharedBus) await bus.close();
      if (!sharedDatabase) {
        await database.close();
        await drop();
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test file's app: created before its tests run, closed after them. The answer stands for the
 * app inside tests and hooks (`t.app`, `t.database`); touching it at collection time throws.
 */
export function appForFile(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('the test app is used before its beforeAll hook created it');
      return Reflect.get(current, key);
    },
  });
}
