import { useEffect, useRef, useState } from 'react';
import { holdLiveBalance } from '../../../client/live-balance.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetLimits } from './amount.ts';
import {
  type AutoBetConfig,
  afterAutoBet,
  type OnResult,
  stakeBeforeAnswers,
  startAutoBet,
} from './autobet.ts';
import { type AutoBetDraft, type DraftErrors, EMPTY_DRAFT } from './autobet-draft.ts';
import { minorOrNull } from './bet-result.ts';
import { $instantPlay, flushFrame, onFrame, prefersReducedMotion } from './motion.ts';
import type { Bet } from './types.ts';

const RESET: OnResult = { mode: 'reset', percentBp: 0 };

/**
 * How many bets of an instant series may be unanswered at once, for a game whose `play` allows it:
 * the next goes out while the previous is on its way, when its stake cannot depend on the answer.
 */
const PIPELINE = 3;

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
  /** `placeOne` may run for several bets at once (the game's `play` keeps no state of its own between them). */
  pipelined?: boolean;
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
   * `instant` (turbo): the boards skip their animations and the next bet follows the answer, or
   * goes out before it when the answer cannot change it (`stakeBeforeAnswers`, a pipelined game).
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
    // Instant: the header follows the bet answers (once a frame); the socket's balance events of
    // the same bets wait until the series ends.
    const releaseLive = instant ? holdLiveBalance() : () => {};
    let state = startAutoBet(base);
    /** Bets sent and not yet answered, oldest first (more than one only when pipelined). */
    const inFlight: Array<{ stake: bigint; bet: Promise<Bet | null> }> = [];
    const depth = instant && options.pipelined ? PIPELINE : 1;
    try {
      for (;;) {
        while (inFlight.length < depth && !stopRef.current && options.canPlay()) {
          const stake = stakeBeforeAnswers(
            config,
            state,
            inFlight.map((sent) => sent.stake),
            limits,
          );
          if (stake === null) break;
          const played = state.played + inFlight.length;
          onFrame(() => setLeft(config.count > 0 ? config.count - played : null), 'autobet-left');
          inFlight.push({ stake, bet: options.placeOne(fromMinor(stake)) });
        }
        // The oldest answer first: the series counts its bets in the order they were sent.
        const sent = inFlight.shift();
        if (!sent) break;
        const bet = await sent.bet;
        if (!bet) break;
        const step = afterAutoBet(
          config,
          state,
          { amount: minorOrNull(bet.amount) ?? sent.stake, payout: minorOrNull(bet.payout) ?? 0n },
          limits,
        );
        state = step.state;
        const next = state.next;
        onFrame(() => options.showStake(next), 'autobet-stake');
        if (step.stop) break;
        // A beat between bets, so each result can be seen (shorter under reduced motion). Instant
        // play goes on at once: the page shows the newest results once a frame (`onFrame`).
        if (!instant) await new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 80 : 350));
      }
    } finally {
      // A bet already sent settles and is shown before the series ends.
      await Promise.all(inFlight.map((sent) => sent.bet));
      flushFrame();
      releaseLive();
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
