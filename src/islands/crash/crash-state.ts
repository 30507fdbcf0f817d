import type { CrashBet, CrashEvent, CrashRound, CrashState } from '../../shared/api/crash.ts';

/**
 * The crash page's state from `GET /games/crash` and the `game:crash` events (docs/api-games.md
 * "Crash"), pure. Events carry whole bets and rounds, so applying one twice changes nothing.
 */

/** How many crash points the strip keeps. */
export const HISTORY = 30;

/** Replaces bets by id, adding the new ones in order. */
function mergeBets(bets: readonly CrashBet[], changed: readonly CrashBet[]): CrashBet[] {
  const byId = new Map(changed.map((bet) => [bet.id, bet]));
  const merged = bets.map((bet) => byId.get(bet.id) ?? bet);
  for (const bet of changed) if (!bets.some((b) => b.id === bet.id)) merged.push(bet);
  return merged;
}

/** A queued round as the page shows it before it opens. */
function queuedRound(id: number, bets: CrashBet[] = []): CrashRound {
  return {
    id,
    status: 'queued',
    betting_ends_at: null,
    started_at: null,
    crash_point: null,
    hash: null,
    crashed_at: null,
    bets,
  };
}

/** The state after an event. */
export function applyCrashEvent(state: CrashState, event: CrashEvent, version: number): CrashState {
  const next = { ...state, version };
  const round = state.round;
  switch (event.kind) {
    case 'snapshot':
      return event.state;
    case 'opened':
      return { ...next, round: event.round, next: null };
    case 'started':
      if (round?.id !== event.round_id) return next;
      return { ...next, round: { ...round, status: 'flight', started_at: event.started_at } };
    case 'bet':
    case 'cashed_out': {
      const bets = event.kind === 'bet' ? [event.bet] : event.bets;
      if (round?.id === event.round_id)
        return { ...next, round: { ...round, bets: mergeBets(round.bets, bets) } };
      const queued = state.next?.id === event.round_id ? state.next : queuedRound(event.round_id);
      return { ...next, next: { ...queued, bets: mergeBets(queued.bets, bets) } };
    }
    case 'crashed': {
      const point = event.round.crash_point ?? '1.00';
      const history = [
        { id: event.round.id, crash_point: point },
        ...state.history.filter((h) => h.id !== event.round.id),
      ];
      return { ...next, round: event.round, history: history.slice(0, HISTORY) };
    }
  }
}

/** An event as the page received it. */
export interface ReceivedEvent {
  event: CrashEvent;
  version: number;
}

/**
 * A state loaded whole (`GET /games/crash`, or a snapshot over `/ws`) brought up to the events the
 * page received meanwhile: a load answers with the game as it stood when the server read it, and
 * events newer than that may already have arrived (a bet placed while the load was on its way).
 * They are applied again on top, in order; events carry whole bets and rounds, so one the loaded
 * state already holds changes nothing. Without this a reload could take a bet off the page.
 */
export function catchUp(loaded: CrashState, received: readonly ReceivedEvent[]): CrashState {
  let state = loaded;
  for (const { event, version } of received)
    if (version > state.version) state = applyCrashEvent(state, event, version);
  return state;
}

/** The size class of a crash point in the strip: under 2×, under 10×, 10× and up. */
export function pointClass(point: string): 'low' | 'mid' | 'high' {
  const value = Number(point);
  if (value < 2) return 'low';
  return value < 10 ? 'mid' : 'high';
}

/** The round a bet placed now goes into: the betting one, else the queued one (or the one after). */
export function roundTakingBets(state: CrashState): number | null {
  if (state.round?.status === 'betting') return state.round.id;
  if (state.next) return state.next.id;
  return state.round ? state.round.id + 1 : null;
}
