import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { newPlayer } from '../helpers/players.ts';

/**
 * Abandoned deposits expire (docs/api-money.md "Expiry"): the sweep and lazy reads move an unpaid
 * deposit past its deadline to `expired` without moving money, the provider's checkout can no
 * longer be paid, and a success the provider reports late still credits the deposit, once.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Webhooks travel over real HTTP; the test drives the dispatcher and the sweep by hand.
  t = await createTestApp({
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
    DEPOSIT_EXPIRY_INTERVAL_MS: '3600000',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with nothing due: the counts below are exact.
afterEach(async () => {
  await t.app.payments.expiry.sweep();
  await t.app.sandbox.deliverDue();
});

let keyCounter = 0;
const key = () => `expiry-key-${Date.now()}-${++keyCounter}`;
const get = (url: string, token: string) => fetch(`${base}/api${url}`, { headers: bearer(token) });

interface Deposit {
  id: string;
  status: string;
  expires_at: string;
  created_at: string;
  redirect_url: string;
}
async function startDeposit(token: string, amount = '500', idempotencyKey = key()): Promise<Deposit> {
  const res = await fetch(`${base}/api/payments/deposits`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      'accept-language': 'en-US',
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify({ amount, method: 'sandbox_card', return_path: '/en/faq?tab=1' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data as Deposit;
}
const pay = (deposit: Deposit, card = '4242424242424242') =>
  fetch(deposit.redirect_url, {
    method: 'POST',
    body: new URLSearchParams({ card, expiry: '12/30', cvc: '123' }),
    redirect: 'manual',
  });

/** Moves the deposit's deadline into the past: at the casino, and at the provider unless told. */
async function pastDeadline(paymentId: string, { provider = true } = {}) {
  await t.database.query(`update payments set expires_at = now() - interval '1 second' where id = $1`, [
    paymentId,
  ]);
  if (provider)
    await t.database.query(
      `update sandbox_checkouts set expires_at = now() - interval '1 second' where merchant_ref = $1`,
      [paymentId],
    );
}
const storedStatus = async (paymentId: string) =>
  (await t.database.query<{ status: string }>('select status from payments where id = $1', [paymentId]))[0]
    ?.status;
const balance = async (token: string) => (await (await get('/profile/user', token)).json()).user.balance;
const credits = async (paymentId: string) =>
  (
    await t.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
      [`deposit:${paymentId}`],
    )
  )[0]?.n;

describe('deposit expiry', () => {
  test('a deposit is due to expire DEPOSIT_CHECKOUT_TTL_MINUTES (30) after creation; the checkout says how long it stays valid', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token);
    expect(deposit.status).toBe('pending');
    const minutes = (Date.parse(deposit.expires_at) - Date.parse(deposit.created_at)) / 60_000;
    expect(minutes).toBeCloseTo(30, 3);
    const page = await (await fetch(deposit.redirect_url)).text();
    expect(page).toContain('This page stays valid for 30 min.');
  });

  test('the sweep expires an unpaid deposit past its deadline without any request touching it; no money moves', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const due = await startDeposit(token);
    const notYet = await startDeposit(token);
    const ledgerBefore = await t.database.query('select count(*)::int as n from ledger_postings');
    await pastDeadline(due.id);
    expect(await t.app.payments.expiry.sweep()).toBe(1);
    expect(await storedStatus(due.id)).toBe('expired');
    expect(await storedStatus(notYet.id)).toBe('pending');
    expect(await t.app.payments.expiry.sweep()).toBe(0);
    expect(await t.database.query('select count(*)::int as n from ledger_postings')).toEqual(ledgerBefore);
    expect(await balance(token)).toBe('0.00');
    const { data } = await (await get(`/payments/${due.id}`, token)).json();
    expect(data).toMatchObject({ status: 'expired', failure_reason: 'checkout_expired' });
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('reads expire lazily: the payment and the history show expired before any sweep', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const first = await startDeposit(token);
    const second = await startDeposit(token);
    await pastDeadline(first.id);
    await pastDeadline(second.id);
    expect((await (await get(`/payments/${first.id}`, token)).json()).data.status).toBe('expired');
    const history = await (await get('/profile/history?type=deposit', token)).json();
    expect(history.data.map((line: { id: string; status: string }) => [line.id, line.status])).toEqual([
      [second.id, 'expired'],
      [first.id, 'expired'],
    ]);
    const csv = await (await get('/profile/history.csv', token)).text();
    expect(csv).toContain('"expired"');
    expect(await t.app.payments.expiry.sweep()).toBe(0);
  });

  test('an expired checkout says so, cannot be paid, and leads back to the site with payment_status=expired', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token);
    await pastDeadline(deposit.id);
    const page = await (await fetch(deposit.redirect_url)).text();
    expect(page).toContain('This payment session has expired');
    expect(page).not.toContain('name="card"');
    const back = /href="([^"]+)" data-testid="checkout-back"/.exec(page);
    const href = (back?.[1] ?? '').replaceAll('&#38;', '&');
    expect(new URL(href).pathname).toBe('/en/faq');
    expect(Object.fromEntries(new URL(href).searchParams)).toEqual({
      tab: '1',
      payment: deposit.id,
      payment_status: 'expired',
    });

    const paid = await pay(deposit);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('This payment session has expired');
    const secure = await fetch(`${deposit.redirect_url}/3ds`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(secure.status).toBe(200);
    expect(await t.app.sandbox.deliverDue()).toBe(0);
    expect(await balance(token)).toBe('0.00');
    expect((await (await get(`/payments/${deposit.id}`, token)).json()).data.status).toBe('expired');
  });

  test('a 3-D Secure question left past the deadline can no longer be confirmed', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token);
    expect((await pay(deposit, '4000000000003220')).status).toBe(200);
    await pastDeadline(deposit.id);
    const confirmed = await fetch(`${deposit.redirect_url}/3ds`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'confirm' }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('This payment session has expired');
    expect(await t.app.sandbox.deliverDue()).toBe(0);
  });

  test('a success the provider reports after the expiry still credits the deposit once: expired → succeeded', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token, '750');
    // Paid at the provider in time; its webhook reaches the casino only after the deadline.
    expect((await pay(deposit)).status).toBe(303);
    await pastDeadline(deposit.id, { provider: false });
    expect(await t.app.payments.expiry.sweep()).toBe(1);
    expect((await (await get(`/payments/${deposit.id}`, token)).json()).data.status).toBe('expired');
    expect(await balance(token)).toBe('0.00');

    expect(await t.app.sandbox.deliverDue()).toBe(1);
    expect(await balance(token)).toBe('750.00');
    const { data } = await (await get(`/payments/${deposit.id}`, token)).json();
    expect(data).toMatchObject({ status: 'succeeded', failure_reason: null });
    // The provider re-sends the event: still one credit.
    await t.database.query('update sandbox_webhooks set delivered_at = null, next_attempt_at = now()');
    expect(await t.app.sandbox.deliverDue()).toBeGreaterThan(0);
    expect(await credits(deposit.id)).toBe(1);
    expect(await balance(token)).toBe('750.00');
    expect(await t.app.payments.expiry.sweep()).toBe(0);
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a failure the provider reports after the expiry leaves the deposit expired', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token);
    expect((await pay(deposit, '4000000000000002')).status).toBe(303);
    await pastDeadline(deposit.id, { provider: false });
    expect(await t.app.payments.expiry.sweep()).toBe(1);
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    expect(await storedStatus(deposit.id)).toBe('expired');
    expect(await balance(token)).toBe('0.00');
  });

  test('the same idempotency key after the deadline answers the expired deposit, not a new one', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const k = key();
    const deposit = await startDeposit(token, '500', k);
    await pastDeadline(deposit.id);
    const again = await startDeposit(token, '500', k);
    expect(again).toMatchObject({ id: deposit.id, status: 'expired', redirect_url: deposit.redirect_url });
  });

  test('the checkout leads back to the site: its cancel link returns with payment_status=cancelled', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposit = await startDeposit(token);
    const page = await (await fetch(deposit.redirect_url)).text();
    const links = [...page.matchAll(/href="([^"]+)" data-testid="checkout-(?:cancel|back)"/g)].map((m) =>
      (m[1] ?? '').replaceAll('&#38;', '&'),
    );
    expect(links).toHaveLength(2);
    for (const link of links) {
      const url = new URL(link);
      expect(url.pathname).toBe('/en/faq');
      expect(url.searchParams.get('payment')).toBe(deposit.id);
      expect(url.searchParams.get('payment_status')).toBe('cancelled');
    }
    // Going back changes nothing at the casino: the deposit waits for its deadline.
    expect(await storedStatus(deposit.id)).toBe('pending');
  });

  test('instances sweep on their own timer, and sweeps running at once expire each deposit once', async () => {
    const { token } = await newPlayer(t, { currency: 'RUB' });
    const deposits = await Promise.all(Array.from({ length: 12 }, () => startDeposit(token, '100')));
    for (const d of deposits) await pastDeadline(d.id);
    const other = await createTestApp(
      { SANDBOX_WEBHOOK_INTERVAL_MS: '3600000', DEPOSIT_EXPIRY_INTERVAL_MS: '3600000' },
      { database: t.database, bus: t.bus },
    );
    try {
      const counts = await Promise.all([
        t.app.payments.expiry.sweep(),
        other.app.payments.expiry.sweep(),
        t.app.payments.expiry.sweep(),
        other.app.payments.expiry.sweep(),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    } finally {
      await other.close();
    }
    const expired = await t.database.query<{ n: number }>(
      `select count(*)::int as n from payments where status = 'expired' and id = any($1::uuid[])`,
      [deposits.map((d) => d.id)],
    );
    expect(expired[0]?.n).toBe(12);

    // A third instance with a short interval expires a due deposit with no request and no call.
    const late = await startDeposit(token, '100');
    await pastDeadline(late.id);
    const ticking = await createTestApp(
      { SANDBOX_WEBHOOK_INTERVAL_MS: '3600000', DEPOSIT_EXPIRY_INTERVAL_MS: '50' },
      { database: t.database, bus: t.bus },
    );
    try {
      await expect.poll(() => storedStatus(late.id), { timeout: 10_000 }).toBe('expired');
    } finally {
      await ticking.close();
    }
  });
});
