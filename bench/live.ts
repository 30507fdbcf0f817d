/**
 * `npm run bench:live` (docs/performance.md "Live tables"): one live roulette table's phase changes
 * delivered to N viewers' sockets (BENCH_VIEWERS, default 5000, spread over BENCH_SEATS demo seats,
 * default 50), against a plain `ws` server broadcasting the same bytes to as many clients in the
 * same run (bench/crash-baseline.ts). The table runs in a child process (bench/live-server.ts) on a
 * clock this process moves: each step is one `tick()`, timed from just before it starts (so the
 * table's database step is in the figure) to each socket's receipt of the `round` event. The clients
 * live in this process, on the same two cores. Goal: p99 within 1.2× of the plain broadcast.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const STEPS = Number(process.env.BENCH_STEPS ?? 12);

const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `urls.length` sockets (a few hundred at a time); each calls `onFrame` per message. */
async function openClients(urls: readonly string[], onFrame: (raw: string, at: number) => void) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 200) {
    await Promise.all(
      urls.slice(i, i + 200).map(async (url) => {
        const socket = new WebSocket(url, { perMessageDeflate: false });
        socket.on('message', (raw) => onFrame(String(raw), Date.now()));
        await new Promise((resolve, reject) => {
          socket.once('open', resolve);
          socket.once('error', reject);
        });
        sockets.push(socket);
      }),
    );
  }
  return sockets;
}

/** Waits until `count()` reaches `target` or `ms` pass. */
async function until(count: () => number, target: number, ms = 20_000) {
  const end = Date.now() + ms;
  while (count() < target && Date.now() < end) await sleep(5);
}

// 1. The table: N viewers, STEPS phase changes.
const table = fork(path.join(import.meta.dirname, 'live-server.ts'), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { url, sessions } = await new Promise<{ url: string; sessions: string[] }>((resolve) =>
  table.once('message', resolve as (m: unknown) => void),
);
let snapshots = 0;
let current: number[] = [];
const frames: string[] = [];
const sockets = await openClients(
  Array.from(
    { length: VIEWERS },
    (_, i) => `${url.replace('http', 'ws')}/live/${sessions[i % sessions.length]}/ws`,
  ),
  (raw, at) => {
    // No JSON.parse per frame: the receiving side must not be what is measured.
    if (raw.startsWith('{"type":"snapshot"')) snapshots += 1;
    else if (raw.startsWith('{"type":"round"')) {
      current.push(at);
      if (frames.at(-1) !== raw && current.length === 1) frames.push(raw);
    }
  },
);
await until(() => snapshots, VIEWERS);
const lags: number[] = [];
let tableRss = 0;
for (let step = 0; step < STEPS; step += 1) {
  current = [];
  const { sentAt, rss } = await new Promise<{ sentAt: number; rss: number }>((resolve) => {
    table.once('message', resolve as (m: unknown) => void);
    table.send({ advance: true });
  });
  tableRss = Math.max(tableRss, rss);
  await until(() => current.length, VIEWERS);
  lags.push(...current.map((at) => at - sentAt));
}
for (const socket of sockets) socket.terminate();
table.send({ stop: true });
lags.sort((a, b) => a - b);

// 2. The same frames through a plain ws broadcast, to as many clients.
const baseline = fork(path.join(import.meta.dirname, 'crash-baseline.ts'), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const port = await new Promise<number>((resolve) =>
  baseline.once('message', (m: { port: number }) => resolve(m.port)),
);
let received: number[] = [];
const baseSockets = await openClients(
  Array.from({ length: VIEWERS }, () => `ws://127.0.0.1:${port}`),
  (_raw, at) => received.push(at),
);
const baseLags: number[] = [];
let baseRss = 0;
for (const [index, frame] of frames.entries()) {
  received = [];
  const { sentAt, rss } = await new Promise<{ sentAt: number; rss: number }>((resolve) => {
    baseline.once('message', resolve as (m: unknown) => void);
    baseline.send({ index, frame });
  });
  baseRss = Math.max(baseRss, rss);
  await until(() => received.length, VIEWERS);
  baseLags.push(...received.map((at) => at - sentAt));
}
for (const socket of baseSockets) socket.terminate();
baseline.kill('SIGKILL');
baseLags.sort((a, b) => a - b);

const p50 = quantile(lags, 0.5);
const p99 = quantile(lags, 0.99);
const b50 = quantile(baseLags, 0.5);
const b99 = quantile(baseLags, 0.99);
console.log(
  JSON.stringify({
    bench: 'live table: round events to viewers vs a plain ws broadcast',
    viewers: VIEWERS,
    steps: STEPS,
    samples: lags.length,
    p50,
    p99,
    tableRssMb: Math.round(tableRss / 1024 / 1024),
    baselineSamples: baseLags.length,
    baselineP50: b50,
    baselineP99: b99,
    baselineRssMb: Math.round(baseRss / 1024 / 1024),
    ratioP50: Number((p50 / Math.max(b50, 1)).toFixed(2)),
    ratioP99: Number((p99 / Math.max(b99, 1)).toFixed(2)),
    goal: 'p99 <= 1.2 x the plain broadcast',
    met: p99 <= 1.2 * b99,
  }),
);
process.exit(0);
