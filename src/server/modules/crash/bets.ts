import { cashOutReturn, formatMultiplier, multiplierAt } from '../../../games/crash/engine.ts';
import type { CrashBetAnswer, CrashCashOutAnswer } from '../../../shared/api/crash.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { currencyOf } from '../games/limits.ts';
import { cashBalance } from '../games/pipeline.ts';
import { playerBalances } from '../ledger/balances.ts';
import { existingTransaction, requestHashOf } from '../ledger/ledger.ts';
import {
  answeredBalance,
  KeyUsed,
  type Settlement,
  settle,
  stake,
  stakeAccounts,
  type Wager,
} from '../wallet/stakes.ts';
import {
  type BetRow,
  betOfPlayer,
  betOfTransaction,
  betsById,
  bumpVersion,
  exposures,
  insertBet,
  liveRounds,
  markCashedOut,
  type RoundRow,
  roundById,
} from './repository.ts';
import { decideCashOut, forcedCashOut } from './rules.ts';
import { announce, betView, type CrashDeps, feedSettled, myBetView } from './state.ts';

/**
 * Betting and cashing out (docs/api-games.md "Crash"), each one database transaction on any
 * instance: the game's channel row first (it queues every change of the game, the driver's too),
 * then the round, the bet and the money moved with the house by the wallet (`moveWithHouse`) under
 * one ledger transaction; after commit the change goes to `game:crash` and the balance to the
 * player's channel. A refused call rolls all of it back, so it changes nothing.
 */

/** The ledger key of a bet's payout: one per bet, so nothing pays it twice. */
export const cashOutKey = (betId: string) => `crash-cashout:${betId}`;

/** Rolls a cash-out back and answers what was done before (a replay). */
class Replayed extends Error {
  readonly bet: BetRow | null;
  constructor(bet: BetRow | null = null) {
    super('replayed');
    this.bet = bet;
  }
}

/** The game's version, or 422 while the chain is being generated (the first start). */
async function lockGame(tx: Queryable): Promise<number> {
  try {
    return await bumpVersion(tx);
  } catch (error) {
    if (error instanceof Error && error.message.includes('not generated'))
      throw invalid('round_id', 'crash_unavailable');
    throw error;
  }
}

export interface BetInput {
  amount: bigint;
  /** Hundredths (≥ 101), or null. */
  autoCashOut: number | null;
  /** The round the player sees; a round whose betting is over is refused. */
  roundId?: number | undefined;
}

/**
 * The round a bet placed now goes into, share-locked: the driver's take-off (or opening) of that
 * round waits for the bets in it to commit, and bets placed after see the round as it then is.
 */
async function lockRoundTakingBets(tx: Queryable): Promise<RoundRow | undefined> {
  const seen = roundTakingBets(await liveRounds(tx));
  if (!seen) return undefined;
  const [round] = await tx.query<RoundRow>(
    `select id::int as id, status, floor(extract(epoch from betting_ends_at) * 1000)::float8 as betting_ends_ms,
            floor(extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms
       from crash_rounds where id = $1 for share`,
    [seen.id],
  );
  return round && roundTakingBets([round]) ? round : undefined;
}

/** The round a bet placed now goes into: the one betting, or the one queued behind a flight. */
function roundTakingBets<R extends Pick<RoundRow, 'status' | 'betting_ends_ms' | 'now_ms'>>(
  live: readonly R[],
): R | undefined {
  const betting = live.find((round) => round.status === 'betting');
  if (betting)
    return betting.betting_ends_ms !== null && betting.now_ms < betting.betting_ends_ms ? betting : undefined;
  return live.find((round) => round.status === 'queued');
}

/** Places the player's bet in the round taking bets (docs/api-games.md "Crash"). */
export async function placeBet(
  deps: CrashDeps,
  user: UserRow,
  input: BetInput,
  key: string,
): Promise<CrashBetAnswer> {
  const currency = currencyOf(user);
  const band = deps.config.currencies[currency].limits.crash;
  if (input.amount < band.min) throw invalid('amount', 'bet_below_min', fromMinor(band.min));
  if (input.amount > band.max) throw invalid('amount', 'bet_above_max', fromMinor(band.max));
  const requestHash = requestHashOf({
    game: 'crash',
    action: 'bet',
    amount: input.amount,
    auto: input.autoCashOut,
    round: input.roundId ?? null,
  });
  const accounts = await stakeAccounts(deps.database, user.id, currency);
  const done = await deps.database
    .transaction(async (tx) => {
      let round: RoundRow | undefined;
      const staked = await stake(tx, {
        userId: user.id,
        currency,
        product: 'originals',
        game: 'crash',
        amount: input.amount,
        accounts,
        entry: { key, kind: 'crash_bet', requestHash, metadata: { game: 'crash', action: 'bet' } },
        prepare: async () => {
          round = await lockRoundTakingBets(tx);
          if (!round || (input.roundId !== undefined && input.roundId !== round.id))
            throw invalid('round_id', 'betting_closed');
          if (await betOfPlayer(tx, round.id, user.id)) throw invalid('round_id', 'already_bet');
          // The bet counts once it settles (cashed out or lost).
          return undefined;
        },
        record: ({ transactionId, funding }) =>
          insertBet(tx, {
            roundId: round!.id,
            userId: user.id,
            currency,
            amount: input.amount,
            autoCashOut: input.autoCashOut,
            ...accounts,
            transactionId,
            funding,
          }),
      });
      const [bet] = await betsById(tx, [staked.record]);
      // The game's version last: its row lock is held only for the commit, so bets run side by side.
      const version = await lockGame(tx);
      return {
        version,
        bet: bet!,
        queued: round!.status === 'queued',
        cash: staked.cash,
        bonus: staked.bonus,
      };
    })
    .catch((error: unknown) => {
      if (error instanceof KeyUsed) return null;
      // Two bets of one player at once: the round's unique index lets one in.
      if (
        (error as { code?: unknown }).code === '23505' &&
        String((error as Error).message).includes('crash_bets_one_per_round')
      )
        throw invalid('round_id', 'already_bet');
      throw error;
    });
  if (!done) return replayBet(deps, user, key, requestHash);
  announce(deps, done.version, {
    kind: 'bet',
    round_id: done.bet.round_id,
    bet: betView(done.bet, deps.aliasKey),
  });
  deps.publishBalances(user.id, currency, done.cash, done.bonus);
  return { bet: myBetView(done.bet, deps.aliasKey), queued: done.queued, balance: fromMinor(done.cash) };
}

/** A retried bet: the bet its key placed, as it stands now, and the balance it first answered. */
async function replayBet(
  deps: CrashDeps,
  user: UserRow,
  key: string,
  requestHash: string,
): Promise<CrashBetAnswer> {
  const transaction = await existingTransaction(deps.database, key, requestHash);
  const bet = await betOfTransaction(deps.database, transaction.id);
  if (!bet || bet.user_id !== user.id) throw fail('conflict', 'idempotency_key', 'idempotency_conflict');
  const round = await roundById(deps.database, bet.round_id);
  return {
    bet: myBetView(bet, deps.aliasKey),
    queued: round?.status === 'queued',
    balance: await answeredBalance(deps.database, user.id, bet.currency, transaction.result),
  };
}

/** What a payout needs of a bet. */
export type PayableBet = Pick<
  BetRow,
  | 'id'
  | 'round_id'
  | 'user_id'
  | 'currency'
  | 'amount'
  | 'player_account_id'
  | 'house_account_id'
  | 'bonus_amount'
  | 'grant_id'
>;

/** A crash bet in the wager record, settled with `payout` (0: lost at the crash). */
export function crashWager(
  bet: Pick<BetRow, 'id' | 'user_id' | 'currency' | 'amount' | 'bonus_amount' | 'grant_id'>,
  payout: bigint,
): Wager {
  return {
    userId: bet.user_id,
    currency: bet.currency,
    product: 'originals',
    game: 'crash',
    ref: `crash:${bet.id}`,
    stake: BigInt(bet.amount),
    bonusStake: BigInt(bet.bonus_amount),
    grantId: bet.grant_id,
    payout,
  };
}

/** A bet cashed out at `multiplier` (hundredths): its wager and its payout's own ledger entry. */
export function cashOutSettlement(bet: PayableBet, multiplier: number): Settlement {
  return {
    wager: crashWager(bet, cashOutReturn(BigInt(bet.amount), multiplier)),
    pay: {
      entry: {
        key: cashOutKey(bet.id),
        kind: 'crash_cashout',
        requestHash: requestHashOf({ game: 'crash', bet: bet.id }),
        metadata: {
          game: 'crash',
          round: bet.round_id,
          bet: bet.id,
          multiplier: formatMultiplier(multiplier),
        },
      },
      accounts: { playerAccount: bet.player_account_id, houseAccount: bet.house_account_id },
    },
  };
}

/**
 * Pays an open bet at `multiplier` (hundredths) through the wallet: one `crash_cashout` ledger
 * transaction under the bet's own key, the bet marked cashed out. The caller holds the game's lock
 * and has seen the bet open.
 */
export async function payBet(
  tx: Queryable,
  bet: PayableBet,
  multiplier: number,
  playerKey: string | null,
): Promise<{ payout: bigint; cash: bigint; bonus: bigint }> {
  const settlement = cashOutSettlement(bet, multiplier);
  const settled = await settle(tx, [settlement]).catch((error: unknown) => {
    if (error instanceof KeyUsed) throw new Error(`crash bet ${bet.id} is paid already`);
    throw error;
  });
  const paid = settled.paid.get(settlement.wager.ref);
  await markCashedOut(tx, {
    id: bet.id,
    multiplier,
    payout: settlement.wager.payout,
    bonusPayout: paid!.bonusPayout,
    settleTransactionId: paid!.transactionId,
    key: playerKey,
  });
  const balances = settled.balances.get(bet.user_id) ?? (await playerBalances(tx, bet.user_id, bet.currency));
  return { payout: settlement.wager.payout, ...balances };
}

/**
 * The player cashes out of the flight now, on the server's clock (the database's): before the crash
 * at the multiplier shown, or at a forced point the flight already passed (auto cash-out, profit
 * caps); at or after the crash it is too late, `cash_out_late:<crash point>`, and the bet is lost.
 */
export async function cashOut(
  deps: CrashDeps,
  user: UserRow,
  input: { roundId?: number | undefined },
  key: string,
): Promise<CrashCashOutAnswer> {
  const currency = currencyOf(user);
  const done = await deps.database
    .transaction(async (tx) => {
      const version = await lockGame(tx);
      const round =
        input.roundId === undefined
          ? (await liveRounds(tx)).find((r) => r.status === 'flight')
          : await roundById(tx, input.roundId);
      if (!round) throw invalid('round_id', input.roundId === undefined ? 'not_in_flight' : 'invalid_round');
      const bet = await betOfPlayer(tx, round.id, user.id);
      if (!bet) throw invalid('round_id', 'no_bet');
      if (bet.status === 'cashed') {
        if (bet.cash_out_key === key) throw new Replayed(bet);
        throw invalid('round_id', 'already_cashed_out', formatMultiplier(bet.cash_out!));
      }
      if (bet.status === 'lost')
        throw invalid('round_id', 'cash_out_late', formatMultiplier(round.crash_point));
      if (round.status !== 'flight') throw invalid('round_id', 'not_in_flight');
      const caps = deps.config.crashMaxProfit[bet.currency];
      const exposure = (await exposures(tx, round.id)).get(bet.currency) ?? { openStake: 0n, paidProfit: 0n };
      const forced = forcedCashOut(
        { id: bet.id, currency: bet.currency, amount: BigInt(bet.amount), autoCashOut: bet.auto_cash_out },
        exposure,
        caps,
      );
      const elapsed = round.now_ms - round.started_ms!;
      const decision = decideCashOut(forced, round.crash_point, elapsed, multiplierAt(elapsed));
      if (decision.kind === 'late')
        throw invalid('round_id', 'cash_out_late', formatMultiplier(decision.crashPoint));
      const paid = await payBet(tx, bet, decision.multiplier, key);
      const [settled] = await betsById(tx, [bet.id]);
      return { version, bet: settled!, ...paid };
    })
    .catch((error: unknown) => {
      if (error instanceof Replayed) return error;
      throw error;
    });
  if (done instanceof Replayed) {
    return {
      bet: myBetView(done.bet!, deps.aliasKey),
      balance: await cashBalance(deps, user.id, currency),
    };
  }
  announce(deps, done.version, {
    kind: 'cashed_out',
    round_id: done.bet.round_id,
    bets: [betView(done.bet, deps.aliasKey)],
  });
  feedSettled(deps, [done.bet]);
  deps.publishBalances(user.id, currency, done.cash, done.bonus);
  return { bet: myBetView(done.bet, deps.aliasKey), balance: fromMinor(done.cash) };
}
