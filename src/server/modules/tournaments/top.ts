import type { KeyObject } from 'node:crypto';
import { formatMultiplier } from '../../../games/crash/engine.ts';
import type { TopCrashRound, TopOrder, TopPeriod, TopRow } from '../../../shared/api/tournaments.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Product } from '../../../shared/products.ts';
import type { Queryable } from '../../db/client.ts';
import { playerName } from '../games/feed.ts';

/**
 * The top (`/top`, docs/tournaments.md "The top"): the biggest wins and the highest multipliers of
 * a period, from the candidates the wager record's trigger keeps (`top_wins`), and crash's
 * luckiest rounds. Periods are rolling: the last 24 hours, 7 days, 30 days, or all time.
 */

const PERIOD_MS: Record<Exclude<TopPeriod, 'all'>, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

export function periodStart(period: TopPeriod, now: Date): Date | null {
  return period === 'all' ? null : new Date(now.getTime() - PERIOD_MS[period]);
}

interface Row {
  product: Product;
  ref: string;
  user_id: string;
  name: string | null;
  is_statistics_hidden: boolean;
  game: string;
  currency: Currency;
  stake: string;
  payout: string;
  multiplier: string;
  settled_at: Date;
  verify: Record<string, string> | null;
}

/**
 * What recomputes a row's stake on /fairness: a bet of the originals by its id; a crash bet by its
 * round once it crashed; a room by its drawn round. Other products are not provably fair here.
 */
const VERIFY = `case
  when w.product = 'originals' and w.ref like 'bet:%' then jsonb_build_object('bet', substr(w.ref, 5))
  when w.product = 'originals' and w.ref like 'crash:%' then (
    select jsonb_build_object('game', 'crash', 'hash', cr.hash, 'salt', (select salt from crash_chain limit 1),
                              'round_id', cr.id::text)
      from crash_bets c join crash_rounds cr on cr.id = c.round_id
     where c.id = substr(w.ref, 7)::bigint and cr.status = 'crashed')
  when w.product = 'originals' and w.ref like 'room:%' then (
    select jsonb_build_object('game', 'rooms', 'server_seed', r.server_seed, 'round_id', r.id::text,
                              'tickets', r.pot::text, 'commitment', r.commitment)
      from room_rounds r where r.id = split_part(w.ref, ':', 2)::bigint and r.status = 'settled')
end`;

export async function topWins(
  db: Queryable,
  aliasKey: KeyObject,
  q: { period: TopPeriod; order: TopOrder; game?: string | undefined; limit: number },
  now: Date,
): Promise<TopRow[]> {
  const order = q.order === 'win' ? 'w.win_points desc' : 'w.multiplier desc';
  const rows = await db.query<Row>(
    `select w.product, w.ref, w.user_id::text, u.name, u.is_statistics_hidden, w.game, w.currency, w.stake::text,
            w.payout::text, w.multiplier::text, w.settled_at, ${VERIFY} as verify
       from top_wins w join users u on u.id = w.user_id
      where ($1::timestamptz is null or w.settled_at >= $1) and ($2::text is null or w.game = $2)
      order by ${order}, w.settled_at, w.ref
      limit $3`,
    [periodStart(q.period, now), q.game ?? null, q.limit],
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    player: playerName(
      { id: r.user_id, name: r.name, is_statistics_hidden: r.is_statistics_hidden },
      aliasKey,
    ),
    product: r.product,
    game: r.game,
    currency: r.currency,
    stake: fromMinor(BigInt(r.stake)),
    payout: fromMinor(BigInt(r.payout)),
    win: fromMinor(BigInt(r.payout) - BigInt(r.stake)),
    // Ten-thousandths, shown to the hundredth (rounded down).
    multiplier: fromMinor(BigInt(r.multiplier) / 100n),
    settled_at: r.settled_at.toISOString(),
    verify: r.verify ? new URLSearchParams(r.verify).toString() : null,
  }));
}

export async function luckiestCrashRounds(
  db: Queryable,
  q: { period: TopPeriod; limit: number },
  now: Date,
): Promise<TopCrashRound[]> {
  const rows = await db.query<{
    id: string;
    crash_point: number;
    crashed_at: Date;
    hash: string;
    salt: string;
  }>(
    `select r.id::text, r.crash_point::float8 as crash_point, r.crashed_at, r.hash,
            (select salt from crash_chain limit 1) as salt
       from crash_rounds r
      where r.status = 'crashed' and ($1::timestamptz is null or r.crashed_at >= $1)
      order by r.crash_point desc, r.id desc
      limit $2`,
    [periodStart(q.period, now), q.limit],
  );
  return rows.map((r, i) => ({
    rank: i + 1,
    round_id: r.id,
    crash_point: formatMultiplier(r.crash_point),
    crashed_at: r.crashed_at.toISOString(),
    verify: new URLSearchParams({ game: 'crash', hash: r.hash, salt: r.salt, round_id: r.id }).toString(),
  }));
}
