/**
 * `npm run bench:rooms`: one room round filled by BENCH_PLAYERS players (default 200), in-process
 * (no HTTP), on PGlite (file) and, with BENCH_DATABASE_URL, on PostgreSQL: joins per second into the
 * one round (a room's changes queue on its row, so this is the per-room ceiling), their p50/p99
 * latency with BENCH_CONCURRENCY callers (32), and the draw of the full round (winner, prize, seed,
 * next round) from its deadline to its commit. Loopback; the callers share the cores.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { drawRound } from '../src/server/modules/rooms/draw.ts';
import { placeStake } from '../src/server/modules/rooms/stakes.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { fundedUsers, gamesDeps } from './players.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const quantile = (sorted: number[], q: number) =>
  Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2));

async function bench(label: string, database: Database) {
  // A countdown far longer than the bench: the round is drawn by hand below, not by a leader.
  const config = loadConfig({ NODE_ENV: 'test', ROOMS_COUNTDOWN_MS: '600000' });
  const deps = gamesDeps(config, database);
  const users = await fundedUsers(database, PLAYERS, { cash: 1_000_000n, prefix: 'rooms.bench', batch: 1 });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < users.length; i = next++) {
        const at = performance.now();
        await placeStake(deps, users[i]!, 'yellow', 'join', { amount: 10_00n + BigInt(i) }, `bench:${i}`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const [round] = await database.query<{ id: string }>(
    `update room_rounds set countdown_ends_at = clock_timestamp() where room = 'yellow' and status = 'countdown' returning id::text`,
  );
  const drawStart = performance.now();
  const drawn = await drawRound(deps, round!.id);
  const drawMs = Number((performance.now() - drawStart).toFixed(1));
  console.log(
    JSON.stringify({
      bench: 'rooms: one round filled, then drawn',
      database: label,
      players: PLAYERS,
      concurrency: CONCURRENCY,
      joinsPerSecond: Math.round(PLAYERS / seconds),
      joinP50: quantile(latencies, 0.5),
      joinP99: quantile(latencies, 0.99),
      drawMs,
      drawn: drawn !== null,
    }),
  );
}

const pglite = await openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'casino-bench-')) });
await bench('pglite (file)', pglite);
await pglite.close();
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { url, drop } = await freshDatabaseUrl();
  try {
    const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
    await bench('postgresql (pool 10)', database);
    await database.close();
  } finally {
    await drop();
  }
}
