import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const run = promisify(execFile);
const OPERATOR = 'operator-token-0123456789-abcdef';

/**
 * kill -9 under money load on PostgreSQL, then restart: every request that got a 2xx is in the
 * ledger, nothing is half applied, and ledger:check passes. Deposits go through the sandbox
 * checkout and its webhooks (some still queued at the crash, delivered after the restart);
 * withdrawals hold money at once. (Game bets join this load when the games exist.)
 */
describe.runIf(process.env.TEST_DATABASE_URL)('crash recovery on PostgreSQL', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let server: RunningServer | undefined;
  const env = () => ({
    DATABASE_URL: databaseUrl,
    SERVE_SITE: 'false',
    OPERATOR_API_TOKEN: OPERATOR,
    KYC_ON_FIRST_WITHDRAWAL: 'false',
    KYC_THRESHOLD_MIN_PAYOUTS: '100000',
    SANDBOX_WEBHOOK_INTERVAL_MS: '50',
    SANDBOX_WEBHOOK_SECRET: 'crash-test-webhook-secret',
    JWT_SECRET: 'crash-test-jwt-secret-0123456789abcdef',
  });

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = (await freshDatabaseUrl()) as { url: string; drop: () => Promise<void> });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await drop?.();
  });

  test('every acknowledged request survives, nothing is half applied', { timeout: 120_000 }, async () => {
    server = await startServer(env());
    const base = server.url;
    const players = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await fetch(`${base}/api/api/v2/auth/register/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `crash.${Date.now()}.${i}@example.com`,
            password: 'Orbit-7-Nebula!',
            currency: 'RUB',
          }),
        });
        return ((await res.json()) as { token: string }).token;
      }),
    );

    const acknowledged = { deposits: new Set<string>(), withdrawals: new Set<string>() };
    let stop = false;
    let seq = 0;
    const depositLoop = async (token: string) => {
      while (!stop) {
        try {
          const created = await fetch(`${base}/api/payments/deposits`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': `crash-d-${++seq}`,
            },
            body: JSON.stringify({ amount: '150', method: 'sandbox_card' }),
          });
          if (!created.ok) continue;
          const { data } = (await created.json()) as { data: { id: string; redirect_url: string } };
          const paid = await fetch(data.redirect_url, {
            method: 'POST',
            body: new URLSearchParams({ card: '4242424242424242' }),
            redirect: 'manual',
          });
          if (paid.status === 303) acknowledged.deposits.add(data.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const withdrawLoop = async (token: string) => {
      while (!stop) {
        try {
          const res = await fetch(`${base}/api/payments/withdrawals`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': `crash-w-${++seq}`,
            },
            body: JSON.stringify({ amount: '100', method: 'sandbox_card' }),
          });
          if (res.ok) acknowledged.withdrawals.add(((await res.json()) as { data: { id: string } }).data.id);
          else await new Promise((r) => setTimeout(r, 5));
        } catch {
          return;
        }
      }
    };
    const load = players.flatMap((token) => [depositLoop(token), withdrawLoop(token)]);
    await new Promise((r) => setTimeout(r, 2500));
    const killed = server.stop('SIGKILL');
    await killed;
    stop = true;
    await Promise.all(load);
    console.info(
      `killed under load: ${acknowledged.deposits.size} deposits paid, ${acknowledged.withdrawals.size} withdrawals held`,
    );
    expect(acknowledged.deposits.size).toBeGreaterThan(5);
    expect(acknowledged.withdrawals.size).toBeGreaterThan(0);

    // Restart on the same database and address: queued webhooks are delivered (those leased by
    // the dead process once their 15 s lease runs out), each credit exactly once.
    server = await startServer({ ...env(), PORT: new URL(base).port });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      for (let i = 0; i < 300; i++) {
        const { rows } = await db.query(
          'select count(*)::int as n from sandbox_webhooks where delivered_at is null',
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const { rows: undelivered } = await db.query(
        'select count(*)::int as n from sandbox_webhooks where delivered_at is null',
      );
      expect(undelivered[0].n).toBe(0);

      // Every acknowledged deposit was paid at the provider, so it is credited exactly once.
      const { rows: deposits } = await db.query(
        `select p.id, p.status, (select count(*)::int from ledger_transactions t where t.idempotency_key = 'deposit:' || p.id) as credits
           from payments p where p.direction = 'deposit'`,
      );
      const byId = new Map(deposits.map((d) => [d.id as string, d]));
      for (const id of acknowledged.deposits)
        expect(byId.get(id)).toMatchObject({ status: 'succeeded', credits: 1 });
      // No credit without a succeeded payment, and no succeeded payment without its credit.
      for (const d of deposits) expect(d.credits === 1).toBe(d.status === 'succeeded');

      // Every acknowledged withdrawal is held, with its hold posted.
      const { rows: holds } = await db.query(
        `select p.id, p.status, (select count(*)::int from ledger_transactions t where t.metadata->>'payment' = p.id::text and t.kind = 'withdrawal_hold') as posted
           from payments p where p.direction = 'withdrawal'`,
      );
      const holdById = new Map(holds.map((h) => [h.id as string, h]));
      for (const id of acknowledged.withdrawals)
        expect(holdById.get(id)).toMatchObject({ status: 'held', posted: 1 });
      for (const h of holds) expect(h.posted).toBe(1);
    } finally {
      await db.end();
    }
    await server.stop('SIGTERM');
    server = undefined;

    const check = await run(process.execPath, ['scripts/ledger-check.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      cwd: process.cwd(),
    });
    expect(check.stdout).toMatch(/^ledger ok: \d+ transactions/m);
  });
});
