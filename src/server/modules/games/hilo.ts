import type { z } from 'zod';
import * as hilo from '../../../games/hilo/engine.ts';
import { applyRatio, multiply, ratio, ZERO } from '../../../games/ratio.ts';
import type { hiloStartBody, hiloStepBody } from '../../../shared/api/games-routes.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetAnswer } from '../../../shared/wire/bets.ts';
import { invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BetRow } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { passesMaxProfit } from './limits.ts';
import { placeBet } from './pipeline.ts';
import { activeRound, cashOutRound, roundStart, stepRound } from './rounds.ts';

/**
 * Hi-lo (docs/fairness.md §3 and "Points to know", docs/api-games.md "Hi-lo"): card 0 of the bet's
 * stream is dealt at the start; each guess or skip draws the next card. A right guess multiplies the
 * streak by 0.99 / p; a wrong one loses; a cash-out needs one right guess. The round lives in the
 * database (rounds.ts) and stores only the cards already shown.
 *
 * Maximum profit per bet: a guess whose win would pass it is refused (`max_profit_exceeded`); once
 * even the safest guess on the card shown would pass it, the round cashes out by itself. A start
 * is refused when the safest guess on an 8, the least favourable start card, would pass it.
 */

type Round = BetRow<'hilo'>;

/** The smallest win of any first guess: "higher" on a 2 (or "lower" on an A), 0.99 × 13 / 12. */
const SMALLEST_FIRST_WIN = ratio(99n * 13n, 100n * 12n);
/** The safest guess on an 8, the largest of the safest guesses' multipliers (0.99 × 13 / 7). */
const WORST_SAFEST_WIN = hilo.guessMultiplier(6, hilo.safestGuess(6));

/** The player's open round, to resume after a reload. */
export function activeHand(deps: GamesDeps, userId: string): Promise<Round | undefined> {
  return activeRound(deps, userId, 'hilo');
}

/** Opens a round: the stake is taken and the start card (card 0 of the stream) is dealt. */
export function startHand(
  deps: GamesDeps,
  user: UserRow,
  { amount }: z.output<typeof hiloStartBody>,
  key: string,
): Promise<BetAnswer<'hilo'>> {
  return placeBet(
    deps,
    user,
    roundStart(user.id, {
      game: 'hilo',
      stake: amount,
      params: { actions: [] },
      floatCount: 1,
      settle: (floats) => ({ outcome: { cards: hilo.cards(floats) }, payout: 0n, multiplier: '0' }),
      request: { game: 'hilo', stake: amount },
      smallestWin: SMALLEST_FIRST_WIN,
      bestPayout: applyRatio(amount, WORST_SAFEST_WIN),
    }),
    key,
  );
}

/** Whether the round has a right guess to cash out. */
const hasWin = (actions: readonly hilo.HiloAction[]) => actions.some((action) => action !== 'skip');

/** Checks a move on the last card shown before any card is drawn for it. */
function checkMove(row: Round, action: hilo.HiloAction, cap: bigint): void {
  const { actions } = row.params;
  const from = hilo.rankOf(row.outcome.cards.at(-1)!);
  if (action === 'skip') {
    if (actions.filter((a) => a === 'skip').length >= hilo.MAX_SKIPS)
      throw invalid('action', 'no_skips_left');
    return;
  }
  if (!hilo.availableGuesses(from).includes(action)) throw invalid('action', 'guess_unavailable');
  const win = multiply(hilo.streakOf(row.outcome.cards, actions), hilo.guessMultiplier(from, action));
  if (passesMaxProfit(BigInt(row.amount), win, cap))
    throw invalid('action', 'max_profit_exceeded', fromMinor(cap));
}

/** Plays a guess or a skip: draws the next card of the stream and settles a wrong guess as lost. */
export function playStep(
  deps: GamesDeps,
  user: UserRow,
  input: z.output<typeof hiloStepBody>,
): Promise<BetAnswer<'hilo'>> {
  const action = input.action as hilo.HiloAction;
  return stepRound(deps, user, {
    game: 'hilo',
    ref: input,
    stepsOf: (row) => row.params.actions.length,
    sameStep: (row, index) => row.params.actions[index] === action,
    play: (row, { floats, cap }) => {
      checkMove(row, action, cap);
      const actions = [...row.params.actions, action];
      const result = hilo.outcome(floats(hilo.floatCount(actions)), actions);
      if (!result.ok) throw invalid('action', 'guess_unavailable');
      const params = { actions };
      const outcome = { cards: result.value.cards };
      if (result.value.lost) return { kind: 'lost', params, outcome };
      const streak = result.value.multiplier;
      if (!hasWin(actions)) return { kind: 'moved', params, outcome, multiplier: ZERO };
      const next = hilo.rankOf(outcome.cards.at(-1)!);
      const safest = multiply(streak, hilo.guessMultiplier(next, hilo.safestGuess(next)));
      if (actions.length >= hilo.MAX_ACTIONS || passesMaxProfit(BigInt(row.amount), safest, cap))
        return { kind: 'cashout', params, outcome, multiplier: streak };
      return { kind: 'moved', params, outcome, multiplier: streak };
    },
  });
}

/** Pays the streak of the right guesses (at least one) and settles the round. */
export function cashoutHand(deps: GamesDeps, user: UserRow, key: string): Promise<BetAnswer<'hilo'>> {
  return cashOutRound(deps, user, key, 'hilo', async (row) => {
    if (!hasWin(row.params.actions)) throw invalid('game', 'nothing_to_cash_out');
    return { multiplier: hilo.streakOf(row.outcome.cards, row.params.actions) };
  });
}
