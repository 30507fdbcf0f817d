import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signPayload } from '../../src/server/modules/payments/signature.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { Currency } from '../../src/shared/currencies.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { bonusApi, ok } from '../helpers/bonus.ts';
import { credit, newPlayer } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789-abcdef';
let t: TestApp;
let base: string;
beforeAll(async () => {
  // Webhooks travel over real HTTP, so the app listens; the test drives the dispatcher by hand.
  t = await createTestApp({
    OPERATOR_API_TOKEN: OPERATOR,
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
    // KYC has its own tests (kyc.test.ts); here only a very large withdrawal needs it.
    KYC_ON_FIRST_WITHDRAWAL: 'false',
    KYC_THRESHOLD_MIN_PAYOUTS: '1000',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${++keyCounter}`;
const api = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${base}/api${url}`, {
    method,
    headers: { ...bearer(token), ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    body: payload ? JSON.stringify(payload) : undefined,
    redirect: 'manual',
  });
const operator = (url: string, payload: unknown = {}) =>
  fetch(`${base}/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

const player = (currency: Currency = 'RUB') => newPlayer(t, { currency });
/** POST /payments/deposits by card with an idempotency key (a fresh one unless given). */
const createDeposit = (token: string, amount: string, idempotencyKey = key()) =>
  api(
    'POST',
    '/payments/deposits',
    token,
    { amount, method: 'sandbox_card' },
    { 'idempotency-key': idempotencyKey },
  );
const balance = async (token: string) =>
  (await (await api('GET', '/profile/user', token)).json()).user.balance as string;

async function deposit(token: string, amount: string, card = '4242424242424242') {
  const created = await api(
    'POST',
    '/payments/deposits',
    token,
    { amount, method: 'sandbox_card', return_path: '/en/faq' },
    { 'idempotency-key': key() },
  );
  expect(created.status).toBe(200);
  const { data } = (await created.json()) as { data: { id: string; redirect_url: string; status: string } };
  const page = await fetch(data.redirect_url);
  expect(page.status).toBe(200);
  const paid = await fetch(data.redirect_url, {
    method: 'POST',
    body: new URLSearchParams({ card, expiry: '12/30', cvc: '123' }),
    redirect: 'manual',
  });
  return { id: data.id, redirectUrl: data.redirect_url, paid };
}

describe('deposits through the sandbox provider', () => {
  test('lists the methods of the player currency with presets and limits', async () => {
    const { token } = await player('USD');
    const { data } = await (await api('GET', '/payments/methods', token)).json();
    expect(data).toEqual([
      {
        id: 'sandbox_card',
        provider: 'sandbox',
        kind: 'card',
        min: '1.00',
        max: '5000.00',
        presets: ['10.00', '25.00', '50.00', '100.00'],
      },
    ]);
  });

  test('a test card that succeeds: checkout page, redirect back, signed webhook, credit', async () => {
    const { token } = await player();
    const { id, paid, redirectUrl } = await deposit(token, '1500.50');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') as string);
    expect(back.pathname).toBe('/en/faq');
    expect(back.searchParams.get('payment')).toBe(id);
    expect(back.searchParams.get('payment_status')).toBe('succeeded');
    expect(await balance(token)).toBe('0.00');
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    expect(await balance(token)).toBe('1500.50');
    expect((await (await api('GET', `/payments/${id}`, token)).json()).data.status).toBe('succeeded');
    expect(await (await fetch(redirectUrl)).text()).not.toContain('name="card"');
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a declined card fails the payment and credits nothing', async () => {
    const { token } = await player();
    const { id, paid } = await deposit(token, '500', '4000000000000002');
    expect(new URL(paid.headers.get('location') as string).searchParams.get('payment_status')).toBe('failed');
    await t.app.sandbox.deliverDue();
    expect(await balance(token)).toBe('0.00');
    expect((await (await api('GET', `/payments/${id}`, token)).json()).data).toMatchObject({
      status: 'failed',
      failure_reason: 'card_declined',
    });
  });

  test('a 3-D Secure card asks for confirmation first', async () => {
    const { token } = await player();
    const { paid, redirectUrl } = await deposit(token, '700', '4000000000003220');
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('3-D Secure');
    const confirmed = await fetch(`${redirectUrl}/3ds`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(new URL(confirmed.headers.get('location') as string).searchParams.get('payment_status')).toBe(
      'succeeded',
    );
    await t.app.sandbox.deliverDue();
    expect(await balance(token)).toBe('700.00');
  });

  test('a number that is no test card is refused on the page', async () => {
    const { token } = await player();
    const { paid } = await deposit(token, '300', '4111111111111111');
    expect(paid.status).toBe(422);
  });

  test.each([
    [{ amount: '99.99', method: 'sandbox_card' }, { amount: ['amount_too_small:100.00'] }],
    [{ amount: '500000.01', method: 'sandbox_card' }, { amount: ['amount_too_large:500000.00'] }],
    [{ amount: '1.001', method: 'sandbox_card' }, { amount: ['invalid_amount'] }],
    [{ amount: '100', method: 'bitcoin' }, { method: ['invalid_method'] }],
  ])('%j → 422 %j', async (payload, errors) => {
    const { token } = await player();
    const res = await api('POST', '/payments/deposits', token, payload, { 'idempotency-key': key() });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors });
  });

  test('a deposit needs an idempotency key, and the same key returns the same payment', async () => {
    const { token } = await player();
    expect(
      (await api('POST', '/payments/deposits', token, { amount: '100', method: 'sandbox_card' })).status,
    ).toBe(422);
    const k = key();
    const a = await (await createDeposit(token, '100', k)).json();
    const b = await (await createDeposit(token, '100', k)).json();
    expect(b.data.id).toBe(a.data.id);
    expect(b.data.redirect_url).toBe(a.data.redirect_url);
    const c = await createDeposit(token, '200', k);
    expect(c.status).toBe(409);
  });
});

describe('webhooks', () => {
  const secretOf = async () => {
    const [row] = await t.database.query<{ value: string }>(
      "select value #>> '{}' as value from settings where key = 'sandbox_webhook_secret'",
    );
    return row?.value as string;
  };
  const event = (
    paymentId: string,
    type: string,
    amount: string,
    currency = 'RUB',
    id = `evt_${Math.random()}`,
  ) =>
    JSON.stringify({
      id,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { checkout_id: 'x', merchant_ref: paymentId, amount, currency },
    });
  const send = async (body: string, signature?: string) =>
    fetch(`${base}/api/payments/webhooks/sandbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature':
          signature ?? signPayload(await secretOf(), body, Math.floor(Date.now() / 1000)),
      },
      body,
    });

  async function pendingDeposit(amount = '1000') {
    const p = await player();
    const res = await createDeposit(p.token, amount, key());
    return { ...p, paymentId: (await res.json()).data.id as string };
  }

  test('the same webhook 10 times concurrently, with a failure out of order: one credit', async () => {
    const { token, paymentId } = await pendingDeposit('1000');
    const success = event(paymentId, 'payment.succeeded', '100000', 'RUB', 'evt_same');
    const failure = event(paymentId, 'payment.failed', '100000');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => send(success)),
      send(failure),
      send(event(paymentId, 'payment.succeeded', '100000')),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await balance(token)).toBe('1000.00');
    const [credits] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
      [`deposit:${paymentId}`],
    );
    expect(credits?.n).toBe(1);
    expect((await (await api('GET', `/payments/${paymentId}`, token)).json()).data.status).toBe('succeeded');
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a bad signature is refused and changes nothing', async () => {
    const { token, paymentId } = await pendingDeposit();
    const body = event(paymentId, 'payment.succeeded', '100000');
    expect((await send(body, signPayload('wrong-secret', body, Math.floor(Date.now() / 1000)))).status).toBe(
      401,
    );
    expect((await send(body, 't=1,v1=00')).status).toBe(401);
    expect(
      (await send(body, signPayload(await secretOf(), body, Math.floor(Date.now() / 1000) - 3600))).status,
    ).toBe(401);
    expect(await balance(token)).toBe('0.00');
  });

  test('a signed but malformed body is a 400 and writes nothing', async () => {
    const { token, paymentId } = await pendingDeposit('1000');
    const events = async () =>
      (
        await t.database.query<{ n: number }>(
          'select count(*)::int as n from payment_events where payment_id = $1',
          [paymentId],
        )
      )[0]?.n;
    const valid = JSON.parse(event(paymentId, 'payment.succeeded', '100000')) as Record<string, unknown>;
    const data = valid.data as Record<string, unknown>;
    for (const body of [
      'not json',
      '{"id":',
      'null',
      '[]',
      '42',
      '"payment.succeeded"',
      '{}',
      JSON.stringify({ ...valid, data: null }),
      JSON.stringify({ ...valid, data: 'x' }),
      JSON.stringify({ ...valid, id: undefined }),
      JSON.stringify({ ...valid, id: { $gt: '' } }),
      JSON.stringify({ ...valid, type: 7 }),
      JSON.stringify({ ...valid, data: { ...data, amount: 100000 } }),
      JSON.stringify({ ...valid, data: { ...data, merchant_ref: [paymentId] } }),
      JSON.stringify({ ...valid, data: { ...data, currency: undefined } }),
    ]) {
      const res = await send(body);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toEqual({ errors: { body: ['bad_request'] } });
    }
    expect(await events()).toBe(0);
    expect(await balance(token)).toBe('0.00');
    expect((await (await api('GET', `/payments/${paymentId}`, token)).json()).data.status).toBe('pending');
  });

  test('a mismatched amount or currency is refused and changes nothing', async () => {
    const { token, paymentId } = await pendingDeposit('1000');
    expect((await send(event(paymentId, 'payment.succeeded', '100001'))).status).toBe(422);
    expect((await send(event(paymentId, 'payment.succeeded', '100000', 'USD'))).status).toBe(422);
    expect(await balance(token)).toBe('0.00');
  });

  test('an unacknowledged webhook is retried with backoff until it is', async () => {
    const { token } = await player();
    const { id } = await deposit(token, '250');
    await t.database.query(
      "update sandbox_webhooks set url = 'http://127.0.0.1:9/unreachable' where delivered_at is null",
    );
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    const [first] = await t.database.query<{ attempts: number; wait: number }>(
      'select attempts, extract(epoch from next_attempt_at - now())::int as wait from sandbox_webhooks where delivered_at is null',
    );
    expect(first?.attempts).toBe(1);
    expect(first?.wait).toBeGreaterThan(0);
    expect(await t.app.sandbox.deliverDue()).toBe(0); // not due yet
    await t.database.query(
      `update sandbox_webhooks set url = $1, next_attempt_at = now() where delivered_at is null`,
      [`${base}/api/payments/webhooks/sandbox`],
    );
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    expect(await balance(token)).toBe('250.00');
    expect((await (await api('GET', `/payments/${id}`, token)).json()).data.status).toBe('succeeded');
  });
});

describe('withdrawals', () => {
  async function funded(amount: bigint) {
    const p = await player();
    await credit(t, p.id, amount);
    return p;
  }
  const withdraw = (token: string, amount: string, k = key()) =>
    api(
      'POST',
      '/payments/withdrawals',
      token,
      { amount, method: 'sandbox_card', details: { card: '4242' } },
      { 'idempotency-key': k },
    );

  test('holds at once; the operator approves once; the player cannot reverse it', async () => {
    const { token } = await funded(50_000n);
    const res = await withdraw(token, '300');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ direction: 'withdrawal', status: 'held', amount: '300.00' });
    expect(await balance(token)).toBe('200.00');
    const listed = await (
      await fetch(`${base}/api/operator/withdrawals`, { headers: { authorization: `Bearer ${OPERATOR}` } })
    ).json();
    expect(listed.data.map((w: { id: string }) => w.id)).toContain(data.id);
    expect((await operator(`/operator/withdrawals/${data.id}/approve`)).status).toBe(200);
    expect((await operator(`/operator/withdrawals/${data.id}/approve`)).status).toBe(409);
    expect((await operator(`/operator/withdrawals/${data.id}/reject`, { reason: 'late' })).status).toBe(409);
    expect((await api('DELETE', `/payments/${data.id}`, token)).status).toBe(405);
    expect(await balance(token)).toBe('200.00');
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a rejected withdrawal returns the money', async () => {
    const { token } = await funded(50_000n);
    const { data } = await (await withdraw(token, '500')).json();
    expect(await balance(token)).toBe('0.00');
    expect(
      (await operator(`/operator/withdrawals/${data.id}/reject`, { reason: 'documents needed' })).status,
    ).toBe(200);
    expect(await balance(token)).toBe('500.00');
  });

  test('operator API needs its token', async () => {
    expect((await fetch(`${base}/api/operator/withdrawals`)).status).toBe(401);
    expect(
      (await fetch(`${base}/api/operator/withdrawals`, { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401);
  });

  test.each([
    ['99.99', { amount: ['amount_below_min_payout:100.00'] }],
    ['600', { amount: ['insufficient_funds'] }],
  ])('withdrawing %s from 500 → 422 %j', async (amount, errors) => {
    const { token } = await funded(50_000n);
    const res = await withdraw(token, amount);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors });
    expect(await balance(token)).toBe('500.00');
  });

  test('bonus money is never withdrawable', async () => {
    const bonuses = bonusApi(() => t, OPERATOR);
    const rule = (withdrawal_rule: string) =>
      bonuses.operator('PUT', '/operator/bonus/settings', { withdrawal_rule });
    const p = await player();
    await bonuses.activeBonus(bearer(p.token), { amount: { RUB: '500' }, wager: 10 });
    expect(await balance(p.token)).toBe('0.00');
    ok(await rule('forfeit'));
    try {
      // Under the forfeit rule the bonus would go first, but there is no cash to withdraw: nothing changes.
      const refused = await withdraw(p.token, '100');
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual({ amount: ['insufficient_funds'] });
      expect((await bonuses.grants(bearer(p.token))).active).toMatchObject({ held: '500.00' });
    } finally {
      ok(await rule('refuse'));
    }
  });

  test('20 concurrent full-balance withdrawals: exactly one is held', async () => {
    const { token } = await funded(10_000n);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(token, '100')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balance(token)).toBe('0.00');
  });

  test('the same withdrawal key 50 times concurrently: one hold, identical answers; another amount is refused', async () => {
    const { token } = await funded(50_000n);
    const k = key();
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(token, '200', k)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(await balance(token)).toBe('300.00');
    const different = await withdraw(token, '150', k);
    expect(different.status).toBe(409);
    expect(await balance(token)).toBe('300.00');
  });

  test("a deposit's idempotency key reused for a withdrawal is a 409 that holds nothing, and the other way round", async () => {
    const { token } = await funded(50_000n);
    const depositKey = key();
    const deposit = await createDeposit(token, '500', depositKey);
    expect(deposit.status).toBe(200);
    const ledgerBefore = await t.database.query('select count(*)::int as n from ledger_transactions');
    const reused = await withdraw(token, '500', depositKey);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ errors: { idempotency_key: ['idempotency_conflict'] } });
    expect(await balance(token)).toBe('500.00');
    expect(await t.database.query('select count(*)::int as n from ledger_transactions')).toEqual(
      ledgerBefore,
    );

    const withdrawalKey = key();
    expect((await withdraw(token, '100', withdrawalKey)).status).toBe(200);
    const asDeposit = await createDeposit(token, '100', withdrawalKey);
    expect(asDeposit.status).toBe(409);
    expect(await balance(token)).toBe('400.00');
    expect(await checkLedger(t.database)).toEqual([]);
  });
});
