/**
 * The edge's cost on cached pages (docs/edge.md, docs/performance.md): the same page from two
 * servers in one run, one with the edge off (no blocked country, no retired host) and one with it
 * on (a blocked country, so every page request is looked up in the embedded country database, and
 * a retired host to check), each request from an allowed country through X-Forwarded-For and with
 * UTM and partner parameters. Runs alternate (off, on, off, on…). On a shared machine the request
 * rate swings with other load, so the figure is the server's CPU time per request (utime + stime
 * of its process over the run, /proc): a CPU-bound server's throughput is its inverse, and the
 * edge must cost under 5 % of it. Request rates are shown beside it.
 */
import { readFileSync } from 'node:fs';
import { startServer } from '../tests/helpers/server.ts';
import { wrk } from './wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PATH = '/en/faq?utm_source=news&utm_medium=cpc&utm_campaign=autumn&utm_term=dice&partner=p1';
const HEADERS = { 'x-forwarded-for': '95.56.0.1', 'accept-encoding': 'br' };

const [off, on] = await Promise.all([
  startServer({ LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }),
  startServer({
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    GEO_BLOCKED_COUNTRIES: 'RU,BY',
    PUBLIC_SITE_URL: 'http://127.0.0.1',
    MIRROR_HOSTS: 'old.example,new.example',
    RETIRED_HOSTS: 'old.example',
  }),
]);
/** CPU seconds the process has used (utime + stime, /proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One wrk run against `server`: its rate and the server's CPU microseconds per request. */
async function measure(server: typeof off) {
  const before = cpuSeconds(server.process.pid);
  const result = await wrk(server.url + PATH, HEADERS);
  const cpu = cpuSeconds(server.process.pid) - before;
  return { perSecond: result.perSecond, cpuMicros: (cpu * 1e6) / Math.max(1, result.requests) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rates = { off: [] as number[], on: [] as number[] };
const cpu = { off: [] as number[], on: [] as number[] };
try {
  // Warm both caches: the page is cached once an answer carries its ETag.
  for (const server of [off, on]) {
    for (let i = 0; i < 100; i++) {
      const res = await fetch(server.url + PATH, { headers: HEADERS });
      await res.arrayBuffer();
      if (res.headers.get('etag')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await wrk(server.url + PATH, HEADERS); // and the JIT
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, server] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const run = await measure(server);
      rates[name].push(run.perSecond);
      cpu[name].push(run.cpuMicros);
    }
  }
} finally {
  await Promise.all([off.stop(), on.stop()]);
}
const cost = 100 * (median(cpu.on) / median(cpu.off) - 1);
const rows = (['off', 'on'] as const).map((edge) => ({
  edge,
  'CPU µs/request (median)': Number(median(cpu[edge]).toFixed(1)),
  'req/s (median)': median(rates[edge]),
  'req/s runs': rates[edge].join(' '),
}));
console.table(rows);
console.log(`edge cost: ${cost.toFixed(1)} % of page throughput (budget 5 %)`);
console.log(JSON.stringify({ bench: 'edge', rounds: ROUNDS, rows, costPercent: Number(cost.toFixed(1)) }));
if (cost >= 5) process.exitCode = 1;
