import { randomUUID } from 'node:crypto';
import { floats } from '../../../games/fair/node.ts';
import type { Ratio } from '../../../games/ratio.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { POINT_MINOR, VIP_LEVELS } from '../../../shared/vip.ts';
import type { BetAnswer, BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError, invalid } from '../../domain-error.ts';
import { defineCounter } from '../../metrics.ts';
import type { UserRow } from '../auth/repository.ts';
import {
  type BonusShare,
  countSettled,
  type Funding,
  finishSettlement,
  fundStake,
  type SettledStake,
} from '../bonus/engine.ts';
import { edgeBpsOf, payoutShares } from '../bonus/rules.ts';
import { playerBalances, cashBalance as walletCash } from '../wallet/balances.ts';
import {
  accountId,
  committedAccountId,
  existingTransaction,
  houseShard,
  InsufficientFunds,
  moveWithHouse,
  openTransaction,
  requestHashOf,
} from '../wallet/ledger.ts';
import { transactionByKey } from '../wallet/transactions.ts';
import { type BetRow, betOfTransaction, fundingOf, insertBet, settleRound } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { announce } from './feed.ts';
import { checkLimits, checkMaxProfit, checkStakeCanWin, currencyOf } from './limits.ts';
import { ensurePairs, forgetNonce, nonceTaken, predictNonce, type TakenNonce, takeNonce } from './seeds.ts';
import { betView } from './views.ts';

/**
 * The bet pipeline (docs/architecture.md, "Games"): every money-moving game call is one short
 * database transaction of the same steps, written once here:
 *
 *   open the ledger transaction under the idempotency key → take the nonce (locks the player's
 *   seed pair, so the player's bets queue and nonces are consecutive) → what pays the stake
 *   (`fundStake`: real money first, then the active bonus, docs/bonuses.md) → insert the bet →
 *   count it once settled (`countSettled`: VIP progress and the active bonus's wagering) → move the
 *   money with the house (`moveWithHouse`, one statement) → the bonus's share of the payout and a
 *   completed wagering (`finishSettlement`) → commit → publish.
 *
 * An instant bet (decided at once, no `check`: dice, keno, roulette, wheel, cases, miner auto) takes
 * these steps in ONE statement, one database round trip, in autocommit: `place_instant_bet`
 * (drizzle/0015_bet_function.sql). The outcome depends on the nonce, and HMAC stays out of SQL, so
 * the nonce is predicted: `predictNonce` (seeds.ts) remembers each player's active pair and next
 * nonce, the outcome is computed from it, and the function takes the nonce only if the pair is still
 * active at that nonce. The player's instant bets in this process run one after the other
 * (`inTurn`), so the prediction is right unless another instance, a rotation or a round game took a
 * nonce meanwhile; then the function refuses (CB001), the pair is read again and the bet computed
 * again (at most PREDICTION_TRIES times, then the transaction below). The cases the bonus engine
 * decides (a first stake, a VIP level reached, a bonus's max bet, a stake its bonus money tops up, a
 * completed wagering: CB002) roll back and run the transaction below. A player's first bet in this
 * process reads the pair first (one more round trip), and a bet of a round game (the transaction)
 * leaves the prediction right for the next instant bet. Why not fewer or other round trips: the
 * outcome needs the nonce and HMAC is not computed in SQL, so without a prediction a bet needs one
 * statement that locks the pair and reads the nonce and a second that writes (two round trips, and
 * the pair's row lock held across the server's computation in between); with it, one. Every
 * guarantee stays in the database: the unique key (a replay writes nothing and answers the first
 * answer, another request under it is a 409), the row lock on the pair (consecutive nonces), the
 * conditional balance update (no overdraft: CB003 is 422). docs/performance.md "Bets" has the
 * figures.
 *
 * A key used before rolls the transaction back (`Replay`) and answers what it first answered.
 * `placeBet` opens a bet: an instant game's, decided at once, or a round (`status: 'active'`:
 * coinflip, later miner, hi-lo, crash, rooms) that a game's own moves continue and `cashOut` (or
 * `payRound` inside such a move) settles with a second ledger transaction, `game_win`.
 */

/** Thrown inside a transaction whose idempotency key was used before: rolls it back for a replay. */
class Replay extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used before`);
  }
}

/** `Idempotency-Key` header, namespaced per player; a random key when the client sent none. */
export function betKey(userId: string, header: unknown): string {
  if (header === undefined) return `bet:${userId}:${randomUUID()}`;
  if (typeof header !== 'string' || !/^[\w.:-]{8,200}$/.test(header))
    throw invalid('idempotency_key', 'invalid_idempotency_key');
  return `bet:${userId}:${header}`;
}

/** What the floats of a bet decide. */
export interface Settlement<G extends BetGame> {
  outcome: BetOutcome<G>;
  payout: bigint;
  /** The multiplier paid, as a decimal string (4 decimals, docs/api-games.md). */
  multiplier: string;
}

/** A bet to open: validated inputs, the stake and what decides it. */
export interface NewBet<G extends BetGame> {
  game: G;
  stake: bigint;
  params: BetParams<G>;
  /** `settled`: decided now (instant games); `active`: a round that later moves settle. */
  status: 'settled' | 'active';
  /** Stream floats `settle` reads (0 for a round whose floats its moves read). */
  floatCount: number;
  settle: (floats: readonly number[]) => Settlement<G>;
  /** What identifies the request under its key (default: game, stake, params); another request is a 409. */
  request?: Record<string, unknown>;
  /** Runs once the nonce is taken (the player's bets queue there): refuse the bet by throwing. */
  check?: (tx: Queryable) => Promise<void>;
  /**
   * The bet's smallest win (smallest multiplier above 1×; a round's first step), null when it has
   * none: a stake at which it would not pay more than the stake is refused (`checkStakeCanWin`).
   */
  smallestWin?: Ratio | null;
  /**
   * The most the bet can pay (a round's first step), minor units: a bet whose profit could pass the
   * currency's maximum profit per bet is refused up front (`checkMaxProfit`).
   */
  bestPayout?: bigint;
}

/** The player's cash account and their house shard in one currency. */
export interface Accounts {
  playerAccount: string;
  houseAccount: string;
}

export async function accountsOf(deps: GamesDeps, userId: string, currency: Currency): Promise<Accounts> {
  const [playerAccount, houseAccount] = await Promise.all([
    committedAccountId(deps.database, { userId, kind: 'cash' }, currency),
    committedAccountId(deps.database, houseShard(userId), currency),
  ]);
  return { playerAccount, houseAccount };
}

/** A committed bet and the player's balances after it. */
export interface Moved<G extends BetGame> {
  row: BetRow<G>;
  cash: bigint;
  bonus: bigint;
}

/** After commit: a settled bet goes to the public feeds, the balances to the player's channel. */
export function afterCommit<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  moved: Moved<G>,
): BetAnswer<G> {
  if (moved.row.status === 'settled') announce(deps, user, moved.row);
  deps.publishBalances(user.id, moved.row.currency, moved.cash, moved.bonus);
  return { bet: betView(moved.row), balance: fromMinor(moved.cash) };
}

/** Opens (and for instant games settles) a bet in one transaction; a retried key replays. */
export async function placeBet<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  bet: NewBet<G>,
  key: string,
): Promise<BetAnswer<G>> {
  const currency = currencyOf(user);
  checkLimits(deps.config, bet.game, currency, bet.stake);
  checkStakeCanWin(bet.stake, bet.smallestWin ?? null);
  if (bet.bestPayout !== undefined) checkMaxProfit(deps.config, currency, bet.stake, bet.bestPayout);
  const requestHash = requestHashOf(bet.request ?? { game: bet.game, stake: bet.stake, params: bet.params });
  if (bet.status === 'settled' && !bet.check)
    return inTurn(user.id, () => placeInstant(deps, user, bet, key, requestHash));
  return placeInTransaction(deps, user, bet, key, requestHash);
}

/** The multi-statement transaction: rounds, and the instant bets the one statement hands over. */
async function placeInTransaction<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  bet: NewBet<G>,
  key: string,
  requestHash: string,
): Promise<BetAnswer<G>> {
  const { database } = deps;
  const currency = currencyOf(user);
  await ensurePairs(database, user.id);
  const accounts = await accountsOf(deps, user.id, currency);
  let moved: Moved<G>;
  let nonce: TakenNonce | undefined;
  try {
    moved = await database.transaction(async (tx) => {
      const transactionId = await openTransaction(tx, {
        idempotencyKey: key,
        kind: 'game_bet',
        requestHash,
        metadata: { game: bet.game },
      });
      if (!transactionId) throw new Replay(key);
      const taken = await takeNonce(tx, user.id);
      nonce = taken;
      await bet.check?.(tx);
      const settlement = bet.settle(bet.floatCount > 0 ? floats(taken, bet.floatCount) : []);
      const funding = await fundStake(tx, user.id, currency, bet.stake, bet.game);
      const shares = payoutShares(settlement.payout, bet.stake, funding.bonus);
      const row = await insertBet(tx, {
        userId: user.id,
        game: bet.game,
        status: bet.status,
        currency,
        stake: bet.stake,
        params: bet.params,
        taken,
        transactionId,
        ...settlement,
        funding,
        bonusPayout: shares.bonus,
      });
      // An instant bet settles here; a round counts when it settles (`payRound`, `settleLost`).
      const settling =
        bet.status === 'settled' ? await countSettled(tx, [settledStake(user.id, row, funding)]) : null;
      let balances = await moveWithHouse(tx, {
        transactionId,
        ...accounts,
        currency,
        userId: user.id,
        stake: bet.stake - funding.bonus,
        payout: shares.cash,
        requireBalance: bet.stake - funding.bonus,
        bonus: await bonusLegs(tx, user.id, currency, funding.bonus, shares.bonus),
      });
      // A completed wagering moved the money again after the bet's own move.
      if (
        settling &&
        (await finishSettlement(tx, settling, bonusShares(user.id, row, funding, shares.bonus))).size
      )
        balances = await playerBalances(tx, user.id, currency);
      return { row, ...balances };
    });
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    return replayBet(deps, user, key, requestHash, 'transaction_id') as Promise<BetAnswer<G>>;
  }
  // Committed: the player's next instant bet is predicted to take the following nonce.
  if (nonce) nonceTaken(database, user.id, nonce);
  return afterCommit(deps, user, moved);
}

/**
 * How this process's instant bets went (src/server/metrics.ts counters): placed by the one
 * statement, predictions found stale (each costs one more round trip), and bets handed to the
 * transaction.
 */
export const instantBets = {
  oneStatement: defineCounter('instant_bets_one_statement_total', 'Instant bets placed by the one statement'),
  staleNonce: defineCounter(
    'instant_bets_stale_nonce_total',
    'Predicted nonces the one statement found stale (each costs one more round trip)',
  ),
  handedOver: defineCounter(
    'instant_bets_handed_over_total',
    'Instant bets handed to the multi-statement transaction (the bonus engine’s cases, stale predictions)',
  ),
};

/** Tries of the one statement with a fresh prediction before the transaction takes the nonce. */
const PREDICTION_TRIES = 3;

/** Raised by `place_instant_bet` (drizzle/0015_bet_function.sql). */
const STALE_NONCE = 'CB001';
const ENGINE_DECIDES = 'CB002';
const NO_FUNDS = 'CB003';

const PLACE_INSTANT_SQL = `select r_status, r_transaction::text, r_bet::text, r_client_seed, r_created,
  r_cash::text, r_bonus::text
  from place_instant_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`;

interface PlacedRow {
  r_status: 'placed' | 'replay';
  r_transaction: string | null;
  r_bet: string | null;
  r_client_seed: string | null;
  r_created: Date | null;
  r_cash: string | null;
  r_bonus: string | null;
}

/** Stakes (minor units) at which a VIP level is reached, per currency: crossing one is the engine's. */
const levelMarks = new Map<Currency, string[]>();
function levelMarksOf(currency: Currency): string[] {
  let marks = levelMarks.get(currency);
  if (!marks) {
    marks = VIP_LEVELS.map((level) => (BigInt(level.points) * POINT_MINOR[currency]).toString());
    levelMarks.set(currency, marks);
  }
  return marks;
}

/** Each player's instant bets in this process, one after the other (their nonce is predicted). */
const turns = new Map<string, Promise<unknown>>();

export function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(userId);
  const run = previous ? previous.then(work, work) : work();
  const settled = run.then(
    () => {},
    () => {},
  );
  turns.set(userId, settled);
  void settled.then(() => {
    if (turns.get(userId) === settled) turns.delete(userId);
  });
  return run;
}

/** The postings of a house move: stake player → house, payout house → player (zero legs left out). */
function houseLegs(accounts: Accounts, stake: bigint, payout: bigint) {
  const ids: string[] = [];
  const amounts: string[] = [];
  if (stake > 0n) {
    ids.push(accounts.playerAccount, accounts.houseAccount);
    amounts.push((-stake).toString(), stake.toString());
  }
  if (payout > 0n) {
    ids.push(accounts.houseAccount, accounts.playerAccount);
    amounts.push((-payout).toString(), payout.toString());
  }
  return { ids, amounts };
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An instant bet in one statement (see the module's comment); the rare cases take the transaction. */
async function placeInstant<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  bet: NewBet<G>,
  key: string,
  requestHash: string,
): Promise<BetAnswer<G>> {
  const { database } = deps;
  const currency = currencyOf(user);
  const accounts = await accountsOf(deps, user.id, currency);
  for (let attempt = 0; attempt < PREDICTION_TRIES; attempt += 1) {
    const taken = await predictNonce(database, user.id);
    const settlement = bet.settle(bet.floatCount > 0 ? floats(taken, bet.floatCount) : []);
    const legs = houseLegs(accounts, bet.stake, settlement.payout);
    let placed: PlacedRow | undefined;
    try {
      [placed] = await database.query<PlacedRow>(
        PLACE_INSTANT_SQL,
        [
          key,
          requestHash,
          JSON.stringify({ game: bet.game }),
          user.id,
          bet.game,
          currency,
          bet.stake.toString(),
          settlement.payout.toString(),
          settlement.multiplier,
          taken.pairId,
          taken.nonce.toString(),
          JSON.stringify(bet.params),
          JSON.stringify(settlement.outcome),
          accounts.playerAccount,
          accounts.houseAccount,
          edgeBpsOf(bet.game).toString(),
          levelMarksOf(currency),
          legs.ids,
          legs.amounts,
        ],
        'games_place_instant',
      );
    } catch (error) {
      const state = sqlState(error);
      if (state === STALE_NONCE) {
        instantBets.staleNonce.inc();
        forgetNonce(database, user.id);
        continue;
      }
      if (state === ENGINE_DECIDES) break;
      if (state === NO_FUNDS) throw new InsufficientFunds();
      throw error;
    }
    if (!placed) throw new Error('place_instant_bet returned nothing');
    if (placed.r_status === 'replay')
      return replayBet(deps, user, key, requestHash, 'transaction_id') as Promise<BetAnswer<G>>;
    instantBets.oneStatement.inc();
    nonceTaken(database, user.id, taken);
    const row = {
      id: placed.r_bet!,
      game: bet.game,
      status: 'settled',
      currency,
      amount: bet.stake.toString(),
      payout: settlement.payout.toString(),
      multiplier: settlement.multiplier,
      params: bet.params,
      outcome: settlement.outcome,
      nonce: taken.nonce.toString(),
      client_seed: placed.r_client_seed!,
      commitment: taken.commitment,
      server_seed: null,
      seed_pair_id: taken.pairId,
      created_at: placed.r_created!,
      settled_at: placed.r_created!,
    } as BetRow<G>;
    return afterCommit(deps, user, { row, cash: BigInt(placed.r_cash!), bonus: BigInt(placed.r_bonus!) });
  }
  instantBets.handedOver.inc();
  return placeInTransaction(deps, user, bet, key, requestHash);
}

/** The answer to a retried key: the bet it created or settled (as it stands now) and the balance first answered. */
async function replayBet(
  deps: GamesDeps,
  user: UserRow,
  key: string,
  requestHash: string,
  column: 'transaction_id' | 'settle_transaction_id',
): Promise<BetAnswer> {
  const transaction = await existingTransaction(deps.database, key, requestHash);
  const row = await betOfTransaction(deps.database, user.id, transaction.id, column);
  if (!row) throw new DomainError('conflict', { idempotency_key: ['idempotency_conflict'] });
  return {
    bet: betView(row),
    balance: await answeredBalance(deps, user.id, row.currency, transaction.result),
  };
}

/** The balance a money move answered with (stored on its ledger transaction), else the current one. */
async function answeredBalance(
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
  return fromMinor(await walletCash(deps.database, userId, currency));
}

/** The `game_win` ledger transaction of a payout: its idempotency key, what identifies it, what it records. */
export interface WinEntry {
  key: string;
  request: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** How a round ends in a payout: what it pays, from which accounts, under which ledger entry. */
export interface RoundPayout<G extends BetGame> {
  payout: bigint;
  multiplier: string;
  entry: WinEntry;
  accounts: Accounts;
  /** The round's final inputs and outcome, when the move that ends it changed them. */
  params?: BetParams<G>;
  outcome?: BetOutcome<G>;
}

/**
 * Inside the transaction that holds the round's row lock: opens the `game_win` ledger transaction,
 * pays the payout from the house and settles the round. Throws `Replay` when the key was used.
 */
export async function payRound<G extends BetGame>(
  tx: Queryable,
  userId: string,
  row: BetRow<G>,
  win: RoundPayout<G>,
): Promise<Moved<G>> {
  const funding = await fundingOf(tx, row.id);
  const settling = await countSettled(tx, [settledStake(userId, row, funding)]);
  const transactionId = await openTransaction(tx, {
    idempotencyKey: win.entry.key,
    kind: 'game_win',
    requestHash: requestHashOf(win.entry.request),
    metadata: win.entry.metadata,
  });
  if (!transactionId) throw new Replay(win.entry.key);
  const shares = payoutShares(win.payout, BigInt(row.amount), funding.bonus);
  let balances = await moveWithHouse(tx, {
    transactionId,
    ...win.accounts,
    currency: row.currency,
    userId,
    stake: 0n,
    payout: shares.cash,
    requireBalance: 0n,
    bonus: await bonusLegs(tx, userId, row.currency, 0n, shares.bonus),
  });
  const settled = await settleRound(tx, row, {
    payout: win.payout,
    bonusPayout: shares.bonus,
    multiplier: win.multiplier,
    settleTransactionId: transactionId,
    ...(win.params ? { params: win.params } : {}),
    ...(win.outcome ? { outcome: win.outcome } : {}),
  });
  if ((await finishSettlement(tx, settling, bonusShares(userId, row, funding, shares.bonus))).size)
    balances = await playerBalances(tx, userId, row.currency);
  return { row: settled, ...balances };
}

/** Inside the transaction holding the round's row lock: the round is lost, it settles paying nothing. */
export async function settleLost<G extends BetGame>(
  tx: Queryable,
  userId: string,
  row: BetRow<G>,
  end: { params: BetParams<G>; outcome: BetOutcome<G> },
): Promise<{ row: BetRow<G>; balances?: { cash: bigint; bonus: bigint } }> {
  const funding = await fundingOf(tx, row.id);
  const settling = await countSettled(tx, [settledStake(userId, row, funding)]);
  const settled = await settleRound(tx, row, {
    payout: 0n,
    bonusPayout: 0n,
    multiplier: '0',
    settleTransactionId: null,
    ...end,
  });
  // A loss moves no money, unless the stake completed a wagering (the bonus converted).
  if ((await finishSettlement(tx, settling, [])).size)
    return { row: settled, balances: await playerBalances(tx, userId, row.currency) };
  return { row: settled };
}

/** What the bonus engine reads of a bet. */
type StakeRow = { id: string; currency: Currency; game: string; amount: string };

/** A bet as the bonus engine counts it once settled. */
function settledStake(userId: string, row: StakeRow, funding: Funding): SettledStake {
  return {
    userId,
    currency: row.currency,
    game: row.game,
    stake: BigInt(row.amount),
    bonusStake: funding.bonus,
    grantId: funding.grantId,
  };
}

/** The bonus share of a settled bet's payout, for `finishSettlement` (none for real money). */
function bonusShares(userId: string, row: StakeRow, funding: Funding, amount: bigint): BonusShare[] {
  if (!funding.grantId) return [];
  return [{ grantId: funding.grantId, userId, currency: row.currency, amount, ref: `bet:${row.id}` }];
}

/** The bonus account's side of a money move, when bonus money takes part. */
async function bonusLegs(tx: Queryable, userId: string, currency: Currency, stake: bigint, payout: bigint) {
  if (stake === 0n && payout === 0n) return undefined;
  return { account: await accountId(tx, { userId, kind: 'bonus' }, currency), stake, payout };
}

/** A cash-out of the player's open round of one game. */
export interface CashOut<G extends BetGame> {
  game: G;
  /** What identifies the cash-out under its key. */
  request: Record<string, unknown>;
  /**
   * In the transaction: the open round, locked (a DomainError `game: no_game_in_progress` when there
   * is none), and what it pays now (or a DomainError when it cannot be cashed out); `outcome` when
   * the end of the round shows more (miner: every mine).
   */
  close: (
    tx: Queryable,
  ) => Promise<{ row: BetRow<G>; payout: bigint; multiplier: string; outcome?: BetOutcome<G> }>;
}

/**
 * Pays out and settles the player's open round under the player's key. A retry answers the first
 * answer, also when the round it settled has ended since (the key names the settled bet).
 */
export async function cashOut<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  key: string,
  round: CashOut<G>,
): Promise<BetAnswer<G>> {
  const currency = currencyOf(user);
  const accounts = await accountsOf(deps, user.id, currency);
  let moved: Moved<G>;
  try {
    moved = await deps.database.transaction(async (tx) => {
      const { row, payout, multiplier, outcome } = await round.close(tx);
      return payRound(tx, user.id, row, {
        payout,
        multiplier,
        ...(outcome ? { outcome } : {}),
        entry: { key, request: round.request, metadata: { game: round.game, bet: row.id } },
        accounts,
      });
    });
  } catch (error) {
    if (error instanceof Replay)
      return replayBet(deps, user, key, requestHashOf(round.request), 'settle_transaction_id') as Promise<
        BetAnswer<G>
      >;
    if (error instanceof DomainError && error.has('game', 'no_game_in_progress')) {
      // A retried cash-out whose first attempt settled the round: answer with that bet.
      const paid = await transactionByKey(deps.database, key);
      const row = paid && (await betOfTransaction(deps.database, user.id, paid.id, 'settle_transaction_id'));
      if (paid && row)
        return {
          bet: betView(row),
          balance: await answeredBalance(deps, user.id, currency, paid.result),
        } as BetAnswer<G>;
    }
    throw error;
  }
  return afterCommit(deps, user, moved);
}
