import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createMemoryBus } from '../../src/server/realtime/bus.ts';
import { freshDatabaseUrl } from './database.ts';

/** The real API (no site) on a fresh database: PGlite in memory, or PostgreSQL via TEST_DATABASE_URL. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
) {
  const { url, drop } = await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_SITE: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 4 });
  const bus = createMemoryBus();
  const app = await buildApp({ config, database, bus, ...options });
  await app.ready();
  return {
    app,
    config,
    database,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
