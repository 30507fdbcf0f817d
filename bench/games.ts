/**
 * `npm run bench:games`: dice bets per second through HTTP against the real server, on PGlite
 * (file-backed, as `npm start` runs it) and, when BENCH_DATABASE_URL is set, on PostgreSQL; next to
 * each, the same bet transaction called in-process (no HTTP) and the raw transaction ceiling of the
 * same database (BEGIN; one conditional UPDATE; COMMIT). Loopback; the client shares the cores.
 * In-process, the bets are measured again with an active bonus per player (the bonus hook's cost).
 * Run by hand: BENCH_SECONDS (default 10), BENCH_CONCURRENCY (default 64), BENCH_PLAYERS (64).
 * Each database ends with the ratio: HTTP dice bets per second over the raw ceiling, at the
 * same concurrency (docs/performance.md "Bets"). BENCH_CPU_PROF=<dir> starts the server under
 * `node --cpu-prof` and writes its profile there when it stops.
 */
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { activateGrant, grantOf } from '../src/server/modules/bonus/engine.ts';
import { insertGrant, upsertCampaign } from '../src/server/modules/bonus/repository.ts';
import { dicePlay } from '../src/server/modules/games/instant.ts';
import { placeBet } from '../src/server/modules/games/pipeline.ts';
import { diceBody } from '../src/shared/api/games-routes.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';
import { type Measured, measureLoop } from './measure.ts';
import { fundedUsers, gamesDeps } from './players.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 64);
/** Which parts to run: `http`, `inprocess` (default both) and which databases: `pglite`, `postgresql`. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'http,inprocess,pglite,postgresql').split(','));

const loop = (work: (caller: number) => Promise<void>) =>
  measureLoop({ concurrency: CONCURRENCY, seconds: SECONDS }, work);

const report = (bench: string, database: string, result: Measured) =>
  console.log(JSON.stringify({ bench, database, concurrency: CONCURRENCY, seconds: SECONDS, ...result }));

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  }
  return out;
}

/** Dice bets through HTTP: PLAYERS funded players, CONCURRENCY callers, 1 RUB at 49.5 % each. */
async function httpBets(label: string, env: Record<string, string>): Promise<Measured> {
  const profile = process.env.BENCH_CPU_PROF;
  const server = await startServer({
    SERVE_SITE: 'false',
    LOG_LEVEL: 'error',
    ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profile}` } : {}),
    ...env,
  });
  try {
    const players = await inBatches(PLAYERS, 8, () =>
      fundedPlayer(server.url, { amount: '100000', prefix: 'bench' }).then((p) => p.token),
    );
    const body = JSON.stringify({ amount: '1', target: '49.50', direction: 'under' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let n = 0;
    const bet = (caller: number) =>
      post(agent, server.url, '/api/games/dice/bet', players[(caller + n++) % players.length]!, body);
    await loop(bet); // warm-up run of the same length, then the measured one
    const measured = await loop(bet);
    report('dice bet via HTTP', label, measured);
    agent.destroy();
    return measured;
  } finally {
    await server.stop();
  }
}

/**
 * The bench's HTTP client: node:http with keep-alive, one socket per caller. It shares the two
 * cores with the server, and fetch (undici) cost it about as much CPU per bet as the server's own
 * bet path; bet-cpu.ts measures the server's CPU per bet whatever the client.
 */
function post(agent: http.Agent, base: string, pathname: string, token: string, body: string): Promise<void> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: pathname,
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
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same bet transaction without HTTP, and the raw transaction ceiling of the database. */
async function inProcess(label: string, database: Database): Promise<Measured> {
  const config = loadConfig({ NODE_ENV: 'test' });
  const users = await fundedUsers(database, PLAYERS, { cash: 10_000_000n, prefix: 'bench' });
  const deps = gamesDeps(config, database);
  let n = 0;
  const bet = async (caller: number) => {
    const user = users[(caller + n++) % users.length]!;
    await placeBet(
      deps,
      user,
      dicePlay(diceBody.parse({ amount: '1', target: '49.50', direction: 'under' })),
      `bench:${++n}`,
    );
  };
  await loop(bet);
  const plain = await loop(bet);
  report('dice bet transaction in-process', label, plain);

  // The same bets while each player has an active bonus: the hook's wagering update (and its
  // conditions) is the difference (docs/bonuses.md; the VIP progress update runs in both).
  await giveBonuses(database, users);
  await loop(bet);
  const withBonus = await loop(bet);
  report('dice bet transaction in-process, active bonus', label, withBonus);
  console.log(
    JSON.stringify({
      bench: 'active bonus vs none',
      database: label,
      throughputCost: `${(100 * (1 - withBonus.perSecond / plain.perSecond)).toFixed(1)} %`,
    }),
  );

  await database.query(
    'create table if not exists bench_rows (id int primary key, n bigint not null default 0)',
  );
  await database.query(
    `insert into bench_rows (id) select g from generate_series(0, ${CONCURRENCY - 1}) g on conflict do nothing`,
  );
  const raw = (caller: number) =>
    database.transaction(async (tx) => {
      await tx.query(
        'update bench_rows set n = n + 1 where id = $1 and n >= 0',
        [caller],
        'bench_raw_update',
      );
    });
  await loop(raw);
  const ceiling = await loop(raw);
  report('raw transaction (one conditional update)', label, ceiling);
  return ceiling;
}

/** The goal: HTTP bets per second as a share of the raw ceiling, and the HTTP p99. */
function ratio(label: string, http: Measured | undefined, ceiling: Measured | undefined, goal: number) {
  if (!http || !ceiling) return;
  const share = (100 * http.perSecond) / ceiling.perSecond;
  console.log(
    JSON.stringify({
      bench: 'HTTP dice bets / raw ceiling',
      database: label,
      concurrency: CONCURRENCY,
      share: `${share.toFixed(1)} %`,
      goal: `>= ${goal} %`,
      p99: http.p99,
      met: share >= goal,
    }),
  );
}

/** An active bonus for each player, wagering ×1000 (it never completes during a run). */
async function giveBonuses(database: Database, users: readonly { id: string }[]) {
  const campaign = await database.transaction((tx) =>
    upsertCampaign(tx, null, {
      name: `bench-${Date.now()}`,
      kind: 'no_deposit',
      terms: { wager: 1000, days: 7, claim_days: 7, amount: { RUB: '100000' } },
      currencies: [],
      regions: [],
      is_public: false,
      reg_and_dep: false,
      is_super: false,
      status: 'active',
      starts_at: null,
      ends_at: null,
    }),
  );
  for (const user of users)
    await database.transaction(async (tx) => {
      const grant = await insertGrant(
        tx,
        grantOf(campaign, { userId: user.id, currency: 'RUB', source: 'operator', sourceKey: null }),
      );
      await activateGrant(tx, user.id, grant!.id, new Date());
    });
}

if (PARTS.has('pglite')) {
  let http: Measured | undefined;
  let ceiling: Measured | undefined;
  if (PARTS.has('http'))
    http = await httpBets('pglite (file)', { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'casino-bench-')) });
  if (PARTS.has('inprocess')) {
    const database = await openDatabase({ dataDir: mkdtempSync(path.join(tmpdir(), 'casino-bench-')) });
    ceiling = await inProcess('pglite (file)', database);
    await database.close();
  }
  ratio('pglite (file)', http, ceiling, 40);
}
if (process.env.BENCH_DATABASE_URL && PARTS.has('postgresql')) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { url, drop } = await freshDatabaseUrl();
  try {
    let http: Measured | undefined;
    let ceiling: Measured | undefined;
    if (PARTS.has('http')) http = await httpBets('postgresql (pool 10)', { DATABASE_URL: url! });
    if (PARTS.has('inprocess')) {
      const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
      ceiling = await inProcess('postgresql (pool 10)', database);
      await database.close();
    }
    ratio('postgresql (pool 10)', http, ceiling, 50);
  } finally {
    await drop();
  }
}
