/**
 * The attack run of a production build, replayed: forged hosts in every mail and redirect, webhook
 * target injection, NUL bytes, the login lockout pattern, a revoked session's socket, the operator
 * token's scheme (docs/security.md); cookies behind a TLS proxy and mirror hosts are in
 * security-hosts.test.ts, bounded webhook deliveries in security-webhooks.test.ts. Each item has
 * its detailed tests beside its module's (login-throttle, realtime, unstorable-text, fuzz, …).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { publishEvent } from '../../src/server/realtime/gateway.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  bearer,
  cookieFlags,
  forgotPassword,
  lastLink,
  register,
  uniqueEmail,
  uniquePhone,
} from '../helpers/auth.ts';
import { playerId, startDeposit } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';
const FORGED = ['evil.example', 'attacker.example:8080', '127.0.0.1:18080/internal/admin?x='];

/** Every route that mails a link or redirects to the site, with a body that would otherwise work. */
async function linkingRequests(t: TestApp): Promise<InjectOptions[]> {
  const player = await register(t, { currency: 'RUB' });
  const victim = await register(t);
  return [
    {
      method: 'POST',
      url: '/api/api/v2/auth/password/email/forgot',
      payload: { email: victim.email },
    },
    { method: 'POST', url: '/api/api/v2/auth/password/phone/forgot', payload: { phone: uniquePhone() } },
    { method: 'POST', url: '/api/auth/send_login_data', headers: bearer(player.token) },
    {
      method: 'PUT',
      url: '/api/auth/login',
      payload: { provider: 'test', origin: 'http://evil.example' },
    },
    {
      method: 'POST',
      url: '/api/payments/deposits',
      payload: { amount: '100', method: 'sandbox_card' },
      headers: { ...bearer(player.token), 'idempotency-key': `forged-${Date.now()}` },
    },
  ];
}

const outboxCount = async (t: TestApp) =>
  Number((await t.database.query<{ n: string }>('select count(*)::text as n from outbox'))[0]?.n);

describe('the attack run: no PUBLIC_SITE_URL, no TRUST_PROXY', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let address: string | undefined;
  /** The app over real HTTP (webhooks and /ws need it), started by the first test that asks. */
  const listening = async () => {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  };
  beforeAll(async () => {
    t = await createTestApp(
      { OPERATOR_API_TOKEN: OPERATOR, LOG_LEVEL: 'info', SANDBOX_WEBHOOK_INTERVAL_MS: '3600000' },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the start log names the trusted hosts', () => {
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.trustedHosts);
    expect(line?.trustedHosts).toMatch(/^localhost:\*, 127\.0\.0\.1:\*, \[::1\]:\*/);
    expect(line?.msg).toContain('PUBLIC_SITE_URL is unset');
  });

  test('X-Forwarded-Host is ignored: the reset link goes to the host the request was sent to', async () => {
    const { email } = await register(t);
    const res = await forgotPassword(t, email, {
      host: 'localhost:3000',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(await lastLink(t, email)).toMatch(/^http:\/\/localhost:3000\/reset-password\/[\w-]+$/);
  });

  test.each(FORGED)('Host: %s gets 421 and no mail from any linking route', async (host) => {
    const before = await outboxCount(t);
    const paymentsBefore = await t.database.query('select id from payments');
    for (const request of await linkingRequests(t)) {
      const outboxBefore = await outboxCount(t);
      const res = await t.app.inject({ ...request, headers: { ...request.headers, host } });
      expect(res.statusCode, `${request.url} on ${host}`).toBe(421);
      expect(res.json()).toEqual({ errors: { host: ['untrusted_host'] } });
      expect(await outboxCount(t)).toBe(outboxBefore);
    }
    // Only the registrations' own verification codes were written.
    expect(await outboxCount(t)).toBe(before + 2);
    expect(await t.database.query('select id from payments')).toHaveLength(paymentsBefore.length);
    expect(
      logLines.some(
        (l) => l.includes('untrusted host: no link built') && l.includes(host.split('/')[0] ?? ''),
      ),
    ).toBe(true);
  });

  test('a deposit never takes its webhook target or return URL from the request', async () => {
    const base = await listening();
    const player = await register(t, { currency: 'RUB' });
    const res = await startDeposit(t, player.token, {
      host: new URL(base).host,
      key: `ssrf-${Date.now()}`,
      headers: { 'x-forwarded-host': '127.0.0.1:18080/internal/admin?x=', 'x-forwarded-proto': 'gopher' },
      returnPath: '/en/faq',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.redirect_url).toMatch(new RegExp(`^${base}/api/sandbox/checkout/`));
    const [checkout] = await t.database.query<{ webhook_url: string; return_url: string }>(
      'select webhook_url, return_url from sandbox_checkouts order by created_at desc limit 1',
    );
    expect(checkout).toEqual({
      webhook_url: `${base}/api/payments/webhooks/sandbox`,
      return_url: `${base}/en/faq`,
    });
  });

  test('the refresh cookie is not Secure on plain http to this machine', async () => {
    const { res } = await register(t);
    expect(cookieFlags(res)).toEqual({ refresh_token: false, device: false });
  });

  test.each([
    [
      'a registration name',
      '/api/api/v2/auth/register/email',
      { password: 'Orbit-7-Nebula!', name: 'a\u0000b' },
      'name',
    ],
    [
      'a promo code',
      '/api/api/v2/auth/register/email',
      { password: 'Orbit-7-Nebula!', promo: '\u0000' },
      'promo',
    ],
    ['attachSource', '/api/attachSource', { stag: 'x\u0000' }, 'stag'],
    [
      'withdrawal details',
      '/api/payments/withdrawals',
      { amount: '100', method: 'sandbox_card', details: { card: '4\u00002' } },
      'details.card',
    ],
  ])('a NUL byte in %s is a 422 that changes nothing', async (_what, url, body, field) => {
    const player = await register(t, { currency: 'RUB' });
    const before = await t.database.query(
      'select (select count(*) from users)::int as users, (select count(*) from ledger_transactions)::int as tx',
    );
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(player.token), 'idempotency-key': `nul-${Date.now()}` },
      payload: { email: uniqueEmail(), ...body },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual(['invalid_characters']);
    expect(
      await t.database.query(
        'select (select count(*) from users)::int as users, (select count(*) from ledger_transactions)::int as tx',
      ),
    ).toEqual(before);
  });

  test('the lockout pattern: 40 wrong passwords from one IP against one account leave another account at that IP free', async () => {
    const victim = await register(t);
    const neighbour = await register(t);
    const login = (email: string, password: string, device?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/login/email/password',
        payload: { email, password },
        ...(device ? { cookies: { device } } : {}),
      });
    // The victim's own browser, known from an earlier login.
    const device = (await login(victim.email, 'Orbit-7-Nebula!')).cookies.find(
      (c) => c.name === 'device',
    )?.value;
    for (let i = 0; i < 40; i++) await login(victim.email, 'Wrong-Password-1');
    expect((await login(neighbour.email, 'Orbit-7-Nebula!')).statusCode).toBe(200);
    expect((await login(victim.email, 'Orbit-7-Nebula!', device)).statusCode).toBe(200);
  });

  test("a revoked session's socket stops receiving the player's balance", async () => {
    const base = await listening();
    const player = await register(t, { currency: 'RUB' });
    const id = await playerId(t, player.token);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    const messages: Array<{ type: string; channel?: string; reason?: string }> = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    const waitFor = async (type: string) => {
      for (let i = 0; i < 200 && !messages.some((m) => m.type === type); i++)
        await new Promise((r) => setTimeout(r, 10));
      return messages.find((m) => m.type === type);
    };
    socket.send(JSON.stringify({ type: 'auth', token: player.token }));
    expect(await waitFor('authenticated')).toEqual({ type: 'authenticated', channel: `user:${id}` });
    const logout = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/logout',
      headers: bearer(player.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await waitFor('unauthenticated')).toEqual({
      type: 'unauthenticated',
      channel: `user:${id}`,
      reason: 'revoked',
    });
    await publishEvent(t.bus, `user:${id}`, Date.now(), {
      type: 'balance',
      balance: '1.00',
      bonus_balance: '0.00',
      total_balance: '1.00',
      currency: 'RUB',
    });
    socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor('pong'); // everything published before the pong has arrived by now
    expect(messages.filter((m) => m.type === 'event')).toEqual([]);
    socket.close();
  });

  describe('the operator API takes only the Bearer scheme', () => {
    test.each([
      [OPERATOR, 401],
      [`Bearer ${OPERATOR}`, 200],
      [`bearer ${OPERATOR}`, 200],
      [`Bearer  ${OPERATOR}`, 401],
      [`Basic ${Buffer.from(`x:${OPERATOR}`).toString('base64')}`, 401],
      [`Token ${OPERATOR}`, 401],
      [`Bearer ${OPERATOR}x`, 401],
      [`Bearer ${OPERATOR.slice(0, -1)}`, 401],
      ['Bearer', 401],
      ['', 401],
    ])('Authorization: %j → %i', async (authorization, status) => {
      const res = await t.app.inject({ url: '/api/operator/withdrawals', headers: { authorization } });
      expect(res.statusCode).toBe(status);
    });
  });
});
