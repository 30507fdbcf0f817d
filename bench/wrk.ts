import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** `wrk` runs for the benches (docs/performance.md): BENCH_SECONDS and BENCH_CONCURRENCY set their size. */
const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 32);

export interface WrkResult {
  perSecond: number;
  p99ms: number;
  /** Requests completed in the run. */
  requests: number;
}

/** One `wrk` run (`wrk -t1 -c32 -d8s --latency`), parsed. */
export async function wrk(url: string, headers: Record<string, string> = {}): Promise<WrkResult> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await run('wrk', [...args, url]);
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0);
  const [, value = '0', unit = 'ms'] = /99%\s+([\d.]+)(us|ms|s)/.exec(stdout) ?? [];
  const p99ms = Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(stdout);
  if (errors) throw new Error(`wrk ${url}: ${errors[0]}`);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  return { perSecond: Math.round(perSecond), p99ms: Number(p99ms.toFixed(2)), requests };
}
