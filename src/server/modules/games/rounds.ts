import { floats } from '../../../games/fair/node.ts';
import { applyRatio, type Ratio, toDecimal } from '../../../games/ratio.ts';
import type { BetAnswer, BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { afterCommit, type NewBet } from './bet.ts';
import { type BetRow, endedRoundOf, hasOpenRound, openRoundOf, updateRound } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { announce } from './feed.ts';
import { currencyOf, maxProfitOf } from './limits.ts';
import { accountsOf, cashBalance, cashOut, payRound, settleLost } from './pipeline.ts';
import { pairSecret } from './seeds.ts';
import { betView } from './views.ts';

/**
 * Rounds that span requests (coinflip, miner, hi-lo; docs/api-games.md "Rounds across requests").
 * A round is a bet row with `status: 'active'`, so it survives a reload, another device and a
 * server restart. The start takes the stake and one nonce (`roundStart`, through the bet pipeline);
 * each step locks the row, reads the stream of that nonce on the server and stores only what the
 * player has seen; a cash-out (or the automatic one: the round is complete, or its next step could
 * pass the maximum profit per bet) pays with a second ledger transaction.
 *
 * A step request names its round (`bet_id`) and its step (`index`, 0-based): a retry of a step
 * already taken (same index, same move) answers the round as it stands, even after it ended; a
 * different move for a taken step is stale (`index: stale_step`), one beyond the next is
 * `invalid_index`, and a round that is not the open one is `game: no_game_in_progress`.
 */

/** Which round and which step a step request means (optional for coinflip's older clients). */
export interface StepRef {
  index?: number | undefined;
  bet_id?: string | undefined;
}

/** What one step did to the round. */
export type StepResult<G extends BetGame> =
  /** The round goes on; `multiplier` is what a cash-out pays now (0 before anything can be cashed out). */
  | { kind: 'moved'; params: BetParams<G>; outcome: BetOutcome<G>; multiplier: Ratio }
  /** The round is lost: it settles with no payout. */
  | { kind: 'lost'; params: BetParams<G>; outcome: BetOutcome<G> }
  /** The round cashes out by itself at `multiplier`: it is complete, or its next step could pass the cap. */
  | { kind: 'cashout'; params: BetParams<G>; outcome: BetOutcome<G>; multiplier: Ratio };

/** What a step may read: the round's stream and the maximum profit per bet of its currency. */
export interface StepContext {
  /** The first `count` floats of the round's nonce (the seed never leaves the server). */
  floats(count: number): number[];
  cap: bigint;
}

export interface RoundStep<G extends BetGame> {
  game: G;
  ref: StepRef;
  /** Steps the round has taken: the index of its next step. */
  stepsOf(row: BetRow<G>): number;
  /** Whether the request repeats the move already stored at step `index`. */
  sameStep(row: BetRow<G>, index: number): boolean;
  /** The step on the locked round; throws a DomainError for a move the round does not allow. */
  play(row: BetRow<G>, context: StepContext): StepResult<G>;
}

/** The start of a round: `bet` opened as `active`, refused while the player has one of the game open. */
export function roundStart<G extends BetGame>(
  userId: string,
  bet: Omit<NewBet<G>, 'status' | 'check'>,
): NewBet<G> {
  return {
    ...bet,
    status: 'active',
    check: async (tx) => {
      if (await hasOpenRound(tx, userId, bet.game)) throw invalid('game', 'game_in_progress');
    },
  };
}

/** The player's open round of `game`, to resume after a reload. */
export function activeRound<G extends BetGame>(
  deps: GamesDeps,
  userId: string,
  game: G,
): Promise<BetRow<G> | undefined> {
  return openRoundOf(deps.database, userId, game);
}

/** Locks the player's open round of `game` (or 422 `no_game_in_progress`). */
export async function lockRound<G extends BetGame>(
  tx: Queryable,
  userId: string,
  game: G,
): Promise<BetRow<G>> {
  const row = await openRoundOf(tx, userId, game, { lock: true });
  if (!row) throw invalid('game', 'no_game_in_progress');
  return row;
}

/** The key of a round's automatic cash-out (no `Idempotency-Key` header can produce it). */
const autoCashoutKey = (userId: string, game: BetGame, betId: string) =>
  `bet-auto:${userId}:${game}:${betId}`;

/** What a step request did: the round after it, and the balances when it moved money. */
interface Stepped<G extends BetGame> {
  row: BetRow<G>;
  changed: boolean;
  cash?: bigint;
  bonus?: bigint;
}

/** Plays one step of the player's open round of `step.game` (see the file comment for retries). */
export async function stepRound<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  step: RoundStep<G>,
): Promise<BetAnswer<G>> {
  const currency = currencyOf(user);
  const accounts = await accountsOf(deps, user.id, currency);
  const { index, bet_id: betId } = step.ref;
  let stepped: Stepped<G>;
  try {
    stepped = await deps.database.transaction(async (tx): Promise<Stepped<G>> => {
      const row = await lockRound(tx, user.id, step.game);
      if (betId !== undefined && betId !== row.id) throw invalid('game', 'no_game_in_progress');
      const taken = step.stepsOf(row);
      if (index !== undefined && index < taken) {
        if (!step.sameStep(row, index)) throw invalid('index', 'stale_step');
        return { row, changed: false };
      }
      if (index !== undefined && index > taken) throw invalid('index', 'invalid_index');
      const result = step.play(row, {
        floats: await streamOf(tx, row),
        cap: maxProfitOf(deps.config, row.currency),
      });
      const { params, outcome } = result;
      if (result.kind === 'lost') {
        const lost = await settleLost(tx, user.id, row, { params, outcome });
        return { row: lost.row, changed: true, ...lost.balances };
      }
      if (result.kind === 'moved') {
        const multiplier = toDecimal(result.multiplier, 4);
        return { row: await updateRound(tx, row, { params, outcome, multiplier }), changed: true };
      }
      const paid = await payRound(tx, user.id, row, {
        payout: applyPayout(row, result.multiplier),
        multiplier: toDecimal(result.multiplier, 4),
        entry: {
          key: autoCashoutKey(user.id, step.game, row.id),
          request: { game: step.game, action: 'cashout', bet: row.id },
          metadata: { game: step.game, bet: row.id, automatic: true },
        },
        accounts,
        params,
        outcome,
      });
      return { ...paid, changed: true };
    });
  } catch (error) {
    const ended = await retriedStepOfEndedRound(deps, user, step, error);
    if (ended) return { bet: betView(ended), balance: await cashBalance(deps, user.id, currency) };
    throw error;
  }
  const { row, changed, cash, bonus } = stepped;
  if (cash !== undefined && bonus !== undefined) return afterCommit(deps, user, { row, cash, bonus });
  if (changed && row.status === 'settled') announce(deps, user, row);
  return { bet: betView(row), balance: await cashBalance(deps, user.id, currency) };
}

/** A retried step of the named round, which has ended since: that round, or undefined. */
async function retriedStepOfEndedRound<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  step: RoundStep<G>,
  error: unknown,
): Promise<BetRow<G> | undefined> {
  const { index, bet_id: betId } = step.ref;
  if (index === undefined || betId === undefined) return undefined;
  if (!(error instanceof DomainError && error.has('game', 'no_game_in_progress'))) return undefined;
  const ended = await endedRoundOf(deps.database, user.id, step.game, betId);
  if (!ended || step.stepsOf(ended) <= index) return undefined;
  if (!step.sameStep(ended, index)) throw invalid('index', 'stale_step');
  return ended;
}

/** What a round pays at `multiplier`: floor(stake × multiplier). */
function applyPayout(row: { amount: string }, multiplier: Ratio): bigint {
  return applyRatio(BigInt(row.amount), multiplier);
}

/**
 * Cashes out the player's open round of `game` under the player's key, at what `payoutOf` says it
 * pays now (a DomainError such as `nothing_to_cash_out` when it cannot be); a retry answers the
 * first answer.
 */
export function cashOutRound<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  key: string,
  game: G,
  payoutOf: (row: BetRow<G>, tx: Queryable) => Promise<{ multiplier: Ratio; outcome?: BetOutcome<G> }>,
): Promise<BetAnswer<G>> {
  return cashOut(deps, user, key, {
    game,
    request: { game, action: 'cashout' },
    close: async (tx) => {
      const row = await lockRound(tx, user.id, game);
      const { multiplier, outcome } = await payoutOf(row, tx);
      return {
        row,
        payout: applyPayout(row, multiplier),
        multiplier: toDecimal(multiplier, 4),
        ...(outcome ? { outcome } : {}),
      };
    },
  });
}

/**
 * The round's stream, inside its transaction: `count` → its first floats (a step reads the cards or
 * mines it reveals; miner's cash-out shows every mine). The seed itself never leaves the server.
 */
export async function streamOf(
  tx: Queryable,
  row: Pick<BetRow, 'seed_pair_id' | 'client_seed' | 'nonce'>,
): Promise<(count: number) => number[]> {
  const serverSeed = await pairSecret(tx, row.seed_pair_id);
  return (count) => floats({ serverSeed, clientSeed: row.client_seed, nonce: BigInt(row.nonce) }, count);
}
