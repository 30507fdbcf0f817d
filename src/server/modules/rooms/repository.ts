import { commitment } from '../../../games/fair/node.ts';
import { generateServerSeed } from '../../../games/fair/seeds.ts';
import type { RoundStatus } from '../../../shared/api/rooms.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Room } from '../../../shared/games.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * Every statement on the rooms tables (`room_channels`, `room_rounds`, `room_stakes`, schema in
 * src/server/db/schema/rooms.ts). Amounts arrive as decimal strings (PostgreSQL bigint) in minor
 * units. The server seed is read only by the draw (`serverSeedOf`) and shown only once settled.
 */

/** A round as stored, without its secret seed. */
export interface RoundRow {
  id: string;
  room: Room;
  currency: Currency;
  status: RoundStatus;
  /** The round's number in its room and currency. */
  number: string;
  commitment: string;
  /** The seed, only once the round is settled. */
  server_seed: string | null;
  commission_bps: number;
  pot: string;
  players: number;
  countdown_ends_at: Date | null;
  /** Whether the countdown is over, on the database clock (read with the row). */
  due: boolean;
  winning_ticket: string | null;
  winner_id: string | null;
  prize: string | null;
  commission: string | null;
  created_at: Date;
  settled_at: Date | null;
}

/** One stake of a round with what the views show of its player. */
export interface StakeRow {
  id: string;
  round_id: string;
  user_id: string;
  amount: string;
  first_ticket: string;
  name: string | null;
  is_statistics_hidden: boolean;
}

const ROUND_COLUMNS = `id::text, number::text, room, currency, status, commitment,
  case when status = 'settled' then server_seed end as server_seed, commission_bps, pot::text, players,
  countdown_ends_at, coalesce(countdown_ends_at <= clock_timestamp(), false) as due,
  winning_ticket::text, winner_id::text, prize::text, commission::text, created_at, settled_at`;

/**
 * Bumps the room's channel version and returns it. Taken first by every change of the room, so
 * the row lock queues the room's changes, and each change publishes the next version.
 */
export async function bumpVersion(tx: Queryable, room: Room): Promise<number> {
  const [row] = await tx.query<{ version: string }>(
    `insert into room_channels (room, version) values ($1, 1)
     on conflict (room) do update set version = room_channels.version + 1 returning version::text`,
    [room],
    'rooms_bump_version',
  );
  return Number(row!.version);
}

/** The room's channel version now (0 before its first change). */
export async function channelVersion(db: Queryable, room: Room): Promise<number> {
  const [row] = await db.query<{ version: string }>(
    'select version::text from room_channels where room = $1',
    [room],
  );
  return row ? Number(row.version) : 0;
}

/** The round of the room and currency that is not settled yet, optionally locked. */
export async function liveRound(
  db: Queryable,
  room: Room,
  currency: Currency,
  { lock = false } = {},
): Promise<RoundRow | undefined> {
  const [row] = await db.query<RoundRow>(
    `select ${ROUND_COLUMNS} from room_rounds
      where room = $1 and currency = $2 and status <> 'settled'${lock ? ' for update' : ''}`,
    [room, currency],
  );
  return row;
}

/** A round by id (any room), optionally locked. */
export async function roundById(
  db: Queryable,
  id: string,
  { lock = false } = {},
): Promise<RoundRow | undefined> {
  const [row] = await db.query<RoundRow>(
    `select ${ROUND_COLUMNS} from room_rounds where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

/**
 * The live round of the room and currency, opened with a fresh committed seed when there is none.
 * Two callers opening at once (page loads outside the room's lock) end up with the same round.
 */
export async function ensureLiveRound(
  db: Queryable,
  room: Room,
  currency: Currency,
  commissionBps: number,
  { lock = false } = {},
): Promise<RoundRow> {
  const existing = await liveRound(db, room, currency, { lock });
  if (existing) return existing;
  const serverSeed = generateServerSeed();
  await db.query(
    `insert into room_rounds (room, currency, number, status, server_seed, commitment, commission_bps)
     values ($1, $2, (select coalesce(max(number), 0) + 1 from room_rounds where room = $1 and currency = $2),
             'open', $3, $4, $5)
     on conflict (room, currency) where status <> 'settled' do nothing`,
    [room, currency, serverSeed, commitment(serverSeed), commissionBps],
  );
  const opened = await liveRound(db, room, currency, { lock });
  if (!opened) throw new Error(`no live round of ${room} ${currency}`);
  return opened;
}

/** The live rounds' stakes and the settled rounds', with their players, in ticket order. */
export async function stakesOf(db: Queryable, roundIds: readonly string[]): Promise<StakeRow[]> {
  if (roundIds.length === 0) return [];
  return db.query<StakeRow>(
    `select s.id::text, s.round_id::text, s.user_id::text, s.amount::text, s.first_ticket::text,
            u.name, u.is_statistics_hidden
       from room_stakes s join users u on u.id = s.user_id
      where s.round_id = any($1::bigint[]) and s.refund_transaction_id is null
      order by s.round_id, s.first_ticket`,
    [roundIds],
  );
}

/** The newest settled rounds of the room and currency (at most `limit`). */
export function settledRounds(
  db: Queryable,
  room: Room,
  currency: Currency,
  limit: number,
): Promise<RoundRow[]> {
  return db.query<RoundRow>(
    `select ${ROUND_COLUMNS} from room_rounds
      where room = $1 and currency = $2 and status = 'settled' order by id desc limit $3`,
    [room, currency, limit],
  );
}

/** How much the player has staked in the round (0 when not in it). */
export async function stakeOfPlayer(tx: Queryable, roundId: string, userId: string): Promise<bigint> {
  const [row] = await tx.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from room_stakes
      where round_id = $1 and user_id = $2 and refund_transaction_id is null`,
    [roundId, userId],
  );
  return BigInt(row?.total ?? '0');
}

/** Records a stake: its tickets start where the round's pot ends (docs/fairness.md §5). */
export async function insertStake(
  tx: Queryable,
  stake: { roundId: string; userId: string; amount: bigint; firstTicket: bigint; transactionId: string },
): Promise<void> {
  await tx.query(
    `insert into room_stakes (round_id, user_id, amount, first_ticket, transaction_id) values ($1, $2, $3, $4, $5)`,
    [stake.roundId, stake.userId, stake.amount.toString(), stake.firstTicket.toString(), stake.transactionId],
  );
}

/**
 * The round after a stake: the pot grows, a new player takes a seat, and the second player starts
 * the countdown (on the database clock, which every instance shares).
 */
export async function addToRound(
  tx: Queryable,
  roundId: string,
  { amount, newPlayer, countdownMs }: { amount: bigint; newPlayer: boolean; countdownMs: number },
): Promise<void> {
  await tx.query(
    `update room_rounds set pot = pot + $2, players = players + $3,
            status = case when status = 'open' and players + $3 >= 2 then 'countdown' else status end,
            started_at = case when status = 'open' and players + $3 >= 2 then clock_timestamp() else started_at end,
            countdown_ends_at = case when status = 'open' and players + $3 >= 2
                                     then clock_timestamp() + make_interval(secs => $4::double precision / 1000)
                                     else countdown_ends_at end
      where id = $1`,
    [roundId, amount.toString(), newPlayer ? 1 : 0, countdownMs],
  );
}

/** Gives the player's stakes of an un-started round back: marks them refunded, shrinks the round. */
export async function refundStakes(
  tx: Queryable,
  roundId: string,
  userId: string,
  transactionId: string,
): Promise<bigint> {
  const [row] = await tx.query<{ total: string }>(
    `with refunded as (
       update room_stakes set refund_transaction_id = $3
        where round_id = $1 and user_id = $2 and refund_transaction_id is null returning amount
     )
     select coalesce(sum(amount), 0)::text as total from refunded`,
    [roundId, userId, transactionId],
  );
  const total = BigInt(row?.total ?? '0');
  await tx.query(`update room_rounds set pot = pot - $2, players = players - 1 where id = $1`, [
    roundId,
    total.toString(),
  ]);
  return total;
}

/** The secret seed of a round, for its draw. */
export async function serverSeedOf(tx: Queryable, roundId: string): Promise<string> {
  const [row] = await tx.query<{ server_seed: string }>('select server_seed from room_rounds where id = $1', [
    roundId,
  ]);
  if (!row) throw new Error(`round ${roundId} vanished`);
  return row.server_seed;
}

/** Marks a round drawn and paid: the winning ticket, the winner, prize, commission and payment. */
export async function markSettled(
  tx: Queryable,
  roundId: string,
  draw: {
    winningTicket: bigint;
    winnerId: string;
    prize: bigint;
    commission: bigint;
    settleTransactionId: string;
  },
): Promise<void> {
  await tx.query(
    `update room_rounds set status = 'settled', winning_ticket = $2, winner_id = $3, prize = $4,
            commission = $5, settle_transaction_id = $6, settled_at = clock_timestamp()
      where id = $1 and status = 'countdown'`,
    [
      roundId,
      draw.winningTicket.toString(),
      draw.winnerId,
      draw.prize.toString(),
      draw.commission.toString(),
      draw.settleTransactionId,
    ],
  );
}

/** Rounds whose countdown is over, oldest deadline first. */
export async function dueRounds(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id::text from room_rounds where status = 'countdown' and countdown_ends_at <= clock_timestamp()
      order by countdown_ends_at limit 50`,
    [],
    'rooms_due_rounds',
  );
  return rows.map((row) => row.id);
}

/** Milliseconds until the next countdown ends (0 when one is over), or null when none runs. */
export async function msToNextDraw(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ ms: number | null }>(
    `select greatest(0, extract(epoch from (min(countdown_ends_at) - clock_timestamp())) * 1000)::float8 as ms
       from room_rounds where status = 'countdown'`,
    [],
    'rooms_next_draw',
  );
  return row?.ms ?? null;
}

/** The round a ledger transaction staked into (`transaction_id`) or refunded from, for replays. */
export async function roundOfTransaction(
  db: Queryable,
  transactionId: string,
  column: 'transaction_id' | 'refund_transaction_id',
): Promise<{ round_id: string; user_id: string } | undefined> {
  const [row] = await db.query<{ round_id: string; user_id: string }>(
    `select round_id::text, user_id::text from room_stakes where ${column} = $1 limit 1`,
    [transactionId],
  );
  return row;
}

/** What a `room_refund` ledger transaction gave back. */
export async function refundedBy(db: Queryable, transactionId: string): Promise<bigint> {
  const [row] = await db.query<{ total: string }>(
    'select coalesce(sum(amount), 0)::text as total from room_stakes where refund_transaction_id = $1',
    [transactionId],
  );
  return BigInt(row?.total ?? '0');
}
