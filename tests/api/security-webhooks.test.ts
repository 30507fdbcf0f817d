/**
 * The sandbox provider's webhooks go only to the configured endpoint, give up after a bounded
 * number of attempts, and wait for the operator to re-drive them (docs/security.md).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';
import { startDeposit } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';

describe('sandbox webhooks go to the configured endpoint and give up after a bounded number of attempts', () => {
  let t: TestApp;
  let base: string;
  let endpoint: Server;
  let down = true;
  const received: string[] = [];
  beforeAll(async () => {
    // The merchant's endpoint: refuses while "down", then forwards to the casino's webhook route.
    endpoint = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        received.push(req.url ?? '');
        if (down) return res.writeHead(503).end();
        const forwarded = await fetch(`${base}/api/payments/webhooks/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': String(req.headers['x-sandbox-signature']),
          },
          body,
        });
        res.writeHead(forwarded.status).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const port = (endpoint.address() as AddressInfo).port;
    t = await createTestApp({
      OPERATOR_API_TOKEN: OPERATOR,
      SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
      SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/merchant/webhooks`,
      SANDBOX_WEBHOOK_MAX_ATTEMPTS: '3',
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => endpoint?.close(resolve));
  });

  const operator = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${OPERATOR}` } });
  const dueNow = () =>
    t.database.query('update sandbox_webhooks set next_attempt_at = now() where failed_at is null');

  test('three refused deliveries mark it failed; the operator sees it and re-drives it to a credit', async () => {
    const player = await register(t, { currency: 'RUB' });
    const created = await startDeposit(t, player.token, {
      host: new URL(base).host,
      key: `bounded-${Date.now()}`,
    });
    const paid = await fetch(created.json().data.redirect_url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await t.app.sandbox.deliverDue()).toBe(1);
      await dueNow();
    }
    expect(received).toEqual(['/merchant/webhooks', '/merchant/webhooks', '/merchant/webhooks']);
    expect(await t.app.sandbox.deliverDue()).toBe(0); // failed: no fourth attempt, ever

    const failed = (await operator('GET', '/operator/sandbox/webhooks?status=failed')).json().data;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'HTTP 503',
      type: 'payment.succeeded',
      payment: created.json().data.id,
      next_attempt_at: null,
    });
    expect((await operator('GET', '/operator/sandbox/webhooks?status=bogus')).statusCode).toBe(422);
    expect(
      (await operator('POST', `/operator/sandbox/webhooks/${crypto.randomUUID()}/retry`)).statusCode,
    ).toBe(404);

    down = false;
    const redriven = await operator('POST', `/operator/sandbox/webhooks/${failed[0].id}/retry`);
    expect(redriven.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await operator('POST', `/operator/sandbox/webhooks/${failed[0].id}/retry`)).statusCode).toBe(404);
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    const profile = await t.app.inject({ url: '/api/profile/user', headers: bearer(player.token) });
    expect(profile.json().user.balance).toBe('100.00');
    expect(
      (await operator('GET', '/operator/sandbox/webhooks?status=delivered')).json().data[0],
    ).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
  });

  test('a redirect from the endpoint is a failed delivery, not followed', async () => {
    const target = createServer((_req, res) =>
      res.writeHead(307, { location: 'http://127.0.0.1:9/x' }).end(),
    );
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`;
      const [hook] = await t.database.query<{ id: string }>(
        `insert into sandbox_webhooks (url, body) values ($1, '{"id":"evt_redirect"}') returning id`,
        [url],
      );
      expect(await t.app.sandbox.deliverDue()).toBe(1);
      const [row] = await t.database.query<{ last_error: string; delivered_at: Date | null }>(
        'select last_error, delivered_at from sandbox_webhooks where id = $1',
        [hook?.id],
      );
      expect(row).toEqual({ last_error: 'HTTP 307', delivered_at: null });
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
