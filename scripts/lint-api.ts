import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createMemoryBus } from '../src/server/realtime/bus.ts';

/**
 * `npm run lint:api`: builds the API (no listener, an in-memory database, every optional part on)
 * and runs `redocly lint` with the committed redocly.yaml on the OpenAPI document it serves at
 * GET /api/openapi.json (docs/api-contract.md "The document"). Exits with the linter's code.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'lint-api-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVE_SITE: 'false',
  CRASH_DRIVER: 'false',
  CRASH_CHAIN_LENGTH: '1000',
  DATA_DIR: folder,
  // The operator API is documented only when it exists.
  OPERATOR_API_TOKEN: randomBytes(24).toString('hex'),
});
const database = await openDatabase({ dataDir: 'memory://' });
const bus = createMemoryBus();
const file = path.join(folder, 'openapi.json');
try {
  const app = await buildApp({ config, database, bus });
  await app.ready();
  const res = await app.inject('/api/openapi.json');
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  // Indented, so that the report quotes readable lines.
  writeFileSync(file, JSON.stringify(JSON.parse(res.body), null, 2));
} finally {
  await bus.close();
  await database.close();
}
const lint = spawnSync(
  path.join('node_modules', '.bin', 'redocly'),
  ['lint', file, '--config', 'redocly.yaml', '--format', 'codeframe'],
  { stdio: 'inherit' },
);
rmSync(folder, { recursive: true, force: true });
process.exitCode = lint.status ?? 1;
