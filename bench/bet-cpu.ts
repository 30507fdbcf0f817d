/**
 * `node bench/bet-cpu.ts`: the server's own CPU time per dice bet over HTTP (user and system, from
 * /proc/<pid>/stat), which a loaded machine disturbs far less than bets per second. 64 players,
 * BENCH_CONCURRENCY callers (64) for BENCH_SECONDS (5) after a warm-up; PostgreSQL when
 * BENCH_DATABASE_URL is set, else PGlite. The client is node:http with keep-alive. BENCH_CPU_PROF=<dir>
 * profiles the server (`node bench/profile-top.ts` reads it).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const TICK = 100; // clock ticks per second (getconf CLK_TCK)

function cpuOf(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) / TICK, system: Number(fields[12]) / TICK };
}

let env: Record<string, string> = {};
let drop = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const fresh = await freshDatabaseUrl();
  env = { DATABASE_URL: fresh.url! };
  drop = fresh.drop;
}
const profile = process.env.BENCH_CPU_PROF;
const server = await startServer({
  SERVE_SITE: 'false',
  LOG_LEVEL: 'error',
  // CPU per bet is measured here, not the per-player limit (one caller passes 3,000 a minute).
  RATE_LIMIT_BETS_PER_MINUTE: '1000000',
  ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
  ...env,
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const url = new URL(server.url);
try {
  const players: string[] = [];
  for (let i = 0; i < 64; i += 8)
    players.push(
      ...(await Promise.all(
        Array.from({ length: 8 }, () =>
          fundedPlayer(server.url, { amount: '100000', prefix: 'cpu' }).then((p) => p.token),
        ),
      )),
    );
  const body = JSON.stringify({ amount: '1', target: '49.50', direction: 'under' });
  const bet = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/games/dice/bet',
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode))),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const run = async () => {
    let done = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, caller) => {
        while (performance.now() < end) {
          await bet(players[caller % players.length]!);
          done += 1;
        }
      }),
    );
    return done;
  };
  await run();
  const before = cpuOf(server.process.pid!);
  const started = performance.now();
  const bets = await run();
  const after = cpuOf(server.process.pid!);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      bench: 'server CPU per dice bet',
      database: env.DATABASE_URL ? 'postgresql' : 'pglite',
      bets,
      perSecond: Math.round(bets / seconds),
      userMicros: Math.round(((after.user - before.user) * 1e6) / bets),
      systemMicros: Math.round(((after.system - before.system) * 1e6) / bets),
    }),
  );
} finally {
  agent.destroy();
  await server.stop();
  await drop();
}
