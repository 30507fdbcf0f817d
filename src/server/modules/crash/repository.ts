import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * Every statement on the crash tables (schema in src/server/db/schema/crash.ts). Amounts arrive as
 * decimal strings (PostgreSQL bigint) in minor units, multipliers as hundredths. Times of the
 * flight are on the database clock, which every instance shares.
 */

export type RoundStatus = 'queued' | 'betting' | 'flight' | 'crashed';

/** A round as stored; `hash` and `crash_point` are secret until it crashed. */
export interface RoundRow {
  id: number;
  status: RoundStatus;
  hash: string;
  crash_point: number;
  betting_ends_ms: number | null;
  started_ms: number | null;
  crashed_at: Date | null;
  /** The database clock when the row was read (ms since the epoch). */
  now_ms: number;
}

export interface BetRow {
  id: string;
  round_id: number;
  user_id: string;
  currency: Currency;
  amount: string;
  auto_cash_out: number | null;
  status: 'open' | 'cashed' | 'lost';
  cash_out: number | null;
  payout: string;
  player_account_id: string;
  house_account_id: string;
  cash_out_key: string | null;
  /** The bonus's part of the stake and its grant (docs/bonuses.md "Bonus money"). */
  bonus_amount: string;
  grant_id: string | null;
  created_at: Date;
  name: string | null;
  is_statistics_hidden: boolean;
}

const NOW_MS = 'floor(extract(epoch from clock_timestamp()) * 1000)::float8';

const ROUND_COLUMNS = `id::int as id, status, hash, crash_point::float8 as crash_point,
  floor(extract(epoch from betting_ends_at) * 1000)::float8 as betting_ends_ms, started_ms::float8 as started_ms,
  crashed_at, ${NOW_MS} as now_ms`;

const BET_COLUMNS = `b.id::text, b.round_id::int as round_id, b.user_id::text, b.currency, b.amount::text,
  b.auto_cash_out::int as auto_cash_out, b.status, b.cash_out::float8 as cash_out, b.payout::text,
  b.player_account_id::text, b.house_account_id::text, b.cash_out_key, b.bonus_amount::text, b.grant_id::text,
  b.created_at, u.name, u.is_statistics_hidden`;

/** The database clock in ms since the epoch. */
export async function dbNowMs(db: Queryable): Promise<number> {
  const [row] = await db.query<{ now_ms: number }>(`select ${NOW_MS} as now_ms`);
  return row!.now_ms;
}

/**
 * Bumps the `game:crash` version and returns it. Taken first by every change of the game, so the
 * chain row's lock queues the changes and each one publishes the next version.
 */
export async function bumpVersion(tx: Queryable): Promise<number> {
  const [row] = await tx.query<{ version: string }>(
    'update crash_chain set version = version + 1 where id = 1 returning version::text',
    [],
    'crash_bump_version',
  );
  if (!row) throw new Error('the crash chain is not generated yet');
  return Number(row.version);
}

export async function channelVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string }>('select version::text from crash_chain where id = 1');
  return row ? Number(row.version) : 0;
}

/** The rounds not crashed yet (at most a queued one and one betting or in flight), oldest first. */
export function liveRounds(db: Queryable, { lock = false } = {}): Promise<RoundRow[]> {
  return db.query<RoundRow>(
    `select ${ROUND_COLUMNS} from crash_rounds where status <> 'crashed' order by id${lock ? ' for update' : ''}`,
    [],
  );
}

export async function roundById(
  db: Queryable,
  id: number,
  { lock = false } = {},
): Promise<RoundRow | undefined> {
  const [row] = await db.query<RoundRow>(
    `select ${ROUND_COLUMNS} from crash_rounds where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

/** The newest crashed rounds (at most `limit`), with how many bets each had. */
export function crashedRounds(db: Queryable, limit: number): Promise<(RoundRow & { players: number })[]> {
  return db.query<RoundRow & { players: number }>(
    `select ${ROUND_COLUMNS}, (select count(*)::int from crash_bets b where b.round_id = r.id) as players
       from crash_rounds r where status = 'crashed' order by id desc limit $1`,
    [limit],
  );
}

/** The highest round id so far (0 before round 1). */
export async function lastRoundId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number | null }>('select max(id)::int as id from crash_rounds');
  return row?.id ?? 0;
}

/** Creates round `id` (`queued`, or `betting` for `bettingMs` from now). */
export async function insertRound(
  tx: Queryable,
  round: { id: number; hash: string; crashPoint: number; bettingMs: number | null },
): Promise<void> {
  await tx.query(
    `insert into crash_rounds (id, status, hash, crash_point, betting_ends_at)
     values ($1, case when $4::int is null then 'queued' else 'betting' end, $2, $3,
             case when $4::int is null then null else clock_timestamp() + make_interval(secs => $4::double precision / 1000) end)
     on conflict (id) do nothing`,
    [round.id, round.hash, round.crashPoint, round.bettingMs],
  );
}

/** A queued round starts taking bets in its own right, for `bettingMs`. */
export async function openBetting(tx: Queryable, id: number, bettingMs: number): Promise<boolean> {
  const rows = await tx.query(
    `update crash_rounds set status = 'betting',
            betting_ends_at = clock_timestamp() + make_interval(secs => $2::double precision / 1000)
      where id = $1 and status = 'queued' returning id`,
    [id, bettingMs],
  );
  return rows.length > 0;
}

/** A betting round whose betting is over takes off now (database clock). */
export async function startFlight(tx: Queryable, id: number): Promise<number | null> {
  const [row] = await tx.query<{ started_ms: number }>(
    `update crash_rounds set status = 'flight', started_ms = ${NOW_MS}
      where id = $1 and status = 'betting' and betting_ends_at <= clock_timestamp()
      returning started_ms::float8 as started_ms`,
    [id],
  );
  return row?.started_ms ?? null;
}

/** The round crashes: its open bets are lost. */
export async function markCrashed(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    `update crash_rounds set status = 'crashed', crashed_at = clock_timestamp()
      where id = $1 and status = 'flight' returning id`,
    [id],
  );
  if (rows.length === 0) return false;
  await tx.query(
    `update crash_bets set status = 'lost', settled_at = clock_timestamp() where round_id = $1 and status = 'open'`,
    [id],
  );
  return true;
}

/** The bets of rounds, in the order they were placed. */
export function betsOf(db: Queryable, roundIds: readonly number[]): Promise<BetRow[]> {
  if (roundIds.length === 0) return Promise.resolve([]);
  return db.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id
      where b.round_id = any($1::bigint[]) order by b.round_id, b.id`,
    [roundIds],
  );
}

/** Bets by id. */
export function betsById(db: Queryable, ids: readonly string[]): Promise<BetRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id where b.id = any($1::bigint[]) order by b.id`,
    [ids],
  );
}

/** The player's newest bets. */
export function betsOfPlayer(db: Queryable, userId: string, limit: number): Promise<BetRow[]> {
  return db.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id
      where b.user_id = $1 order by b.id desc limit $2`,
    [userId, limit],
  );
}

/** The player's bet in a round, locked. */
export async function betOfPlayer(
  tx: Queryable,
  roundId: number,
  userId: string,
): Promise<BetRow | undefined> {
  const [row] = await tx.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id
      where b.round_id = $1 and b.user_id = $2 for update of b`,
    [roundId, userId],
  );
  return row;
}

/** The bet a stake's ledger transaction placed, for replays. */
export async function betOfTransaction(db: Queryable, transactionId: string): Promise<BetRow | undefined> {
  const [row] = await db.query<BetRow>(
    `select ${BET_COLUMNS} from crash_bets b join users u on u.id = b.user_id where b.transaction_id = $1`,
    [transactionId],
  );
  return row;
}

export async function insertBet(
  tx: Queryable,
  bet: {
    roundId: number;
    userId: string;
    currency: Currency;
    amount: bigint;
    autoCashOut: number | null;
    playerAccount: string;
    houseAccount: string;
    transactionId: string;
    funding: { bonus: bigint; grantId: string | null };
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into crash_bets (round_id, user_id, currency, amount, auto_cash_out, player_account_id,
                             house_account_id, transaction_id, bonus_amount, grant_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
    [
      bet.roundId,
      bet.userId,
      bet.currency,
      bet.amount.toString(),
      bet.autoCashOut,
      bet.playerAccount,
      bet.houseAccount,
      bet.transactionId,
      bet.funding.bonus.toString(),
      bet.funding.grantId,
    ],
  );
  return row!.id;
}

/** The open bets of a round (what the flight may still cash out). */
export function openBets(
  db: Queryable,
  roundId: number,
): Promise<
  {
    id: string;
    user_id: string;
    currency: Currency;
    amount: string;
    auto_cash_out: number | null;
    bonus_amount: string;
    grant_id: string | null;
  }[]
> {
  return db.query(
    `select id::text, user_id::text, currency, amount::text, auto_cash_out::int as auto_cash_out,
            bonus_amount::text, grant_id::text
       from crash_bets where round_id = $1 and status = 'open' order by id`,
    [roundId],
    'crash_open_bets',
  );
}

/** Per currency: the round's open stake and the profit its cash-outs made so far. */
export async function exposures(
  db: Queryable,
  roundId: number,
): Promise<Map<string, { openStake: bigint; paidProfit: bigint }>> {
  const rows = await db.query<{ currency: string; open_stake: string; paid_profit: string }>(
    `select currency, coalesce(sum(amount) filter (where status = 'open'), 0)::text as open_stake,
            coalesce(sum(payout - amount) filter (where status = 'cashed'), 0)::text as paid_profit
       from crash_bets where round_id = $1 group by currency`,
    [roundId],
    'crash_exposures',
  );
  return new Map(
    rows.map((r) => [r.currency, { openStake: BigInt(r.open_stake), paidProfit: BigInt(r.paid_profit) }]),
  );
}

/** Marks an open bet cashed out at `multiplier`, paid by `settleTransactionId`. */
export async function markCashedOut(
  tx: Queryable,
  bet: {
    id: string;
    multiplier: number;
    payout: bigint;
    bonusPayout: bigint;
    settleTransactionId: string;
    key: string | null;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `update crash_bets set status = 'cashed', cash_out = $2, payout = $3, settle_transaction_id = $4,
            cash_out_key = $5, bonus_payout = $6, settled_at = clock_timestamp()
      where id = $1 and status = 'open' returning id`,
    [
      bet.id,
      bet.multiplier,
      bet.payout.toString(),
      bet.settleTransactionId,
      bet.key,
      bet.bonusPayout.toString(),
    ],
    'crash_mark_cashed',
  );
  return rows.length > 0;
}

/** Marks open bets cashed out, each at its multiplier, paid by its transaction. */
export async function markManyCashedOut(
  tx: Queryable,
  bets: readonly {
    id: string;
    multiplier: number;
    payout: bigint;
    bonusPayout: bigint;
    settleTransactionId: string;
  }[],
): Promise<void> {
  if (bets.length === 0) return;
  await tx.query(
    `update crash_bets b set status = 'cashed', cash_out = d.m, payout = d.p, settle_transaction_id = d.t,
            bonus_payout = d.bp, settled_at = clock_timestamp()
       from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) as d(id, m, p, t, bp)
      where b.id = d.id and b.status = 'open'`,
    [
      bets.map((b) => b.id),
      bets.map((b) => b.multiplier),
      bets.map((b) => b.payout.toString()),
      bets.map((b) => b.settleTransactionId),
      bets.map((b) => b.bonusPayout.toString()),
    ],
  );
}
