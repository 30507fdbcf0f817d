import type { Queryable } from '../../db/client.ts';

export interface LedgerProblem {
  rule: string;
  detail: string;
}

/**
 * The ledger's invariants (docs/api-money.md): every transaction's postings sum to zero per
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
  problems.push(...(await roomProblems(db)));
  problems.push(...(await bonusProblems(db)));
  problems.push(...(await crashProblems(db)));
  return problems;
}

/**
 * Rooms moved exactly their stakes and prizes (src/server/modules/rooms): each stake's transaction
 * took its amount from the player's cash, each refund gave back what it refunded, a round's pot is
 * its stakes not refunded, each drawn round paid its prize to the winner, and prize + commission
 * is the pot.
 */
async function roomProblems(db: Queryable): Promise<LedgerProblem[]> {
  const cashPosted = (tx: string, user: string, currency: string) =>
    `coalesce((select sum(p.amount) from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where p.transaction_id = ${tx} and a.user_id = ${user} and a.kind = 'cash'
                  and a.currency = ${currency}), 0)`;
  const rows = await db.query<{ detail: string }>(
    `select 'stake ' || s.id || ': expected ' || -s.amount || ', posted ' || ${cashPosted('s.transaction_id', 's.user_id', 'r.currency')} as detail
       from room_stakes s join room_rounds r on r.id = s.round_id
      where ${cashPosted('s.transaction_id', 's.user_id', 'r.currency')} <> -s.amount
     union all
     select 'refund ' || s.refund_transaction_id || ': expected ' || sum(s.amount) as detail
       from room_stakes s join room_rounds r on r.id = s.round_id
      where s.refund_transaction_id is not null
      group by s.refund_transaction_id, s.user_id, r.currency
     having ${cashPosted('s.refund_transaction_id', 's.user_id', 'r.currency')} <> sum(s.amount)
     union all
     select 'round ' || r.id || ': pot ' || r.pot || ', stakes ' || coalesce(sum(s.amount), 0) as detail
       from room_rounds r left join room_stakes s on s.round_id = r.id and s.refund_transaction_id is null
      group by r.id, r.pot
     having r.pot <> coalesce(sum(s.amount), 0)
     union all
     select 'round ' || r.id || ': prize ' || r.prize || ', commission ' || r.commission || ', pot ' || r.pot as detail
       from room_rounds r
      where r.status = 'settled'
        and (r.prize + r.commission <> r.pot
             or ${cashPosted('r.settle_transaction_id', 'r.winner_id', 'r.currency')} <> r.prize)
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'rooms post their stakes and prizes', detail: r.detail }));
}

/**
 * Bonuses moved exactly what their grants record (src/server/modules/bonus, docs/bonuses.md): the
 * postings of a grant's transactions (metadata `grant`) to the player's bonus account sum to
 * amount − spent while it is active and to 0 once it is closed; a closed grant's amount is
 * spent + converted + forfeited; its cash postings are spent + converted − reclaimed; and the
 * player's bonus balance covers the bonus money of their active grant.
 */
async function bonusProblems(db: Queryable): Promise<LedgerProblem[]> {
  const rows = await db.query<{ detail: string }>(
    `with posted as (
       select g.id, g.status, g.activated_at, g.amount, g.spent, g.converted, g.forfeited, g.reclaimed,
              coalesce(sum(p.amount) filter (where a.kind = 'bonus'), 0) as bonus_posted,
              coalesce(sum(p.amount) filter (where a.kind = 'cash'), 0) as cash_posted
         from bonus_grants g
         left join ledger_transactions t on t.metadata->>'grant' = g.id::text
         left join ledger_postings p on p.transaction_id = t.id
         left join ledger_accounts a on a.id = p.account_id and a.user_id = g.user_id
        group by g.id, g.status, g.activated_at, g.amount, g.spent, g.converted, g.forfeited, g.reclaimed
     )
     select 'grant ' || id || ' (' || status || '): bonus postings ' || bonus_posted || ', expected '
            || case when status = 'active' then amount - spent else 0 end as detail
       from posted where bonus_posted <> case when status = 'active' then amount - spent else 0 end
     union all
     select 'grant ' || id || ': amount ' || amount || ' <> spent ' || spent || ' + converted ' || converted
            || ' + forfeited ' || forfeited as detail
       from posted where status in ('completed', 'forfeited') and activated_at is not null
        and amount <> spent + converted + forfeited
     union all
     select 'grant ' || id || ': cash postings ' || cash_posted || ', expected ' || (spent + converted - reclaimed) as detail
       from posted where cash_posted <> spent + converted - reclaimed
     union all
     select 'grant ' || g.id || ': bonus balance ' || coalesce(a.balance, 0) || ' below its ' || (g.amount - g.spent) as detail
       from bonus_grants g
       left join ledger_accounts a on a.user_id = g.user_id and a.kind = 'bonus' and a.currency = g.currency
      where g.status = 'active' and coalesce(a.balance, 0) < g.amount - g.spent
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'bonuses post what their grants record', detail: r.detail }));
}

/**
 * Crash moved exactly its stakes and payouts (src/server/modules/crash): each bet's transaction took
 * its stake from the player's cash; a cashed-out bet was paid stake × multiplier once, by its own
 * transaction; an open or lost bet was paid nothing; no payout transaction pays no bet.
 */
async function crashProblems(db: Queryable): Promise<LedgerProblem[]> {
  const posted = (tx: string) =>
    `coalesce((select sum(p.amount) from ledger_postings p where p.transaction_id = ${tx} and p.account_id = b.player_account_id), 0)`;
  const rows = await db.query<{ detail: string }>(
    `select 'bet ' || b.id || ': stake ' || b.amount || ', posted ' || ${posted('b.transaction_id')} as detail
       from crash_bets b where ${posted('b.transaction_id')} <> -b.amount
     union all
     select 'bet ' || b.id || ' (' || b.status || '): payout ' || b.payout || ', posted ' ||
            ${posted('b.settle_transaction_id')} as detail
       from crash_bets b
      where (b.status = 'cashed' and (b.settle_transaction_id is null or b.cash_out is null
                                      or b.payout <> b.amount * b.cash_out / 100
                                      or ${posted('b.settle_transaction_id')} <> b.payout))
         or (b.status <> 'cashed' and (b.settle_transaction_id is not null or b.payout <> 0))
     union all
     select 'payout transaction ' || t.id || ' pays no bet' as detail
       from ledger_transactions t
      where t.kind = 'crash_cashout' and not exists (select 1 from crash_bets b where b.settle_transaction_id = t.id)
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'crash posts its stakes and payouts once', detail: r.detail }));
}

/** How many transactions, postings and accounts the ledger holds (decimal strings). */
export async function ledgerSize(
  db: Queryable,
): Promise<{ transactions: string; postings: string; accounts: string }> {
  const [counts] = await db.query<{ transactions: string; postings: string; accounts: string }>(
    `select (select count(*) from ledger_transactions)::text as transactions,
            (select count(*) from ledger_postings)::text as postings,
            (select count(*) from ledger_accounts)::text as accounts`,
  );
  return counts ?? { transactions: '0', postings: '0', accounts: '0' };
}
