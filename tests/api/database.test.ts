import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { accountId, balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { appForFile } from '../helpers/app.ts';

const t = appForFile();

describe('schema and migrations', () => {
  test('the first table set exists', async () => {
    const rows = await t.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'ledger_accounts',
        'ledger_postings',
        'ledger_transactions',
        'refresh_tokens',
        'seo_pages',
        'settings',
        'users',
      ]),
    );
  });

  test('a player ledger account can never go below zero', async () => {
    const [user] = await t.database.query<{ id: string }>(
      "insert into users (email, register_method) values ('a@b.example', 'email') returning id",
    );
    const [account] = await t.database.query<{ id: string }>(
      "insert into ledger_accounts (user_id, kind, currency, balance) values ($1, 'cash', 'RUB', 100) returning id",
      [user?.id],
    );
    await expect(
      t.database.query('update ledger_accounts set balance = balance - 101 where id = $1', [account?.id]),
    ).rejects.toThrow(/ledger_accounts_balance_check/);
    const [after] = await t.database.query<{ balance: string }>(
      'select balance from ledger_accounts where id = $1',
      [account?.id],
    );
    expect(String(after?.balance)).toBe('100');
  });

  test('house accounts may go negative', async () => {
    // The house account as the wallet creates it, then a payout larger than anything it holds.
    const house = await accountId(t.database, { system: 'house' }, 'USD');
    await t.database.query('update ledger_accounts set balance = balance - 500 where id = $1', [house]);
    expect(await balanceOf(t.database, { system: 'house' }, 'USD')).toBe(-500n);
  });

  test('an idempotency key is accepted once', async () => {
    const insert =
      "insert into ledger_transactions (idempotency_key, kind, request_hash) values ('k-1', 'deposit', 'h')";
    await t.database.query(insert);
    await expect(t.database.query(insert)).rejects.toThrow(/ledger_transactions_idempotency_key/);
  });

  test('emails are unique regardless of case', async () => {
    await t.database.query("insert into users (email, register_method) values ('Case@Example.com', 'email')");
    await expect(
      t.database.query("insert into users (email, register_method) values ('case@example.com', 'email')"),
    ).rejects.toThrow(/users_email_key/);
  });

  test('postings of zero are refused', async () => {
    // A real transaction and account, so nothing but the amount can be wrong.
    const account = await accountId(t.database, { system: 'house' }, 'RUB');
    const [transaction] = await t.database.query<{ id: string }>(
      "insert into ledger_transactions (idempotency_key, kind, request_hash) values ('zero-posting', 'adjustment', 'h') returning id",
    );
    const posting = (amount: number) =>
      t.database.query(
        'insert into ledger_postings (transaction_id, account_id, amount, currency) values ($1, $2, $3, $4)',
        [transaction?.id, account, amount, 'RUB'],
      );
    await expect(posting(0)).rejects.toThrow(/ledger_postings_nonzero_check/);
    await expect(posting(1)).resolves.toBeDefined();
  });
});

describe('named statements', () => {
  test('a named statement outside a transaction never runs inside another caller’s open transaction', async () => {
    await t.database.query('create table if not exists named_probe (n int)');
    let named: Promise<unknown> | undefined;
    const rolledBack = t.database
      .transaction(async (tx) => {
        await tx.query('insert into named_probe values (1)');
        // Issued while the transaction is open: it must wait for it (PGlite has one connection) or
        // run on a connection of its own (PostgreSQL), and its insert must outlive the rollback.
        named = t.database.query('insert into named_probe values (2)', [], 'named_probe_insert');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query('insert into named_probe values (3)');
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe('roll back');
    await named;
    const rows = await t.database.query<{ n: number }>('select n from named_probe order by n');
    expect(rows).toEqual([{ n: 2 }]);
  });
});

describe('file-backed PGlite', () => {
  // The PostgreSQL run (TEST_DATABASE_URL) covers the server engine: there this one is skipped.
  test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps data across restarts and migrates only once',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
      const first = await openDatabase({ dataDir: path.join(dir, 'nested') });
      await first.query(
        "insert into settings (key, value) values ('telegram_channel_url', '\"https://t.me/x\"')",
      );
      await first.close();
      const second = await openDatabase({ dataDir: path.join(dir, 'nested') });
      const rows = await second.query<{ value: string }>(
        "select value from settings where key = 'telegram_channel_url'",
      );
      await second.close();
      expect(rows[0]?.value).toBe('https://t.me/x');
    },
  );
});
