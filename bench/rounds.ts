/**
 * `npm run bench:rounds`: how long one step of a round takes through HTTP against the real server
 * (PGlite, file-backed as `npm start` runs it; PostgreSQL too when BENCH_DATABASE_URL is set): a
 * miner reveal, a hi-lo guess or skip, a start and a cash-out, each timed on its own. PLAYERS
 * players (default 8) play at once, one round each at a time, for BENCH_SECONDS (default 10).
 * Loopback; the client shares the cores. Run by hand, not part of the test suite.
 */
import { performance } from 'node:perf_hooks';
import { offeredPair, rankOf } from '../src/games/hilo/engine.ts';
import { fundedPlayer } from '../tests/helpers/funding.ts';
import { startServer } from '../tests/helpers/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 8);

type Timings = Record<string, number[]>;

interface Bet {
  id: string;
  status: string;
  outcome: { cards?: string[] };
  params: { tiles?: number[]; actions?: string[] };
}

async function play(url: string, token: string, timings: Timings, end: number) {
  const call = async (kind: string, path: string, body: unknown): Promise<Bet> => {
    const start = performance.now();
    const res = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: { bet: Bet } };
    const list = timings[kind] ?? [];
    list.push(performance.now() - start);
    timings[kind] = list;
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
    return json.data.bet;
  };
  for (let game = 0; performance.now() < end; game += 1) {
    if (game % 2 === 0) {
      // Miner, 1 mine: reveal tiles in order until a mine or 5 gems, then cash out.
      let bet = await call('miner start', '/games/miner/start', { amount: '1', mines: 1 });
      for (let i = 0; bet.status === 'active' && i < 5; i += 1)
        bet = await call('miner reveal', '/games/miner/reveal', { tile: i, index: i, bet_id: bet.id });
      if (bet.status === 'active') await call('miner cashout', '/games/miner/cashout', {});
    } else {
      // Hi-lo: a skip, then the first guess of the pair until a loss or 3 right guesses.
      let bet = await call('hilo start', '/games/hilo/start', { amount: '1' });
      bet = await call('hilo step', '/games/hilo/step', { action: 'skip', index: 0, bet_id: bet.id });
      for (let i = 1; bet.status === 'active' && i <= 3; i += 1) {
        const [guess] = offeredPair(rankOf(bet.outcome.cards!.at(-1)!));
        bet = await call('hilo step', '/games/hilo/step', { action: guess, index: i, bet_id: bet.id });
      }
      if (bet.status === 'active') await call('hilo cashout', '/games/hilo/cashout', {});
    }
  }
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2));
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function bench(label: string, env: Record<string, string>) {
  const server = await startServer({ SERVE_SITE: 'false', LOG_LEVEL: 'error', ...env });
  try {
    const tokens = await Promise.all(
      Array.from({ length: PLAYERS }, () =>
        fundedPlayer(server.url, { amount: '100000', prefix: 'rounds' }).then((p) => p.token),
      ),
    );
    // A short warm-up, then the measured run.
    await Promise.all(tokens.map((token) => play(server.url, token, {}, performance.now() + 2_000)));
    const timings: Timings = {};
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(tokens.map((token) => play(server.url, token, timings, end)));
    for (const [kind, latencies] of Object.entries(timings))
      console.log(JSON.stringify({ bench: kind, database: label, players: PLAYERS, ms: summary(latencies) }));
  } finally {
    await server.stop();
  }
}

await bench('pglite', {});
if (process.env.BENCH_DATABASE_URL)
  await bench('postgresql', { DATABASE_URL: process.env.BENCH_DATABASE_URL });
