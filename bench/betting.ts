/**
 * `npm run bench:betting` (docs/performance.md "Sportsbook"), one server (`node server.ts`, PGlite
 * in a fresh folder as the other benches start it; PostgreSQL with BENCH_DATABASE_URL), loopback,
 * the clients in this process on the same two cores:
 *
 * (a) Live odds to viewers. The bench plays the odds feed: its REST API (fixtures, an event's
 *     snapshot) is a stub in this process (SPORTS_FEED_URL), and the changes go the production
 *     way, signed pushes to `POST /api/sports/feed` (`x-feed-signature`, signFeedBody of
 *     src/sportsfeed/signing.ts). BENCH_EVENTS (50) live football events with 10 markets each
 *     are learnt by recovery (their first push names a seq the book does not hold); then
 *     BENCH_CHANGES_PER_MINUTE (10,000) odds changes a minute for BENCH_SECONDS (30), after
 *     BENCH_WARMUP_SECONDS (3) not counted. A change is one `odds_change`: the match's status and
 *     one market's new prices (the events take turns, each event its markets). The changes due
 *     are pushed every BENCH_PUSH_MS (1000: the in-house feed's cadence, one signed batch a
 *     second); BENCH_PUSH_MS=0 pushes each change alone at its time. BENCH_VIEWERS (5,000) `/ws`
 *     sockets each subscribe to one event's channel `sports:event:<id>`, as many per event (what
 *     an event page subscribes to; nobody is on `sports:live`). Each socket's first sight of a
 *     change (the market and its version in the frame) is timed from the moment its push was
 *     handed to the HTTP client, so the whole path is in the figure: HTTP, signature, the
 *     event's transaction, the event read and the fan-out. Then a plain `ws` server
 *     (bench/betting-baseline.ts) sends the very frames the viewers received, each to the sockets
 *     of its event, on the same schedule, to as many clients, timed from the moment this process
 *     hands it the frame.
 * (b) Bet placement: BENCH_CONCURRENCY (32) callers over BENCH_PLAYERS (32) funded players placing
 *     1 RUB singles (`POST /api/sports/bets`, an Idempotency-Key each) on a pre-match event the
 *     operator priced (no live delay), then 1 RUB dice bets (`POST /api/games/dice/bet`) at the
 *     same concurrency on the same server, BENCH_BET_SECONDS (10) each after a 3 s warm-up.
 *
 * BENCH_PARTS (`fanout,bets`) picks the parts; BENCH_CPU_PROF=<dir> profiles the server. The
 * API's per-player request limit is raised for the run: the sports bet route counts against
 * RATE_LIMIT_API_PER_MINUTE (600 a minute per player), where dice has the bets' 15,000.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import WebSocket from 'ws';
import type { EventSnapshot, FeedMessageInput, Fixture } from '../src/shared/sports/feed.ts';
import { CORRECT_SCORES } from '../src/shared/sports/markets.ts';
import { FEED_SIGNATURE_HEADER, signFeedBody } from '../src/sportsfeed/signing.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';
import { fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';
import { keepAliveCall, type Measured, measureLoop } from './measure.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const PER_MINUTE = Number(process.env.BENCH_CHANGES_PER_MINUTE ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PUSH_MS = Number(process.env.BENCH_PUSH_MS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 32);
const BET_SECONDS = Number(process.env.BENCH_BET_SECONDS ?? 10);
/** Which parts to run: `fanout`, `bets` (default both). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'fanout,bets').split(','));

const SECRET = randomBytes(32).toString('hex');
const OPERATOR = `bench-operator-${randomBytes(16).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: ArrayLike<number>, q: number) =>
  Math.round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);

// ───────────────────────────── the feed's side ─────────────────────────────

/** A live football event's markets as the feed prices them (catalogue ids, decimal odds). */
const MARKETS: { id: number; specifiers: string; outcomes: [string, number][] }[] = [
  {
    id: 1,
    specifiers: '',
    outcomes: [
      ['1', 2.1],
      ['2', 3.4],
      ['3', 3.6],
    ],
  },
  {
    id: 10,
    specifiers: '',
    outcomes: [
      ['9', 1.3],
      ['10', 1.35],
      ['11', 1.75],
    ],
  },
  {
    id: 11,
    specifiers: '',
    outcomes: [
      ['4', 1.55],
      ['5', 2.45],
    ],
  },
  {
    id: 16,
    specifiers: 'hcp=-0.5',
    outcomes: [
      ['1714', 2.1],
      ['1715', 1.75],
    ],
  },
  {
    id: 16,
    specifiers: 'hcp=0.5',
    outcomes: [
      ['1714', 1.45],
      ['1715', 2.7],
    ],
  },
  {
    id: 18,
    specifiers: 'total=1.5',
    outcomes: [
      ['12', 1.3],
      ['13', 3.4],
    ],
  },
  {
    id: 18,
    specifiers: 'total=2.5',
    outcomes: [
      ['12', 1.9],
      ['13', 1.9],
    ],
  },
  {
    id: 18,
    specifiers: 'total=3.5',
    outcomes: [
      ['12', 3.1],
      ['13', 1.36],
    ],
  },
  {
    id: 29,
    specifiers: '',
    outcomes: [
      ['74', 1.8],
      ['76', 1.95],
    ],
  },
  {
    id: 41,
    specifiers: '',
    outcomes: [...CORRECT_SCORES.map((s, i): [string, number] => [s, 6 + 4 * i]), ['other', 21]],
  },
];
const marketIndex = new Map(MARKETS.map((m, i) => [`${m.id}|${m.specifiers}`, i]));

const eventId = (group: number) => `bench-live-${group}`;
const startedAt = Date.now() - 30 * 60_000;

function fixture(group: number): Fixture {
  return {
    id: eventId(group),
    sport: 'football',
    category: { id: 'bench', country: 'GB' },
    tournament: { id: 'bench-league', name: 'Bench League' },
    home: { id: `bench-home-${group}`, name: `Home ${group}` },
    away: { id: `bench-away-${group}`, name: `Away ${group}` },
    scheduled: startedAt,
    live_odds: true,
  };
}

/** A market priced for its `counter`-th change: every change moves each price by a point or more. */
function priced(market: number, counter: number) {
  const m = MARKETS[market]!;
  const factor = 1 + 0.01 * (counter % 10);
  return {
    id: m.id,
    specifiers: m.specifiers,
    status: 1 as const,
    outcomes: m.outcomes.map(([id, odds]) => ({
      id,
      odds: Math.round(odds * factor * 100) / 100,
      active: true,
    })),
  };
}

const matchStatus = () => ({
  status: 'live' as const,
  home_score: 1,
  away_score: 0,
  period: '2nd_half',
  minute: Math.min(90, 30 + Math.floor((Date.now() - startedAt) / 60_000)),
});

/** What the feed has published per event: its last seq and each market's change counter. */
const published = Array.from({ length: EVENTS }, () => ({ seq: 1, counters: MARKETS.map(() => 0) }));

function snapshot(group: number): EventSnapshot {
  const state = published[group]!;
  return {
    fixture: fixture(group),
    seq: state.seq,
    timestamp: Date.now(),
    sport_event_status: matchStatus(),
    markets: MARKETS.map((_, m) => priced(m, state.counters[m]!)),
    settlements: [],
    cancels: [],
  };
}

/** The feed's REST API (what the book reads at a recovery), in this process. */
async function startFeedStub(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-access-token'] !== SECRET) return json(401, { error: 'Unauthorized' });
    if (url.pathname === '/v1/fixtures')
      return json(200, { fixtures: published.map((_, group) => fixture(group)) });
    const id = decodeURIComponent(url.pathname.replace('/v1/events/', ''));
    const group = published.findIndex((_, g) => eventId(g) === id);
    return group < 0 ? json(404, { error: 'Unknown event' }) : json(200, snapshot(group));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** One planned odds change: the event (group), the market, and the market version it makes. */
interface Change {
  group: number;
  market: number;
  counter: number;
  seq: number;
}

/**
 * The run's changes, in order: the events take turns, each event its markets. The snapshot gave
 * every market version 1; its `counter`-th change makes version 1 + counter.
 */
const total = Math.round(((WARMUP_SECONDS + SECONDS) * PER_MINUTE) / 60);
const measuredFrom = Math.round((WARMUP_SECONDS * PER_MINUTE) / 60);
const plan: Change[] = [];
/** [group][market][version] → the change's index in `plan`. */
const changeAt: number[][][] = Array.from({ length: EVENTS }, () => MARKETS.map(() => []));
for (let i = 0; i < total; i += 1) {
  const group = i % EVENTS;
  const k = Math.floor(i / EVENTS);
  const market = k % MARKETS.length;
  const counter = Math.floor(k / MARKETS.length) + 1;
  plan.push({ group, market, counter, seq: k + 2 });
  changeAt[group]![market]![1 + counter] = i;
}

function oddsChange(change: Change): FeedMessageInput {
  const state = published[change.group]!;
  state.seq = change.seq;
  state.counters[change.market] = change.counter;
  return {
    type: 'odds_change',
    event_id: eventId(change.group),
    seq: change.seq,
    timestamp: Date.now(),
    product: 'live',
    sport_event_status: matchStatus(),
    markets: [priced(change.market, change.counter)],
  };
}

/**
 * Hands the changes of `plan` to `send` at PER_MINUTE a minute from now: each alone at its time,
 * or, with PUSH_MS, every PUSH_MS those due. Resolves when the last one was handed over.
 */
async function drive(send: (due: number[]) => void): Promise<void> {
  const interval = 60_000 / PER_MINUTE;
  const begin = performance.now();
  let next = 0;
  while (next < plan.length) {
    const due = Math.min(plan.length, Math.floor((performance.now() - begin) / interval) + 1);
    const indices: number[] = [];
    for (; next < due; next += 1) indices.push(next);
    if (indices.length > 0) {
      // A pushed batch holds at most 500 messages (feedBatch).
      if (PUSH_MS > 0) for (let j = 0; j < indices.length; j += 500) send(indices.slice(j, j + 500));
      else for (const i of indices) send([i]);
    }
    const wake = PUSH_MS > 0 ? PUSH_MS : begin + next * interval - performance.now();
    await sleep(Math.max(0, wake));
  }
}

// ───────────────────────────── the viewers' side ─────────────────────────────

const EVENT_FRAME = Buffer.from('{"type":"event"');
const SUBSCRIBED_FRAME = Buffer.from('{"type":"subscribed"');
const MARKETS_KEY = Buffer.from('"markets":[');
const SPECIFIERS_KEY = Buffer.from(',"specifiers":"');
const VERSION_KEY = Buffer.from('"version":');

const startsWith = (buf: Buffer, prefix: Buffer) =>
  buf.length >= prefix.length && buf.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

interface Viewer {
  group: number;
  /** Per market, the newest version this socket has seen. */
  seen: Int32Array;
  /** The first socket of each event keeps the frames it receives, for the plain ws replay. */
  records: boolean;
}

/**
 * The receipts of one run: a frame's markets (id, specifiers, version) name the changes it
 * carries; each socket's first sight of a change counts, timed from `sentAt` of that change. No
 * JSON.parse: the receiving side must not be what is measured.
 */
class Receipts {
  readonly sentAt = new Float64Array(plan.length).fill(Number.NaN);
  lags: number[] = [];
  /** Frames that carried only changes the socket had already seen (or a newer one). */
  stale = 0;
  /** Market versions no planned change made. */
  unmatched = 0;
  subscribed = 0;
  /** The frames the recording sockets received, by the first new change they carry. */
  readonly frames = new Map<number, { changes: number[]; text: string }>();

  receive(viewer: Viewer, buf: Buffer, at: number): void {
    if (!startsWith(buf, EVENT_FRAME)) {
      if (startsWith(buf, SUBSCRIBED_FRAME)) this.subscribed += 1;
      return;
    }
    let p = buf.indexOf(MARKETS_KEY);
    if (p < 0) return;
    const fresh: number[] = [];
    for (;;) {
      const s = buf.indexOf(SPECIFIERS_KEY, p);
      if (s < 0) break;
      let id = 0;
      for (let i = s - 1, scale = 1; i >= 0 && buf[i]! >= 48 && buf[i]! <= 57; i -= 1, scale *= 10)
        id += (buf[i]! - 48) * scale;
      const from = s + SPECIFIERS_KEY.length;
      const to = buf.indexOf(34, from);
      const v = buf.indexOf(VERSION_KEY, to) + VERSION_KEY.length;
      let version = 0;
      for (let i = v; buf[i]! >= 48 && buf[i]! <= 57; i += 1) version = version * 10 + buf[i]! - 48;
      p = v;
      const market = marketIndex.get(`${id}|${buf.toString('latin1', from, to)}`);
      const change = market === undefined ? undefined : changeAt[viewer.group]![market]![version];
      if (market === undefined || change === undefined) {
        this.unmatched += 1;
        continue;
      }
      if (version <= viewer.seen[market]!) continue;
      viewer.seen[market] = version;
      if (change >= measuredFrom) this.lags.push(at - this.sentAt[change]!);
      fresh.push(change);
    }
    if (fresh.length === 0) this.stale += 1;
    else if (viewer.records) this.frames.set(Math.min(...fresh), { changes: fresh, text: buf.toString() });
  }
}

/** Opens a socket per viewer (200 at a time); `url(viewer)` says where, `onOpen` what to send. */
async function openViewers(
  url: (viewer: Viewer) => string,
  receipts: Receipts,
  onOpen: (socket: WebSocket, viewer: Viewer) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < VIEWERS; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, VIEWERS - i) }, async (_, j) => {
        const n = i + j;
        const viewer: Viewer = {
          group: n % EVENTS,
          seen: new Int32Array(MARKETS.length),
          records: n < EVENTS,
        };
        const socket = new WebSocket(url(viewer), { perMessageDeflate: false });
        socket.on('message', (raw) => receipts.receive(viewer, raw as Buffer, Date.now()));
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        onOpen(socket, viewer);
        sockets.push(socket);
      }),
    );
  }
  return sockets;
}

/** Waits until no receipt came for `quietMs` (at most `ms`). */
async function drain(receipts: Receipts, quietMs = 1_000, ms = 20_000) {
  const end = Date.now() + ms;
  let count = -1;
  while (Date.now() < end && count !== receipts.lags.length) {
    count = receipts.lags.length;
    await sleep(quietMs);
  }
}

/** A process's CPU time (user + system, ms) and RSS (bytes), from /proc. */
async function usageOf(pid: number): Promise<{ cpuMs: number; rss: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return {
    cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
    rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024,
  };
}

/** This process's CPU time and RSS (the viewers' side). */
async function ownUsage(): Promise<{ cpuMs: number; rss: number }> {
  const cpu = process.cpuUsage();
  return { cpuMs: (cpu.user + cpu.system) / 1000, rss: process.memoryUsage().rss };
}

/** Samples a process's RSS every 500 ms until stopped; answers the peak and the share of a core used. */
async function watch(usage: () => Promise<{ cpuMs: number; rss: number }>) {
  const first = await usage();
  const started = performance.now();
  let peak = first.rss;
  const timer = setInterval(() => {
    void usage().then(
      (u) => {
        peak = Math.max(peak, u.rss);
      },
      () => {},
    );
  }, 500);
  return async () => {
    clearInterval(timer);
    const last = await usage();
    const seconds = (performance.now() - started) / 1000;
    return {
      rssMb: Math.round(Math.max(peak, last.rss) / 1024 / 1024),
      cpuPercent: Math.round((last.cpuMs - first.cpuMs) / 10 / seconds),
      cpuMs: last.cpuMs - first.cpuMs,
    };
  };
}

function summary(receipts: Receipts, viewersPerGroup: number[]) {
  const lags = Float64Array.from(receipts.lags).sort();
  let expected = 0;
  for (let i = measuredFrom; i < plan.length; i += 1) expected += viewersPerGroup[plan[i]!.group]!;
  return {
    receipts: lags.length,
    delivered: `${((100 * lags.length) / expected).toFixed(1)} %`,
    p50: quantile(lags, 0.5),
    p99: quantile(lags, 0.99),
    max: quantile(lags, 1),
    staleFrames: receipts.stale,
    unmatched: receipts.unmatched,
  };
}

// ───────────────────────────── HTTP ─────────────────────────────

/** One POST over a keep-alive socket of `agent`; resolves with the status and the body. */
function post(
  agent: http.Agent,
  base: string,
  pathname: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return keepAliveCall(agent, base, 'POST', pathname, headers, body);
}

/** A POST that must answer 200. */
const post200 = async (...args: Parameters<typeof post>) => {
  const answer = await post(...args);
  if (answer.status !== 200) throw new Error(`${args[2]} → ${answer.status} ${answer.body.slice(0, 200)}`);
  return answer.body;
};

// ───────────────────────────── the run ─────────────────────────────

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = process.env.BENCH_DATABASE_URL ? await freshDatabaseUrl() : undefined;
const feed = await startFeedStub();
const server = await startServer({
  ...(database?.url ? { DATABASE_URL: database.url } : {}),
  SERVE_SITE: 'false',
  LOG_LEVEL: 'warn',
  OPERATOR_API_TOKEN: OPERATOR,
  SPORTS_FEED_URL: feed.url,
  SPORTS_FEED_SECRET: SECRET,
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  ...(process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
    : {}),
});
const pushAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const push = (messages: FeedMessageInput[]) => {
  const body = JSON.stringify({ messages });
  return post(pushAgent, server.url, '/api/sports/feed', body, {
    [FEED_SIGNATURE_HEADER]: signFeedBody(SECRET, body, Date.now()),
  });
};
const fanoutRows: Record<string, string | number>[] = [];
const betRows: Record<string, string | number>[] = [];
const result: Record<string, unknown> = {};

try {
  if (PARTS.has('fanout')) {
    // The events: each one's first push names seq 1, which the book does not hold: it recovers the
    // event from the feed's snapshot (markets at version 1).
    const primed = await push(
      published.map((_, group) => ({
        type: 'odds_change',
        event_id: eventId(group),
        seq: 1,
        timestamp: Date.now(),
        product: 'live',
      })),
    );
    if (primed.status !== 200) throw new Error(`the feed push was refused: ${primed.status} ${primed.body}`);
    const { recovered } = JSON.parse(primed.body) as { recovered: number };
    if (recovered !== EVENTS)
      throw new Error(`the book learnt ${recovered} of ${EVENTS} events: ${primed.body}`);

    const viewersPerGroup = Array.from({ length: EVENTS }, (_, g) =>
      Math.floor(VIEWERS / EVENTS + (g < VIEWERS % EVENTS ? 1 : 0)),
    );
    const wsUrl = `${server.url.replace('http', 'ws')}/ws`;

    // (a) the casino: signed pushes → the book → `/ws`.
    const casino = new Receipts();
    const sockets = await openViewers(
      () => wsUrl,
      casino,
      (socket, viewer) =>
        socket.send(JSON.stringify({ type: 'subscribe', channel: `sports:event:${eventId(viewer.group)}` })),
    );
    for (const end = Date.now() + 30_000; casino.subscribed < VIEWERS && Date.now() < end; ) await sleep(20);
    const pushLatencies: number[] = [];
    let pushErrors = 0;
    let recoveries = 0;
    let pushes = 0;
    /** When the book answered each change's push (it applied it then). */
    const answeredAt = new Float64Array(plan.length);
    const serverUsage = await watch(() => usageOf(server.process.pid!));
    const clientUsage = await watch(ownUsage);
    await drive((due) => {
      pushes += 1;
      const messages = due.map((i) => oddsChange(plan[i]!));
      const at = Date.now();
      for (const i of due) casino.sentAt[i] = at;
      push(messages).then(
        (answer) => {
          const answered = Date.now();
          for (const i of due) answeredAt[i] = answered;
          pushLatencies.push(answered - at);
          if (answer.status !== 200) pushErrors += 1;
          else recoveries += (JSON.parse(answer.body) as { recovered: number }).recovered;
        },
        () => {
          pushErrors += 1;
        },
      );
    });
    for (const end = Date.now() + 60_000; pushLatencies.length + pushErrors < pushes && Date.now() < end; )
      await sleep(50);
    await drain(casino);
    const clientSide = await clientUsage();
    const serverSide = await serverUsage();
    for (const socket of sockets) socket.terminate();
    const casinoSummary = summary(casino, viewersPerGroup);
    pushLatencies.sort((a, b) => a - b);
    // Changes the book applied a minute: the measured ones over the time between the answers to
    // the first and the last of them (the offered rate while the book keeps up, less when it falls behind).
    const appliedPerMinute = Math.round(
      ((plan.length - 1 - measuredFrom) * 60_000) /
        Math.max(1, answeredAt[plan.length - 1]! - answeredAt[measuredFrom]!),
    );

    // (b) the same frames, the same schedule, through a plain ws server.
    const baseline = fork(path.join(import.meta.dirname, 'betting-baseline.ts'), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve) =>
      baseline.once('message', (m: { port: number }) => resolve(m.port)),
    );
    const plain = new Receipts();
    const baseSockets = await openViewers(
      (viewer) => `ws://127.0.0.1:${port}/?group=${viewer.group}`,
      plain,
      () => {},
    );
    await sleep(500);
    const baseUsage = await watch(() => usageOf(baseline.pid!));
    const baseClientUsage = await watch(ownUsage);
    await drive((due) => {
      const frames: [number, string][] = [];
      const at = Date.now();
      for (const i of due) {
        const frame = casino.frames.get(i);
        if (!frame) continue;
        for (const change of frame.changes) plain.sentAt[change] = at;
        frames.push([plan[i]!.group, frame.text]);
      }
      if (frames.length > 0) baseline.send({ frames });
    });
    await drain(plain);
    const baseSide = await baseUsage();
    const baseClientSide = await baseClientUsage();
    for (const socket of baseSockets) socket.terminate();
    baseline.kill('SIGKILL');
    const plainSummary = summary(plain, viewersPerGroup);

    const frameBytes = [...casino.frames.values()]
      .map((f) => Buffer.byteLength(f.text))
      .sort((a, b) => a - b);
    const measured = plan.length - measuredFrom;
    fanoutRows.push(
      {
        path: 'casino: signed feed push → book → /ws',
        'applied/min': appliedPerMinute,
        'p50 ms': casinoSummary.p50,
        'p99 ms': casinoSummary.p99,
        'max ms': casinoSummary.max,
        delivered: casinoSummary.delivered,
        'server CPU': `${serverSide.cpuPercent} %`,
        'viewers CPU': `${clientSide.cpuPercent} %`,
        'RSS MB': serverSide.rssMb,
      },
      {
        path: 'plain ws, the same frames',
        'applied/min': '',
        'p50 ms': plainSummary.p50,
        'p99 ms': plainSummary.p99,
        'max ms': plainSummary.max,
        delivered: plainSummary.delivered,
        'server CPU': `${baseSide.cpuPercent} %`,
        'viewers CPU': `${baseClientSide.cpuPercent} %`,
        'RSS MB': baseSide.rssMb,
      },
      {
        path: 'ratio casino / plain ws',
        'applied/min': '',
        'p50 ms': (casinoSummary.p50 / Math.max(plainSummary.p50, 1)).toFixed(2),
        'p99 ms': (casinoSummary.p99 / Math.max(plainSummary.p99, 1)).toFixed(2),
        'max ms': '',
        delivered: '',
        'server CPU': '',
        'viewers CPU': '',
        'RSS MB': '',
      },
    );
    result.fanout = {
      viewers: VIEWERS,
      events: EVENTS,
      changesPerMinute: PER_MINUTE,
      seconds: SECONDS,
      pushMs: PUSH_MS,
      changes: measured,
      frameBytesP50: quantile(frameBytes, 0.5),
      frameBytesMax: quantile(frameBytes, 1),
      casino: {
        ...casinoSummary,
        appliedPerMinute,
        /** The server's CPU time per change pushed (every change of the run, the fan-out included). */
        serverCpuMsPerChange: Number((serverSide.cpuMs / plan.length).toFixed(2)),
        serverCpu: serverSide.cpuPercent,
        serverRssMb: serverSide.rssMb,
        viewersCpu: clientSide.cpuPercent,
      },
      push: {
        p50: quantile(pushLatencies, 0.5),
        p99: quantile(pushLatencies, 0.99),
        errors: pushErrors,
        recoveries,
      },
      plain: {
        ...plainSummary,
        serverCpu: baseSide.cpuPercent,
        serverRssMb: baseSide.rssMb,
        viewersCpu: baseClientSide.cpuPercent,
      },
      ratioP50: Number((casinoSummary.p50 / Math.max(plainSummary.p50, 1)).toFixed(2)),
      ratioP99: Number((casinoSummary.p99 / Math.max(plainSummary.p99, 1)).toFixed(2)),
    };
    console.log(
      `fan-out: ${VIEWERS} viewers over ${EVENTS} events, ${measured} odds changes measured at ${PER_MINUTE}/min ` +
        `(${PUSH_MS ? `pushed every ${PUSH_MS} ms` : 'one push each'}), frames ${quantile(frameBytes, 0.5)} B ` +
        `(largest ${quantile(frameBytes, 1)} B); pushes answered p50 ${quantile(pushLatencies, 0.5)} ms, ` +
        `p99 ${quantile(pushLatencies, 0.99)} ms, ${pushErrors} failed; server CPU ` +
        `${(serverSide.cpuMs / plan.length).toFixed(1)} ms per change`,
    );
    console.table(fanoutRows);
  }

  if (PARTS.has('bets')) {
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i += 8)
      players.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, PLAYERS - i) }, () =>
            fundedPlayer(server.url, { amount: '100000', prefix: 'bench-betting' }).then((p) => p.token),
          ),
        )),
      );
    const opAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const created = JSON.parse(
      await post200(
        opAgent,
        server.url,
        '/api/operator/sports/events',
        JSON.stringify({
          sport: 'football',
          country: 'GB',
          tournament: 'Bench Cup',
          home: 'Bench United',
          away: 'Bench Rovers',
          scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
          markets: [
            {
              id: 1,
              outcomes: [
                { id: '1', odds: 200 },
                { id: '2', odds: 340 },
                { id: '3', odds: 380 },
              ],
            },
            {
              id: 18,
              specifiers: 'total=2.5',
              outcomes: [
                { id: '12', odds: 190 },
                { id: '13', odds: 190 },
              ],
            },
          ],
        }),
        { authorization: `Bearer ${OPERATOR}` },
      ),
    ) as { data: { id: string } };
    opAgent.destroy();
    const legs = [
      { market_id: 1, specifiers: '', outcome_id: '1', odds: 200 },
      { market_id: 1, specifiers: '', outcome_id: '2', odds: 340 },
      { market_id: 1, specifiers: '', outcome_id: '3', odds: 380 },
      { market_id: 18, specifiers: 'total=2.5', outcome_id: '12', odds: 190 },
      { market_id: 18, specifiers: 'total=2.5', outcome_id: '13', odds: 190 },
    ].map((leg) =>
      JSON.stringify({
        kind: 'single',
        stake: '1',
        odds_policy: 'none',
        legs: [{ event_id: created.data.id, ...leg }],
      }),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const loop = (seconds: number, work: (caller: number) => Promise<void>) =>
      measureLoop({ concurrency: CONCURRENCY, seconds }, work);
    let n = 0;
    const single = async (caller: number) => {
      const k = n++;
      await post200(agent, server.url, '/api/sports/bets', legs[k % legs.length]!, {
        authorization: `Bearer ${players[(caller + k) % players.length]}`,
        'idempotency-key': randomUUID(),
      });
    };
    const diceBody = JSON.stringify({ amount: '1', target: '49.50', direction: 'under' });
    const dice = async (caller: number) => {
      await post200(agent, server.url, '/api/games/dice/bet', diceBody, {
        authorization: `Bearer ${players[(caller + n++) % players.length]}`,
      });
    };
    await loop(3, single); // warm-up
    const sports: Measured = await loop(BET_SECONDS, single);
    await loop(3, dice);
    const diceBets: Measured = await loop(BET_SECONDS, dice);
    agent.destroy();
    const share = (100 * sports.perSecond) / Math.max(diceBets.perSecond, 1);
    betRows.push(
      { bet: 'sports single, pre-match (POST /api/sports/bets)', ...sports },
      { bet: 'dice (POST /api/games/dice/bet)', ...diceBets },
      { bet: 'sports / dice', ops: '', errors: '', perSecond: `${share.toFixed(1)} %`, p50: '', p99: '' },
    );
    result.bets = {
      concurrency: CONCURRENCY,
      players: PLAYERS,
      seconds: BET_SECONDS,
      sports,
      dice: diceBets,
      share: `${share.toFixed(1)} %`,
    };
    console.log(
      `bets: ${CONCURRENCY} callers over ${PLAYERS} players, 1 RUB each, ${BET_SECONDS} s each (p50/p99 in ms)`,
    );
    console.table(betRows);
  }
} finally {
  pushAgent.destroy();
  const warnings = server
    .output()
    .split('\n')
    .filter((line) => /"level":(40|50|60)/.test(line));
  result.serverWarnings = warnings.length;
  const messages = new Set(warnings.map((line) => /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200)));
  if (warnings.length > 0) console.error(`server warnings (${warnings.length}):`, [...messages].join(' | '));
  await server.stop();
  await database?.drop();
  feed.close();
}
console.log(
  JSON.stringify({
    bench: 'betting: live odds fan-out and bet placement',
    database: database ? 'postgresql' : 'pglite (file)',
    ...result,
  }),
);
process.exit(0);
