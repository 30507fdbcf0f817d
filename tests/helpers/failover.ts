import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import { freshDatabaseUrl } from './database.ts';
import { type RunningServer, startServer } from './server.ts';

const run = promisify(execFile);

/**
 * What the failover tests of the live rounds share (docs/fairness.md "Several instances"): server
 * processes on one fresh PostgreSQL database and one Redis (`TEST_REDIS_URL`), the first of them
 * leading `election`; a socket's events on a channel; the ledger check at the end. `env` adds to
 * the servers' environment; the file's hooks create the database and stop the servers.
 */
export function failoverStage(name: string, election: string, env: Record<string, string>) {
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    ({ url: databaseUrl, drop } = (await freshDatabaseUrl()) as { url: string; drop: () => Promise<void> });
  });
  afterAll(async () => {
    // A killed leader has exited already: only the others are stopped.
    for (const server of servers) if (server.process.signalCode === null) await server.stop('SIGKILL');
    await drop?.();
  });
  const serverEnv = () => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    SERVE_SITE: 'false',
    LOG_LEVEL: 'info',
    SANDBOX_WEBHOOK_INTERVAL_MS: '50',
    SANDBOX_WEBHOOK_SECRET: `${name}-failover-webhook-secret`,
    JWT_SECRET: `${name}-failover-jwt-secret-0123456789abcdef`,
    ...env,
  });
  /** Whether the server's log says it leads the election. */
  const leads = (server: RunningServer) =>
    server
      .output()
      .split('\n')
      .some((line) => line.includes(`"election":"${election}"`) && line.includes('"msg":"leading"'));

  return {
    get databaseUrl() {
      return databaseUrl;
    },
    leads,
    /** Two instances: the first leads once it says so, the second does not. */
    async leaderAndFollower(): Promise<[RunningServer, RunningServer]> {
      servers.push(await startServer(serverEnv()));
      await expect.poll(() => leads(servers[0]!), { timeout: 20_000 }).toBe(true);
      servers.push(await startServer(serverEnv()));
      const [leader, follower] = servers as [RunningServer, RunningServer];
      expect(leads(follower)).toBe(false);
      return [leader, follower];
    },
    /** The events a socket on `server` receives on `channel` (those `keep` accepts), once subscribed. */
    async events<E>(server: RunningServer, channel: string, keep: (event: E) => boolean = () => true) {
      const events: E[] = [];
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; data?: E };
        if (message.type === 'event' && message.data && keep(message.data)) events.push(message.data);
      });
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'subscribe', channel }));
      return { events, close: () => socket.close() };
    },
    /** scripts/ledger-check.ts on the database passes. */
    async expectLedgerClean() {
      const check = await run(process.execPath, ['scripts/ledger-check.ts'], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        cwd: process.cwd(),
      });
      expect(check.stdout).toMatch(/^ledger ok: \d+ transactions/m);
    },
  };
}
