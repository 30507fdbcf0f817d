import { z } from 'zod';
import * as coinflip from '../../../games/coinflip/engine.ts';
import { floats } from '../../../games/fair/node.ts';
import { applyRatio, toDecimal } from '../../../games/ratio.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import type { UserRow } from '../auth/repository.ts';
import {
  committedAccountId,
  houseShard,
  moveWithHouse,
  openTransaction,
  requestHashOf,
} from '../wallet/ledger.ts';
import {
  announce,
  answeredBalance,
  BET_SELECT,
  type BetAnswer,
  type BetRow,
  betOf,
  betView,
  cashBalance,
  checkLimits,
  currencyOf,
  type GamesDeps,
  insertBet,
  replayBet,
} from './bets.ts';
import { amountField } from './instant.ts';
import { ensurePairs, pairSecret, takeNonce } from './seeds.ts';

/**
 * Coinflip (FAIRNESS.md §3): a series of up to 20 calls that spans requests. `start` takes the
 * stake and one nonce; flip i is float_i of that nonce; a wrong call loses; `cashout` pays
 * stake × 0.99 × 2ⁿ. Only the flips already called are ever stored or shown. While a series is
 * open the seed pair cannot rotate (rotation would reveal the remaining flips).
 */

export const startBody = z.object({ amount: amountField });
export const flipBody = z.object({
  side: z.enum(['heads', 'tails'], { error: 'invalid_side' }),
  /** The flip the client means (0-based); a retry of an answered flip does not flip again. */
  index: z
    .number()
    .int()
    .min(0)
    .max(coinflip.MAX_FLIPS - 1, { error: 'invalid_index' })
    .optional(),
  /** The series the client means: a retry of a series that has ended since is answered with it. */
  bet_id: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'invalid_bet_id' })
    .optional(),
});

interface SeriesState {
  calls: coinflip.CoinSide[];
  flips: coinflip.CoinSide[];
}

class Replay extends Error {}

export async function activeSeries(deps: GamesDeps, userId: string): Promise<BetRow | undefined> {
  const [row] = await deps.database.query<BetRow>(
    `${BET_SELECT} where b.user_id = $1 and b.game = 'coinflip' and b.status = 'active'`,
    [userId],
  );
  return row;
}

export async function startSeries(
  deps: GamesDeps,
  user: UserRow,
  body: unknown,
  key: string,
): Promise<BetAnswer> {
  const { database } = deps;
  const { amount } = startBody.parse(body);
  const currency = currencyOf(user);
  checkLimits(deps.config, 'coinflip', currency, amount);
  const requestHash = requestHashOf({ game: 'coinflip', stake: amount });
  await ensurePairs(database, user.id);
  const { playerAccount, houseAccount } = await accountsOf(deps, user, currency);
  try {
    const started = await database.transaction(async (tx) => {
      const transactionId = await openTransaction(tx, {
        idempotencyKey: key,
        kind: 'game_bet',
        requestHash,
        metadata: { game: 'coinflip' },
      });
      if (!transactionId) throw new Replay();
      const taken = await takeNonce(tx, user.id);
      const [open] = await tx.query(
        `select 1 from bets where user_id = $1 and game = 'coinflip' and status = 'active'`,
        [user.id],
      );
      if (open) throw invalid('game', 'game_in_progress');
      const row = await insertBet(tx, {
        user,
        currency,
        play: { game: 'coinflip', stake: amount, params: { calls: [] } },
        taken,
        transactionId,
        status: 'active',
        result: { outcome: { flips: [] }, payout: 0n, multiplier: '0' },
      });
      const balances = await moveWithHouse(tx, {
        transactionId,
        playerAccount,
        houseAccount,
        currency,
        userId: user.id,
        stake: amount,
        payout: 0n,
        requireBalance: amount,
      });
      return { row, ...balances };
    });
    deps.publishBalances(user.id, currency, started.cash, started.bonus);
    return { bet: betView(started.row), balance: fromMinor(started.cash) };
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    return replayBet(deps, user, key, requestHash);
  }
}

/** Locks the open series of the player (or 422 when there is none). */
async function lockSeries(tx: Queryable, userId: string) {
  const [row] = await tx.query<BetRow>(
    `${BET_SELECT} where b.user_id = $1 and b.game = 'coinflip' and b.status = 'active'
      for update of b`,
    [userId],
  );
  if (!row) throw invalid('game', 'no_game_in_progress');
  return row;
}

function stateOf(row: BetRow): SeriesState {
  return {
    calls: (row.params as { calls: coinflip.CoinSide[] }).calls,
    flips: (row.outcome as { flips: coinflip.CoinSide[] }).flips,
  };
}

interface Accounts {
  playerAccount: string;
  houseAccount: string;
}

async function accountsOf(deps: GamesDeps, user: UserRow, currency: Currency): Promise<Accounts> {
  const [playerAccount, houseAccount] = await Promise.all([
    committedAccountId(deps.database, { userId: user.id, kind: 'cash' }, currency),
    committedAccountId(deps.database, houseShard(user.id), currency),
  ]);
  return { playerAccount, houseAccount };
}

/** Pays the locked series' cash-out inside the caller's transaction and settles it. */
async function payOut(
  tx: Queryable,
  row: BetRow,
  calls: number,
  transactionId: string,
  accounts: Accounts,
  userId: string,
) {
  const multiplier = coinflip.multiplier(calls);
  const payout = applyRatio(BigInt(row.amount), multiplier);
  const balances = await moveWithHouse(tx, {
    transactionId,
    ...accounts,
    currency: row.currency,
    userId,
    stake: 0n,
    payout,
    requireBalance: 0n,
  });
  const [settled] = await tx.query<{ settled_at: Date }>(
    `update bets set status = 'settled', payout = $2, multiplier = $3, settle_transaction_id = $4, settled_at = now()
      where id = $1 returning settled_at`,
    [row.id, payout.toString(), toDecimal(multiplier, 4), transactionId],
  );
  const done: BetRow = {
    ...row,
    status: 'settled',
    payout: payout.toString(),
    multiplier: toDecimal(multiplier, 4),
    settled_at: settled!.settled_at,
  };
  return { row: done, ...balances };
}

/** The key of the automatic cash-out after the 20th right call (no header can produce it). */
const autoCashoutKey = (userId: string, betId: string) => `bet-auto:${userId}:coinflip:${betId}`;

/**
 * Reveals the next flip for the player's call. A wrong call settles the series as lost; the 20th
 * right call cashes out in the same transaction, so no further call can ever reach the series.
 */
export async function flip(deps: GamesDeps, user: UserRow, body: unknown): Promise<BetAnswer> {
  const input = flipBody.parse(body);
  const currency = currencyOf(user);
  const accounts = await accountsOf(deps, user, currency);
  let outcome: { row: BetRow; changed: boolean; cash?: bigint; bonus?: bigint };
  try {
    outcome = await deps.database.transaction(async (tx) => {
      const row = await lockSeries(tx, user.id);
      if (input.bet_id !== undefined && input.bet_id !== row.id) throw invalid('game', 'no_game_in_progress');
      const state = stateOf(row);
      if (input.index !== undefined && input.index < state.calls.length) return { row, changed: false };
      if (input.index !== undefined && input.index > state.calls.length)
        throw invalid('index', 'invalid_index');
      if (state.calls.length >= coinflip.MAX_FLIPS) throw invalid('game', 'no_game_in_progress');
      const serverSeed = await pairSecret(tx, row.seed_pair_id);
      const calls = [...state.calls, input.side];
      const stream = floats(
        { serverSeed, clientSeed: row.client_seed, nonce: BigInt(row.nonce) },
        calls.length,
      );
      const result = coinflip.outcome(stream, calls);
      const params = { calls };
      const out = { flips: result.flips };
      if (result.lost) {
        const [settled] = await tx.query<{ settled_at: Date }>(
          `update bets set params = $2, outcome = $3, status = 'settled', payout = 0, multiplier = '0', settled_at = now()
            where id = $1 returning settled_at`,
          [row.id, JSON.stringify(params), JSON.stringify(out)],
        );
        const lost: BetRow = {
          ...row,
          params,
          outcome: out,
          status: 'settled',
          payout: '0',
          multiplier: '0',
          settled_at: settled!.settled_at,
        };
        return { row: lost, changed: true };
      }
      const multiplier = toDecimal(result.multiplier, 4);
      await tx.query(`update bets set params = $2, outcome = $3, multiplier = $4 where id = $1`, [
        row.id,
        JSON.stringify(params),
        JSON.stringify(out),
        multiplier,
      ]);
      const won: BetRow = { ...row, params, outcome: out, multiplier };
      if (calls.length < coinflip.MAX_FLIPS) return { row: won, changed: true };
      const transactionId = await openTransaction(tx, {
        idempotencyKey: autoCashoutKey(user.id, row.id),
        kind: 'game_win',
        requestHash: requestHashOf({ game: 'coinflip', action: 'cashout', bet: row.id }),
        metadata: { game: 'coinflip', bet: row.id, automatic: true },
      });
      if (!transactionId) throw new Error(`coinflip ${row.id} was cashed out already`);
      const paid = await payOut(tx, won, calls.length, transactionId, accounts, user.id);
      return { ...paid, changed: true };
    });
  } catch (error) {
    // A retried call for a flip of the named series, which has ended since: answer with it.
    if (
      input.index !== undefined &&
      input.bet_id !== undefined &&
      error instanceof ApiError &&
      error.errors.game?.includes('no_game_in_progress')
    ) {
      const [ended] = await deps.database.query<BetRow>(
        `${BET_SELECT} where b.user_id = $1 and b.game = 'coinflip' and b.id = $2 and b.status = 'settled'`,
        [user.id, input.bet_id],
      );
      if (ended && stateOf(ended).calls.length > input.index)
        return { bet: betView(ended), balance: await cashBalance(deps, user.id, currency) };
    }
    throw error;
  }
  if (outcome.changed && outcome.row.status === 'settled') announce(deps, user, outcome.row);
  if (outcome.cash !== undefined && outcome.bonus !== undefined) {
    deps.publishBalances(user.id, currency, outcome.cash, outcome.bonus);
    return { bet: betView(outcome.row), balance: fromMinor(outcome.cash) };
  }
  return { bet: betView(outcome.row), balance: await cashBalance(deps, user.id, currency) };
}

/** Pays stake × 0.99 × 2ⁿ after n ≥ 1 right calls and settles the series. */
export async function cashout(deps: GamesDeps, user: UserRow, key: string): Promise<BetAnswer> {
  const { database } = deps;
  const currency = currencyOf(user);
  const accounts = await accountsOf(deps, user, currency);
  const requestHash = requestHashOf({ game: 'coinflip', action: 'cashout' });
  try {
    const paid = await database.transaction(async (tx) => {
      const row = await lockSeries(tx, user.id);
      const { calls } = stateOf(row);
      if (calls.length === 0) throw invalid('game', 'nothing_to_cash_out');
      const transactionId = await openTransaction(tx, {
        idempotencyKey: key,
        kind: 'game_win',
        requestHash,
        metadata: { game: 'coinflip', bet: row.id },
      });
      if (!transactionId) throw new Replay();
      return payOut(tx, row, calls.length, transactionId, accounts, user.id);
    });
    announce(deps, user, paid.row);
    deps.publishBalances(user.id, currency, paid.cash, paid.bonus);
    return { bet: betView(paid.row), balance: fromMinor(paid.cash) };
  } catch (error) {
    if (error instanceof Replay) return replayBet(deps, user, key, requestHash, 'settle_transaction_id');
    // A retried cash-out whose first attempt already settled the series: answer with that bet.
    if (error instanceof ApiError && error.errors.game?.includes('no_game_in_progress')) {
      const [paid] = await database.query<{ id: string; result: unknown }>(
        `select b.id::text, t.result from bets b join ledger_transactions t on t.id = b.settle_transaction_id
          where t.idempotency_key = $1 and b.user_id = $2`,
        [key, user.id],
      );
      const row = paid && (await betOf(database, user.id, paid.id));
      if (row)
        return { bet: betView(row), balance: await answeredBalance(deps, user.id, currency, paid.result) };
    }
    throw error;
  }
}
