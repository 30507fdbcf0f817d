import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeApiError } from '../../../client/errors.ts';
import { $sessionStatus } from '../../../stores/user.ts';
import { useApiCall } from '../../ui/useApi.ts';
import type { RoundCalls } from './round-calls.ts';
import type { Bet } from './types.ts';
import { useBusyWhile } from './use-busy.ts';

/** Why the board shows what it shows: a resumed round, how the last one ended, or nothing new. */
export type RoundNote = 'resumed' | 'lost' | 'won' | 'auto' | null;

/** A round game (docs/api-games.md "Rounds across requests"): its calls, and where a round stands. */
export interface RoundPaths<G extends 'miner' | 'hilo', S, M> {
  game: G;
  /** `/games/<game>/active`, `/start`, the step (`/reveal`, `/step`) and `/cashout` (./round-calls.ts). */
  calls: RoundCalls<G, S, M>;
  /** Steps a round has taken: the index of its next step. */
  stepsOf: (bet: Bet<G>) => number;
}

/**
 * A round across requests on the island (miner, hi-lo): resumed from `GET /active` after a reload or
 * on another device, started through the kit's `play`, moved one step at a time (each request
 * names the round and the step, so a doubled click cannot play twice), cashed out. A step refused
 * as stale (another tab moved the round) reloads the round as it stands. `formatDetail` shows the
 * amounts of the server's messages as money.
 */
export function useRound<G extends 'miner' | 'hilo', S, M>(
  paths: RoundPaths<G, S, M>,
  formatDetail: (detail: string) => string,
) {
  const { calls } = paths;
  const status = useStore($sessionStatus);
  const call = useApiCall({ formatDetail });
  const [bet, setBet] = useState<Bet<G> | null>(null);
  const [note, setNote] = useState<RoundNote>(null);
  const [moving, setMoving] = useState(false);
  // The kit's `record` (chips, "my bets", the win or loss sound) for a round settled by a move.
  const recordRef = useRef<((bet: Bet) => void) | null>(null);
  const bindRecord = useCallback((record: (bet: Bet) => void) => {
    recordRef.current = record;
  }, []);
  // An open round is the middle of a game: a new build waits for the next navigation.
  useBusyWhile(bet?.status === 'active');
  const betRef = useRef(bet);
  betRef.current = bet;

  const resume = useCallback(
    (resumed: boolean) =>
      calls
        .active()
        .then((active) => {
          if (active) {
            setBet(active);
            if (resumed) setNote('resumed');
          }
          return active;
        })
        .catch(() => null),
    [calls],
  );

  // Resume an open round after a reload (or from another device).
  useEffect(() => {
    if (status === 'user') void resume(true);
  }, [status, resume]);

  /** The kit's `play` in manual mode: opens a round (the stake is taken) and resolves with it. */
  const start = useCallback(
    async (body: S): Promise<Bet> => {
      const answer = await calls.start(body);
      setNote(null);
      setBet(answer.bet);
      return answer.bet as Bet;
    },
    [calls],
  );

  /** Shows a round that a move settled: the kit records it; `automatic` when the player did not cash out. */
  const ended = useCallback((next: Bet<G>, automatic: boolean) => {
    if (next.status !== 'settled') return;
    const lost = Number(next.payout) === 0;
    setNote(lost ? 'lost' : automatic ? 'auto' : 'won');
    recordRef.current?.(next as Bet);
  }, []);

  /**
   * One step of the open round: `body` is the move; `reveal` shows the answer on the board (an
   * animation) before the round is updated.
   */
  const step = useCallback(
    (move: M, reveal?: (answer: Bet<G>) => Promise<void>) => {
      const current = betRef.current;
      if (current?.status !== 'active') return;
      void call.run(async () => {
        setMoving(true);
        try {
          const answer = await calls.step(move, { index: paths.stepsOf(current), bet_id: current.id });
          setNote(null);
          await reveal?.(answer.bet);
          setBet(answer.bet);
          ended(answer.bet, true);
        } catch (error) {
          // Another tab or device moved or ended the round: show it as it stands.
          const report = describeApiError(error);
          if (report.fields.index || report.fields.game) {
            const active = await resume(false);
            if (!active)
              await calls.bet(current.id).then(
                (shown) => shown && setBet(shown),
                () => undefined,
              );
          }
          throw error;
        } finally {
          setMoving(false);
        }
      });
    },
    [calls, call, ended, paths, resume],
  );

  const cashOut = useCallback(() => {
    void call.run(async () => {
      const answer = await calls.cashout();
      setBet(answer.bet);
      ended(answer.bet, false);
    });
  }, [calls, call, ended]);

  return {
    bet,
    setBet,
    note,
    setNote,
    busy: call.pending || moving,
    start,
    step,
    cashOut,
    bindRecord,
  };
}
