import type { z } from 'zod';
import * as miner from '../../../games/miner/engine.ts';
import { applyRatio, type Ratio } from '../../../games/ratio.ts';
import type { minerAutoBody, minerRevealBody, minerStartBody } from '../../../shared/api/games-routes.ts';
import type { BetAnswer } from '../../../shared/wire/bets.ts';
import { invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BetRow } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { instantBet } from './instant.ts';
import { passesMaxProfit } from './limits.ts';
import { type NewBet, placeBet } from './pipeline.ts';
import { activeRound, cashOutRound, roundStart, stepRound, streamOf } from './rounds.ts';

/**
 * Miner (docs/fairness.md §3, docs/api-games.md "Miner"): a 5×5 field whose mines the bet's nonce
 * fixes at the start (the first `mines` picks of the stream). A round spans requests (rounds.ts):
 * `start` takes the stake, each `reveal` opens one tile (a gem raises the multiplier to
 * 0.99 × C(25, d) / C(25 − m, d), a mine loses), `cashout` pays after any gem. Opening every gem,
 * or a gem after which the next could pass the maximum profit per bet, cashes out by itself. The
 * mines leave the server only once the round has ended. `auto` plays a whole round in one request.
 */

type Round = BetRow<'miner'>;

/** The mine count of a request, or 422 `mines: invalid_mines`. */
function mineCount(mines: number): number {
  const checked = miner.validateMineCount(mines);
  if (!checked.ok) throw invalid('mines', 'invalid_mines');
  return checked.value;
}

/** What a win with `gems` gems pays and how small a stake may be (the first win must pay more than it). */
function reach(stake: bigint, mines: number, gems: number) {
  const first: Ratio = miner.multiplier(mines, gems);
  return { smallestWin: first, bestPayout: applyRatio(stake, first) };
}

/** The player's open round, to resume after a reload. */
export function activeField(deps: GamesDeps, userId: string): Promise<Round | undefined> {
  return activeRound(deps, userId, 'miner');
}

/** Opens a round: the stake is taken and the mines are fixed by the nonce; no tile is open yet. */
export function startField(
  deps: GamesDeps,
  user: UserRow,
  input: z.output<typeof minerStartBody>,
  key: string,
): Promise<BetAnswer<'miner'>> {
  const mines = mineCount(input.mines);
  return placeBet(
    deps,
    user,
    roundStart(user.id, {
      game: 'miner',
      stake: input.amount,
      params: { mines, tiles: [] },
      floatCount: 0,
      settle: () => ({ outcome: { mines: [], hit: null }, payout: 0n, multiplier: '0' }),
      request: { game: 'miner', stake: input.amount, mines },
      ...reach(input.amount, mines, 1),
    }),
    key,
  );
}

/**
 * Opens one tile. A mine settles the round as lost and shows every mine; a gem raises the
 * multiplier, and the last gem (or one after which the next could pass the cap) cashes out.
 */
export function revealTile(
  deps: GamesDeps,
  user: UserRow,
  input: z.output<typeof minerRevealBody>,
): Promise<BetAnswer<'miner'>> {
  return stepRound(deps, user, {
    game: 'miner',
    ref: input,
    stepsOf: (row) => row.params.tiles.length,
    sameStep: (row, index) => row.params.tiles[index] === input.tile,
    play: (row, { floats, cap }) => {
      const { mines } = row.params;
      const tiles = [...row.params.tiles, input.tile];
      if (!miner.validateReveals(mines, tiles).ok) throw invalid('tile', 'invalid_tile');
      const result = miner.outcome(floats(mines), { mines, reveals: tiles });
      const params = { mines, tiles };
      if (result.hitTile !== undefined)
        return { kind: 'lost', params, outcome: { mines: result.mines, hit: result.hitTile } };
      const gems = tiles.length;
      const complete = gems === miner.TILES - mines;
      if (complete || passesMaxProfit(BigInt(row.amount), miner.multiplier(mines, gems + 1), cap))
        return {
          kind: 'cashout',
          params,
          outcome: { mines: result.mines, hit: null },
          multiplier: result.multiplier,
        };
      return { kind: 'moved', params, outcome: { mines: [], hit: null }, multiplier: result.multiplier };
    },
  });
}

/** Pays the multiplier of the gems opened (at least one) and shows every mine. */
export function cashoutField(deps: GamesDeps, user: UserRow, key: string): Promise<BetAnswer<'miner'>> {
  return cashOutRound(deps, user, key, 'miner', async (row, tx) => {
    const { mines, tiles } = row.params;
    if (tiles.length === 0) throw invalid('game', 'nothing_to_cash_out');
    const floats = await streamOf(tx, row);
    return {
      multiplier: miner.multiplier(mines, tiles.length),
      outcome: { mines: miner.placeMines(floats(mines), mines), hit: null },
    };
  });
}

/**
 * Auto-bet (Stake's "auto" mode): one request plays a whole round, opening `tiles` in order, and
 * settles at once: it pays the multiplier of all of them, or nothing at the first mine. Refused up
 * front when that win could pass the maximum profit per bet.
 */
export function autoField(input: z.output<typeof minerAutoBody>): NewBet<'miner'> {
  const mines = mineCount(input.mines);
  if (!input.tiles.every((tile) => typeof tile === 'number')) throw invalid('tiles', 'invalid_tiles');
  const tiles = input.tiles as number[];
  if (tiles.length === 0 || !miner.validateReveals(mines, tiles).ok) throw invalid('tiles', 'invalid_tiles');
  const win = { multipliers: [miner.multiplier(mines, tiles.length)] };
  return instantBet('miner', input.amount, { mines, tiles }, mines, win, (floats) => {
    const result = miner.outcome(floats, { mines, reveals: tiles });
    return { outcome: { mines: result.mines, hit: result.hitTile ?? null }, multiplier: result.multiplier };
  });
}
