/**
 * `npm run bench`: cached pages against nginx (bench/pages.ts) and ledger transactions per
 * second on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL. Bounded in time and
 * count; loopback only. Run by hand (not part of the test suite); needs `npm run build` first.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { post } from '../src/server/modules/ledger/ledger.ts';
import { freshDatabaseUrl } from '../tests/helpers/database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function loop(
  work: () => Promise<void>,
): Promise<{ ops: number; perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await work();
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2));
  return {
    ops: latencies.length,
    perSecond: Math.round(latencies.length / SECONDS),
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function ledger(label: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 10 });
  loadConfig({});
  const [user] = await database.query<{ id: string }>(
    "insert into users (email, register_method) values ('bench@example.com', 'email') returning id::text",
  );
  const userId = user?.id as string;
  await post(database, {
    idempotencyKey: 'bench-seed',
    kind: 'adjustment',
    currency: 'RUB',
    request: {},
    postings: [
      { account: { system: 'house' }, amount: -10_000_000_000n },
      { account: { userId, kind: 'cash' }, amount: 10_000_000_000n },
    ],
    answer: () => null,
  });
  let n = 0;
  const result = await loop(async () => {
    const key = `bench-${++n}`;
    await post(database, {
      idempotencyKey: key,
      kind: 'bet',
      currency: 'RUB',
      request: { key },
      postings: [
        { account: { userId, kind: 'cash' }, amount: -100n },
        { account: { system: 'house' }, amount: 100n },
      ],
      answer: (balances) => balances.get(`${userId}:cash`),
    });
  });
  console.log(
    JSON.stringify({
      bench: 'ledger transaction (debit with idempotency key)',
      database: label,
      concurrency: CONCURRENCY,
      ...result,
    }),
  );
  await database.close();
}

// Pages against nginx on the same bytes (bench/pages.ts), then the ledger's transaction ceiling.
await import('./pages.ts');
await ledger('pglite', undefined);
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const { url, drop } = await freshDatabaseUrl();
  try {
    await ledger('postgresql', url);
  } finally {
    await drop();
  }
}
