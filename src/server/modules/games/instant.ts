import { z } from 'zod';
import { casePrice, findCase } from '../../../games/cases/catalogue.ts';
import * as cases from '../../../games/cases/engine.ts';
import * as dice from '../../../games/dice/engine.ts';
import * as keno from '../../../games/keno/engine.ts';
import { applyRatio, type Ratio, ratio, toDecimal } from '../../../games/ratio.ts';
import * as roulette from '../../../games/roulette/engine.ts';
import * as wheel from '../../../games/wheel/engine.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import { invalid } from '../../http/errors.ts';
import type { InstantPlay, Settlement } from './bets.ts';

/**
 * Request bodies of the instant games → validated plays (docs/api-games.md). Engines decide the
 * outcome; this file only maps inputs and outcomes to the API's shapes and errors.
 */

export const amountField = z
  .string({ error: 'invalid_amount' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'invalid_amount' })
  .transform((v) => toMinor(v))
  .refine((v) => v > 0n, { error: 'invalid_amount' });

/** Multipliers are stored and shown truncated to 4 decimals; payouts use the exact ratio. */
function settlement(outcome: Record<string, unknown>, stake: bigint, multiplier: Ratio): Settlement {
  return { outcome, payout: applyRatio(stake, multiplier), multiplier: toDecimal(multiplier, 4) };
}

const diceBody = z.object({
  amount: amountField,
  target: z.union([z.string(), z.number()], { error: 'invalid_target' }),
  direction: z.string({ error: 'invalid_direction' }),
});

export function dicePlay(body: unknown): InstantPlay {
  const input = diceBody.parse(body);
  const target = String(input.target).trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(target)) throw invalid('target', 'invalid_target');
  const bet = { target: Number(toMinor(target)), direction: input.direction as dice.DiceDirection };
  const checked = dice.validateBet(bet);
  if (!checked.ok) {
    if (checked.error === 'ERR_DIRECTION') throw invalid('direction', 'invalid_direction');
    throw invalid('target', checked.error === 'ERR_CHANCE' ? 'invalid_chance' : 'invalid_target');
  }
  return {
    game: 'dice',
    stake: input.amount,
    params: { target: fromMinor(BigInt(bet.target)), direction: bet.direction },
    floatCount: dice.FLOAT_COUNT,
    settle: (floats) => {
      const result = dice.outcome(floats, bet);
      return settlement(
        { roll: dice.formatRoll(result.roll), win: result.win },
        input.amount,
        result.multiplier,
      );
    },
  };
}

const kenoBody = z.object({
  amount: amountField,
  risk: z.string({ error: 'invalid_risk' }),
  picks: z.array(z.unknown(), { error: 'invalid_picks' }).max(40, { error: 'invalid_picks' }),
});

export function kenoPlay(body: unknown): InstantPlay {
  const input = kenoBody.parse(body);
  const risk = keno.validateRisk(input.risk);
  if (!risk.ok) throw invalid('risk', 'invalid_risk');
  // Non-numbers are refused here as one `picks` error rather than one zod error per item.
  if (!input.picks.every((n) => typeof n === 'number')) throw invalid('picks', 'invalid_picks');
  const picks = keno.validatePicks(input.picks as number[]);
  if (!picks.ok) throw invalid('picks', 'invalid_picks');
  const params = { risk: risk.value, picks: [...picks.value] };
  return {
    game: 'keno',
    stake: input.amount,
    params,
    floatCount: keno.FLOAT_COUNT,
    settle: (floats) => {
      const result = keno.outcome(floats, params);
      return settlement({ drawn: result.drawn, hits: result.hits }, input.amount, result.multiplier);
    },
  };
}

const BY_INDEX = new Set(['dozen', 'column']);
const EVEN_MONEY = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);

/**
 * One roulette bet: dozens and columns carry `index` only, even-money bets neither field, inside
 * kinds no `index` (their `numbers` are checked by the engine).
 */
const rouletteItem = z
  .object({
    kind: z.string(),
    numbers: z.array(z.number().int()).min(1).max(6).optional(),
    index: z.number().int().optional(),
    amount: amountField,
  })
  .strict()
  .refine((b) => {
    if (BY_INDEX.has(b.kind)) return b.index !== undefined && b.numbers === undefined;
    if (EVEN_MONEY.has(b.kind)) return b.index === undefined && b.numbers === undefined;
    return b.index === undefined;
  });

const rouletteBody = z.object({
  bets: z
    .array(z.unknown(), { error: 'invalid_bets' })
    .min(1, { error: 'invalid_bets' })
    .max(50, { error: 'invalid_bets' }),
});

export function roulettePlay(body: unknown): InstantPlay {
  // Each malformed bet is named by its position (`invalid_bets:<n>`, 1-based), whatever is wrong with it.
  const bets = rouletteBody.parse(body).bets.map((item, i) => {
    const parsed = rouletteItem.safeParse(item);
    if (!parsed.success) throw invalid('bets', `invalid_bets:${i + 1}`);
    const b = parsed.data;
    if (b.numbers) return { kind: b.kind, numbers: b.numbers, amount: b.amount };
    if (b.index !== undefined) return { kind: b.kind, index: b.index, amount: b.amount };
    return { kind: b.kind, amount: b.amount };
  }) as roulette.RouletteBet[];
  const checked = roulette.validateBets(bets, 50);
  if (!checked.ok) throw invalid('bets', `invalid_bets:${(checked.index ?? 0) + 1}`);
  const stake = bets.reduce((sum, b) => sum + b.amount, 0n);
  const params = {
    bets: bets.map((b) => ({ ...b, amount: fromMinor(b.amount) })),
  };
  return {
    game: 'roulette',
    stake,
    params,
    floatCount: roulette.FLOAT_COUNT,
    settle: (floats) => {
      const spin = roulette.outcome(floats);
      const result = roulette.settle(bets, spin.pocket);
      return {
        outcome: { pocket: spin.pocket, color: spin.color, returns: result.returns.map((r) => fromMinor(r)) },
        payout: result.totalReturn,
        multiplier: toDecimal(ratio(result.totalReturn, stake), 4),
      };
    },
  };
}

const wheelBody = z.object({
  amount: amountField,
  risk: z.string({ error: 'invalid_risk' }),
  segments: z.number({ error: 'invalid_segments' }),
});

export function wheelPlay(body: unknown): InstantPlay {
  const input = wheelBody.parse(body);
  const checked = wheel.validateParams(input.risk, input.segments);
  if (!checked.ok) {
    throw checked.error === 'ERR_RISK'
      ? invalid('risk', 'invalid_risk')
      : invalid('segments', 'invalid_segments');
  }
  const params = checked.value;
  return {
    game: 'wheel',
    stake: input.amount,
    params,
    floatCount: wheel.FLOAT_COUNT,
    settle: (floats) => {
      const result = wheel.outcome(floats, params);
      return settlement(
        { segment: result.segment, multiplier: toDecimal(result.multiplier, 4) },
        input.amount,
        result.multiplier,
      );
    },
  };
}

const casesBody = z.object({ slug: z.string({ error: 'invalid_case' }).max(40) });

export function casesPlay(body: unknown, currency: Currency): InstantPlay {
  const input = casesBody.parse(body);
  const info = findCase(input.slug);
  const table = cases.tableOf(input.slug);
  if (!info || !table.ok) throw invalid('slug', 'invalid_case');
  const price = casePrice(info, currency);
  return {
    game: 'cases',
    stake: price,
    params: { slug: info.slug },
    floatCount: cases.FLOAT_COUNT,
    settle: (floats) => {
      const result = cases.outcome(floats, table.value.table);
      return settlement(
        { row: result.row, multiplier: toDecimal(result.multiplier, 4) },
        price,
        result.multiplier,
      );
    },
  };
}
