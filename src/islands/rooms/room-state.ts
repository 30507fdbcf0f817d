import type { RoomEvent, RoomRound, RoomState } from '../../shared/api/rooms.ts';

/**
 * What a room page shows, as pure functions of the API's views (docs/api-games.md "Rooms"): the
 * state after a `/ws` event, the countdown, the tape of tickets the draw runs along and where
 * the draw lands.
 */

/** A room as the page holds it: the API's state, and the drawn round being shown (if any). */
export interface RoomView {
  state: RoomState;
  /** A round just drawn: the tape runs to its winner, then its result stays a moment. */
  showing: RoomRound | null;
}

/**
 * The room after one event of its channel, or `'reload'` when the event cannot be placed (a round
 * the page never saw). Events of other currencies, and those the state already holds (a version
 * not above the state's), change nothing.
 */
export function applyRoomEvent(view: RoomView, event: RoomEvent, version: number): RoomView | 'reload' {
  const { state } = view;
  if (event.currency !== state.currency || version <= state.version) return view;
  if (event.kind === 'drawn') {
    return {
      state: { ...state, version, last: event.round, round: event.next ?? state.round },
      showing: event.round,
    };
  }
  if (event.round.id !== state.round.id) return 'reload';
  return { ...view, state: { ...state, version, round: event.round } };
}

/** Whole seconds left of a countdown, on the server's clock (`offset` = server − browser, ms). */
export function secondsLeft(endsAt: string | null, now: number, offset: number): number | null {
  if (!endsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - (now + offset)) / 1000));
}

/** The phase a round is in, as the board names it. */
export type Phase = 'waiting' | 'countdown' | 'drawing' | 'drawn';

export function phaseOf(round: RoomRound, left: number | null): Phase {
  if (round.status === 'settled') return 'drawn';
  if (round.status === 'open') return 'waiting';
  return left === 0 ? 'drawing' : 'countdown';
}

/** One stake on the tape: its seat and where it sits, as fractions of all tickets. */
export interface Segment {
  seat: number;
  start: number;
  width: number;
}

/** The stakes of a round in ticket order, as parts of the tape (the fair shares of the draw). */
export function segmentsOf(round: RoomRound): Segment[] {
  const total = Number(round.tickets);
  if (total <= 0) return [];
  return round.players
    .flatMap((player) =>
      player.tickets.map((range) => ({
        seat: player.seat,
        start: Number(range.from) / total,
        width: (Number(range.to) - Number(range.from) + 1) / total,
      })),
    )
    .sort((a, b) => a.start - b.start);
}

/** How many copies of the tape the draw runs along (it lands in the last but one). */
export const TAPE_COPIES = 8;

/**
 * How far (percent of the whole track of `TAPE_COPIES` tapes, negative: to the left) the track is
 * moved so that the winning ticket stands under the pointer in the middle of the window. The
 * window is one tape wide, so the pointer is at half a tape from its left edge.
 */
export function landingShift(round: RoomRound, copies = TAPE_COPIES): number {
  const total = Number(round.tickets);
  const ticket = Number(round.result?.winning_ticket ?? 0);
  const at = (copies - 2 + (ticket + 0.5) / total) / copies;
  return -(at - 0.5 / copies) * 100;
}

/** A seat's colour on the tape and in the list: golden-angle hues, distinct for neighbours. */
export function seatColor(seat: number): string {
  return `hsl(${Math.round((seat * 137.508) % 360)} 72% 58%)`;
}

/**
 * The recent rounds as the page lists them: a drawn round whose tape still runs waits until its
 * result shows, so the list never tells the winner before the strip does.
 */
export function listedRounds(recent: readonly RoomRound[], spinning: RoomRound | null): readonly RoomRound[] {
  return spinning ? recent.filter((round) => round.id !== spinning.id) : recent;
}
