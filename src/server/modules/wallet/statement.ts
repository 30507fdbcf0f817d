import type { HistoryType } from '../../../shared/history.ts';
import type { Queryable } from '../../db/client.ts';

/** Which lines of the statement to read; dates are YYYY-MM-DD, `to` inclusive. */
export interface StatementFilter {
  type?: HistoryType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One line of a player's statement: a signed amount in minor units. */
export interface StatementLine {
  id: string;
  type: string;
  amount: bigint;
  currency: string;
  status: string;
  created_at: Date;
  /** Set on bets of the originals: the bet to open for verification. */
  bet_id: string | null;
  game: string | null;
  /**
   * What the line is, a key under `history.labels` (`bonus_converted`, `rakeback`, `vip_level`, …),
   * and what it names (a VIP level's key, a campaign's name); null for payments and bets, whose type
   * says it all.
   */
  label: string | null;
  detail: string | null;
  /** Which balance the amount moved: `cash`, or `bonus` (bonus money is not withdrawable). */
  balance: 'cash' | 'bonus';
  /** The /fairness verifier's query that recomputes the line's bet or round, once it can (null before). */
  verify: string | null;
}

/**
 * One list of everything that moved a player's money, one line per movement: payments (with their
 * status, including pending and failed ones), bets of the originals, crash bets (one line each: the
 * payout less the stake, pending while in flight), rooms (one line per round played: the prize less
 * the stakes; a stake refunded on leaving an un-started round nets to nothing and is left out), slot
 * bets (one line each: its wins less the stake, pending until a win; a rolled-back bet is left out), and
 * every other ledger transaction of the player once, labelled by what it is: a bonus activated (to
 * the bonus balance), converted to cash (the cash it gave), forfeited (the bonus money it took),
 * rakeback, an adjustment. Ledger kinds that payments, bets and rooms already show are left out,
 * and so is a stake an older bonus topped up (`bonus_stake`, a move between the player's own
 * accounts that the bet shows).
 */
const STATEMENT_SQL = `
  select * from (
    select p.id::text as id, p.direction as type,
           (case when p.direction = 'deposit' then p.amount else -p.amount end)::text as amount,
           p.currency, p.status, p.created_at, null::text as bet_id, null::text as game,
           null::text as label, null::text as detail, 'cash' as balance, null::jsonb as verify
      from payments p where p.user_id = $1
    union all
    select 'bet-' || b.id, 'bet', (b.payout - b.amount)::text, b.currency,
           case when b.status = 'active' then 'pending' else 'completed' end, b.created_at, b.id::text, b.game,
           null, null, 'cash', jsonb_build_object('bet', b.id::text)
      from bets b where b.user_id = $1
    union all
    select 'room-' || s.round_id, 'bet',
           ((case when r.winner_id = $1 then r.prize else 0 end) - sum(s.amount))::text, r.currency,
           case when r.status = 'settled' then 'completed' else 'pending' end, min(s.created_at), null, 'rooms',
           null, null, 'cash',
           case when r.status = 'settled' then jsonb_build_object('game', 'rooms', 'server_seed', r.server_seed,
             'round_id', r.id::text, 'tickets', r.pot::text, 'commitment', r.commitment) end
      from room_stakes s join room_rounds r on r.id = s.round_id
     where s.user_id = $1 and s.refund_transaction_id is null
     group by s.round_id, r.id, r.winner_id, r.prize, r.currency, r.status, r.server_seed, r.pot, r.commitment
    union all
    select 'crash-' || c.id, 'bet', (c.payout - c.amount)::text, c.currency,
           case when c.status = 'open' then 'pending' else 'completed' end, c.created_at, null, 'crash',
           null, null, 'cash',
           case when cr.status = 'crashed' then jsonb_build_object('game', 'crash', 'hash', cr.hash,
             'salt', (select salt from crash_chain limit 1), 'round_id', cr.id::text) end
      from crash_bets c join crash_rounds cr on cr.id = c.round_id where c.user_id = $1
    union all
    select 'slot-' || s.transaction_uuid, 'bet', (s.won - s.amount)::text, s.currency,
           case when s.state = 'open' then 'pending' else 'completed' end, s.created_at, null, s.game_code,
           null, null, 'cash', null
      from slot_transactions s where s.user_id = $1 and s.kind = 'bet' and s.state <> 'rolled_back'
    union all
    select 'tx-' || m.id, m.type, m.amount::text, m.currency, 'completed', m.created_at, null, null,
           m.label, m.detail, m.balance, null
      from (
        select t.id, t.created_at, min(lp.currency) as currency,
               case when t.kind like 'bonus_%' or t.kind = 'rakeback' then 'bonus' else t.kind end as type,
               case t.kind when 'bonus_activate' then coalesce(g.label, 'bonus_activated')
                           when 'bonus_convert' then 'bonus_converted'
                           when 'bonus_forfeit' then 'bonus_forfeited'
                           else t.kind end as label,
               case when t.kind = 'bonus_activate' then g.detail end as detail,
               case when t.kind in ('bonus_activate', 'bonus_forfeit') then 'bonus'
                    when t.kind in ('bonus_convert', 'rakeback') or bool_or(a.kind = 'cash') then 'cash'
                    else 'bonus' end as balance,
               case when t.kind in ('bonus_activate', 'bonus_forfeit')
                    then coalesce(sum(lp.amount) filter (where a.kind = 'bonus'), 0)
                    when t.kind in ('bonus_convert', 'rakeback')
                    then coalesce(sum(lp.amount) filter (where a.kind = 'cash'), 0)
                    else sum(lp.amount) end as amount
          from ledger_postings lp
          join ledger_accounts a on a.id = lp.account_id and a.user_id = $1
          join ledger_transactions t on t.id = lp.transaction_id
          left join lateral (
            select case when bg.source = 'vip' and bg.source_key like 'vip:level:%' then 'vip_level'
                        when bg.source = 'vip' and bg.source_key like 'vip:weekly:%' then 'vip_weekly'
                        when bg.source = 'vip' and bg.source_key like 'vip:monthly:%' then 'vip_monthly'
                        when bg.source = 'cashback' then 'cashback' end as label,
                   case when bg.source = 'vip' and bg.source_key like 'vip:level:%' then split_part(bg.source_key, ':', 3)
                        else bc.name end as detail
              from bonus_grants bg left join bonus_campaigns bc on bc.id = bg.campaign_id
             where bg.id::text = t.metadata->>'grant'
          ) g on true
         where t.kind not in ('deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected', 'game_bet',
                              'game_win', 'room_stake', 'room_win', 'room_refund', 'bonus_stake', 'crash_bet',
                              'crash_cashout', 'slot_bet', 'slot_win', 'slot_rollback')
         group by t.id, t.kind, t.created_at, g.label, g.detail
      ) m
     where m.amount <> 0
  ) h
  where ($2::text is null or h.type = $2)
    and ($3::date is null or h.created_at >= $3::date)
    and ($4::date is null or h.created_at < $4::date + 1)`;

const NEWEST_FIRST = 'order by created_at desc, id desc';

type Row = Omit<StatementLine, 'amount' | 'verify'> & {
  amount: string;
  verify: Record<string, string> | null;
};

function argsOf(userId: string, filter: StatementFilter) {
  return [userId, filter.type ?? null, filter.from ?? null, filter.to ?? null];
}

const lineOf = (row: Row): StatementLine => ({
  ...row,
  amount: BigInt(row.amount),
  verify: row.verify ? new URLSearchParams(row.verify).toString() : null,
});

/** One page of the player's statement, newest first, and how many lines the filter matches. */
export async function statementPage(
  db: Queryable,
  userId: string,
  filter: StatementFilter,
  page: { limit: number; offset: number },
): Promise<{ lines: StatementLine[]; total: number }> {
  const args = argsOf(userId, filter);
  const [rows, [count]] = await Promise.all([
    db.query<Row>(`${STATEMENT_SQL} ${NEWEST_FIRST} limit $5 offset $6`, [...args, page.limit, page.offset]),
    db.query<{ total: number }>(`select count(*)::int as total from (${STATEMENT_SQL}) c`, args),
  ]);
  return { lines: rows.map(lineOf), total: count?.total ?? 0 };
}

/** The player's newest `limit` statement lines matching the filter (an export). */
export async function statementLines(
  db: Queryable,
  userId: string,
  filter: StatementFilter,
  limit: number,
): Promise<StatementLine[]> {
  const rows = await db.query<Row>(`${STATEMENT_SQL} ${NEWEST_FIRST} limit $5`, [
    ...argsOf(userId, filter),
    limit,
  ]);
  return rows.map(lineOf);
}
