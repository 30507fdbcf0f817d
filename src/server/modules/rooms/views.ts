import type { KeyObject } from 'node:crypto';
import type { RoomPlayer, RoomRound } from '../../../shared/api/rooms.ts';
import { fromMinor } from '../../../shared/money.ts';
import { playerName } from '../games/feed.ts';
import type { RoundRow, StakeRow } from './repository.ts';

/**
 * Rows → the rooms API's views (src/shared/api/rooms.ts). Pure: the public name of each player
 * comes from the feeds' rule (`playerName`), so a room shows nobody's user id.
 */

/** `part / whole` in percent with two decimals, rounded half up ("33.33"); 0 of nothing is "0.00". */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole <= 0n) return '0.00';
  return fromMinor((part * 20_000n + whole) / (2n * whole));
}

/** Basis points as a percentage with two decimals (500 → "5.00"). */
export const bpsPercent = (bps: number) => fromMinor(BigInt(bps));

/** The stakes grouped by player, in seat order (the order of each player's first ticket). */
function bySeat(stakes: readonly StakeRow[]): Map<string, StakeRow[]> {
  const ordered = [...stakes].sort((a, b) => (BigInt(a.first_ticket) < BigInt(b.first_ticket) ? -1 : 1));
  const seats = new Map<string, StakeRow[]>();
  for (const stake of ordered) seats.set(stake.user_id, [...(seats.get(stake.user_id) ?? []), stake]);
  return seats;
}

/**
 * The seats of a round: one per player in the order they joined, with their stakes' ticket ranges
 * (a join, then each addition, numbered on from the pot at the time: docs/fairness.md §5).
 */
export function seatsOf(stakes: readonly StakeRow[], pot: bigint, aliasKey: KeyObject): RoomPlayer[] {
  return [...bySeat(stakes).values()].map((own, seat) => {
    const first = own[0]!;
    const stake = own.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    return {
      seat,
      player: playerName(
        { id: first.user_id, name: first.name, is_statistics_hidden: first.is_statistics_hidden },
        aliasKey,
      ),
      stake: fromMinor(stake),
      chance: percentOf(stake, pot),
      tickets: own.map((row) => {
        const from = BigInt(row.first_ticket);
        return { from: from.toString(), to: (from + BigInt(row.amount) - 1n).toString() };
      }),
    };
  });
}

/** The seat (join order) of a user among a round's stakes, or null when they are not in it. */
export function seatOf(stakes: readonly StakeRow[], userId: string): number | null {
  const seat = [...bySeat(stakes).keys()].indexOf(userId);
  return seat === -1 ? null : seat;
}

/** A round as the API and `/ws` show it; the seed only once settled. */
export function roundView(row: RoundRow, stakes: readonly StakeRow[], aliasKey: KeyObject): RoomRound {
  const own = stakes.filter((stake) => stake.round_id === row.id);
  const pot = BigInt(row.pot);
  const players = seatsOf(own, pot, aliasKey);
  const settled = row.status === 'settled' && row.winner_id !== null;
  const winnerSeat = settled ? seatOf(own, row.winner_id!) : null;
  return {
    id: row.id,
    number: Number(row.number),
    room: row.room,
    currency: row.currency,
    status: row.status,
    commitment: row.commitment,
    server_seed: row.status === 'settled' ? row.server_seed : null,
    commission_percent: bpsPercent(row.commission_bps),
    pot: fromMinor(pot),
    tickets: pot.toString(),
    players,
    countdown_ends_at: row.countdown_ends_at?.toISOString() ?? null,
    result:
      settled && winnerSeat !== null
        ? {
            winning_ticket: row.winning_ticket!,
            winner_seat: winnerSeat,
            winner: players[winnerSeat]?.player ?? null,
            prize: fromMinor(BigInt(row.prize!)),
            commission: fromMinor(BigInt(row.commission!)),
          }
        : null,
    created_at: row.created_at.toISOString(),
    settled_at: row.settled_at?.toISOString() ?? null,
  };
}
