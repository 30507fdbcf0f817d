import { useCallback, useMemo, useState } from 'react';
import type { HiloAction } from '../../games/hilo/engine.ts';
import { type Bet, playSound, wait } from '../games/kit/index.ts';
import { HILO_CALLS } from '../games/kit/round-calls.ts';
import { useRound } from '../games/kit/use-round.ts';
import { readHand } from './hand.ts';

/** How long the next card takes to turn over (the CSS animation of .hl-card matches it). */
export const DEAL_MS = 420;

/**
 * The hi-lo island's state (docs/api-games.md "Hi-lo"): the round (across requests, resumed after
 * a reload), the card being dealt, and the moves. The server draws every card; the board only
 * shows the answer.
 */
export function useHilo(formatDetail: (detail: string) => string) {
  const round = useRound(
    { game: 'hilo', calls: HILO_CALLS, stepsOf: (bet) => bet.params.actions.length },
    formatDetail,
  );
  const [dealing, setDealing] = useState(false);
  const [dealt, setDealt] = useState(0);
  const hand = useMemo(() => (round.bet ? readHand(round.bet) : null), [round.bet]);

  /** The kit's `play`: opens a round (the stake is taken, the start card dealt). */
  const play = useCallback(
    async (amount: string): Promise<Bet> => {
      const bet = await round.start({ amount });
      setDealt((n) => n + 1);
      return bet;
    },
    [round.start],
  );

  const move = (action: HiloAction) =>
    round.step({ action }, async () => {
      setDealing(true);
      setDealt((n) => n + 1);
      try {
        await wait(DEAL_MS);
      } finally {
        setDealing(false);
      }
      if (action !== 'skip') playSound('tick');
    });

  return { ...round, hand, dealing, dealt, play, move, busy: round.busy || dealing };
}
