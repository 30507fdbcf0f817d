import { describe, expect, test } from 'vitest';
import { balanceOf, InsufficientFunds, post } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { appForFile } from '../helpers/app.ts';
import { register } from '../helpers/auth.ts';

const t = appForFile();

async function playerWith(balance: bigint) {
  const { token } = await register(t, { currency: 'RUB' });
  const id = String(
    (await t.app.inject({ url: '/api/profile/user', headers: { authorization: `Bearer ${token}` } })).json()
      .user.id,
  );
  if (balance > 0n) {
    await post(t.database, {
      idempotencyKey: `seed:${id}`,
      kind: 'adjustment',
      currency: 'RUB',
      request: { id, balance },
      postings: [
        { account: { system: 'house' }, amount: -balance },
        { account: { userId: id, kind: 'cash' }, amount: balance },
      ],
      answer: () => null,
    });
  }
  return id;
}

const debit = (userId: string, key: string, amount: bigint) =>
  post(t.database, {
    idempotencyKey: key,
    kind: 'bet',
    currency: 'RUB',
    request: { userId, amount },
    postings: [
      { account: { userId, kind: 'cash' }, amount: -amount },
      { account: { system: 'house' }, amount },
    ],
    answer: (balances) => ({ balance: balances.get(`${userId}:cash`) }),
  });

describe('the ledger under concurrency', () => {
  test('500 concurrent 1-unit debits on a balance of 100: exactly 100 pass, never below 0', async () => {
    const id = await playerWith(100n);
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => debit(id, `d:${id}:${i}`, 1n)),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(passed).toHaveLength(100);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientFunds)).toBe(true);
    expect(await balanceOf(t.database, { userId: id, kind: 'cash' }, 'RUB')).toBe(0n);
    const balances = passed.map((r) =>
      BigInt((r as PromiseFulfilledResult<{ answer: { balance: bigint } }>).value.answer.balance),
    );
    expect(balances.every((b) => b >= 0n)).toBe(true);
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('20 concurrent full-balance debits of 100: exactly one passes', async () => {
    const id = await playerWith(100n);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => debit(id, `w:${id}:${i}`, 100n)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(t.database, { userId: id, kind: 'cash' }, 'RUB')).toBe(0n);
  });

  test('the same idempotency key 50 times concurrently: one posting, identical answers', async () => {
    const id = await playerWith(100n);
    const results = await Promise.all(Array.from({ length: 50 }, () => debit(id, `same:${id}`, 7n)));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(
      new Set(
        results.map((r) => JSON.stringify(r.answer, (_, v) => (typeof v === 'bigint' ? v.toString() : v))),
      ).size,
    ).toBe(1);
    expect(await balanceOf(t.database, { userId: id, kind: 'cash' }, 'RUB')).toBe(93n);
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_postings p join ledger_transactions x on x.id = p.transaction_id where x.idempotency_key = $1',
      [`same:${id}`],
    );
    expect(row?.n).toBe(2);
  });

  test('the same key with a different amount is refused and changes nothing', async () => {
    const id = await playerWith(100n);
    await debit(id, `k:${id}`, 5n);
    await expect(debit(id, `k:${id}`, 6n)).rejects.toMatchObject({
      kind: 'conflict', // answered as HTTP 409 (STATUS_OF)
      errors: { idempotency_key: ['idempotency_conflict'] },
    });
    expect(await balanceOf(t.database, { userId: id, kind: 'cash' }, 'RUB')).toBe(95n);
  });

  test('a refused debit leaves no transaction behind, so its key can be used again', async () => {
    const id = await playerWith(3n);
    await expect(debit(id, `retry:${id}`, 5n)).rejects.toBeInstanceOf(InsufficientFunds);
    const rows = await t.database.query('select 1 from ledger_transactions where idempotency_key = $1', [
      `retry:${id}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  test('an account created by a refused entry is not remembered (regression: cached id of a rolled-back row)', async () => {
    const id = await playerWith(0n);
    await expect(debit(id, `first:${id}`, 5n)).rejects.toBeInstanceOf(InsufficientFunds);
    await post(t.database, {
      idempotencyKey: `later-credit:${id}`,
      kind: 'adjustment',
      currency: 'RUB',
      request: {},
      postings: [
        { account: { system: 'house' }, amount: -10n },
        { account: { userId: id, kind: 'cash' }, amount: 10n },
      ],
      answer: () => null,
    });
    expect(await balanceOf(t.database, { userId: id, kind: 'cash' }, 'RUB')).toBe(10n);
  });

  test('unbalanced entries are a programming error, refused before touching the database', async () => {
    const id = await playerWith(0n);
    await expect(
      post(t.database, {
        idempotencyKey: `bad:${id}`,
        kind: 'bad',
        currency: 'RUB',
        request: {},
        postings: [{ account: { userId: id, kind: 'cash' }, amount: 5n }],
        answer: () => null,
      }),
    ).rejects.toThrow(/unbalanced/);
  });
});

describe('ledger:check', () => {
  test('finds a cached balance that drifted from its postings', async () => {
    const id = await playerWith(50n);
    expect(await checkLedger(t.database)).toEqual([]);
    await t.database.query(
      "update ledger_accounts set balance = balance + 1 where user_id = $1 and kind = 'cash'",
      [id],
    );
    const problems = await checkLedger(t.database);
    expect(problems.map((p) => p.rule)).toContain('cached balance equals postings');
    await t.database.query(
      "update ledger_accounts set balance = balance - 1 where user_id = $1 and kind = 'cash'",
      [id],
    );
  });
});
