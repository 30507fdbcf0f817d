import { cashOutReturn, elapsedForMultiplier } from '../../../games/crash/engine.ts';
import type { Queryable } from '../../db/client.ts';
import { type Election, elect, type LeaderLog, sleep } from '../../realtime/leader.ts';
import { type Settlement, settle } from '../wallet/stakes.ts';
import { cashOutSettlement, crashWager } from './bets.ts';
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
import { CrashScript } from './script.ts';
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
  private readonly script: CrashScript;

  constructor(deps: CrashDeps, chain: ChainReader, signal: AbortSignal, script: CrashScript) {
    this.deps = deps;
    this.chain = chain;
    this.signal = signal;
    this.script = script;
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
          crashPoint: this.script.pointOf(id, hash, this.chain.info.salt),
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
            crashPoint: this.script.pointOf(nextId, nextHash, this.chain.info.salt),
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

  /**
   * The settlements of what the flight passed: the due cash-outs (each paid under its own key) and,
   * at the crash, the bets lost.
   */
  private async settlementsOf(
    tx: Queryable,
    open: Awaited<ReturnType<typeof openBets>>,
    due: readonly DueCashOut[],
    crashed: boolean,
  ): Promise<Settlement[]> {
    const rows = new Map(
      (
        await betsById(
          tx,
          due.map((d) => d.bet.id),
        )
      ).map((row) => [row.id, row]),
    );
    const paying = new Set(due.map((d) => d.bet.id));
    return [
      ...due.map(({ bet, multiplier }) => cashOutSettlement(rows.get(bet.id)!, multiplier)),
      ...(crashed
        ? open.filter((bet) => !paying.has(bet.id)).map((bet) => ({ wager: crashWager(bet, 0n) }))
        : []),
    ];
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
        // and, at the crash, those lost; the wallet pays the cash-outs and records the wagers.
        const paying = new Set(due.map((d) => d.bet.id));
        const settled = await settle(tx, await this.settlementsOf(tx, open, due, crashed));
        await markManyCashedOut(
          tx,
          due.map(({ bet, multiplier }) => {
            const paid = settled.paid.get(`crash:${bet.id}`)!;
            return {
              id: bet.id,
              multiplier,
              payout: cashOutReturn(bet.amount, multiplier),
              bonusPayout: paid.bonusPayout,
              settleTransactionId: paid.transactionId,
            };
          }),
        );
        const settledRows = await betsById(
          tx,
          due.map((d) => d.bet.id),
        );
        // One version per event: the crash takes the next one when cash-outs came with it.
        const crashVersion = crashed && due.length > 0 ? await bumpVersion(tx) : version;
        if (crashed) await markCrashed(tx, roundId);
        // The players whose money moved: paid, or a bonus these settlements completed or ended.
        const paid = [...settled.balances].map(([userId, balances]) => ({
          userId,
          currency: open.find((b) => b.user_id === userId)!.currency,
          ...balances,
        }));
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
        return { version, crashVersion, settled: settledRows, lost, paid, view };
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
async function drive(
  deps: CrashDeps,
  log: LeaderLog,
  signal: AbortSignal,
  script: CrashScript,
): Promise<void> {
  const info = await ensureChain(deps.database, deps.config.env.CRASH_CHAIN_LENGTH);
  const driver = new Driver(deps, new ChainReader(deps.database, info), signal, script);
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
  // One script for the process: a new term of leadership goes on where the last one stopped.
  const script = new CrashScript(deps.config.env.TEST_CRASH_POINTS);
  return elect(deps.database, CRASH_LEADER_LOCK, (signal) => drive(deps, log, signal, script), {
    name: 'crash',
    retryMs,
    log,
  });
}
