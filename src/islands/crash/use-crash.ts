import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime } from '../../client/realtime.ts';
import type { CrashState, MyCrashBet } from '../../shared/api/crash.ts';
import { $user } from '../../stores/user.ts';
import { gameApi } from '../games/kit/api.ts';
import { applyCrashEvent, catchUp, type ReceivedEvent, roundTakingBets } from './crash-state.ts';

/**
 * The crash page's state (docs/api-games.md "Crash"): the game from `GET /games/crash`, kept live
 * over `/ws` `game:crash` (a version gap reloads it), the clock offset to the server (the curve is
 * drawn from the server's start time), the player's bets, and the calls that bet and cash out.
 */

/** How many of the player's bets the page lists. */
const MY_BETS = 20;
/** How many of the latest events the page keeps to bring a load up to date (`catchUp`). */
const RECEIVED = 100;

export function useCrash() {
  const user = useStore($user);
  const [state, setState] = useState<CrashState | null>(null);
  const [failed, setFailed] = useState(false);
  /** Server clock − browser clock, ms. */
  const [offset, setOffset] = useState(0);
  const [mine, setMine] = useState<MyCrashBet[]>([]);
  const loads = useRef(0);
  const received = useRef<ReceivedEvent[]>([]);

  const load = useCallback(async () => {
    const run = ++loads.current;
    try {
      const sent = Date.now();
      const data = await gameApi.get('GET /games/crash');
      if (run !== loads.current) return;
      // The answer was written about half-way through the call.
      setOffset(data.server_time - (sent + Date.now()) / 2);
      setState(catchUp(data, received.current));
      setFailed(false);
    } catch {
      if (run === loads.current) setFailed(true);
    }
  }, []);

  const loadMine = useCallback(async () => {
    if (!$user.get()) return setMine([]);
    try {
      setMine(await gameApi.get('GET /games/crash/bets', { query: { limit: MY_BETS } }));
    } catch {}
  }, []);

  useEffect(() => {
    void load();
    return realtime.subscribe('game:crash', {
      event: (event, version) => {
        if (event.kind === 'snapshot') {
          setOffset(event.state.server_time - Date.now());
          return setState(catchUp(event.state, received.current));
        }
        received.current.push({ event, version });
        if (received.current.length > RECEIVED) received.current.shift();
        setState((current) => (current ? applyCrashEvent(current, event, version) : current));
        if (event.kind === 'crashed' || event.kind === 'cashed_out') void loadMine();
      },
      gap: () => void load(),
    });
  }, [load, loadMine]);

  const userId = user?.id;
  useEffect(() => {
    if (userId) void loadMine();
    else setMine([]);
  }, [userId, loadMine]);

  const noteMine = useCallback((bet: MyCrashBet) => {
    setMine((bets) => [bet, ...bets.filter((b) => b.id !== bet.id)].slice(0, MY_BETS));
  }, []);

  const bet = useCallback(
    async (amount: string, autoCashOut: string | null) => {
      const answer = await gameApi.post('POST /games/crash/bet', {
        body: { amount, ...(autoCashOut ? { auto_cash_out: autoCashOut } : {}) },
      });
      noteMine(answer.bet);
      return answer;
    },
    [noteMine],
  );

  const cashOut = useCallback(
    async (roundId: number) => {
      const answer = await gameApi.post('POST /games/crash/cashout', { body: { round_id: roundId } });
      noteMine(answer.bet);
      return answer;
    },
    [noteMine],
  );

  /** The player's bet in the live round, and in the round taking bets now. */
  const live = state?.round ? mine.find((b) => b.round_id === state.round!.id) : undefined;
  const takingId = state ? roundTakingBets(state) : null;
  const pending = takingId !== null ? mine.find((b) => b.round_id === takingId) : undefined;

  return { state, failed, offset, mine, live, pending, takingId, reload: load, bet, cashOut };
}

export type CrashController = ReturnType<typeof useCrash>;
