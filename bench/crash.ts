/**
 * `npm run bench:crash` (docs/performance.md "Crash"):
 * (a) viewers per node: BENCH_VIEWERS (default 1000,10000) `/ws` clients subscribed to `game:crash`
 *     on one server process (PGlite, short rounds); the lag from each event's `server_time` to its
 *     receipt, p50/p99 over every client and event, and the server's RSS; then a plain `ws` server
 *     (bench/crash-baseline.ts) broadcasting the same frames to as many clients, in the same run.
 * (b) BENCH_PLAYERS (1000) players with auto cash-outs in one round, in-process: every auto cash-out
 *     at the crash point, so the crash settles them all; the time from the crash moment to the last
 *     settlement (database clock), on PGlite (file) and with BENCH_DATABASE_URL on PostgreSQL.
 * Loopback, one machine: the clients share the cores with the server.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { elapsedForMultiplier } from '../src/games/crash/engine.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { placeBet } from '../src/server/modules/crash/bets.ts';
import { startCrashDriver } from '../src/server/modules/crash/driver.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { startServer } from '../tests/helpers/server.ts';
import { fundedUsers, gamesDeps } from './players.ts';

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const VIEWERS = (process.env.BENCH_VIEWERS ?? '1000,10000').split(',').map(Number);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const WATCH_MS = Number(process.env.BENCH_WATCH_MS ?? 20_000);

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `count` sockets to `url` (a few hundred at a time); each calls `onFrame` per message. */
async function openClients(
  url: string,
  count: number,
  onFrame: (raw: string, at: number) => void,
  subscribe: boolean,
) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, async () => {
        const socket = new WebSocket(url, { perMessageDeflate: false });
        socket.on('message', (raw) => onFrame(String(raw), Date.now()));
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        if (subscribe) socket.send(JSON.stringify({ type: 'subscribe', channel: 'game:crash' }));
        sockets.push(socket);
      }),
    );
  }
  return sockets;
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

async function viewers(count: number) {
  // On PostgreSQL (BENCH_DATABASE_URL) the bench shortens every flight to 1.20× (about 3 s), so the
  // run sees a round every few seconds; on PGlite the rounds keep their own crash points.
  const database = process.env.BENCH_DATABASE_URL ? await freshDatabaseUrl() : null;
  const server = await startServer({
    SERVE_SITE: 'false',
    LOG_LEVEL: 'warn',
    CRASH_BETTING_MS: '1000',
    CRASH_PAUSE_MS: '300',
    CRASH_CHAIN_LENGTH: '20000',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  });
  const direct = database?.url ? await openDatabase({ databaseUrl: database.url, poolSize: 1 }) : null;
  const hurry = direct
    ? setInterval(() => {
        void direct
          .query(
            `update crash_rounds set crash_point = 120 where status in ('betting', 'flight') and crash_point > 120`,
          )
          .catch(() => undefined);
      }, 300)
    : undefined;
  const lags: number[] = [];
  const frames = new Map<string, number>();
  const sockets = await openClients(
    `${server.url.replace('http', 'ws')}/ws`,
    count,
    (raw, at) => {
      // No JSON.parse per frame: the receiving side must not be the bottleneck being measured.
      if (!raw.startsWith('{"type":"event"') || raw.includes('"kind":"snapshot"')) return;
      const time = /"server_time":(\d+)/.exec(raw)?.[1];
      if (!time) return;
      lags.push(at - Number(time));
      frames.set(raw, (frames.get(raw) ?? 0) + 1);
    },
    true,
  );
  await sleep(1_000);
  lags.length = 0;
  frames.clear();
  const rssStart = await rssOf(server.process.pid!);
  let rssPeak = rssStart;
  const watchEnd = Date.now() + WATCH_MS;
  while (Date.now() < watchEnd) {
    await sleep(500);
    rssPeak = Math.max(rssPeak, await rssOf(server.process.pid!));
  }
  for (const socket of sockets) socket.terminate();
  clearInterval(hurry);
  await server.stop('SIGKILL');
  await direct?.close();
  await database?.drop();
  lags.sort((a, b) => a - b);

  // The same frames through a plain ws broadcast, to as many clients.
  const baseline = fork(path.join(import.meta.dirname, 'crash-baseline.ts'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    baseline.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const sentAt = new Map<number, number>();
  const baseLags: number[] = [];
  const received: { index: number; at: number }[] = [];
  const baseSockets = await openClients(
    `ws://127.0.0.1:${port}`,
    count,
    (raw, at) => received.push({ index: Number(/"version":(\d+)/.exec(raw)?.[1]), at }),
    false,
  );
  let baseRss = 0;
  baseline.on('message', (m: { index?: number; sentAt?: number; rss?: number }) => {
    if (m.index !== undefined) sentAt.set(m.index, m.sentAt!);
    if (m.rss) baseRss = Math.max(baseRss, m.rss);
  });
  let index = 0;
  for (const frame of frames.keys()) {
    // The same bytes, with the frame's index in place of its version to match receipts to sends.
    const indexed = frame.replace(/"version":\d+/, `"version":${index}`);
    baseline.send({ index, frame: indexed });
    index += 1;
    await sleep(150);
  }
  await sleep(2_000);
  for (const r of received) {
    const sent = sentAt.get(r.index);
    if (sent !== undefined) baseLags.push(r.at - sent);
  }
  baseLags.sort((a, b) => a - b);
  for (const socket of baseSockets) socket.terminate();
  baseline.kill('SIGKILL');
  console.log(
    JSON.stringify({
      bench: 'crash viewers: /ws game:crash vs plain ws broadcast',
      viewers: count,
      events: frames.size,
      samples: lags.length,
      lagP50: quantile(lags, 0.5),
      lagP99: quantile(lags, 0.99),
      serverRssMb: Math.round(rssPeak / 1024 / 1024),
      baselineSamples: baseLags.length,
      baselineP50: quantile(baseLags, 0.5),
      baselineP99: quantile(baseLags, 0.99),
      baselineRssMb: Math.round(baseRss / 1024 / 1024),
    }),
  );
}

async function settlement(label: string, database: Database) {
  const config = loadConfig({
    NODE_ENV: 'test',
    CRASH_BETTING_MS: '600000',
    CRASH_PAUSE_MS: '100',
    CRASH_CHAIN_LENGTH: '20000',
  });
  const deps = gamesDeps(config, database);
  const log = { info: () => {}, warn: () => {}, error: (o: object, m?: string) => console.error(m, o) };
  const driver = startCrashDriver(deps, log);
  let round: { id: number } | undefined;
  while (!round) {
    await sleep(100);
    [round] = await database.query<{ id: number }>(
      `select id::int as id from crash_rounds where status = 'betting'`,
    );
  }
  // Held in betting while the bets come in; a crash at 1.50×, every auto cash-out at 1.50×.
  await database.query('update crash_rounds set crash_point = 150 where id = $1', [round.id]);
  const users = await fundedUsers(database, PLAYERS, { cash: 1_000_000n, prefix: 'crash.bench', batch: 16 });
  const betStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let i = next++; i < users.length; i = next++)
        await placeBet(deps, users[i]!, { amount: 100_00n, autoCashOut: 150 }, `crash-bench:${i}`);
    }),
  );
  const betSeconds = (performance.now() - betStart) / 1000;
  await database.query(`update crash_rounds set betting_ends_at = clock_timestamp() where id = $1`, [
    round.id,
  ]);
  for (;;) {
    await sleep(200);
    const [row] = await database.query<{ status: string }>('select status from crash_rounds where id = $1', [
      round.id,
    ]);
    if (row?.status === 'crashed') break;
  }
  const [times] = await database.query<{ crash_ms: number; last_ms: number; cashed: number }>(
    `select r.started_ms::float8 + $2 as crash_ms,
            max(extract(epoch from b.settled_at) * 1000)::float8 as last_ms,
            count(*) filter (where b.status = 'cashed')::int as cashed
       from crash_rounds r join crash_bets b on b.round_id = r.id where r.id = $1 group by r.started_ms`,
    [round.id, elapsedForMultiplier(150)],
  );
  await driver.stop();
  console.log(
    JSON.stringify({
      bench: 'crash: one round, every player auto-cashing out at the crash point',
      database: label,
      players: PLAYERS,
      betsPerSecond: Math.round(PLAYERS / betSeconds),
      cashedOut: times!.cashed,
      crashToLastSettlementMs: Math.round(times!.last_ms - times!.crash_ms),
    }),
  );
}

if (process.env.BENCH_ONLY !== 'settlement') for (const count of VIEWERS) await viewers(count);
if (process.env.BENCH_ONLY !== 'viewers') {
  const pglite = await openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'casino-bench-')) });
  await settlement('pglite (file)', pglite);
  await pglite.close();
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const { url, drop } = await freshDatabaseUrl();
    try {
      const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
      await settlement('postgresql (pool 10)', database);
      await database.close();
    } finally {
      await drop();
    }
  }
}
