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

  // The wager record (src/server/db/schema/wagers.ts) holds every settled stake of the originals
  // once, with its stake, and nothing else (payouts are proved against the postings below).
  const unrecorded = await db.query<{ ref: string; stake: string | null; recorded: string | null }>(
    `with settled as (
       select 'bet:' || b.id as ref, b.amount as stake, b.payout from bets b where b.status = 'settled'
       union all
       select 'crash:' || c.id, c.amount, c.payout from crash_bets c where c.status in ('cashed', 'lost')
       union all
       select 'room:' || r.id || ':' || s.user_id, sum(s.amount), case when r.winner_id = s.user_id then r.prize else 0 end
         from room_stakes s join room_rounds r on r.id = s.round_id
        where r.status = 'settled' and s.refund_transaction_id is null
        group by r.id, s.user_id, r.winner_id, r.prize)
     select coalesce(s.ref, w.ref) as ref, s.stake::text || '/' || s.payout::text as stake,
            w.stake::text || '/' || w.payout::text as recorded
       from settled s full join (select ref, stake, payout from wagers where product = 'originals') w on w.ref = s.ref
      where s.ref is null or w.ref is null or s.stake <> w.stake limit 100`,
  );
  for (const r of unrecorded)
    problems.push({
      rule: 'every settled stake has its wager',
      detail: `${r.ref}: settled ${r.stake ?? 'nothing'}, recorded ${r.recorded ?? 'nothing'}`,
    });

  // A bet of the originals moved exactly its stake and payout, split between the player's cash and
  // bonus accounts as the bet records (docs/bonuses.md "Bonus money"): cash postings of its
  // transactions are (payout − bonus payout) − (stake − bonus stake), bonus postings bonus payout −
  // bonus stake (no payout while a round is open).
  const misposted = await db.query<{ id: string; kind: string; expected: string; posted: string }>(
    `with posted as (
       select b.id, b.status, b.amount, b.payout, b.bonus_amount, b.bonus_payout,
              coalesce(sum(p.amount) filter (where a.kind = 'cash'), 0) as cash,
              coalesce(sum(p.amount) filter (where a.kind = 'bonus'), 0) as bonus
         from bets b
         left join ledger_postings p
                on p.transaction_id = b.transaction_id or p.transaction_id = b.settle_transaction_id
         left join ledger_accounts a on a.id = p.account_id and a.user_id = b.user_id
        group by b.id, b.status, b.amount, b.payout, b.bonus_amount, b.bonus_payout
     ), expected as (
       select id, cash, bonus,
              case when status = 'settled' then payout - bonus_payout else 0 end - (amount - bonus_amount) as want_cash,
              case when status = 'settled' then bonus_payout else 0 end - bonus_amount as want_bonus
         from posted
     )
     select id::text, 'cash' as kind, want_cash::text as expected, cash::text as posted from expected where cash <> want_cash
     union all
     select id::text, 'bonus', want_bonus::text, bonus::text from expected where bonus <> want_bonus
     limit 100`,
  );
  for (const r of misposted)
    problems.push({
      rule: 'bets post their stake and payout',
      detail: `bet ${r.id} (${r.kind}): expected ${r.expected}, posted ${r.posted}`,
    });
  problems.push(...(await roomProblems(db)));
  problems.push(...(await bonusProblems(db)));
  problems.push(...(await crashProblems(db)));
  problems.push(...(await slotProblems(db)));
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
 * Bonuses moved exactly what their grants record (src/server/modules/bonus, docs/bonuses.md):
 * - the grant's own transactions (metadata `grant`: activation, conversion, forfeiture) and the
 *   bonus legs of the bets it paid for move its bonus money: amount − spent + won while it is
 *   active, 0 once it is closed;
 * - a closed grant accounts for everything: amount + won = spent + converted + forfeited;
 * - `spent` is what its bets took from the bonus account and `won` what their payouts gave back
 *   (plus, for grants of before that, the stakes it moved into cash, `bonus_stake`);
 * - its cash postings are what it converted (less what an older forfeiture took back);
 * - each player's bonus balance is exactly what their active grant holds.
 */
async function bonusProblems(db: Queryable): Promise<LedgerProblem[]> {
  const rows = await db.query<{ detail: string }>(
    `with tagged as (
       select g.id,
              coalesce(sum(p.amount) filter (where a.kind = 'bonus'), 0) as bonus_posted,
              coalesce(sum(p.amount) filter (where a.kind = 'cash'), 0) as cash_posted,
              coalesce(sum(p.amount) filter (where a.kind = 'cash' and t.kind = 'bonus_stake'), 0) as moved
         from bonus_grants g
         left join ledger_transactions t on t.metadata->>'grant' = g.id::text
         left join ledger_postings p on p.transaction_id = t.id
         left join ledger_accounts a on a.id = p.account_id and a.user_id = g.user_id
        group by g.id
     ), staked as (
       select grant_id, sum(bonus_amount) as staked, sum(bonus_payout) as won
         from (select grant_id, bonus_amount, bonus_payout from bets where grant_id is not null
               union all
               select grant_id, bonus_amount, bonus_payout from crash_bets where grant_id is not null
               union all
               select grant_id, bonus_amount, bonus_won from slot_transactions
                where kind = 'bet' and grant_id is not null) s
        group by grant_id
     ), grants as (
       select g.id, g.user_id, g.currency, g.status, g.activated_at, g.amount, g.spent, g.won, g.converted,
              g.forfeited, g.reclaimed, t.bonus_posted, t.cash_posted, t.moved,
              coalesce(s.staked, 0) as staked, coalesce(s.won, 0) as bets_won,
              case when g.status = 'active' then g.amount - g.spent + g.won else 0 end as held
         from bonus_grants g join tagged t on t.id = g.id left join staked s on s.grant_id = g.id
     )
     select 'grant ' || id || ' (' || status || '): bonus moves ' || (bonus_posted + bets_won - staked)
            || ', expected ' || held as detail
       from grants where bonus_posted + bets_won - staked <> held
     union all
     select 'grant ' || id || ': amount ' || amount || ' + won ' || won || ' <> spent ' || spent || ' + converted '
            || converted || ' + forfeited ' || forfeited as detail
       from grants where status in ('completed', 'forfeited') and activated_at is not null
        and amount + won <> spent + converted + forfeited
     union all
     select 'grant ' || id || ': spent ' || spent || ', its bets staked ' || staked || ' and moved ' || moved as detail
       from grants where spent <> staked + moved
     union all
     select 'grant ' || id || ': won ' || won || ', its bets paid ' || bets_won as detail
       from grants where won <> bets_won
     union all
     select 'grant ' || id || ': cash postings ' || cash_posted || ', expected ' || (converted + moved - reclaimed) as detail
       from grants where cash_posted <> converted + moved - reclaimed
     union all
     select 'bonus account ' || a.id || ': balance ' || a.balance || ', its active grant holds '
            || coalesce(sum(g.held), 0) as detail
       from ledger_accounts a
       left join grants g on g.user_id = a.user_id and g.currency = a.currency and g.status = 'active'
      where a.kind = 'bonus'
      group by a.id, a.balance
     having a.balance <> coalesce(sum(g.held), 0)
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'bonuses post what their grants record', detail: r.detail }));
}

/**
 * Crash moved exactly its stakes and payouts (src/server/modules/crash): each bet's transaction took
 * its stake's real-money part from the player's cash; a cashed-out bet was paid stake × multiplier
 * once, by its own transaction (the cash postings: all but the bonus's share); an open or lost bet was paid nothing; no payout transaction pays no bet.
 */
async function crashProblems(db: Queryable): Promise<LedgerProblem[]> {
  const posted = (tx: string) =>
    `coalesce((select sum(p.amount) from ledger_postings p where p.transaction_id = ${tx} and p.account_id = b.player_account_id), 0)`;
  const rows = await db.query<{ detail: string }>(
    `select 'bet ' || b.id || ': stake ' || b.amount || ' (bonus ' || b.bonus_amount || '), posted '
            || ${posted('b.transaction_id')} as detail
       from crash_bets b where ${posted('b.transaction_id')} <> b.bonus_amount - b.amount
     union all
     select 'bet ' || b.id || ' (' || b.status || '): payout ' || b.payout || ', posted ' ||
            ${posted('b.settle_transaction_id')} as detail
       from crash_bets b
      where (b.status = 'cashed' and (b.settle_transaction_id is null or b.cash_out is null
                                      or b.payout <> b.amount * b.cash_out / 100
                                      or ${posted('b.settle_transaction_id')} <> b.payout - b.bonus_payout))
         or (b.status <> 'cashed' and (b.settle_transaction_id is not null or b.payout <> 0))
     union all
     select 'payout transaction ' || t.id || ' pays no bet' as detail
       from ledger_transactions t
      where t.kind = 'crash_cashout' and not exists (select 1 from crash_bets b where b.settle_transaction_id = t.id)
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'crash posts its stakes and payouts once', detail: r.detail }));
}

/**
 * Slots moved exactly what the aggregator's transactions record (src/server/modules/slots): each
 * bet took its stake from the player's cash and bonus money; each win paid its amount once (a win
 * of 0 moves nothing); each rollback gave its bet's stake back; a bet's `won` is the sum of its
 * wins; a settled bet has its wager (stake and payout), an open or rolled-back one none; no slot
 * money moved outside a transaction the aggregator named.
 */
async function slotProblems(db: Queryable): Promise<LedgerProblem[]> {
  const posted = (tx: string) =>
    `coalesce((select sum(p.amount) from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where p.transaction_id = ${tx} and a.user_id = s.user_id and a.kind in ('cash', 'bonus')), 0)`;
  const rows = await db.query<{ detail: string }>(
    `select 'bet ' || s.transaction_uuid || ': stake ' || s.amount || ', posted ' || ${posted('s.transaction_id')} as detail
       from slot_transactions s where s.kind = 'bet' and (s.transaction_id is null or ${posted('s.transaction_id')} <> -s.amount)
     union all
     select 'win ' || s.transaction_uuid || ': ' || s.amount || ', posted ' || ${posted('s.transaction_id')}
       from slot_transactions s
      where s.kind = 'win' and (case when s.amount = 0 then s.transaction_id is not null
                                     else s.transaction_id is null or ${posted('s.transaction_id')} <> s.amount end)
     union all
     select 'rollback ' || s.transaction_uuid || ': ' || s.amount || ', posted ' || ${posted('s.transaction_id')}
       from slot_transactions s
      where s.kind = 'rollback' and s.transaction_id is not null and ${posted('s.transaction_id')} <> s.amount
     union all
     select 'bet ' || b.transaction_uuid || ' (' || b.state || '): won ' || b.won || ', its wins ' || coalesce(sum(w.amount), 0)
       from slot_transactions b left join slot_transactions w on w.kind = 'win' and w.reference_uuid = b.transaction_uuid
      where b.kind = 'bet' group by b.transaction_uuid, b.state, b.won
     having (b.state = 'settled' and b.won <> coalesce(sum(w.amount), 0))
         or (b.state = 'open' and count(w.transaction_uuid) > 0)
     union all
     select 'bet ' || b.transaction_uuid || ' (' || b.state || '): wager ' || coalesce(w.stake || '/' || w.payout, 'none')
       from slot_transactions b left join wagers w on w.product = 'slots' and w.ref = b.transaction_uuid
      where b.kind = 'bet'
        and (case when b.state = 'settled' then w.ref is null or w.stake <> b.amount or w.payout <> b.won
                  else w.ref is not null end)
     union all
     select 'wager ' || w.ref || ' names no settled bet'
       from wagers w where w.product = 'slots' and not exists
        (select 1 from slot_transactions b where b.transaction_uuid = w.ref and b.kind = 'bet' and b.state = 'settled')
     union all
     select 'ledger transaction ' || t.id || ' (' || t.kind || ') names no slot transaction'
       from ledger_transactions t
      where t.kind in ('slot_bet', 'slot_win', 'slot_rollback')
        and not exists (select 1 from slot_transactions s where s.transaction_id = t.id)
      limit 100`,
  );
  return rows.map((r) => ({ rule: 'slots post what their transactions record', detail: r.detail }));
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
