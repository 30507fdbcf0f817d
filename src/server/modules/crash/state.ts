import type { KeyObject } from 'node:crypto';
import { formatMultiplier } from '../../../games/crash/engine.ts';
import type {
  CrashBet,
  CrashEvent,
  CrashHistoryRound,
  CrashRound,
  CrashState,
  MyCrashBet,
} from '../../../shared/api/crash.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { realtimePublishFailures } from '../../metrics.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import type { GamesDeps } from '../games/deps.ts';
import { announce as announceToFeed, playerName } from '../games/feed.ts';
import { chainInfo } from './chain.ts';
import {
  type BetRow,
  betsOf,
  channelVersion,
  crashedRounds,
  liveRounds,
  type RoundRow,
  roundById,
} from './repository.ts';

/**
 * What the crash game shows (the live round with its bets, the next one, the recent crash points,
 * the chain) and its events on `/ws` (`game:crash`, relayed between instances by the bus).
 */

/** The crash module needs what the games module needs (src/server/modules/games/deps.ts). */
export type CrashDeps = GamesDeps;

/** A bet as every player sees it. */
export function betView(row: BetRow, aliasKey: KeyObject): CrashBet {
  const amount = BigInt(row.amount);
  const payout = BigInt(row.payout);
  return {
    id: row.id,
    round_id: row.round_id,
    player: playerName(
      { id: row.user_id, name: row.name, is_statistics_hidden: row.is_statistics_hidden },
      aliasKey,
    ),
    currency: row.currency,
    stake: fromMinor(amount),
    status: row.status,
    cash_out: row.cash_out === null ? null : formatMultiplier(row.cash_out),
    payout: fromMinor(payout),
    profit: fromMinor(row.status === 'open' ? 0n : payout - amount),
  };
}

/** The player's own bet. */
export function myBetView(row: BetRow, aliasKey: KeyObject): MyCrashBet {
  return {
    ...betView(row, aliasKey),
    auto_cash_out: row.auto_cash_out === null ? null : formatMultiplier(row.auto_cash_out),
    created_at: row.created_at.toISOString(),
  };
}

/** A round with its bets; the hash and the crash point only once crashed. */
export function roundView(row: RoundRow, bets: readonly BetRow[], aliasKey: KeyObject): CrashRound {
  const crashed = row.status === 'crashed';
  return {
    id: row.id,
    status: row.status,
    betting_ends_at: row.betting_ends_ms,
    started_at: row.started_ms,
    crash_point: crashed ? formatMultiplier(row.crash_point) : null,
    hash: crashed ? row.hash : null,
    crashed_at: row.crashed_at?.toISOString() ?? null,
    bets: bets.filter((bet) => bet.round_id === row.id).map((bet) => betView(bet, aliasKey)),
  };
}

/** Rounds with their bets, as views. */
export async function roundViews(
  deps: CrashDeps,
  db: Queryable,
  rows: readonly RoundRow[],
): Promise<CrashRound[]> {
  const bets = await betsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => roundView(row, bets, deps.aliasKey));
}

/** One round by id as a view, or undefined. */
export async function roundViewById(
  deps: CrashDeps,
  db: Queryable,
  id: number,
): Promise<CrashRound | undefined> {
  const row = await roundById(db, id);
  if (!row) return undefined;
  const [view] = await roundViews(deps, db, [row]);
  return view;
}

/** The newest crashed rounds as `GET /games/crash/rounds` lists them. */
export async function history(db: Queryable, limit: number): Promise<CrashHistoryRound[]> {
  return (await crashedRounds(db, limit)).map((row) => ({
    id: row.id,
    hash: row.hash,
    crash_point: formatMultiplier(row.crash_point),
    crashed_at: row.crashed_at!.toISOString(),
    players: row.players,
  }));
}

/**
 * The game now: the round in betting or flight (or the last crashed one in the pause), the round
 * that takes bets placed now if that is another one, the recent crash points and the chain. The
 * version is read first: an event landing meanwhile is both in the answer and delivered after it,
 * which is harmless, as readers apply events by round id and bet id.
 */
export async function crashState(deps: CrashDeps): Promise<CrashState> {
  const { database } = deps;
  const version = await channelVersion(database);
  const [chain, live, recent] = await Promise.all([
    chainInfo(database),
    liveRounds(database),
    crashedRounds(database, 30),
  ]);
  const active = live.find((round) => round.status === 'betting' || round.status === 'flight');
  const queued = live.find((round) => round.status === 'queued');
  const current = active ?? recent[0];
  const rows = [current, queued].filter((row): row is RoundRow => row !== undefined);
  const [round, next] = await roundViews(deps, database, rows);
  return {
    version,
    server_time: Date.now(),
    chain: chain && { salt: chain.salt, terminating_hash: chain.terminating, length: chain.length },
    round: current ? round! : null,
    next: queued ? (current ? next! : round!) : null,
    history: recent.map((row) => ({ id: row.id, crash_point: formatMultiplier(row.crash_point) })),
    betting_ms: deps.config.env.CRASH_BETTING_MS,
  };
}

/** Events without `server_time`, which `announce` stamps. */
type Unstamped = CrashEvent extends infer E
  ? E extends { server_time: number }
    ? Omit<E, 'server_time'>
    : never
  : never;

/**
 * Publishes a committed change with its version. The change stands whatever happens here: a failed
 * publish is logged and counted, and readers catch up (a version gap reloads the state).
 */
export function announce(deps: CrashDeps, version: number, event: Unstamped): void {
  const data = { ...event, server_time: Date.now() } as CrashEvent;
  publishEvent(deps.bus, 'game:crash', version, data).catch((error: unknown) => {
    const failures = realtimePublishFailures.inc();
    deps.log.error({ err: error, kind: event.kind, failures }, 'crash event publish failed');
  });
}

/** Most settled crash bets one settlement puts in the public feed: the feed shows the latest 20. */
const FEED_BATCH = 20;

/** Settled bets (cashed out or lost) to the site-wide feeds, at most FEED_BATCH of one settlement. */
export function feedSettled(deps: CrashDeps, bets: readonly BetRow[]): void {
  for (const bet of bets.slice(0, FEED_BATCH))
    announceToFeed(
      deps,
      { id: bet.user_id, name: bet.name, is_statistics_hidden: bet.is_statistics_hidden },
      {
        id: `crash-${bet.id}`,
        game: 'crash',
        currency: bet.currency,
        amount: bet.amount,
        multiplier: bet.status === 'cashed' && bet.cash_out !== null ? (bet.cash_out / 100).toFixed(4) : '0',
        payout: bet.payout,
        created_at: new Date(),
      },
    );
}
