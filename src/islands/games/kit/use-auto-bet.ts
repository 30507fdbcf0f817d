import { useEffect, useRef, useState } from 'react';
import { fromMinor } from '../../../shared/money.ts';
import type { BetLimits } from './amount.ts';
import { type AutoBetConfig, afterAutoBet, type OnResult, startAutoBet } from './autobet.ts';
import { type AutoBetDraft, type DraftErrors, EMPTY_DRAFT } from './autobet-draft.ts';
import { minorOrNull } from './bet-result.ts';
import { $instantPlay, prefersReducedMotion } from './motion.ts';
import type { Bet } from './types.ts';

const RESET: OnResult = { mode: 'reset', percentBp: 0 };

/**
 * Auto-bet: the form as typed, and the series it runs: one bet after another through `placeOne`,
 * the stake following the on-win / on-loss rules within the limits, until the count, a stop, an
 * error, the game refusing (`canPlay`), the player's stop or the page leaving.
 */
export function useAutoBet(options: {
  placeOne: (amount: string) => Promise<Bet | null>;
  /** Read before every bet: false ends the series. */
  canPlay: () => boolean;
  /** Shows each next stake in the amount field. */
  showStake: (minor: bigint) => void;
}) {
  const [draft, setDraft] = useState<AutoBetDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [running, setRunning] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const stopRef = useRef(false);

  useEffect(
    () => () => {
      stopRef.current = true;
    },
    [],
  );

  /**
   * Runs a series from `base` with the parsed form; a fixed stake (a case's price) never grows.
   * `instant` (turbo): the boards skip their animations and the next bet follows the answer.
   */
  const run = async (
    base: bigint,
    parsed: AutoBetConfig,
    limits: BetLimits,
    fixedStake: boolean,
    instant = false,
  ) => {
    const config = fixedStake ? { ...parsed, onWin: RESET, onLoss: RESET } : parsed;
    stopRef.current = false;
    setRunning(true);
    if (instant) $instantPlay.set(true);
    let state = startAutoBet(base);
    try {
      while (!stopRef.current) {
        setLeft(config.count > 0 ? config.count - state.played : null);
        if (!options.canPlay()) break;
        const bet = await options.placeOne(fromMinor(state.next));
        if (!bet) break;
        const step = afterAutoBet(
          config,
          state,
          { amount: minorOrNull(bet.amount) ?? state.next, payout: minorOrNull(bet.payout) ?? 0n },
          limits,
        );
        state = step.state;
        options.showStake(state.next);
        if (step.stop) break;
        // A beat between bets, so each result can be seen (shorter under reduced motion); instant
        // play only lets the page paint the result.
        await new Promise((resolve) => setTimeout(resolve, instant ? 0 : prefersReducedMotion() ? 80 : 350));
      }
    } finally {
      if (instant) $instantPlay.set(false);
      setRunning(false);
      setLeft(null);
    }
  };

  return {
    draft,
    errors,
    running,
    /** Bets left in the running series (null when none runs or it has no count). */
    left,
    edit(next: AutoBetDraft) {
      setDraft(next);
      setErrors({});
    },
    /** Shows the form's errors (null clears them). */
    setErrors,
    run,
    stop() {
      stopRef.current = true;
    },
  };
}

export type AutoBet = ReturnType<typeof useAutoBet>;
