import { floats } from '../../../games/fair/node.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetAnswer, BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import type { Funding } from '../bonus/wagering.ts';
import { playerBalances, cashBalance as walletCash } from '../ledger/balances.ts';
import { requestHashOf } from '../ledger/ledger.ts';
import { transactionByKey } from '../ledger/transactions.ts';
import {
  type Accounts,
  answeredBalance,
  KeyUsed,
  type LedgerEntry,
  type Settled,
  settle,
  stake,
  stakeAccounts,
  type Wager,
} from '../wallet/stakes.ts';
import { afterCommit, type Moved, type NewBet, replayBet, type Settlement } from './bet.ts';
import { type BetRow, betOfTransaction, fundingOf, insertBet, settleRound } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { inTurn, placeInstant } from './instant-statement.ts';
import { checkLimits, checkMaxProfit, checkStakeCanWin, currencyOf } from './limits.ts';
import { ensurePairs, nonceTaken, type TakenNonce, takeNonce } from './seeds.ts';
import { betView } from './views.ts';

export { betKey, type NewBet } from './bet.ts';

/**
 * The bet pipeline of the originals (docs/architecture.md "A bet"): every money-moving game call
 * is one short database transaction through the wallet (src/server/modules/wallet/stakes.ts):
 *
 *   `stake`: the ledger key → take the nonce (locks the player's seed pair, so the player's bets
 *   queue and nonces are consecutive) and decide the outcome → what pays the stake → insert the bet
 *   → (an instant bet: count it, record its wager) → the money with the house → commit → publish.
 *
 * An instant bet (decided at once, no `check`) first tries the same steps in one statement
 * (instant-statement.ts); the cases it cannot decide come here. A key used before rolls the
 * transaction back (`KeyUsed`) and answers what it first answered. `placeBet` opens a bet: an
 * instant game's, decided at once, or a round (`status: 'active'`: coinflip, miner, hi-lo) that the
 * game's own moves continue and `cashOut` (or `payRound` inside such a move) settles through the
 * wallet's `settle`, with a second ledger transaction, `game_win`, when it pays.
 */

export const accountsOf = (deps: GamesDeps, userId: string, currency: Currency): Promise<Accounts> =>
  stakeAccounts(deps.database, userId, currency);

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
  if (bet.status === 'settled' && !bet.check && deps.config.env.INSTANT_BET_PATH === 'auto')
    return inTurn(
      user.id,
      async () =>
        (await placeInstant(deps, user, bet, key, requestHash)) ??
        placeInTransaction(deps, user, bet, key, requestHash),
    );
  return placeInTransaction(deps, user, bet, key, requestHash);
}

/** The wallet's `stake` in one transaction: rounds, and the instant bets the one statement hands over. */
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
  let nonce: TakenNonce | undefined;
  let moved: Moved<G>;
  try {
    moved = await database.transaction(async (tx) => {
      let settlement: Settlement<G> | undefined;
      const staked = await stake(tx, {
        userId: user.id,
        currency,
        product: 'originals',
        game: bet.game,
        amount: bet.stake,
        accounts,
        entry: { key, kind: 'game_bet', requestHash, metadata: { game: bet.game } },
        prepare: async () => {
          nonce = await takeNonce(tx, user.id);
          await bet.check?.(tx);
          settlement = bet.settle(bet.floatCount > 0 ? floats(nonce, bet.floatCount) : []);
          // An instant bet settles here; a round counts when it settles (`payRound`, `settleLost`).
          return bet.status === 'settled' ? settlement.payout : undefined;
        },
        record: ({ transactionId, funding, bonusPayout }) =>
          insertBet(tx, {
            userId: user.id,
            game: bet.game,
            status: bet.status,
            currency,
            stake: bet.stake,
            params: bet.params,
            taken: nonce!,
            transactionId,
            ...settlement!,
            funding,
            bonusPayout,
          }),
        refOf: (row) => wagerRef(row),
      });
      return { row: staked.record, cash: staked.cash, bonus: staked.bonus };
    });
  } catch (error) {
    if (!(error instanceof KeyUsed)) throw error;
    return replayBet(deps, user, key, requestHash, 'transaction_id') as Promise<BetAnswer<G>>;
  }
  // Committed: the player's next instant bet is predicted to take the following nonce.
  if (nonce) nonceTaken(database, user.id, nonce);
  return afterCommit(deps, user, moved);
}

/** A bet's id in the wager record. */
const wagerRef = (row: { id: string }) => `bet:${row.id}`;

/** What the wallet records of a bet once it settles. */
function wagerOf(
  userId: string,
  row: Pick<BetRow, 'id' | 'currency' | 'game' | 'amount'>,
  funding: Funding,
  payout: bigint,
): Wager {
  return {
    userId,
    currency: row.currency,
    product: 'originals',
    game: row.game,
    ref: wagerRef(row),
    stake: BigInt(row.amount),
    bonusStake: funding.bonus,
    grantId: funding.grantId,
    payout,
  };
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

const winEntry = (entry: WinEntry): LedgerEntry => ({
  key: entry.key,
  kind: 'game_win',
  requestHash: requestHashOf(entry.request),
  metadata: entry.metadata,
});

/** The player's balances after a settlement: as it moved them, else as they stand. */
async function balancesAfter(tx: Queryable, settled: Settled, userId: string, currency: Currency) {
  return settled.balances.get(userId) ?? playerBalances(tx, userId, currency);
}

/**
 * Inside the transaction that holds the round's row lock: the wallet settles the round, paying its
 * payout from the house under the `game_win` entry, and the round is marked settled. Throws
 * `KeyUsed` when the key was used.
 */
export async function payRound<G extends BetGame>(
  tx: Queryable,
  userId: string,
  row: BetRow<G>,
  win: RoundPayout<G>,
): Promise<Moved<G>> {
  const funding = await fundingOf(tx, row.id);
  const wager = wagerOf(userId, row, funding, win.payout);
  const settled = await settle(tx, [{ wager, pay: { entry: winEntry(win.entry), accounts: win.accounts } }]);
  const paid = settled.paid.get(wager.ref);
  const done = await settleRound(tx, row, {
    payout: win.payout,
    bonusPayout: paid?.bonusPayout ?? 0n,
    multiplier: win.multiplier,
    settleTransactionId: paid?.transactionId ?? null,
    ...(win.params ? { params: win.params } : {}),
    ...(win.outcome ? { outcome: win.outcome } : {}),
  });
  return { row: done, ...(await balancesAfter(tx, settled, userId, row.currency)) };
}

/** Inside the transaction holding the round's row lock: the round is lost, it settles paying nothing. */
export async function settleLost<G extends BetGame>(
  tx: Queryable,
  userId: string,
  row: BetRow<G>,
  end: { params: BetParams<G>; outcome: BetOutcome<G> },
): Promise<{ row: BetRow<G>; balances?: { cash: bigint; bonus: bigint } }> {
  const funding = await fundingOf(tx, row.id);
  const settled = await settle(tx, [{ wager: wagerOf(userId, row, funding, 0n) }]);
  const done = await settleRound(tx, row, {
    payout: 0n,
    bonusPayout: 0n,
    multiplier: '0',
    settleTransactionId: null,
    ...end,
  });
  // A loss moves no money, unless the stake completed a wagering (the bonus converted).
  const balances = settled.balances.get(userId);
  return balances ? { row: done, balances } : { row: done };
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
    if (error instanceof KeyUsed)
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
          balance: await answeredBalance(deps.database, user.id, currency, paid.result),
        } as BetAnswer<G>;
    }
    throw error;
  }
  return afterCommit(deps, user, moved);
}
