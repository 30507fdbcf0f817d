import type { z } from 'zod';
import * as coinflip from '../../../games/coinflip/engine.ts';
import { applyRatio } from '../../../games/ratio.ts';
import type { coinflipFlipBody, coinflipStartBody } from '../../../shared/api/games-routes.ts';
import type { BetAnswer } from '../../../shared/wire/bets.ts';
import { invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BetRow } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { passesMaxProfit } from './limits.ts';
import { placeBet } from './pipeline.ts';
import { activeRound, cashOutRound, roundStart, stepRound } from './rounds.ts';

/**
 * Coinflip (docs/fairness.md §3, docs/api-games.md): a series of up to 20 calls that spans
 * requests (a round of rounds.ts). `start` takes the stake and one nonce; flip i is float_i of that
 * nonce; a wrong call loses; `cashout` pays stake × 0.99 × 2ⁿ. Only the flips already called are
 * ever stored or shown. The 20th right call, or one after which the next could pass the maximum
 * profit per bet, cashes out by itself.
 */

type Series = BetRow<'coinflip'>;

/** The player's open series, to resume after a reload. */
export function activeSeries(deps: GamesDeps, userId: string): Promise<Series | undefined> {
  return activeRound(deps, userId, 'coinflip');
}

/** Opens a series: the stake is taken, no flip is made yet. One open series at a time. */
export function startSeries(
  deps: GamesDeps,
  user: UserRow,
  { amount }: z.output<typeof coinflipStartBody>,
  key: string,
): Promise<BetAnswer<'coinflip'>> {
  const first = coinflip.multiplier(1);
  return placeBet(
    deps,
    user,
    roundStart(user.id, {
      game: 'coinflip',
      stake: amount,
      params: { calls: [] },
      floatCount: 0,
      settle: () => ({ outcome: { flips: [] }, payout: 0n, multiplier: '0' }),
      request: { game: 'coinflip', stake: amount },
      smallestWin: first,
      bestPayout: applyRatio(amount, first),
    }),
    key,
  );
}

/**
 * Reveals the next flip for the player's call. A wrong call settles the series as lost; the 20th
 * right call, or a right call after which the next one could pass the cap, cashes out in the same
 * transaction, so no further call can ever reach the series.
 */
export function flip(
  deps: GamesDeps,
  user: UserRow,
  input: z.output<typeof coinflipFlipBody>,
): Promise<BetAnswer<'coinflip'>> {
  return stepRound(deps, user, {
    game: 'coinflip',
    ref: input,
    stepsOf: (row) => row.params.calls.length,
    sameStep: (row, index) => row.params.calls[index] === input.side,
    play: (row, { floats, cap }) => {
      if (row.params.calls.length >= coinflip.MAX_FLIPS) throw invalid('game', 'no_game_in_progress');
      const calls = [...row.params.calls, input.side];
      const result = coinflip.outcome(floats(calls.length), calls);
      const params = { calls };
      const outcome = { flips: result.flips };
      if (result.lost) return { kind: 'lost', params, outcome };
      const n = calls.length;
      const next = n < coinflip.MAX_FLIPS ? coinflip.multiplier(n + 1) : null;
      if (!next || passesMaxProfit(BigInt(row.amount), next, cap))
        return { kind: 'cashout', params, outcome, multiplier: result.multiplier };
      return { kind: 'moved', params, outcome, multiplier: result.multiplier };
    },
  });
}

/** Pays stake × 0.99 × 2ⁿ after n ≥ 1 right calls and settles the series. */
export function cashout(deps: GamesDeps, user: UserRow, key: string): Promise<BetAnswer<'coinflip'>> {
  return cashOutRound(deps, user, key, 'coinflip', async (row) => {
    const calls = row.params.calls.length;
    if (calls === 0) throw invalid('game', 'nothing_to_cash_out');
    return { multiplier: coinflip.multiplier(calls) };
  });
}
