import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { post } from '../../src/server/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { newPlayer } from '../helpers/players.ts';

let t: TestApp;
let token: string;
let id: string;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_WEBHOOK_INTERVAL_MS: '3600000', KYC_ON_FIRST_WITHDRAWAL: 'false' });
  ({ token, id } = await newPlayer(t, { currency: 'USD' }));
  const move = (key: string, kind: string, account: 'cash' | 'bonus', amount: bigint) =>
    post(t.database, {
      idempotencyKey: key,
      kind,
      currency: 'USD',
      request: { key },
      postings: [
        { account: { system: 'house' }, amount: -amount },
        { account: { userId: id, kind: account }, amount },
      ],
      answer: () => null,
    });
  await move('h1', 'adjustment', 'cash', 10_000n);
  await move('h2', 'bet', 'cash', -250n);
  await move('h3', 'win', 'cash', 500n);
  await move('h4', 'bonus', 'bonus', 1_000n);
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/deposits',
    headers: { ...bearer(token), 'idempotency-key': 'hist-dep-1' },
    payload: { amount: '25', method: 'sandbox_card' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/payments/withdrawals',
    headers: { ...bearer(token), 'idempotency-key': 'hist-wd-1' },
    payload: { amount: '5', method: 'sandbox_card' },
  });
});
afterAll(async () => {
  await t?.close();
});

const history = (qs = '') => t.app.inject({ url: `/api/profile/history${qs}`, headers: bearer(token) });

describe('history', () => {
  test('lists deposits, withdrawals, bets, wins and bonus movements, newest first', async () => {
    const res = await history();
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as {
      data: Array<{ type: string; amount: string; status: string }>;
      meta: { total: number };
    };
    expect(meta.total).toBe(6);
    expect(data.map((r) => r.type)).toEqual(['withdrawal', 'deposit', 'bonus', 'win', 'bet', 'adjustment']);
    expect(data.find((r) => r.type === 'withdrawal')).toMatchObject({ amount: '-5.00', status: 'held' });
    expect(data.find((r) => r.type === 'deposit')).toMatchObject({ amount: '25.00', status: 'pending' });
    expect(data.find((r) => r.type === 'bet')?.amount).toBe('-2.50');
  });

  test('filters by type and date, and paginates', async () => {
    expect((await history('?type=bet')).json().data.map((r: { type: string }) => r.type)).toEqual(['bet']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history(`?from=${today}&to=${today}`)).json().meta.total).toBe(6);
    expect((await history('?from=2000-01-01&to=2000-01-02')).json().meta.total).toBe(0);
    const page2 = (await history('?per_page=4&page=2')).json();
    expect(page2.data).toHaveLength(2);
    expect(page2.meta).toEqual({ page: 2, per_page: 4, total: 6 });
  });

  test.each(['?type=jackpot', '?from=yesterday', '?per_page=1000'])('%s is a 422', async (qs) => {
    expect((await history(qs)).statusCode).toBe(422);
  });

  // ISO 8601 has a year 0000 (1 BC); PostgreSQL's date input refuses it, which was a 500.
  test.each(['/api/profile/history?from=0000-01-01', '/api/profile/history.csv?to=0000-12-31'])(
    '%s is a 422 invalid_date',
    async (url) => {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { [url.includes('from') ? 'from' : 'to']: ['invalid_date'] } });
    },
  );

  test('exports CSV with the same rows', async () => {
    const res = await t.app.inject({ url: '/api/profile/history.csv?type=deposit', headers: bearer(token) });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,type,amount,currency,status,id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"deposit","25.00","USD","pending"');
  });

  test('needs a login', async () => {
    expect((await t.app.inject('/api/profile/history')).statusCode).toBe(401);
  });
});
