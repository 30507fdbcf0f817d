import { z } from 'zod';
import { CURRENCIES, ROOMS } from '../currencies.ts';
import { decimal } from './common.ts';

/**
 * The rooms API (docs/api-games.md "Rooms") and its `/ws` events, as server and browser read them.
 * Times are ISO strings and whole numbers that may exceed 2⁵³ (tickets) decimal strings, so the
 * same shape travels over HTTP and over the bus without a codec.
 */

const isoTime = z.iso.datetime({ offset: true });
/** A whole number of tickets (minor units), as a decimal string. */
const count = z.string().regex(/^\d+$/);

/** The round phases: waiting for a second player, counting down to the draw, drawn and paid. */
export const ROUND_STATUSES = ['open', 'countdown', 'settled'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** One player of a round: their seat (join order), public name, stake, chance and tickets. */
export const roomPlayer = z.object({
  seat: z.number().int().min(0),
  /** The feeds' public name: null for a player who hides statistics. */
  player: z.string().nullable(),
  stake: decimal,
  /** stake / pot in percent, two decimals ("33.33"). */
  chance: z.string(),
  /** Inclusive ticket ranges, one per stake (a join, then each addition), in ticket order. */
  tickets: z.array(z.object({ from: count, to: count })),
});
export type RoomPlayer = z.output<typeof roomPlayer>;

/** What decided a settled round. */
export const roundResult = z.object({
  winning_ticket: count,
  winner_seat: z.number().int().min(0),
  winner: z.string().nullable(),
  /** Paid to the winner: the pot less the commission. */
  prize: decimal,
  commission: decimal,
});

/** A round of one room in one currency (docs/fairness.md §5). */
export const roomRound = z.object({
  /** Public: the client seed of the round's byte stream. */
  id: z.string(),
  /** The round's number in its room and currency (1, 2, 3…), what the page shows. */
  number: z.number().int().min(1),
  room: z.enum(ROOMS),
  currency: z.enum(CURRENCIES),
  status: z.enum(ROUND_STATUSES),
  /** sha256 of the server seed, shown from the moment the round opens. */
  commitment: z.string(),
  /** Revealed once the round is drawn. */
  server_seed: z.string().nullable(),
  /** The house commission of this round, percent of the pot ("5.00"). */
  commission_percent: z.string(),
  pot: decimal,
  /** Tickets sold: the pot in minor units. */
  tickets: count,
  players: z.array(roomPlayer),
  countdown_ends_at: isoTime.nullable(),
  result: roundResult.nullable(),
  created_at: isoTime,
  settled_at: isoTime.nullable(),
});
export type RoomRound = z.output<typeof roomRound>;

/** A room as a page shows it: its stake band, the live round and the last drawn one. */
export const roomState = z.object({
  room: z.enum(ROOMS),
  currency: z.enum(CURRENCIES),
  min_bet: decimal,
  max_bet: decimal,
  commission_percent: z.string(),
  /** The `/ws` channel's version when this was read: events up to it are already in. */
  version: z.number().int(),
  round: roomRound,
  last: roomRound.nullable(),
});
export type RoomState = z.output<typeof roomState>;

/** Milliseconds since the epoch on the server, to correct the countdown for the browser's clock. */
const serverTime = z.number().int();

export const roomsResponse = z.object({
  data: z.object({ server_time: serverTime, rooms: z.array(roomState) }),
});
export type RoomsResponse = z.output<typeof roomsResponse>;

export const roomResponse = z.object({ data: roomState.extend({ server_time: serverTime }) });
export type RoomResponse = z.output<typeof roomResponse>;

export const roundsResponse = z.object({ data: z.array(roomRound) });

/** The player's seat in the live round of a room. */
export const roomSeat = z.object({
  round_id: z.string(),
  seat: z.number().int().min(0),
  stake: decimal,
});
export type RoomSeat = z.output<typeof roomSeat>;

export const mineResponse = z.object({ data: roomSeat.nullable() });

/** A join or an addition: the round after it, the player's seat and whole stake, the balance. */
export const stakeAnswer = z.object({
  round: roomRound,
  seat: z.number().int().min(0),
  stake: decimal,
  balance: decimal,
});
export type StakeAnswer = z.output<typeof stakeAnswer>;
export const stakeResponse = z.object({ data: stakeAnswer });

/** Leaving an un-started round: the round after it, what came back, the balance. */
export const leaveAnswer = z.object({ round: roomRound, refunded: decimal, balance: decimal });
export type LeaveAnswer = z.output<typeof leaveAnswer>;
export const leaveResponse = z.object({ data: leaveAnswer });

/** What changed in a room (`kind`), with the round as it stands after it. */
export const ROOM_EVENT_KINDS = ['joined', 'added', 'left', 'drawn'] as const;
export type RoomEventKind = (typeof ROOM_EVENT_KINDS)[number];

/**
 * An event of the `/ws` channel `rooms:<room>` (every currency's rounds of the room): `drawn`
 * carries the settled round (seed revealed) and `next`, the round that opened in its place.
 */
export interface RoomEvent {
  kind: RoomEventKind;
  room: RoomRound['room'];
  currency: RoomRound['currency'];
  round: RoomRound;
  next: RoomRound | null;
  server_time: number;
}
