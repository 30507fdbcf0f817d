import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** What a measured loop did: operations, failures, the rate, and latency percentiles in ms. */
export interface Measured {
  ops: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * Runs `work` from `concurrency` callers for `seconds` at most (and `limit` operations at most),
 * timing each call; a call that throws counts as an error, not as a latency.
 */
export async function measureLoop(
  {
    concurrency,
    seconds,
    limit = Number.POSITIVE_INFINITY,
  }: { concurrency: number; seconds: number; limit?: number },
  work: (caller: number) => Promise<void>,
): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  const begin = performance.now();
  const end = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      while (performance.now() < end && started < limit) {
        started += 1;
        const start = performance.now();
        try {
          await work(caller);
          latencies.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number((latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2));
  return {
    ops: latencies.length,
    errors,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
  };
}

/**
 * One HTTP call over a keep-alive socket of `agent` (node:http: fetch would cost the shared cores
 * as much as the server, bench/games.ts); resolves with the status and the body.
 */
export function keepAliveCall(
  agent: http.Agent,
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: pathname,
        method,
        agent,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
