import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fromMinor } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';

export const HISTORY_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;

const query = z.object({
  type: z.enum(HISTORY_TYPES, { error: 'invalid_type' }).optional(),
  from: z.iso.date({ error: 'invalid_date' }).optional(),
  to: z.iso.date({ error: 'invalid_date' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

interface HistoryRow {
  id: string;
  type: string;
  amount: string;
  currency: string;
  status: string;
  created_at: Date;
  /** Set on bets of the originals: the bet to open for verification. */
  bet_id: string | null;
  game: string | null;
}

/**
 * One list of everything that moved a player's money: payments (with their status, including
 * pending and failed ones) and ledger movements of other kinds (bets, wins, bonus moves).
 */
const HISTORY_SQL = `
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
    select t.id::text, case when a.kind = 'bonus' then 'bonus' else t.kind end, sum(lp.amount)::text, lp.currency, 'completed', t.created_at,
           null, null
      from ledger_postings lp
      join ledger_accounts a on a.id = lp.account_id
      join ledger_transactions t on t.id = lp.transaction_id
     where a.user_id = $1
       and t.kind not in ('deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected', 'game_bet', 'game_win')
     group by t.id, a.kind, lp.currency, t.kind, t.created_at
  ) h
  where ($2::text is null or h.type = $2)
    and ($3::date is null or h.created_at >= $3::date)
    and ($4::date is null or h.created_at < $4::date + 1)`;

/** Spreadsheet-safe CSV cell: quoted, and formula-looking values defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** GET /profile/history (filters, pagination) and /profile/history.csv (the same, all rows). */
export async function historyRoutes(
  app: FastifyInstance,
  { database, keys }: { database: Database; keys: TokenKeys },
) {
  const authenticated = { preHandler: requireUser(database, keys) };
  const present = (r: HistoryRow) => ({ ...r, amount: fromMinor(BigInt(r.amount)) });

  app.get('/profile/history', authenticated, async (request) => {
    const q = query.parse(request.query);
    const args = [request.auth!.user.id, q.type ?? null, q.from ?? null, q.to ?? null];
    const [rows, [count]] = await Promise.all([
      database.query<HistoryRow>(`${HISTORY_SQL} order by created_at desc, id desc limit $5 offset $6`, [
        ...args,
        q.per_page,
        (q.page - 1) * q.per_page,
      ]),
      database.query<{ total: number }>(`select count(*)::int as total from (${HISTORY_SQL}) c`, args),
    ]);
    return {
      data: rows.map(present),
      meta: { page: q.page, per_page: q.per_page, total: count?.total ?? 0 },
    };
  });

  app.get('/profile/history.csv', authenticated, async (request, reply) => {
    const q = query.parse(request.query);
    const rows = await database.query<HistoryRow>(
      `${HISTORY_SQL} order by created_at desc, id desc limit 10000`,
      [request.auth!.user.id, q.type ?? null, q.from ?? null, q.to ?? null],
    );
    const lines = [
      ['date', 'type', 'amount', 'currency', 'status', 'id'].join(','),
      ...rows
        .map(present)
        .map((r) =>
          [new Date(r.created_at).toISOString(), r.type, r.amount, r.currency, r.status, r.id]
            .map(csvCell)
            .join(','),
        ),
    ];
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orbita-history.csv"')
      .header('cache-control', 'no-store')
      .send(`${lines.join('\r\n')}\r\n`);
  });
}
