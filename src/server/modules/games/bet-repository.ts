import type { Currency } from '../../../shared/currencies.ts';
import type { OriginalGame } from '../../../shared/games.ts';
import type { BetCommon, BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import type { Database, Queryable } from '../../db/client.ts';

/** What a bet needs from the active pair; it holds the secret seed, so it is never serialised. */
export interface TakenNonce {
  pairId: string;
  serverSeed: string;
  clientSeed: string;
  commitment: string;
  nonce: bigint;
}

/**
 * The `bets` table: every statement on it lives here. Rows carry amounts in minor units (decimal
 * strings, as PostgreSQL's bigint arrives) and `params`/`outcome` in the shapes of
 * src/shared/wire/bets.ts, which only this module writes.
 */

/** The view's columns, but `amount` and `payout` in minor units, times as dates, and no profit. */
type BetRowCommon = Omit<BetCommon, 'profit' | 'created_at' | 'settled_at'> & {
  created_at: Date;
  settled_at: Date | null;
};

/** A stored bet joined with its seed pair; keyed by `game` like the wire's `BetView`. */
export type BetRow<G extends BetGame = BetGame> = {
  [K in G]: BetRowCommon & { game: K; params: BetParams<K>; outcome: BetOutcome<K> };
}[G];

/** Bet columns joined with their seed pair; the server seed only once the pair is revealed. */
const BET_SELECT = `
  select b.id::text, b.game, b.status, b.currency, b.amount::text, b.payout::text, b.multiplier, b.params,
         b.outcome, b.nonce::text, b.client_seed, sp.commitment,
         case when sp.status = 'revealed' then sp.server_seed end as server_seed,
         b.seed_pair_id::text, b.created_at, b.settled_at
    from bets b join seed_pairs sp on sp.id = b.seed_pair_id`;

/** One of the player's bets by id (undefined for another player's or a malformed id). */
export async function betOf(db: Queryable, userId: string, betId: string): Promise<BetRow | undefined> {
  if (!/^\d{1,18}$/.test(betId)) return undefined;
  const [row] = await db.query<BetRow>(`${BET_SELECT} where b.id = $1 and b.user_id = $2`, [betId, userId]);
  return row;
}

/** A page of the player's bets, newest first, optionally of one game. */
export async function betsPage(
  db: Database,
  userId: string,
  game: BetGame | null,
  page: number,
  perPage: number,
): Promise<{ rows: BetRow[]; total: number }> {
  const args = [userId, game];
  const where = 'where b.user_id = $1 and ($2::text is null or b.game = $2)';
  const [rows, [count]] = await Promise.all([
    db.query<BetRow>(`${BET_SELECT} ${where} order by b.id desc limit $3 offset $4`, [
      ...args,
      perPage,
      (page - 1) * perPage,
    ]),
    db.query<{ total: number }>(`select count(*)::int as total from bets b ${where}`, args),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The bet a ledger transaction opened (`transaction_id`) or settled (`settle_transaction_id`). */
export async function betOfTransaction(
  db: Queryable,
  userId: string,
  transactionId: string,
  column: 'transaction_id' | 'settle_transaction_id',
): Promise<BetRow | undefined> {
  const [row] = await db.query<BetRow>(`${BET_SELECT} where b.${column} = $1 and b.user_id = $2`, [
    transactionId,
    userId,
  ]);
  return row;
}

/**
 * The player's open round of `game` (at most one), optionally locked for the caller's transaction
 * (`lock`), so moves of one round queue.
 */
export async function openRoundOf<G extends BetGame>(
  db: Queryable,
  userId: string,
  game: G,
  { lock = false } = {},
): Promise<BetRow<G> | undefined> {
  const [row] = await db.query<BetRow<G>>(
    `${BET_SELECT} where b.user_id = $1 and b.game = $2 and b.status = 'active'${lock ? ' for update of b' : ''}`,
    [userId, game],
  );
  return row;
}

/** A settled round of `game` by id, for a retried move that arrives after the round ended. */
export async function endedRoundOf<G extends BetGame>(
  db: Queryable,
  userId: string,
  game: G,
  betId: string,
): Promise<BetRow<G> | undefined> {
  const [row] = await db.query<BetRow<G>>(
    `${BET_SELECT} where b.user_id = $1 and b.game = $2 and b.id = $3 and b.status = 'settled'`,
    [userId, game, betId],
  );
  return row;
}

/** Whether the player has an open round (of `game`, or of any game when none is named). */
export async function hasOpenRound(tx: Queryable, userId: string, game?: BetGame): Promise<boolean> {
  const [open] = await tx.query(
    `select 1 from bets where user_id = $1 and ($2::text is null or game = $2) and status = 'active' limit 1`,
    [userId, game ?? null],
  );
  return open !== undefined;
}

/** A new bet's row: decided (`settled`) or a round that settles later (`active`). */
export interface NewBetRow<G extends BetGame> {
  userId: string;
  game: G;
  status: 'active' | 'settled';
  currency: Currency;
  stake: bigint;
  payout: bigint;
  multiplier: string;
  params: BetParams<G>;
  outcome: BetOutcome<G>;
  taken: TakenNonce;
  transactionId: string;
  /** What paid the stake (docs/bonuses.md "Bonus money") and the bonus's share of the payout. */
  funding: { bonus: bigint; grantId: string | null };
  bonusPayout: bigint;
}

export async function insertBet<G extends BetGame>(tx: Queryable, bet: NewBetRow<G>): Promise<BetRow<G>> {
  const [row] = await tx.query<{ id: string; created_at: Date }>(
    `insert into bets (user_id, game, status, currency, amount, payout, multiplier, seed_pair_id, nonce,
                       client_seed, params, outcome, transaction_id, bonus_amount, bonus_payout, grant_id, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
             case when $3 = 'settled' then now() end)
     returning id::text, created_at`,
    [
      bet.userId,
      bet.game,
      bet.status,
      bet.currency,
      bet.stake.toString(),
      bet.payout.toString(),
      bet.multiplier,
      bet.taken.pairId,
      bet.taken.nonce.toString(),
      bet.taken.clientSeed,
      JSON.stringify(bet.params),
      JSON.stringify(bet.outcome),
      bet.transactionId,
      bet.funding.bonus.toString(),
      bet.bonusPayout.toString(),
      bet.funding.grantId,
    ],
    'bets_insert',
  );
  return {
    id: row!.id,
    game: bet.game,
    status: bet.status,
    currency: bet.currency,
    amount: bet.stake.toString(),
    payout: bet.payout.toString(),
    multiplier: bet.multiplier,
    params: bet.params,
    outcome: bet.outcome,
    nonce: bet.taken.nonce.toString(),
    client_seed: bet.taken.clientSeed,
    commitment: bet.taken.commitment,
    server_seed: null,
    seed_pair_id: bet.taken.pairId,
    created_at: row!.created_at,
    settled_at: bet.status === 'settled' ? row!.created_at : null,
  } as BetRow<G>;
}

/** What paid a bet's stake: the bonus's part and its grant (0 and null: real money only). */
export async function fundingOf(
  tx: Queryable,
  betId: string,
): Promise<{ bonus: bigint; grantId: string | null }> {
  const [row] = await tx.query<{ bonus_amount: string; grant_id: string | null }>(
    'select bonus_amount::text, grant_id::text from bets where id = $1',
    [betId],
  );
  return { bonus: BigInt(row?.bonus_amount ?? '0'), grantId: row?.grant_id ?? null };
}

/** A move of an open round: its inputs and outcome so far and the multiplier reached. */
export async function updateRound<G extends BetGame>(
  tx: Queryable,
  row: BetRow<G>,
  move: { params: BetParams<G>; outcome: BetOutcome<G>; multiplier: string },
): Promise<BetRow<G>> {
  await tx.query(`update bets set params = $2, outcome = $3, multiplier = $4 where id = $1`, [
    row.id,
    JSON.stringify(move.params),
    JSON.stringify(move.outcome),
    move.multiplier,
  ]);
  return { ...row, ...move };
}

/**
 * Settles an open round: its payout and multiplier, the ledger transaction that paid it (null for a
 * lost round), and its final inputs and outcome when the last move changed them.
 */
export async function settleRound<G extends BetGame>(
  tx: Queryable,
  row: BetRow<G>,
  end: {
    payout: bigint;
    /** The share of the payout that belongs to the bonus which paid the stake. */
    bonusPayout: bigint;
    multiplier: string;
    settleTransactionId: string | null;
    params?: BetParams<G>;
    outcome?: BetOutcome<G>;
  },
): Promise<BetRow<G>> {
  const params = end.params ?? row.params;
  const outcome = end.outcome ?? row.outcome;
  const [settled] = await tx.query<{ settled_at: Date }>(
    `update bets set status = 'settled', payout = $2, multiplier = $3, settle_transaction_id = $4,
                     params = $5, outcome = $6, bonus_payout = $7, settled_at = now()
      where id = $1 returning settled_at`,
    [
      row.id,
      end.payout.toString(),
      end.multiplier,
      end.settleTransactionId,
      JSON.stringify(params),
      JSON.stringify(outcome),
      end.bonusPayout.toString(),
    ],
  );
  return {
    ...row,
    params,
    outcome,
    status: 'settled',
    payout: end.payout.toString(),
    multiplier: end.multiplier,
    settled_at: settled!.settled_at,
  };
}

/** A settled bet of the public feeds, with what the feed shows of its player. */
export interface FeedRow {
  id: string;
  game: OriginalGame;
  user_id: string;
  name: string | null;
  is_statistics_hidden: boolean;
  currency: Currency;
  amount: string;
  multiplier: string;
  payout: string;
  created_at: Date;
}

/**
 * The latest 20 settled bets of every original (the feed ids of src/shared/wire/bets.ts `FeedItem`),
 * or only those whose stake reaches `minStake` of their currency.
 */
export async function latestSettled(
  db: Database,
  minStake: Record<Currency, bigint> | null,
): Promise<FeedRow[]> {
  const min = (currency: Currency) => (minStake ? minStake[currency].toString() : '0');
  return db.query<FeedRow>(
    `with settled as (
       (select b.id::text, b.game, b.user_id, b.currency, b.amount, b.multiplier, b.payout, b.settled_at
          from bets b where b.status = 'settled' order by b.id desc limit 100)
       union all
       (select 'crash-' || c.id, 'crash', c.user_id, c.currency, c.amount,
               case when c.status = 'cashed' then to_char(c.cash_out / 100.0, 'FM9999999990.0000') else '0' end,
               c.payout, c.settled_at
          from crash_bets c where c.status in ('cashed', 'lost') order by c.settled_at desc limit 100)
       union all
       (select 'room-' || min(s.id), 'rooms', s.user_id, r.currency, sum(s.amount)::bigint,
               case when r.winner_id = s.user_id then to_char(r.prize::numeric / sum(s.amount), 'FM9999999990.0000')
                    else '0' end,
               case when r.winner_id = s.user_id then r.prize else 0 end, r.settled_at
          from room_stakes s join room_rounds r on r.id = s.round_id
         where r.status = 'settled' and s.refund_transaction_id is null
         group by s.round_id, s.user_id, r.currency, r.winner_id, r.prize, r.settled_at
         order by r.settled_at desc limit 100)
     )
     select f.id, f.game, f.user_id::text, u.name, u.is_statistics_hidden, f.currency, f.amount::text,
            f.multiplier, f.payout::text, f.settled_at as created_at
       from settled f join users u on u.id = f.user_id
      where (not $1 or f.amount >= case f.currency when 'RUB' then $2::bigint when 'USD' then $3::bigint
             when 'EUR' then $4::bigint when 'KZT' then $5::bigint else $6::bigint end)
      order by f.settled_at desc limit 20`,
    [minStake !== null, min('RUB'), min('USD'), min('EUR'), min('KZT'), min('INR')],
  );
}
