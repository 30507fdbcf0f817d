import { createHmac, type KeyObject, randomUUID } from 'node:crypto';
import { floats } from '../../../games/fair/node.ts';
import type { Currency, LimitedGame } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { AppConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import type { UserRow } from '../auth/repository.ts';
import {
  committedAccountId,
  existingTransaction,
  houseShard,
  moveWithHouse,
  openTransaction,
  requestHashOf,
} from '../wallet/ledger.ts';
import { ensurePairs, type TakenNonce, takeNonce } from './seeds.ts';

export const GAME_NAMES = ['dice', 'coinflip', 'keno', 'roulette', 'wheel', 'cases'] as const;
export type GameName = (typeof GAME_NAMES)[number];

/** The spec §9 limit key of each game. */
export const LIMIT_KEY: Record<GameName, LimitedGame> = {
  dice: 'dice',
  coinflip: 'coinflip',
  keno: 'keno',
  roulette: 'roulette',
  wheel: 'wheelOfFortune',
  cases: 'cases',
};

/** Stakes from which a bet also goes to the "high rollers" feed (minor units). */
export const HIGH_ROLLER_STAKE: Record<Currency, bigint> = {
  RUB: 100_000n,
  USD: 1_000n,
  EUR: 1_000n,
  KZT: 500_000n,
  INR: 100_000n,
};

export interface GamesDeps {
  config: AppConfig;
  database: Database;
  bus: Bus;
  /** Pushes the player's new balances to their `/ws` channel. */
  publishBalances: (userId: string, currency: Currency, cash: bigint, bonus: bigint) => void;
  /** Keys the public alias of players without a name (`playerName`), so feeds never show user ids. */
  aliasKey: KeyObject;
}

/** What an instant game decides from the floats of one bet. */
export interface Settlement {
  outcome: Record<string, unknown>;
  payout: bigint;
  /** Exact multiplier paid, as a decimal string. */
  multiplier: string;
}

/** One instant bet of a game: validated inputs, stake and the settlement rule. */
export interface InstantPlay {
  game: GameName;
  stake: bigint;
  params: Record<string, unknown>;
  floatCount: number;
  settle: (floats: readonly number[]) => Settlement;
}

export interface BetRow {
  id: string;
  game: GameName;
  status: 'active' | 'settled';
  currency: Currency;
  amount: string;
  payout: string;
  multiplier: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  nonce: string;
  client_seed: string;
  commitment: string;
  server_seed: string | null;
  seed_pair_id: string;
  created_at: Date;
  settled_at: Date | null;
}

/** The bet as the player sees it (docs/api-games.md). */
export function betView(row: BetRow) {
  const amount = BigInt(row.amount);
  const payout = BigInt(row.payout);
  return {
    id: row.id,
    game: row.game,
    status: row.status,
    currency: row.currency,
    amount: fromMinor(amount),
    payout: fromMinor(payout),
    profit: row.status === 'settled' ? fromMinor(payout - amount) : null,
    multiplier: row.multiplier,
    params: row.params,
    outcome: row.outcome,
    nonce: row.nonce,
    client_seed: row.client_seed,
    commitment: row.commitment,
    server_seed: row.server_seed,
    seed_pair_id: row.seed_pair_id,
    created_at: row.created_at,
    settled_at: row.settled_at,
  };
}
export type BetView = ReturnType<typeof betView>;

/** Bet columns joined with their seed pair; the server seed only once the pair is revealed. */
export const BET_SELECT = `
  select b.id::text, b.game, b.status, b.currency, b.amount::text, b.payout::text, b.multiplier, b.params,
         b.outcome, b.nonce::text, b.client_seed, sp.commitment,
         case when sp.status = 'revealed' then sp.server_seed end as server_seed,
         b.seed_pair_id::text, b.created_at, b.settled_at
    from bets b join seed_pairs sp on sp.id = b.seed_pair_id`;

export async function betOf(db: Queryable, userId: string, betId: string): Promise<BetRow | undefined> {
  if (!/^\d{1,18}$/.test(betId)) return undefined;
  const [row] = await db.query<BetRow>(`${BET_SELECT} where b.id = $1 and b.user_id = $2`, [betId, userId]);
  return row;
}

/** The player's currency, or 422 when none was chosen yet. */
export function currencyOf(user: UserRow): Currency {
  if (!user.currency) throw invalid('currency', 'currency_required');
  return user.currency as Currency;
}

/** Spec §9 bet band of the game in the player's currency; outside it is a 422 naming the bound. */
export function checkLimits(config: AppConfig, game: GameName, currency: Currency, stake: bigint): void {
  const band = config.currencies[currency].limits[LIMIT_KEY[game]];
  if (stake < band.min) throw invalid('amount', `bet_below_min:${fromMinor(band.min)}`);
  if (stake > band.max) throw invalid('amount', `bet_above_max:${fromMinor(band.max)}`);
}

/** `Idempotency-Key` header, namespaced per player; a random key when the client sent none. */
export function betKey(userId: string, header: unknown): string {
  if (header === undefined) return `bet:${userId}:${randomUUID()}`;
  if (typeof header !== 'string' || !/^[\w.:-]{8,200}$/.test(header))
    throw invalid('idempotency_key', 'invalid_idempotency_key');
  return `bet:${userId}:${header}`;
}

/** Thrown inside a transaction to roll it back and answer with the first bet of the key. */
class Replay extends Error {}

export interface BetAnswer {
  bet: BetView;
  balance: string;
}

/**
 * Places and settles an instant bet in one short transaction: open the ledger transaction (the
 * idempotency key), take the nonce (locks the player's seed pair), derive the floats, settle,
 * write the bet, then move stake and payout between the player and the house in one statement.
 * A retry with the same key answers with the first bet; nothing is played twice.
 */
export async function placeInstantBet(
  deps: GamesDeps,
  user: UserRow,
  play: InstantPlay,
  key: string,
): Promise<BetAnswer> {
  const { database } = deps;
  const currency = currencyOf(user);
  checkLimits(deps.config, play.game, currency, play.stake);
  const requestHash = requestHashOf({ game: play.game, stake: play.stake, params: play.params });
  await ensurePairs(database, user.id);
  const [playerAccount, houseAccount] = await Promise.all([
    committedAccountId(database, { userId: user.id, kind: 'cash' }, currency),
    committedAccountId(database, houseShard(user.id), currency),
  ]);
  let settled: { row: BetRow; cash: bigint; bonus: bigint };
  try {
    settled = await database.transaction(async (tx) => {
      const transactionId = await openTransaction(tx, {
        idempotencyKey: key,
        kind: 'game_bet',
        requestHash,
        metadata: { game: play.game },
      });
      if (!transactionId) throw new Replay();
      const taken = await takeNonce(tx, user.id);
      const result = play.settle(floats(taken, play.floatCount));
      const row = await insertBet(tx, {
        user,
        currency,
        play,
        taken,
        transactionId,
        status: 'settled',
        result,
      });
      const balances = await moveWithHouse(tx, {
        transactionId,
        playerAccount,
        houseAccount,
        currency,
        userId: user.id,
        stake: play.stake,
        payout: result.payout,
        requireBalance: play.stake,
      });
      return { row, ...balances };
    });
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    return replayBet(deps, user, key, requestHash);
  }
  announce(deps, user, settled.row);
  deps.publishBalances(user.id, currency, settled.cash, settled.bonus);
  return { bet: betView(settled.row), balance: fromMinor(settled.cash) };
}

/** The answer to a retried key: the bet it created (as it stands now) and the balance first answered. */
export async function replayBet(
  deps: GamesDeps,
  user: UserRow,
  key: string,
  requestHash: string,
  betColumn: 'transaction_id' | 'settle_transaction_id' = 'transaction_id',
): Promise<BetAnswer> {
  const transaction = await existingTransaction(deps.database, key, requestHash);
  const [row] = await deps.database.query<BetRow>(
    `${BET_SELECT} where b.${betColumn} = $1 and b.user_id = $2`,
    [transaction.id, user.id],
  );
  if (!row) throw new ApiError(409, { idempotency_key: ['idempotency_conflict'] });
  return {
    bet: betView(row),
    balance: await answeredBalance(deps, user.id, row.currency, transaction.result),
  };
}

/** The balance a money move answered with (stored on its ledger transaction), else the current one. */
export async function answeredBalance(
  deps: GamesDeps,
  userId: string,
  currency: string,
  result: unknown,
): Promise<string> {
  const stored = (result as { balance?: unknown } | null)?.balance;
  if (typeof stored === 'string' && /^\d+$/.test(stored)) return fromMinor(BigInt(stored));
  return cashBalance(deps, userId, currency);
}

/** The player's cash balance now, as a decimal string. */
export async function cashBalance(deps: GamesDeps, userId: string, currency: string): Promise<string> {
  const [cash] = await deps.database.query<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and kind = 'cash' and currency = $2`,
    [userId, currency],
  );
  return fromMinor(BigInt(cash?.balance ?? '0'));
}

export async function insertBet(
  tx: Queryable,
  bet: {
    user: UserRow;
    currency: Currency;
    play: Pick<InstantPlay, 'game' | 'stake' | 'params'>;
    taken: TakenNonce;
    transactionId: string;
    status: 'active' | 'settled';
    result: Settlement;
  },
): Promise<BetRow> {
  const [row] = await tx.query<{ id: string; created_at: Date }>(
    `insert into bets (user_id, game, status, currency, amount, payout, multiplier, seed_pair_id, nonce,
                       client_seed, params, outcome, transaction_id, settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, case when $3 = 'settled' then now() end)
     returning id::text, created_at`,
    [
      bet.user.id,
      bet.play.game,
      bet.status,
      bet.currency,
      bet.play.stake.toString(),
      bet.result.payout.toString(),
      bet.result.multiplier,
      bet.taken.pairId,
      bet.taken.nonce.toString(),
      bet.taken.clientSeed,
      JSON.stringify(bet.play.params),
      JSON.stringify(bet.result.outcome),
      bet.transactionId,
    ],
    'bets_insert',
  );
  return {
    id: row!.id,
    game: bet.play.game,
    status: bet.status,
    currency: bet.currency,
    amount: bet.play.stake.toString(),
    payout: bet.result.payout.toString(),
    multiplier: bet.result.multiplier,
    params: bet.play.params,
    outcome: bet.result.outcome,
    nonce: bet.taken.nonce.toString(),
    client_seed: bet.taken.clientSeed,
    commitment: bet.taken.commitment,
    server_seed: null,
    seed_pair_id: bet.taken.pairId,
    created_at: row!.created_at,
    settled_at: bet.status === 'settled' ? row!.created_at : null,
  };
}

/** A settled bet as the public feeds show it. */
export interface FeedItem {
  id: string;
  game: GameName;
  player: string | null;
  currency: Currency;
  amount: string;
  multiplier: string;
  payout: string;
  created_at: Date;
}

/**
 * The name public feeds show: null for a player who hides statistics, the display name, else a
 * stable alias `#` + 6 hex digits of HMAC(aliasKey, user id): unlinkable to the id without the key.
 */
export function playerName(
  user: Pick<UserRow, 'id' | 'name' | 'is_statistics_hidden'>,
  aliasKey: KeyObject,
): string | null {
  if (user.is_statistics_hidden) return null;
  const name = user.name?.trim();
  if (name) return name;
  return `#${createHmac('sha256', aliasKey).update(`player:${user.id}`).digest('hex').slice(0, 6).toUpperCase()}`;
}

/** Publishes a settled bet to `feed:bets` (and `feed:high-rollers` for big stakes). */
export function announce(deps: GamesDeps, user: UserRow, row: BetRow): void {
  const item: FeedItem = {
    id: row.id,
    game: row.game,
    player: playerName(user, deps.aliasKey),
    currency: row.currency,
    amount: fromMinor(BigInt(row.amount)),
    multiplier: row.multiplier,
    payout: fromMinor(BigInt(row.payout)),
    created_at: row.created_at,
  };
  const version = Number(row.id);
  const publish = async () => {
    await publishEvent(deps.bus, 'feed:bets', version, item);
    if (BigInt(row.amount) >= HIGH_ROLLER_STAKE[row.currency])
      await publishEvent(deps.bus, 'feed:high-rollers', version, item);
  };
  publish().catch(() => {});
}

/** The latest settled bets for a feed's first paint (then live over `/ws`). */
export async function recentFeed(
  database: Database,
  kind: 'all' | 'high-rollers',
  aliasKey: KeyObject,
): Promise<FeedItem[]> {
  const highRollers = kind === 'high-rollers';
  const rows = await database.query<{
    id: string;
    game: GameName;
    user_id: string;
    name: string | null;
    is_statistics_hidden: boolean;
    currency: Currency;
    amount: string;
    multiplier: string;
    payout: string;
    created_at: Date;
  }>(
    `select b.id::text, b.game, b.user_id::text, u.name, u.is_statistics_hidden, b.currency, b.amount::text,
            b.multiplier, b.payout::text, b.created_at
       from bets b join users u on u.id = b.user_id
      where b.status = 'settled'
        and (not $1 or b.amount >= case b.currency when 'RUB' then $2::bigint when 'USD' then $3::bigint
             when 'EUR' then $4::bigint when 'KZT' then $5::bigint else $6::bigint end)
      order by b.id desc limit 20`,
    [
      highRollers,
      HIGH_ROLLER_STAKE.RUB.toString(),
      HIGH_ROLLER_STAKE.USD.toString(),
      HIGH_ROLLER_STAKE.EUR.toString(),
      HIGH_ROLLER_STAKE.KZT.toString(),
      HIGH_ROLLER_STAKE.INR.toString(),
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    game: r.game,
    player: playerName(
      { id: r.user_id, name: r.name, is_statistics_hidden: r.is_statistics_hidden },
      aliasKey,
    ),
    currency: r.currency,
    amount: fromMinor(BigInt(r.amount)),
    multiplier: r.multiplier,
    payout: fromMinor(BigInt(r.payout)),
    created_at: r.created_at,
  }));
}
