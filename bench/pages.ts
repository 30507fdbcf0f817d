/**
 * Pages against nginx and a bare `node:http` server (docs/performance.md "Pages"): the production
 * server answers `wrk` for the FAQ and the home page, and in the same run nginx (Debian's
 * nginx-light, one worker) serves the very same HTML bytes from files, and a bare `node:http`
 * process (bench/bare-http.ts) the very same brotli bytes. Absolute rates drift on a shared
 * machine; the ratios are the figures.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/helpers/server.ts';

/** A GET's headers (but Date, Connection and Keep-Alive) and body as sent, not decoded. */
function rawAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: [string, string][]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!/^(date|connection|keep-alive)$/i.test(name)) pairs.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ headers: pairs, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** bench/bare-http.ts on `port` with `file`'s bytes, until the returned stop is called. */
async function startBare(file: string, port: number): Promise<() => Promise<void>> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-http.ts'), String(port), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

import { type WrkResult, wrk } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONCURRENCY ?? 32);
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const PAGES = [
  { name: 'faq', path: '/en/faq' },
  { name: 'home', path: '/en/' },
];

/** nginx with one worker serving `root` on `port`, until the returned stop is called. */
async function startNginx(root: string, port: number): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  default_type text/html;
  keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri $uri/index.html =404; } }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return async () => {
    child.kill('SIGQUIT');
    await new Promise((r) => child.once('exit', r));
  };
}

const server = await startServer({ LOG_LEVEL: 'warn' });
const root = mkdtempSync(path.join(tmpdir(), 'bench-pages-'));
chmodSync(root, 0o755); // nginx's worker runs as another user
const nginxPort = 20_000 + Math.floor(Math.random() * 20_000);
const rows: Array<Record<string, string | number>> = [];
try {
  for (const page of PAGES) {
    const bytes = Buffer.from(await (await fetch(server.url + page.path)).arrayBuffer());
    const file = path.join(root, page.path, page.path.endsWith('/') ? 'index.html' : '');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    // Warm the cache: the first answer renders, the next ones come from memory.
    await fetch(server.url + page.path, { headers: { 'accept-encoding': 'br' } });
    // The brotli answer the site sends (as it travels: not decoded), for the bare server.
    const answer = await rawAnswer(server.url + page.path, { 'accept-encoding': 'br' });
    writeFileSync(`${file}.br`, answer.body);
    writeFileSync(`${file}.br.headers`, JSON.stringify(answer.headers));
  }
  await new Promise((r) => setTimeout(r, 500));
  const stopNginx = await startNginx(root, nginxPort);
  try {
    for (const page of PAGES) {
      const nginx = await wrk(`http://127.0.0.1:${nginxPort}${page.path}`);
      const plain = await wrk(server.url + page.path);
      const br = await wrk(server.url + page.path, { 'accept-encoding': 'br' });
      const barePort = nginxPort + 1;
      const file = path.join(root, page.path, page.path.endsWith('/') ? 'index.html' : '');
      const stopBare = await startBare(`${file}.br`, barePort);
      const bare = await wrk(`http://127.0.0.1:${barePort}/`, { 'accept-encoding': 'br' }).finally(stopBare);
      const ratio = (r: WrkResult) => `${((100 * r.perSecond) / nginx.perSecond).toFixed(1)} %`;
      rows.push(
        {
          page: page.path,
          what: 'nginx, same bytes, uncompressed',
          'req/s': nginx.perSecond,
          'p99 ms': nginx.p99ms,
          ratio: '100 %',
        },
        {
          page: page.path,
          what: 'site, uncompressed',
          'req/s': plain.perSecond,
          'p99 ms': plain.p99ms,
          ratio: ratio(plain),
        },
        {
          page: page.path,
          what: 'site, Accept-Encoding: br',
          'req/s': br.perSecond,
          'p99 ms': br.p99ms,
          ratio: ratio(br),
        },
        {
          page: page.path,
          what: 'bare node:http, the same br answer',
          'req/s': bare.perSecond,
          'p99 ms': bare.p99ms,
          ratio: ratio(bare),
        },
        {
          page: page.path,
          what: 'site br / bare node:http br',
          'req/s': '',
          'p99 ms': '',
          ratio: `${((100 * br.perSecond) / bare.perSecond).toFixed(1)} %`,
        },
      );
    }
  } finally {
    await stopNginx();
  }
} finally {
  await server.stop();
}
console.table(rows);
console.log(JSON.stringify({ bench: 'pages', connections: CONNECTIONS, seconds: SECONDS, rows }));
