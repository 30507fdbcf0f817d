import type { Queryable } from '../../db/client.ts';

export interface LedgerProblem {
  rule: string;
  detail: string;
}

/**
 * The ledger's invariants (ARCHITECTURE "Money"): every transaction's postings sum to zero per
 * currency; every account's cached balance equals the sum of its postings; postings carry their
 * account's currency; no account that may not go negative is negative; no transaction is empty.
 */
export async function checkLedger(db: Queryable): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await db.query<{ transaction_id: string; currency: string; total: string }>(
    `select transaction_id::text, currency, sum(amount)::text as total from ledger_postings
      group by transaction_id, currency having sum(amount) <> 0 limit 100`,
  );
  for (const r of unbalanced)
    problems.push({
      rule: 'postings sum to zero',
      detail: `transaction ${r.transaction_id} ${r.currency}: ${r.total}`,
    });

  const drifted = await db.query<{ id: string; balance: string; posted: string }>(
    `select a.id::text, a.balance::text, coalesce(sum(p.amount), 0)::text as posted
       from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(p.amount), 0) limit 100`,
  );
  for (const r of drifted)
    problems.push({
      rule: 'cached balance equals postings',
      detail: `account ${r.id}: cached ${r.balance}, postings ${r.posted}`,
    });

  const wrongCurrency = await db.query<{ id: string }>(
    `select p.id::text from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.currency <> a.currency limit 100`,
  );
  for (const r of wrongCurrency)
    problems.push({ rule: 'posting currency matches account', detail: `posting ${r.id}` });

  const negative = await db.query<{ id: string; balance: string }>(
    'select id::text, balance::text from ledger_accounts where not allow_negative and balance < 0 limit 100',
  );
  for (const r of negative)
    problems.push({ rule: 'no negative player balance', detail: `account ${r.id}: ${r.balance}` });

  const empty = await db.query<{ id: string }>(
    `select t.id::text from ledger_transactions t where not exists (select 1 from ledger_postings p where p.transaction_id = t.id) limit 100`,
  );
  for (const r of empty) problems.push({ rule: 'transactions have postings', detail: `transaction ${r.id}` });

  // A bet of the originals moved exactly its stake and payout: the postings to the player's cash
  // account of its transactions sum to payout − stake (− stake while a coinflip series is open).
  const misposted = await db.query<{ id: string; expected: string; posted: string }>(
    `select b.id::text, (case when b.status = 'settled' then b.payout else 0 end - b.amount)::text as expected,
            coalesce(sum(p.amount), 0)::text as posted
       from bets b
       join ledger_accounts a on a.user_id = b.user_id and a.kind = 'cash' and a.currency = b.currency
       left join ledger_postings p on p.account_id = a.id
            and (p.transaction_id = b.transaction_id or p.transaction_id = b.settle_transaction_id)
      group by b.id, b.status, b.payout, b.amount
     having coalesce(sum(p.amount), 0) <> case when b.status = 'settled' then b.payout else 0 end - b.amount
      limit 100`,
  );
  for (const r of misposted)
    problems.push({
      rule: 'bets post their stake and payout',
      detail: `bet ${r.id}: expected ${r.expected}, posted ${r.posted}`,
    });
  return problems;
}
