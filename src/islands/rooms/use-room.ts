import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { holdLiveBalance } from '../../client/live-balance.ts';
import { realtime } from '../../client/realtime.ts';
import type { RoomRound, RoomSeat } from '../../shared/api/rooms.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import type { Room } from '../../shared/games.ts';
import type { Locale } from '../../shared/locales.ts';
import { $user } from '../../stores/user.ts';
import { gameApi } from '../games/kit/api.ts';
import { useBusyWhile } from '../games/kit/use-busy.ts';
import { applyRoomEvent, listedRounds, phaseOf, type RoomView, secondsLeft } from './room-state.ts';

/**
 * A room page's state (docs/api-games.md "Rooms"): the room in the player's currency (a guest's:
 * the locale's), kept live over `/ws` `rooms:<room>`, its recent rounds, the player's seat and the
 * calls that join, add and leave. The server's clock runs the countdown (`offset`).
 */

/** How many drawn rounds the page lists. */
const RECENT = 10;
/** How long the tape runs to the winner, then how long the result stays before the next round shows. */
export const SPIN_MS = 5_000;
export const RESULT_MS = 5_000;
/** While a draw is due but not seen (a lost event, a leader taking over), the room is read again this often. */
const DRAW_CHECK_MS = 3_000;

export function useRoom(room: Room, locale: Locale, { reducedMotion }: { reducedMotion: boolean }) {
  const user = useStore($user);
  const currency = displayCurrency(user, locale);
  const [view, setView] = useState<RoomView | null>(null);
  const [recent, setRecent] = useState<RoomRound[]>([]);
  // The player's seats by round id: the live round's, and a drawn round's while it is shown.
  const [seats, setSeats] = useState<Record<string, RoomSeat>>({});
  const noteSeat = useCallback(
    (seat: RoomSeat) => setSeats((known) => ({ ...known, [seat.round_id]: seat })),
    [],
  );
  const [failed, setFailed] = useState(false);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const loads = useRef(0);

  const load = useCallback(async () => {
    const run = ++loads.current;
    try {
      const sent = Date.now();
      const [data, rounds] = await Promise.all([
        gameApi.get('GET /games/rooms/:room', { params: { room }, query: { currency } }),
        gameApi.get('GET /games/rooms/:room/rounds', {
          params: { room },
          query: { currency, limit: RECENT },
        }),
      ]);
      if (run !== loads.current) return;
      // The answer was written about half-way through the call.
      setOffset(data.server_time - (sent + Date.now()) / 2);
      const { server_time: _time, ...state } = data;
      // Events newer than the load may have arrived while it travelled; each carries its whole
      // round, so the page keeps the newer of the two (of the same currency).
      setView((current) =>
        current && current.state.currency === state.currency && current.state.version > state.version
          ? current
          : { state, showing: current?.showing ?? null },
      );
      setRecent(rounds);
      setFailed(false);
    } catch {
      if (run === loads.current) setFailed(true);
    }
  }, [room, currency]);

  useEffect(() => {
    setView(null);
    void load();
    return realtime.subscribe(`rooms:${room}`, {
      event: (event, version) => {
        setView((current) => {
          if (!current) return current;
          const next = applyRoomEvent(current, event, version);
          if (next === 'reload') {
            void load();
            return current;
          }
          if (next !== current && event.kind === 'drawn')
            setRecent((rounds) =>
              [event.round, ...rounds.filter((r) => r.id !== event.round.id)].slice(0, RECENT),
            );
          return next;
        });
      },
      gap: () => void load(),
    });
  }, [room, load]);

  // The player's seat in the live round: read when the player or the round changes.
  const liveId = view?.state.round.id;
  const userId = user?.id;
  useEffect(() => {
    if (!userId || !liveId) return;
    let live = true;
    gameApi.get('GET /games/rooms/:room/mine', { params: { room } }).then(
      (seat) => {
        if (live && seat) noteSeat(seat);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [room, userId, liveId, noteSeat]);
  const mine = (userId && liveId && seats[liveId]) || null;
  // A seat in the live round is the middle of a game: a new build waits for the next navigation.
  useBusyWhile(mine !== null);

  // A clock for the countdown (4 ticks a second is enough for whole seconds).
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const round = view?.state.round ?? null;
  const left = round ? secondsLeft(round.countdown_ends_at, now, offset) : null;
  const phase = round ? phaseOf(round, left) : null;

  // A draw that is due but did not arrive: read the room again until it has.
  useEffect(() => {
    if (phase !== 'drawing') return;
    const timer = setInterval(() => void load(), DRAW_CHECK_MS);
    return () => clearInterval(timer);
  }, [phase, load]);

  // A drawn round: the tape runs to the winner (at once under reduced motion), then the result stays.
  const showing = view?.showing ?? null;
  const [stage, setStage] = useState<'spin' | 'result' | null>(null);
  useEffect(() => {
    if (!showing) return setStage(null);
    const spin = reducedMotion ? 0 : SPIN_MS;
    setStage(spin > 0 ? 'spin' : 'result');
    const timers = [
      setTimeout(() => setStage('result'), spin),
      setTimeout(() => setView((current) => current && { ...current, showing: null }), spin + RESULT_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [showing, reducedMotion]);

  // The header must not tell a player the result before the tape does: their balance waits.
  const inDraw =
    (phase === 'drawing' && mine !== null) ||
    (stage === 'spin' && showing !== null && seats[showing.id] !== undefined);
  useEffect(() => (inDraw ? holdLiveBalance() : undefined), [inDraw]);

  /** The answer's round, unless an event brought a newer state of it already. */
  const takeRound = useCallback((answered: RoomRound) => {
    setView((current) => {
      if (!current || current.state.round.id !== answered.id) return current;
      if (Number(answered.tickets) < Number(current.state.round.tickets) && answered.players.length > 0)
        return current;
      return { ...current, state: { ...current.state, round: answered } };
    });
  }, []);

  const stake = useCallback(
    async (action: 'join' | 'add', amount: string) => {
      const roundId = view?.state.round.id;
      const answer = await gameApi.post(`POST /games/rooms/:room/${action}`, {
        params: { room },
        body: { amount, ...(roundId ? { round_id: roundId } : {}) },
      });
      takeRound(answer.round);
      noteSeat({ round_id: answer.round.id, seat: answer.seat, stake: answer.stake });
      return answer;
    },
    [room, view?.state.round.id, takeRound, noteSeat],
  );

  const leave = useCallback(async () => {
    if (!mine) return null;
    const answer = await gameApi.post('POST /games/rooms/:room/leave', {
      params: { room },
      body: { round_id: mine.round_id },
    });
    takeRound(answer.round);
    setSeats(({ [mine.round_id]: _left, ...others }) => others);
    return answer;
  }, [room, mine, takeRound]);

  return {
    currency,
    view,
    // The round whose tape still runs joins the recent rounds once its result shows.
    recent: listedRounds(recent, stage === 'spin' ? showing : null),
    /** The player's seat in the live round (null: not in it, or a guest). */
    mine,
    /** The player's seat in a round they played (a drawn one being shown). */
    seatIn: (roundId: string): number | null => seats[roundId]?.seat ?? null,
    /** The drawn round on show and how far: the tape running (`spin`), then its result. */
    showing,
    stage,
    failed,
    left,
    phase,
    reload: load,
    stake,
    leave,
  };
}

export type RoomController = ReturnType<typeof useRoom>;
