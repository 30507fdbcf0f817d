import type { TournamentKind } from '../../../shared/api/tournaments.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import type { PrizeTerm } from './terms.ts';

/** A tournament as stored (src/server/db/schema/tournaments.ts). */
export interface TournamentRow {
  id: string;
  name: Record<string, string>;
  description: Record<string, string>;
  kind: TournamentKind;
  status: 'upcoming' | 'active' | 'finished' | 'cancelled';
  starts_at: Date;
  ends_at: Date;
  currency: Currency;
  entry: 'auto' | 'opt_in';
  buy_ins: Partial<Record<Currency, string>>;
  min_stake: string;
  currencies: Currency[];
  regions: string[];
  min_vip_level: number | null;
  rates: Record<Currency, number>;
  base_pool: string;
  pool_buy_in_bps: number;
  pool_turnover_bps: number;
  prizes: PrizeTerm[];
  final_pool: string | null;
  created_at: Date;
  finished_at: Date | null;
  games: { product: string; game: string; weight: number }[];
}

const SELECT = `select t.id::text, t.name, t.description, t.kind, t.status, t.starts_at, t.ends_at, t.currency, t.entry,
       t.buy_ins, t.min_stake::text, t.currencies, t.regions, t.min_vip_level, t.rates, t.base_pool::text,
       t.pool_buy_in_bps, t.pool_turnover_bps, t.prizes, t.final_pool::text, t.created_at, t.finished_at,
       coalesce((select jsonb_agg(jsonb_build_object('product', g.product, 'game', g.game, 'weight', g.weight)
                                  order by g.product, g.game)
                   from tournament_games g where g.tournament_id = t.id), '[]'::jsonb) as games
  from tournaments t`;

export async function tournamentById(
  db: Queryable,
  id: string,
  { lock = false } = {},
): Promise<TournamentRow | undefined> {
  const [row] = await db.query<TournamentRow>(`${SELECT} where t.id = $1${lock ? ' for update of t' : ''}`, [
    id,
  ]);
  return row;
}

/** The tournaments of a list: running (started, not yet finished), upcoming, or over. */
export async function tournamentsOf(
  db: Queryable,
  status: 'active' | 'upcoming' | 'finished' | 'all',
  now: Date,
  limit: number,
): Promise<TournamentRow[]> {
  const where = {
    active: `t.status in ('upcoming', 'active') and t.starts_at <= $1 order by t.ends_at, t.id`,
    upcoming: `t.status in ('upcoming', 'active') and t.starts_at > $1 order by t.starts_at, t.id`,
    finished: `t.status in ('finished', 'cancelled') and $1 = $1 order by t.ends_at desc, t.id desc`,
    all: `$1 = $1 order by t.id desc`,
  }[status];
  return db.query<TournamentRow>(`${SELECT} where ${where} limit $2`, [now, limit]);
}

/** How many take part, their turnover and their buy-ins, in the tournament's currency. */
export interface Totals {
  participants: number;
  turnover: bigint;
  buyIns: bigint;
}

/** The totals of `ids`, as the fold and the joins keep them (drizzle/0027_tournament_outbox.sql). */
export async function totalsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, Totals>> {
  const rows = await db.query<{ id: string; participants: number; turnover: string; buy_ins: string }>(
    `select tournament_id::text as id, participants, turnover::text, buy_ins::text
       from tournament_totals where tournament_id = any($1::bigint[])`,
    [ids],
  );
  const totals = new Map<string, Totals>();
  for (const id of ids) totals.set(id, { participants: 0, turnover: 0n, buyIns: 0n });
  for (const r of rows)
    totals.set(r.id, {
      participants: r.participants,
      turnover: BigInt(r.turnover),
      buyIns: BigInt(r.buy_ins),
    });
  return totals;
}

/** The advisory lock one fold of the scoring outbox holds at a time (taken by `tournament_fold`). */
export const FOLD_LOCK = 7_240_520;
/** The lock every stake holds shared while it writes to the outbox; a finish takes it exclusively. */
export const SCORING_LOCK = 7_240_521;
/** Events folded per statement: a backlog is taken in pieces of this size. */
const FOLD_BATCH = 20_000;

/**
 * Folds the scoring outbox into the standings (drizzle/0027_tournament_outbox.sql
 * `tournament_fold`), batch after batch until it is empty. In `db`'s transaction when it is one,
 * else each batch in a transaction of its own. Answers how many events it took.
 */
export async function fold(db: Queryable): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await db.query<{ taken: number }>('select tournament_fold($1) as taken', [FOLD_BATCH]);
    total += row!.taken;
    if (row!.taken < FOLD_BATCH) return total;
  }
}

/** One place of the standings, with what the public may see of the player. */
export interface StandingRow {
  user_id: string;
  points: string;
  reached_at: Date | null;
  reached_seq: string;
  name: string | null;
  is_statistics_hidden: boolean;
  currency: Currency | null;
}

/**
 * The first `limit` places, best first, ties to the one who reached the score first. The order is
 * the rank index's (`points desc nulls last`; points are never null), so the index is read in
 * order and only `limit` entries are touched.
 */
export function standings(db: Queryable, id: string, limit: number, offset = 0): Promise<StandingRow[]> {
  return db.query<StandingRow>(
    `select p.user_id::text, p.points::text, p.reached_at, p.reached_seq::text, u.name, u.is_statistics_hidden,
            u.currency
       from tournament_players p join users u on u.id = p.user_id
      where p.tournament_id = $1
      order by p.points desc nulls last, p.reached_at, p.reached_seq
      limit $2 offset $3`,
    [id, limit, offset],
  );
}

/** A player's own entry and rank (1 + those ahead), or undefined when they have none. */
export async function placeOf(
  db: Queryable,
  id: string,
  userId: string,
): Promise<{ points: bigint; rank: number; joinedAt: Date } | undefined> {
  const [row] = await db.query<{ points: string; rank: number; joined_at: Date }>(
    `select me.points::text, me.joined_at,
            1 + (select count(*) from tournament_players o
                  where o.tournament_id = me.tournament_id
                    and (o.points > me.points
                         or (o.points = me.points and (o.reached_at < me.reached_at
                             or (o.reached_at = me.reached_at and o.reached_seq < me.reached_seq))))
                 )::int as rank
       from tournament_players me where me.tournament_id = $1 and me.user_id = $2`,
    [id, userId],
  );
  return row && { points: BigInt(row.points), rank: row.rank, joinedAt: row.joined_at };
}

/** The points of the place `place` (1-based), or undefined when fewer take part. */
export async function pointsAt(db: Queryable, id: string, place: number): Promise<bigint | undefined> {
  const [row] = await db.query<{ points: string }>(
    `select p.points::text from tournament_players p where p.tournament_id = $1
      order by p.points desc nulls last, p.reached_at, p.reached_seq offset $2 limit 1`,
    [id, place - 1],
  );
  return row ? BigInt(row.points) : undefined;
}

export interface PayoutRow {
  place: number;
  user_id: string;
  points: string;
  kind: 'cash' | 'bonus';
  amount: string;
  currency: Currency;
  grant_id: string | null;
}

export function payoutsOf(db: Queryable, id: string): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `select place, user_id::text, points::text, kind, amount::text, currency, grant_id::text
       from tournament_payouts where tournament_id = $1 order by place`,
    [id],
  );
}
