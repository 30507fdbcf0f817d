import type { z } from 'zod';
import { casePrice, findCase } from '../../../games/cases/catalogue.ts';
import * as cases from '../../../games/cases/engine.ts';
import * as dice from '../../../games/dice/engine.ts';
import * as keno from '../../../games/keno/engine.ts';
import { applyRatio, parseDecimal, type Ratio, ratio, toDecimal } from '../../../games/ratio.ts';
import * as roulette from '../../../games/roulette/engine.ts';
import { largest, smallestWin } from '../../../games/stakes.ts';
import * as wheel from '../../../games/wheel/engine.ts';
import {
  type casesBody,
  type diceBody,
  type kenoBody,
  type rouletteBody,
  rouletteItem,
  type wheelBody,
} from '../../../shared/api/games-routes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import type { BetGame, BetOutcome, BetParams } from '../../../shared/wire/bets.ts';
import { invalid } from '../../domain-error.ts';
import type { NewBet } from './pipeline.ts';

/**
 * Request bodies of the instant games → bets the pipeline places (docs/api-games.md). Engines decide
 * the outcome; this file only maps inputs and outcomes to the API's shapes and errors.
 */

/** What a bet can pay (docs/fairness.md §8): its multipliers, or its best payout when it is not one multiplier. */
type Reach = { multipliers: readonly Ratio[] } | { smallestWin: Ratio | null; bestPayout: bigint };

/**
 * A bet decided by the floats at once: the engine's outcome and exact multiplier. Multipliers are
 * stored and shown truncated to 4 decimals; the payout is floor(stake × the exact ratio). `reach`
 * lets the pipeline refuse a stake that cannot win and a bet that could pass the maximum profit.
 */
export function instantBet<G extends BetGame>(
  game: G,
  stake: bigint,
  params: BetParams<G>,
  floatCount: number,
  reach: Reach,
  decide: (floats: readonly number[]) => { outcome: BetOutcome<G>; multiplier: Ratio },
): NewBet<G> {
  return {
    game,
    stake,
    params,
    status: 'settled',
    floatCount,
    ...('multipliers' in reach
      ? {
          smallestWin: smallestWin(reach.multipliers),
          bestPayout: applyRatio(stake, largest(reach.multipliers)),
        }
      : reach),
    settle: (floats) => {
      const { outcome, multiplier } = decide(floats);
      return { outcome, payout: applyRatio(stake, multiplier), multiplier: toDecimal(multiplier, 4) };
    },
  };
}

export function dicePlay(input: z.output<typeof diceBody>): NewBet<'dice'> {
  const target = String(input.target).trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(target)) throw invalid('target', 'invalid_target');
  const bet = { target: Number(toMinor(target)), direction: input.direction as dice.DiceDirection };
  const checked = dice.validateBet(bet);
  if (!checked.ok) {
    if (checked.error === 'ERR_DIRECTION') throw invalid('direction', 'invalid_direction');
    throw invalid('target', checked.error === 'ERR_CHANCE' ? 'invalid_chance' : 'invalid_target');
  }
  const params = { target: fromMinor(BigInt(bet.target)), direction: bet.direction };
  const reach = { multipliers: [dice.multiplier(bet)] };
  return instantBet('dice', input.amount, params, dice.FLOAT_COUNT, reach, (floats) => {
    const result = dice.outcome(floats, bet);
    return {
      outcome: { roll: dice.formatRoll(result.roll), win: result.win },
      multiplier: result.multiplier,
    };
  });
}

export function kenoPlay(input: z.output<typeof kenoBody>): NewBet<'keno'> {
  const risk = keno.validateRisk(input.risk);
  if (!risk.ok) throw invalid('risk', 'invalid_risk');
  // Non-numbers are refused here as one `picks` error rather than one zod error per item.
  if (!input.picks.every((n) => typeof n === 'number')) throw invalid('picks', 'invalid_picks');
  const picks = keno.validatePicks(input.picks as number[]);
  if (!picks.ok) throw invalid('picks', 'invalid_picks');
  const params = { risk: risk.value, picks: [...picks.value] };
  const reach = { multipliers: keno.PAYTABLES[params.risk][params.picks.length - 1]! };
  return instantBet('keno', input.amount, params, keno.FLOAT_COUNT, reach, (floats) => {
    const result = keno.outcome(floats, params);
    return { outcome: { drawn: result.drawn, hits: result.hits }, multiplier: result.multiplier };
  });
}

export function roulettePlay(input: z.output<typeof rouletteBody>): NewBet<'roulette'> {
  // Each malformed bet is named by its position (`invalid_bets:<n>`, 1-based), whatever is wrong with it.
  const bets = input.bets.map((item, i) => {
    const parsed = rouletteItem.safeParse(item);
    if (!parsed.success) throw invalid('bets', 'invalid_bets', i + 1);
    const b = parsed.data;
    if ('numbers' in b) return { kind: b.kind, numbers: b.numbers, amount: b.amount };
    if ('index' in b) return { kind: b.kind, index: b.index, amount: b.amount };
    return { kind: b.kind, amount: b.amount };
  }) as roulette.RouletteBet[];
  const checked = roulette.validateBets(bets, 50);
  if (!checked.ok) throw invalid('bets', 'invalid_bets', (checked.index ?? 0) + 1);
  const stake = bets.reduce((sum, b) => sum + b.amount, 0n);
  const params = { bets: bets.map((b) => ({ ...b, amount: fromMinor(b.amount) })) };
  // Every winning bet pays a whole multiple of its amount (at least 2×), so any stake can win; the
  // best payout is the best pocket's.
  const reach = { smallestWin: null, bestPayout: bestRouletteReturn(bets) };
  return instantBet('roulette', stake, params, roulette.FLOAT_COUNT, reach, (floats) => {
    const spin = roulette.outcome(floats);
    const result = roulette.settle(bets, spin.pocket);
    return {
      outcome: { pocket: spin.pocket, color: spin.color, returns: result.returns.map((r) => fromMinor(r)) },
      // What the bets return together, as a multiplier of the stake: the payout is that sum exactly.
      multiplier: ratio(result.totalReturn, stake),
    };
  });
}

/** What the roulette bets return together on their best pocket. */
function bestRouletteReturn(bets: readonly roulette.RouletteBet[]): bigint {
  let best = 0n;
  for (let pocket = 0; pocket < roulette.POCKETS; pocket += 1) {
    const total = roulette.settle(bets, pocket).totalReturn;
    if (total > best) best = total;
  }
  return best;
}

export function wheelPlay(input: z.output<typeof wheelBody>): NewBet<'wheel'> {
  const checked = wheel.validateParams(input.risk, input.segments);
  if (!checked.ok) {
    throw checked.error === 'ERR_RISK'
      ? invalid('risk', 'invalid_risk')
      : invalid('segments', 'invalid_segments');
  }
  const params = checked.value;
  const reach = { multipliers: wheel.wheelTable(params.risk, params.segments).map(parseDecimal) };
  return instantBet('wheel', input.amount, params, wheel.FLOAT_COUNT, reach, (floats) => {
    const result = wheel.outcome(floats, params);
    return {
      outcome: { segment: result.segment, multiplier: toDecimal(result.multiplier, 4) },
      multiplier: result.multiplier,
    };
  });
}

export function casesPlay(input: z.output<typeof casesBody>, currency: Currency): NewBet<'cases'> {
  const info = findCase(input.slug);
  const table = cases.tableOf(input.slug);
  if (!info || !table.ok) throw invalid('slug', 'invalid_case');
  const price = casePrice(info, currency);
  const reach = { multipliers: table.value.table.map((row) => parseDecimal(row.multiplier)) };
  return instantBet('cases', price, { slug: info.slug }, cases.FLOAT_COUNT, reach, (floats) => {
    const result = cases.outcome(floats, table.value.table);
    return {
      outcome: { row: result.row, multiplier: toDecimal(result.multiplier, 4) },
      multiplier: result.multiplier,
    };
  });
}
