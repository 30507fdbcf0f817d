import { randomUUID } from 'node:crypto';
import type { Ratio } from '../../../games/ratio.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetAnswer, BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { existingTransaction } from '../ledger/ledger.ts';
import { answeredBalance } from '../wallet/stakes.ts';
import { type BetRow, betOfTransaction } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { announce } from './feed.ts';
import { betView } from './views.ts';

/** A bet of the originals: what a game hands the pipeline (pipeline.ts), and the answers it gives. */

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

/** The answer to a retried key: the bet it created or settled (as it stands now) and the balance first answered. */
export async function replayBet(
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
    balance: await answeredBalance(deps.database, user.id, row.currency, transaction.result),
  };
}
