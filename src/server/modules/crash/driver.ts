import { crashPointFromHash } from '../../../games/crash/chain.ts';
import { cashOutReturn, elapsedForMultiplier } from '../../../games/crash/engine.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import { type Election, elect, type LeaderLog } from '../../realtime/leader.ts';
import { type BonusShare, countSettled, finishSettlement } from '../bonus/engine.ts';
import { payoutShares } from '../bonus/rules.ts';
import { playerBalances } from '../wallet/balances.ts';
import { payMany } from '../wallet/ledger.ts';
import { bonusAccount, bonusShareOf, payoutEntry, settledStake } from './bets.ts';
import { ChainReader, ensureChain } from './chain.ts';
import {
  betsById,
  bumpVersion,
  crashedRounds,
  exposures,
  insertRound,
  lastRoundId,
  liveRounds,
  markCrashed,
  markManyCashedOut,
  openBets,
  openBetting,
  type RoundRow,
  roundById,
  startFlight,
} from './repository.ts';
import { type Caps, type DueCashOut, dueCashOuts, nextEventMs, type OpenBet } from './rules.ts';
import { announce, betView, type CrashDeps, feedSettled, roundViews } from './state.ts';

/**
 * The crash driver (docs/fairness.md "Several instances"): exactly one instance at a time runs the
 * rounds, the one holding the PostgreSQL advisory lock `CRASH_LEADER_LOCK` (`elect`,
 * src/server/realtime/leader.ts). It generates the chain on the very first start, then loops:
 * betting (CRASH_BETTING_MS), flight, crash, pause (CRASH_PAUSE_MS). Every step is stored with the
 * round, on the database clock, so a new leader picks the round up where it is: a betting round
 * takes off when its time is over, a flight goes on from its stored start (the forced cash-outs it
 * passed meanwhile are settled at their points) and crashes at its stored crash point.
 */

/** The advisory lock key of the crash driver (the rooms driver has its own). */
export const CRASH_LEADER_LOCK = 7_240_518;

/** The longest the leader sleeps between two looks at the flight (cash-outs only delay its events). */
const FLIGHT_POLL_MS = 500;
/** The longest it sleeps between two looks at a betting deadline or a pause. */
const STEP_MS = 250;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Rolls back a step that found nothing to do, so the game's version stays. */
class Nothing extends Error {}
const nothing = (error: unknown) => {
  if (error instanceof Nothing) return null;
  throw error;
};

class Driver {
  private readonly deps: CrashDeps;
  private readonly chain: ChainReader;
  private readonly signal: AbortSignal;

  constructor(deps: CrashDeps, chain: ChainReader, signal: AbortSignal) {
    this.deps = deps;
    this.chain = chain;
    this.signal = signal;
  }

  private get env() {
    return this.deps.config.env;
  }

  private readonly capsOf = (currency: string): Caps =>
    this.deps.config.crashMaxProfit[currency as keyof CrashDeps['config']['crashMaxProfit']];

  /** One step of the loop, from the stored state. */
  async step(): Promise<void> {
    const live = await liveRounds(this.deps.database);
    const active = live.find((round) => round.status === 'betting' || round.status === 'flight');
    const queued = live.find((round) => round.status === 'queued');
    if (active?.status === 'flight') return this.fly(active);
    if (active) return this.takeOff(active);
    if (queued) return this.openQueued(queued);
    return this.openFirst();
  }

  /** A new round (none is live: the very first, or after a chain position was skipped). */
  private async openFirst(): Promise<void> {
    const id = (await lastRoundId(this.deps.database)) + 1;
    if (id > this.chain.info.length) {
      this.deps.log.error({ length: this.chain.info.length }, 'crash: the hash chain is used up');
      return sleep(60_000, this.signal);
    }
    const hash = await this.chain.hashAt(id);
    const opened = await this.deps.database
      .transaction(async (tx) => {
        const version = await bumpVersion(tx);
        await insertRound(tx, {
          id,
          hash,
          crashPoint: crashPointFromHash(hash, this.chain.info.salt),
          bettingMs: this.env.CRASH_BETTING_MS,
        });
        const [view] = await roundViews(this.deps, tx, [(await roundById(tx, id))!]);
        return { version, view: view! };
      })
      .catch(nothing);
    if (opened) announce(this.deps, opened.version, { kind: 'opened', round: opened.view });
  }

  /** After the pause that follows a crash, the queued round takes bets in its own right. */
  private async openQueued(queued: RoundRow): Promise<void> {
    const [last] = await crashedRounds(this.deps.database, 1);
    if (last?.crashed_at) {
      const wait = last.crashed_at.getTime() + this.env.CRASH_PAUSE_MS - queued.now_ms;
      if (wait > 0) return sleep(Math.min(wait, STEP_MS), this.signal);
    }
    const opened = await this.deps.database
      .transaction(async (tx) => {
        // The round first, then the game's version (bets share-lock the round, then take the version).
        if (!(await openBetting(tx, queued.id, this.env.CRASH_BETTING_MS))) throw new Nothing();
        const version = await bumpVersion(tx);
        const [view] = await roundViews(this.deps, tx, [(await roundById(tx, queued.id))!]);
        return { version, view: view! };
      })
      .catch(nothing);
    if (opened) announce(this.deps, opened.version, { kind: 'opened', round: opened.view });
  }

  /** When its betting is over the round takes off, and the next one is queued behind it. */
  private async takeOff(round: RoundRow): Promise<void> {
    const wait = (round.betting_ends_ms ?? 0) - round.now_ms;
    // A little after the deadline, so the database clock has passed it too; a look at least every
    // STEP_MS, as the stored deadline is the truth.
    if (wait > 0) return sleep(Math.min(wait + 2, STEP_MS), this.signal);
    const nextId = round.id + 1;
    const nextHash = nextId <= this.chain.info.length ? await this.chain.hashAt(nextId) : null;
    const started = await this.deps.database
      .transaction(async (tx) => {
        const startedAt = await startFlight(tx, round.id);
        if (startedAt === null) throw new Nothing();
        const version = await bumpVersion(tx);
        if (nextHash)
          await insertRound(tx, {
            id: nextId,
            hash: nextHash,
            crashPoint: crashPointFromHash(nextHash, this.chain.info.salt),
            bettingMs: null,
          });
        return { version, startedAt };
      })
      .catch(nothing);
    if (started)
      announce(this.deps, started.version, {
        kind: 'started',
        round_id: round.id,
        started_at: started.startedAt,
      });
  }

  /** The flight: forced cash-outs as it passes them, then the crash. */
  private async fly(flight: RoundRow): Promise<void> {
    while (!this.signal.aborted) {
      const round = await roundById(this.deps.database, flight.id);
      if (round?.status !== 'flight') return;
      const bets = await this.openOf(round.id);
      const exposure = await exposures(this.deps.database, round.id);
      const next = nextEventMs(bets, exposure, this.capsOf, round.crash_point);
      const elapsed = round.now_ms - round.started_ms!;
      if (next > elapsed) await sleep(Math.min(FLIGHT_POLL_MS, next - elapsed), this.signal);
      if (this.signal.aborted) return;
      if (await this.settle(round.id)) return;
    }
  }

  private async openOf(roundId: number): Promise<OpenBet[]> {
    return (await openBets(this.deps.database, roundId)).map((bet) => ({
      id: bet.id,
      currency: bet.currency,
      amount: BigInt(bet.amount),
      autoCashOut: bet.auto_cash_out,
    }));
  }

  /** Pays the due cash-outs: one ledger transaction each, a few statements per currency (`payMany`). */
  private async payAll(tx: Queryable, due: readonly DueCashOut[]) {
    const rows = new Map(
      (
        await betsById(
          tx,
          due.map((d) => d.bet.id),
        )
      ).map((row) => [row.id, row]),
    );
    const paid: { userId: string; currency: Currency; cash: bigint; bonus: bigint }[] = [];
    const shares: BonusShare[] = [];
    for (const currency of new Set(due.map((d) => d.bet.currency as Currency))) {
      const mine = due.filter((d) => d.bet.currency === currency);
      const payouts = await Promise.all(
        mine.map(async ({ bet, multiplier }) => {
          const row = rows.get(bet.id)!;
          const payout = cashOutReturn(bet.amount, multiplier);
          // What bonus money staked wins stays bonus money (docs/bonuses.md).
          const split = payoutShares(payout, bet.amount, BigInt(row.bonus_amount));
          shares.push(...bonusShareOf(row, split.bonus));
          const bonus = await bonusAccount(tx, row.user_id, currency, 0n, split.bonus);
          return {
            ...payoutEntry(row, multiplier),
            playerAccount: row.player_account_id,
            houseAccount: row.house_account_id,
            userId: row.user_id,
            payout: split.cash,
            bonus: bonus && { account: bonus.account, payout: split.bonus },
            total: payout,
          };
        }),
      );
      const { transactions, balances } = await payMany(tx, currency, payouts);
      await markManyCashedOut(
        tx,
        mine.map(({ bet, multiplier }, i) => ({
          id: bet.id,
          multiplier,
          payout: payouts[i]!.total,
          bonusPayout: payouts[i]!.bonus?.payout ?? 0n,
          settleTransactionId: transactions.get(payouts[i]!.idempotencyKey)!,
        })),
      );
      for (const [userId, balance] of balances) paid.push({ userId, currency, ...balance });
    }
    return { paid, shares };
  }

  /**
   * Settles what the flight has passed now, in one transaction under the game's lock: the forced
   * cash-outs, then the crash when its time has come. Answers whether the round crashed.
   */
  private async settle(roundId: number): Promise<boolean> {
    const done = await this.deps.database
      .transaction(async (tx) => {
        const version = await bumpVersion(tx);
        const round = await roundById(tx, roundId);
        if (round?.status !== 'flight') throw new Nothing();
        const elapsed = round.now_ms - round.started_ms!;
        const open = await openBets(tx, roundId);
        const due = dueCashOuts(
          open.map((bet) => ({
            id: bet.id,
            currency: bet.currency,
            amount: BigInt(bet.amount),
            autoCashOut: bet.auto_cash_out,
          })),
          await exposures(tx, roundId),
          this.capsOf,
          round.crash_point,
          elapsed,
        );
        const crashed = elapsed >= elapsedForMultiplier(round.crash_point);
        if (due.length === 0 && !crashed) throw new Nothing();
        // Every bet that settles now counts (docs/bonuses.md "Settled stakes"): those cashed out
        // and, at the crash, those lost.
        const paying = new Set(due.map((d) => d.bet.id));
        const settling = await countSettled(
          tx,
          open.filter((bet) => paying.has(bet.id) || crashed).map(settledStake),
        );
        const { paid, shares } = await this.payAll(tx, due);
        const settled = await betsById(
          tx,
          due.map((d) => d.bet.id),
        );
        // One version per event: the crash takes the next one when cash-outs came with it.
        const crashVersion = crashed && due.length > 0 ? await bumpVersion(tx) : version;
        if (crashed) await markCrashed(tx, roundId);
        // Bonuses completed or ended by these settlements moved those players' money again.
        for (const userId of await finishSettlement(tx, settling, shares)) {
          const bet = open.find((b) => b.user_id === userId)!;
          const now = await playerBalances(tx, userId, bet.currency);
          const entry = paid.find((p) => p.userId === userId);
          if (entry) Object.assign(entry, now);
          else paid.push({ userId, currency: bet.currency, ...now });
        }
        const view = crashed
          ? (await roundViews(this.deps, tx, [(await roundById(tx, roundId))!]))[0]!
          : null;
        // The feed shows a few of the bets lost at the crash, beside those cashed out.
        const lost = crashed
          ? await betsById(
              tx,
              open
                .filter((bet) => !paying.has(bet.id))
                .slice(0, 20)
                .map((bet) => bet.id),
            )
          : [];
        return { version, crashVersion, settled, lost, paid, view };
      })
      .catch(nothing);
    if (!done) return false;
    if (done.settled.length > 0)
      announce(this.deps, done.version, {
        kind: 'cashed_out',
        round_id: roundId,
        bets: done.settled.map((bet) => betView(bet, this.deps.aliasKey)),
      });
    if (done.view) announce(this.deps, done.crashVersion, { kind: 'crashed', round: done.view });
    feedSettled(this.deps, [...done.settled, ...done.lost]);
    for (const p of done.paid) this.deps.publishBalances(p.userId, p.currency, p.cash, p.bonus);
    return done.view !== null;
  }
}

/** The leader's loop: the chain first (generated once), then the rounds, forever. */
async function drive(deps: CrashDeps, log: LeaderLog, signal: AbortSignal): Promise<void> {
  const info = await ensureChain(deps.database, deps.config.env.CRASH_CHAIN_LENGTH);
  const driver = new Driver(deps, new ChainReader(deps.database, info), signal);
  while (!signal.aborted) {
    try {
      await driver.step();
    } catch (err) {
      if (signal.aborted) return;
      log.error({ err, election: 'crash' }, 'crash driver: a step failed; trying again');
      await sleep(250, signal);
    }
  }
}

/** Starts this instance's candidacy for driving crash (when CRASH_DRIVER); `stop()` ends it. */
export function startCrashDriver(deps: CrashDeps, log: LeaderLog, { retryMs = 1_000 } = {}): Election {
  return elect(deps.database, CRASH_LEADER_LOCK, (signal) => drive(deps, log, signal), {
    name: 'crash',
    retryMs,
    log,
  });
}
