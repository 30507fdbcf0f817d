/**
 * `npm run bench:tournaments` (docs/performance.md "Tournaments"): one server (`node server.ts`,
 * PGlite in a fresh folder as the other benches start it; PostgreSQL with BENCH_DATABASE_URL),
 * loopback, the clients in this process on the same two cores.
 *
 * (a) The leaderboard with BENCH_PARTICIPANTS (100,000) players. The server creates a running
 *     wager race (the operator API) and registers four players, then stops: PGlite is one
 *     process's database, so this process opens the very folder (or the PostgreSQL database, the
 *     same way for both) while no server runs, writes the participants straight into
 *     `users` and `tournament_players` (random points in whole roubles, skewed low so that many
 *     tie, reach times truncated to the second so that ties go down to the sequence), places the
 *     four players at ranks 1, ~1,000, ~50,000 and last, and runs VACUUM ANALYZE (what autovacuum
 *     would have done on PostgreSQL after so many inserts; PGlite has no autovacuum). Still
 *     in-process, it times the store's own queries (store.ts `standings` top 100, `placeOf` at each
 *     rank, `totalsOf` and `pointsAt`, which the routes also run) one at a time for
 *     BENCH_SQL_SECONDS (3) each: the issue's target is "the leaderboard query with 100,000
 *     participants p99 < 20 ms". BENCH_EXPLAIN=1 prints their EXPLAIN (ANALYZE, BUFFERS). Then the
 *     server starts again on the same data and BENCH_READ_CONCURRENCY (4) callers read over HTTP
 *     `GET /api/tournaments/:id/board`, `GET /api/tournaments/:id` (the page's detail, as the
 *     ~50,000th player) and `GET /api/tournaments/:id/me` as each of the four, BENCH_READ_SECONDS
 *     (5) each after a second of warm-up. The server's leader pushes the board (the same reads)
 *     once a second meanwhile, as in production.
 * (b) What a running tournament costs a dice bet. The 100,000-player race is cancelled first.
 *     BENCH_CONCURRENCY (32) callers over BENCH_PLAYERS (32) funded players place 1 RUB dice bets
 *     (`POST /api/games/dice/bet`, under 50) for BENCH_BET_SECONDS (10) per phase, after 2 s of
 *     warm-up: `off` with no tournament running, `on` with BENCH_TOURNAMENTS (1) auto-entry races
 *     counting dice, created through the operator API just before the phase and cancelled after it.
 *     A first run as long as a phase, with none running, warms the server and its connections.
 *     The phases follow BENCH_PATTERN (off,on,on,off,off,on,on,off: each half mirrors itself, so a
 *     drift linear in time weighs the same on both sides), same players, same server. Beside the
 *     rate, the server's CPU time per bet (and on PostgreSQL the CPU time of the database's
 *     backends serving this database), from /proc: a loaded machine disturbs those far less.
 *
 * BENCH_PARTS (`board,bets`) picks the parts; BENCH_CPU_PROF=<dir> profiles the server (the last
 * start: with BENCH_PARTS=bets and BENCH_PATTERN=off or on, one condition's profile).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, type Queryable } from '../src/server/db/client.ts';
import { placeOf, pointsAt, standings, totalsOf } from '../src/server/modules/tournaments/store.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { fundedPlayer, registeredPlayer } from '../tests/helpers/funding.ts';
import { type RunningServer, startServer } from '../tests/helpers/server.ts';
import { keepAliveCall, type Measured, measureLoop } from './measure.ts';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 100_000);
const SQL_SECONDS = Number(process.env.BENCH_SQL_SECONDS ?? 3);
const READ_CONCURRENCY = Number(process.env.BENCH_READ_CONCURRENCY ?? 4);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 32);
const BET_SECONDS = Number(process.env.BENCH_BET_SECONDS ?? 10);
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 1);
const PATTERN = (process.env.BENCH_PATTERN ?? 'off,on,on,off,off,on,on,off').split(',') as ('off' | 'on')[];
/** Which parts to run: `board`, `bets` (default both). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'board,bets').split(','));
/** The issue's targets. */
const QUERY_P99_MS = 20;
const BET_DROP_PERCENT = 10;

const OPERATOR = `bench-operator-${randomBytes(16).toString('hex')}`;
const HOUR = 3_600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

// ───────────────────────────── HTTP ─────────────────────────────

/** One call as a player (`token`) or a guest, over a keep-alive socket of `agent`. */
function call(
  agent: http.Agent,
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  token: string | null,
  body?: string,
): Promise<{ status: number; body: string }> {
  return keepAliveCall(
    agent,
    base,
    method,
    pathname,
    token ? { authorization: `Bearer ${token}` } : {},
    body,
  );
}

/** A call that must answer 200: its parsed body. */
async function ok<T>(...args: Parameters<typeof call>): Promise<T> {
  const answer = await call(...args);
  if (answer.status !== 200) throw new Error(`${args[3]} → ${answer.status} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

/** A wager race in RUB counting dice at its stake, running from a minute ago for three hours. */
const raceBody = (name: string, paid: number) =>
  JSON.stringify({
    name: { en: name },
    kind: 'wager',
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 3 * HOUR).toISOString(),
    currency: 'RUB',
    entry: 'auto',
    games: [{ product: 'originals', game: 'dice', weight: 100 }],
    prizes: [
      { from: 1, to: 1, amount: '10000' },
      { from: 2, to: paid, amount: '100' },
    ],
  });

const operatorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const createRace = async (server: RunningServer, name: string, paid: number) =>
  (
    await ok<{ data: { id: string } }>(
      operatorAgent,
      server.url,
      'POST',
      '/api/operator/tournaments',
      OPERATOR,
      raceBody(name, paid),
    )
  ).data.id;
const cancelRace = (server: RunningServer, id: string) =>
  ok(operatorAgent, server.url, 'POST', `/api/operator/tournaments/${id}/cancel`, OPERATOR, '{}');

// ───────────────────────────── CPU from /proc ─────────────────────────────

const TICK_MS = 10; // 100 clock ticks a second (getconf CLK_TCK)

/** A process's CPU time (user + system) in ms, 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL backends serving `database` on this machine (their title names it:
 * `postgres: 15/main: postgres casino_test_… 127.0.0.1(…) idle`), by pid.
 */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/**
 * Starts counting: the function returned answers the CPU ms the server and (PostgreSQL) the
 * database's backends have used since.
 */
function cpuMeter(serverPid: number, database: string | undefined) {
  const backends = () => (database ? backendsOf(database) : []);
  const before = new Map(backends().map((pid) => [pid, cpuMsOf(pid)]));
  const server = cpuMsOf(serverPid);
  return () => {
    let db = 0;
    // A backend started during the phase counts from zero; one that ended is lost (the pool
    // keeps its connections while they are busy, so none should).
    for (const pid of backends()) db += cpuMsOf(pid) - (before.get(pid) ?? 0);
    return { serverMs: cpuMsOf(serverPid) - server, databaseMs: db };
  };
}

// ───────────────────────────── (a) the board ─────────────────────────────

/** Ranks the four `/me` players are placed at (the last one after every participant). */
const RANKS = [1, 1_000, Math.round(PARTICIPANTS / 2), PARTICIPANTS];

/**
 * Writes the participants of tournament `id` straight to the database: PARTICIPANTS − 4 new users
 * with random points, then the four registered players `userIds` at RANKS. One transaction, with
 * a fixed seed: every run draws the same board.
 */
async function fill(database: Database, id: string, userIds: readonly string[]): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('select setseed(0.2026)');
    await tx.query(
      `insert into users (email, register_method, currency, name)
       select 'bench-tournament-' || g || '@example.com', 'email', 'RUB', 'Bench ' || g
         from generate_series(1, $1::int) g`,
      [PARTICIPANTS - RANKS.length],
    );
    // Points: whole roubles (×100 minor units) from 0 to 20,000, cubed toward 0, so the low scores
    // tie by the hundred; reach times in whole seconds, so ties of points and time go to the seq.
    await tx.query(
      `insert into tournament_players (tournament_id, user_id, points, turnover, bets, reached_at, reached_seq, joined_at)
       select t.id, s.uid, s.points, s.points, 1 + (random() * 40)::int,
              date_trunc('second', t.starts_at + random() * interval '50 minutes'),
              nextval('tournament_reach_seq'), t.starts_at
         from tournaments t,
              (select u.id as uid, (floor(power(random(), 3) * 20000) * 100)::bigint as points
                 from users u where u.email like 'bench-tournament-%') s
        where t.id = $1`,
      [id],
    );
    // Each of the four right behind the current holder of its rank (same points and time, a later
    // seq); the first one point above everybody, the last behind the current last.
    const columns = 'tournament_id, user_id, points, turnover, bets, reached_at, reached_seq, joined_at';
    for (const [i, rank] of RANKS.entries()) {
      const [sql, values] =
        rank === 1
          ? [
              `select $1::bigint, $2::bigint, max(points) + 100, max(points) + 100, 1, max(reached_at),
                      nextval('tournament_reach_seq'), min(joined_at)
                 from tournament_players where tournament_id = $1`,
              [id, userIds[i]],
            ]
          : rank >= PARTICIPANTS
            ? [
                `select $1::bigint, $2::bigint, points, points, 1, reached_at, nextval('tournament_reach_seq'), joined_at
                   from tournament_players where tournament_id = $1
                  order by points, reached_at desc, reached_seq desc limit 1`,
                [id, userIds[i]],
              ]
            : [
                `select $1::bigint, $2::bigint, points, points, 1, reached_at, nextval('tournament_reach_seq'), joined_at
                   from tournament_players where tournament_id = $1
                  order by points desc, reached_at, reached_seq offset $3 limit 1`,
                [id, userIds[i], rank - 1],
              ];
      await tx.query(`insert into tournament_players (${columns}) ${sql}`, values);
    }
    // The totals the fold keeps beside the scores, as it would have kept them.
    await tx.query(
      `update tournament_totals x set participants = s.n, turnover = s.turnover
         from (select count(*)::int as n, sum(turnover) as turnover from tournament_players where tournament_id = $1) s
        where x.tournament_id = $1`,
      [id],
    );
  });
  await database.query('vacuum analyze tournament_players');
  await database.query('vacuum analyze users');
}

/** A Queryable that answers the EXPLAIN (ANALYZE, BUFFERS) of the statement it is given. */
function explaining(database: Database, into: string[]): Queryable {
  return {
    async query<Row>(text: string, values?: unknown[]) {
      const rows = await database.query<Record<string, string>>(`explain (analyze, buffers) ${text}`, values);
      into.push(...rows.map((r) => Object.values(r)[0]!));
      return [] as Row[];
    },
  };
}

interface Timed extends Measured {
  what: string;
}

/** The store's queries, each alone for SQL_SECONDS (one caller: the query's own time). */
async function timeQueries(database: Database, id: string, userIds: readonly string[]): Promise<Timed[]> {
  const queries: [string, (db: Queryable) => Promise<unknown>][] = [
    ['standings: top 100 (board)', (db) => standings(db, id, 100)],
    ...userIds.map((userId, i): [string, (db: Queryable) => Promise<unknown>] => [
      `placeOf: rank ~${RANKS[i]!.toLocaleString('en')} (me)`,
      (db) => placeOf(db, id, userId),
    ]),
    ['totalsOf: participants, turnover (kept by the fold)', (db) => totalsOf(db, [id])],
    ['pointsAt: the last paid place (me)', (db) => pointsAt(db, id, 100)],
  ];
  const rows: Timed[] = [];
  for (const [what, run] of queries) {
    await measureLoop({ concurrency: 1, seconds: 0.5 }, () => run(database).then(() => {}));
    rows.push({
      what,
      ...(await measureLoop({ concurrency: 1, seconds: SQL_SECONDS }, () => run(database).then(() => {}))),
    });
    if (process.env.BENCH_EXPLAIN) {
      const plan: string[] = [];
      await run(explaining(database, plan));
      console.log(`\nEXPLAIN ANALYZE — ${what}\n${plan.join('\n')}`);
    }
  }
  return rows;
}

// ───────────────────────────── the run ─────────────────────────────

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const fresh = process.env.BENCH_DATABASE_URL ? await freshDatabaseUrl() : undefined;
const databaseName = fresh?.url ? new URL(fresh.url).pathname.slice(1) : undefined;
const dataDir = fresh?.url ? undefined : mkdtempSync(path.join(tmpdir(), 'casino-bench-'));
const label = fresh?.url ? 'postgresql (pool 10)' : 'pglite (file)';
/** Every start of the server uses the same data. */
const start = (profile = false) =>
  startServer({
    ...(fresh?.url ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir! }),
    SERVE_SITE: 'false',
    LOG_LEVEL: 'warn',
    OPERATOR_API_TOKEN: OPERATOR,
    // The reads are anonymous (one address) or four players: the API's 600 a minute would refuse them.
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_BETS_PER_MINUTE: '1000000',
    ...(profile && process.env.BENCH_CPU_PROF
      ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
      : {}),
  });
const result: Record<string, unknown> = {};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`${label}; load average before: ${load()}`);

let server: RunningServer | undefined;
try {
  if (PARTS.has('board')) {
    // 1. The race and the four players, through the API.
    server = await start();
    const board = await createRace(server, 'Bench race, 100,000 players', 100);
    const readers = await Promise.all(
      RANKS.map(() => registeredPlayer(server!.url, { prefix: 'bench-rank' })),
    );
    await server.stop();
    server = undefined;

    // 2. The participants written in-process while no server runs, and the queries alone.
    const database = await openDatabase(
      fresh?.url ? { databaseUrl: fresh.url, poolSize: 1 } : { dataDir: dataDir! },
    );
    let sql: Timed[];
    try {
      const ids = await database.query<{ id: string }>(
        'select id::text from users where email = any($1::text[]) order by array_position($1::text[], email)',
        [readers.map((r) => r.email)],
      );
      const filling = performance.now();
      await fill(
        database,
        board,
        ids.map((r) => r.id),
      );
      console.log(`${PARTICIPANTS} participants written in ${Math.round(performance.now() - filling)} ms`);
      sql = await timeQueries(
        database,
        board,
        ids.map((r) => r.id),
      );
    } finally {
      await database.close();
    }
    const sqlRows = sql.map((r) => ({
      query: r.what,
      runs: r.ops,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      [`p99 < ${QUERY_P99_MS} ms`]: r.p99 < QUERY_P99_MS ? 'yes' : 'NO',
    }));
    console.log(
      `\n(a) ${PARTICIPANTS} participants, the store's queries in-process, one at a time, ${SQL_SECONDS} s each`,
    );
    console.table(sqlRows);

    // 3. The same board over HTTP.
    server = await start(!PARTS.has('bets'));
    const agent = new http.Agent({ keepAlive: true, maxSockets: READ_CONCURRENCY });
    const reads: [string, string, string | null][] = [
      ['GET /tournaments/:id/board', `/api/tournaments/${board}/board`, null],
      [
        `GET /tournaments/:id (detail), rank ~${RANKS[2]!.toLocaleString('en')}`,
        `/api/tournaments/${board}?locale=en`,
        readers[2]!.token,
      ],
      ...readers.map((r, i): [string, string, string] => [
        `GET /tournaments/:id/me, rank ~${RANKS[i]!.toLocaleString('en')}`,
        `/api/tournaments/${board}/me`,
        r.token,
      ]),
    ];
    const httpRows: Record<string, string | number>[] = [];
    const httpResult: Record<string, unknown>[] = [];
    for (const [what, pathname, token] of reads) {
      // What the answer says: the participants, and the caller's rank.
      const answer = await ok<{ data: { participants?: number; rank?: number; me?: { rank: number } } }>(
        agent,
        server.url,
        'GET',
        pathname,
        token,
      );
      const shown = answer.data.rank ?? answer.data.me?.rank ?? answer.data.participants;
      const read = async () => {
        const res = await call(agent, server!.url, 'GET', pathname, token);
        if (res.status !== 200) throw new Error(`${pathname} → ${res.status}`);
      };
      await measureLoop({ concurrency: READ_CONCURRENCY, seconds: 1 }, read);
      const m = await measureLoop({ concurrency: READ_CONCURRENCY, seconds: READ_SECONDS }, read);
      httpRows.push({
        read: what,
        answer: answer.data.rank || answer.data.me ? `rank ${shown}` : `${shown} participants`,
        'reads/s': m.perSecond,
        errors: m.errors,
        'p50 ms': m.p50,
        'p99 ms': m.p99,
      });
      httpResult.push({ read: what, shown, ...m });
    }
    agent.destroy();
    console.log(
      `\n(a) the same over HTTP, ${READ_CONCURRENCY} callers, ${READ_SECONDS} s each (the leader pushes the board once a second meanwhile)`,
    );
    console.table(httpRows);
    result.board = {
      participants: PARTICIPANTS,
      sql: sql.map(({ what, ...m }) => ({ query: what, ...m, met: m.p99 < QUERY_P99_MS })),
      http: { concurrency: READ_CONCURRENCY, seconds: READ_SECONDS, reads: httpResult },
    };
    // Part (b) measures bets with no tournament running, then with fresh ones.
    await cancelRace(server, board);
    if (PARTS.has('bets') && process.env.BENCH_CPU_PROF) {
      await server.stop();
      server = undefined;
    }
  }

  if (PARTS.has('bets')) {
    server ??= await start(true);
    const url = server.url;
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i += 8)
      players.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, PLAYERS - i) }, () =>
            fundedPlayer(url, { amount: '100000', prefix: 'bench-tournament' }).then((p) => p.token),
          ),
        )),
      );
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const body = JSON.stringify({ amount: '1', target: '50', direction: 'under' });
    let n = 0;
    const bet = async (caller: number) => {
      const res = await call(
        agent,
        url,
        'POST',
        '/api/games/dice/bet',
        players[(caller + n++) % players.length]!,
        body,
      );
      if (res.status !== 200) throw new Error(`dice → ${res.status} ${res.body.slice(0, 200)}`);
    };
    // A first run as long as a phase, not counted: the pool opens its connections and each one
    // plans the bet function the first time (the first phase came out 11-21 % slow without it).
    await measureLoop({ concurrency: CONCURRENCY, seconds: BET_SECONDS }, bet);
    const phases: Record<string, string | number>[] = [];
    const sums = {
      off: { perSecond: 0, serverUs: 0, databaseUs: 0, count: 0 },
      on: { perSecond: 0, serverUs: 0, databaseUs: 0, count: 0 },
    };
    const phaseResults: Record<string, unknown>[] = [];
    for (const [i, phase] of PATTERN.entries()) {
      const races =
        phase === 'on'
          ? await Promise.all(
              Array.from({ length: TOURNAMENTS }, (_, k) => createRace(server!, `Bench race ${i}.${k}`, 10)),
            )
          : [];
      // The warm-up: in `on`, each player's first stake enters them (an insert), the rest update.
      await measureLoop({ concurrency: CONCURRENCY, seconds: 2 }, bet);
      const meter = cpuMeter(server.process.pid!, databaseName);
      const m = await measureLoop({ concurrency: CONCURRENCY, seconds: BET_SECONDS }, bet);
      const cpu = meter();
      for (const id of races) await cancelRace(server, id);
      const serverUs = Math.round((1000 * cpu.serverMs) / Math.max(m.ops, 1));
      const databaseUs = Math.round((1000 * cpu.databaseMs) / Math.max(m.ops, 1));
      const s = sums[phase];
      s.perSecond += m.perSecond;
      s.serverUs += serverUs;
      s.databaseUs += databaseUs;
      s.count += 1;
      phases.push({
        phase: `${i + 1}: ${phase === 'on' ? `${TOURNAMENTS} running` : 'none running'}`,
        'bets/s': m.perSecond,
        errors: m.errors,
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'server CPU µs/bet': serverUs,
        ...(databaseName ? { 'database CPU µs/bet': databaseUs } : {}),
        load: load(),
      });
      phaseResults.push({ phase, ...m, serverUs, ...(databaseName ? { databaseUs } : {}) });
    }
    agent.destroy();
    const mean = (phase: 'off' | 'on', key: 'perSecond' | 'serverUs' | 'databaseUs') =>
      sums[phase].count ? sums[phase][key] / sums[phase].count : Number.NaN;
    const drop = 100 * (1 - mean('on', 'perSecond') / mean('off', 'perSecond'));
    console.log(
      `\n(b) dice bets, ${CONCURRENCY} callers over ${PLAYERS} players, 1 RUB under 50, ${BET_SECONDS} s a phase after 2 s of warm-up`,
    );
    console.table(phases);
    // CPU per bet, the server's and the database's together: what a running tournament adds on
    // cores the server and the database share, less moved by the machine's load than the rate.
    const cpuPerBet = (phase: 'off' | 'on') => mean(phase, 'serverUs') + mean(phase, 'databaseUs');
    const cpuRise = 100 * (cpuPerBet('on') / cpuPerBet('off') - 1);
    const line = (phase: 'off' | 'on') =>
      `${Math.round(mean(phase, 'perSecond'))} bets/s, server ${Math.round(mean(phase, 'serverUs'))} µs/bet` +
      (databaseName ? `, database ${Math.round(mean(phase, 'databaseUs'))} µs/bet` : '');
    const summary = {
      'none running': line('off'),
      [`${TOURNAMENTS} running`]: line('on'),
      drop: `${round1(drop)} % (target <= ${BET_DROP_PERCENT} %: ${drop <= BET_DROP_PERCENT ? 'met' : 'NOT met'})`,
      'CPU per bet': `+${round1(cpuRise)} %`,
    };
    console.log(summary);
    result.bets = {
      concurrency: CONCURRENCY,
      players: PLAYERS,
      seconds: BET_SECONDS,
      tournaments: TOURNAMENTS,
      pattern: PATTERN.join(','),
      phases: phaseResults,
      off: Math.round(mean('off', 'perSecond')),
      on: Math.round(mean('on', 'perSecond')),
      dropPercent: round1(drop),
      met: drop <= BET_DROP_PERCENT,
      cpuPerBetRisePercent: round1(cpuRise),
    };
  }
} finally {
  operatorAgent.destroy();
  if (server) {
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => /"level":(40|50|60)/.test(line));
    result.serverWarnings = warnings.length;
    const messages = new Set(warnings.map((line) => /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200)));
    if (warnings.length > 0)
      console.error(`server warnings (${warnings.length}):`, [...messages].join(' | '));
    await server.stop();
  }
  await fresh?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({
    bench: 'tournaments: the board with 100,000 participants, and a running tournament against dice bets',
    database: label,
    loadAfter: load(),
    ...result,
  }),
);
process.exit(0);
