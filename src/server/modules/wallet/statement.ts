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
}

/**
 * One list of everything that moved a player's money: payments (with their status, including
 * pending and failed ones), bets of the originals, crash bets (one line each: the payout less the
 * stake, pending while in flight), rooms (one line per round played: the prize
 * less the stakes; a stake refunded on leaving an un-started round nets to nothing and is left
 * out), and ledger movements of other kinds (bonus moves and rakeback as `bonus`, adjustments).
 * Ledger kinds that payments, bets and rooms already show are left out, and so is a stake topped up
 * from the bonus (`bonus_stake`, a move between the player's own accounts that the bet shows).
 */
const STATEMENT_SQL = `
  select * from (
    select p.id::text as id, p.direction as type,
           (case when p.direction = 'deposit' then p.amount else -p.amount end)::text as amount,
           p.currency, p.status, p.created_at, null::text as bet_id, null::text as game
      from payments p where p.user_id = $1
    union all
    select 'bet-' || b.id, 'bet', (b.payout - b.amount)::text, b.currency,
           case when b.status = 'active' then 'pending' else 'completed' end, b.created_at, b.id::text, b.game
      from bets b where b.user_id = $1
    union all
    select 'room-' || s.round_id, 'bet',
           ((case when r.winner_id = $1 then r.prize else 0 end) - sum(s.amount))::text, r.currency,
           case when r.status = 'settled' then 'completed' else 'pending' end, min(s.created_at), null, 'rooms'
      from room_stakes s join room_rounds r on r.id = s.round_id
     where s.user_id = $1 and s.refund_transaction_id is null
     group by s.round_id, r.winner_id, r.prize, r.currency, r.status
    union all
    select 'crash-' || c.id, 'bet', (c.payout - c.amount)::text, c.currency,
           case when c.status = 'open' then 'pending' else 'completed' end, c.created_at, null, 'crash'
      from crash_bets c where c.user_id = $1
    union all
    select t.id::text,
           case when a.kind = 'bonus' or t.kind like 'bonus_%' or t.kind = 'rakeback' then 'bonus' else t.kind end, sum(lp.amount)::text, lp.currency, 'completed', t.created_at,
           null, null
      from ledger_postings lp
      join ledger_accounts a on a.id = lp.account_id
      join ledger_transactions t on t.id = lp.transaction_id
     where a.user_id = $1
       and t.kind not in ('deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected', 'game_bet', 'game_win',
                          'room_stake', 'room_win', 'room_refund', 'bonus_stake', 'crash_bet', 'crash_cashout')
     group by t.id, a.kind, lp.currency, t.kind, t.created_at
  ) h
  where ($2::text is null or h.type = $2)
    and ($3::date is null or h.created_at >= $3::date)
    and ($4::date is null or h.created_at < $4::date + 1)`;

const NEWEST_FIRST = 'order by created_at desc, id desc';

type Row = Omit<StatementLine, 'amount'> & { amount: string };

function argsOf(userId: string, filter: StatementFilter) {
  return [userId, filter.type ?? null, filter.from ?? null, filter.to ?? null];
}

const lineOf = (row: Row): StatementLine => ({ ...row, amount: BigInt(row.amount) });

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
