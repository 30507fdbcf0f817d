import type { RoomEvent, RoomEventKind, RoomRound, RoomSeat, RoomState } from '../../../shared/api/rooms.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Room } from '../../../shared/games.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { realtimePublishFailures } from '../../metrics.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import type { GamesDeps } from '../games/deps.ts';
import {
  channelVersion,
  ensureLiveRound,
  liveRound,
  type RoundRow,
  roundById,
  settledRounds,
  stakesOf,
} from './repository.ts';
import { bpsPercent, roundView, seatOf } from './views.ts';

/**
 * What a room shows (the live round, the last drawn one, the recent ones, a player's seat) and its
 * events on `/ws` (`rooms:<room>`, relayed between instances by the bus).
 */

/** The rooms module needs what the games module needs (src/server/modules/games/deps.ts). */
export type RoomsDeps = GamesDeps;

/** The commission rounds open with now (ROOMS_COMMISSION_PERCENT, in basis points). */
export const commissionBps = (deps: RoomsDeps) => deps.config.env.ROOMS_COMMISSION_PERCENT;

/** Rounds with their stakes, as views. */
export async function roundViews(
  deps: RoomsDeps,
  db: Queryable,
  rows: readonly RoundRow[],
): Promise<RoomRound[]> {
  const stakes = await stakesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => roundView(row, stakes, deps.aliasKey));
}

/** One round by id as a view (it exists: the caller just wrote or read it). */
export async function roundViewById(deps: RoomsDeps, db: Queryable, id: string): Promise<RoomRound> {
  const row = await roundById(db, id);
  if (!row) throw new Error(`round ${id} vanished`);
  const [view] = await roundViews(deps, db, [row]);
  return view!;
}

/** A round as a view, with a player's seat and whole stake in it (seat 0 and nothing when not in it). */
export async function roundAndSeat(
  deps: RoomsDeps,
  db: Queryable,
  roundId: string,
  userId: string,
): Promise<{ round: RoomRound; seat: number; stake: string }> {
  const row = await roundById(db, roundId);
  if (!row) throw new Error(`round ${roundId} vanished`);
  const stakes = await stakesOf(db, [roundId]);
  const round = roundView(row, stakes, deps.aliasKey);
  const seat = seatOf(stakes, userId);
  return { round, seat: seat ?? 0, stake: seat === null ? '0.00' : round.players[seat]!.stake };
}

/**
 * A room in one currency: its band, the live round (opened when there is none) and the last drawn
 * round. The channel version is read first: an event that lands meanwhile is both in the answer and
 * delivered after it, which is harmless, as every event carries its whole round.
 */
export async function roomState(deps: RoomsDeps, room: Room, currency: Currency): Promise<RoomState> {
  const { database } = deps;
  const version = await channelVersion(database, room);
  const live = await ensureLiveRound(database, room, currency, commissionBps(deps));
  const [last] = await settledRounds(database, room, currency, 1);
  const [round, lastView] = await roundViews(deps, database, last ? [live, last] : [live]);
  const band = deps.config.currencies[currency].rooms[room];
  return {
    room,
    currency,
    min_bet: fromMinor(band.min),
    max_bet: fromMinor(band.max),
    commission_percent: bpsPercent(live.commission_bps),
    version,
    round: round!,
    last: lastView ?? null,
  };
}

/** The newest drawn rounds of a room in one currency, each with its seed for verification. */
export async function recentRounds(
  deps: RoomsDeps,
  room: Room,
  currency: Currency,
  limit: number,
): Promise<RoomRound[]> {
  return roundViews(deps, deps.database, await settledRounds(deps.database, room, currency, limit));
}

/** The player's seat in the live round of the room, or null when they are not in it. */
export async function seatInLiveRound(
  deps: RoomsDeps,
  room: Room,
  userId: string,
  currency: Currency,
): Promise<RoomSeat | null> {
  const round = await liveRound(deps.database, room, currency);
  if (!round) return null;
  const stakes = await stakesOf(deps.database, [round.id]);
  const seat = seatOf(stakes, userId);
  if (seat === null) return null;
  const stake = stakes.filter((s) => s.user_id === userId).reduce((sum, s) => sum + BigInt(s.amount), 0n);
  return { round_id: round.id, seat, stake: fromMinor(stake) };
}

/**
 * Publishes a committed change of a room with its version. The change stands whatever happens
 * here: a failed publish is logged and counted, and readers catch up from the API (a version gap,
 * or the page's check while a draw is due).
 */
export function announce(
  deps: RoomsDeps,
  version: number,
  kind: RoomEventKind,
  round: RoomRound,
  next: RoomRound | null = null,
): void {
  const event: RoomEvent = {
    kind,
    room: round.room,
    currency: round.currency,
    round,
    next,
    server_time: Date.now(),
  };
  publishEvent(deps.bus, `rooms:${round.room}`, version, event).catch((error: unknown) => {
    const failures = realtimePublishFailures.inc();
    deps.log.error({ err: error, round: round.id, kind, failures }, 'room event publish failed');
  });
}
