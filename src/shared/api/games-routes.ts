import { z } from 'zod';
import { MAX_FLIPS } from '../../games/coinflip/engine.ts';
import * as dice from '../../games/dice/engine.ts';
import { CLIENT_SEED } from '../../games/fair/seeds.ts';
import { ACTIONS as HILO_ACTIONS, MAX_ACTIONS as HILO_MAX_ACTIONS } from '../../games/hilo/engine.ts';
import * as keno from '../../games/keno/engine.ts';
import { RISKS as KENO_RISKS } from '../../games/keno/engine.ts';
import * as miner from '../../games/miner/engine.ts';
import { INSIDE_LAYOUTS, type InsideKind } from '../../games/roulette/engine.ts';
import { SEGMENT_COUNTS, RISKS as WHEEL_RISKS } from '../../games/wheel/engine.ts';
import { CURRENCIES } from '../currencies.ts';
import { PLAYABLE_GAMES } from '../games.ts';
import { toMinor } from '../money.ts';
import { FEED_KINDS } from '../wire/bets.ts';
import { route } from './declare.ts';
import { boundedText, idempotencyHeaders, trimmedPattern } from './fields.ts';
import {
  activePairResponse,
  activeSeriesResponse,
  betAnswer,
  betResponse,
  betsResponse,
  casesResponse,
  fairnessHistoryResponse,
  feedResponse,
  rotateResponse,
} from './games.ts';

/**
 * The games API's requests (docs/api-games.md) as zod schemas, and its routes' declarations
 * (`ROUTES`, answers in src/shared/api/games.ts): the handlers parse their input with the request
 * schemas, the browser's bets are typed from them.
 */

// Requests ----------------------------------------------------------------------------------------

/** A stake: a decimal string of at most 2 decimals, above 0, as minor units. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
export const amountField = z
  .string({ error: 'invalid_amount' })
  .trim()
  .regex(AMOUNT, { error: 'invalid_amount' })
  .meta({ pattern: trimmedPattern(AMOUNT) })
  .transform((v) => toMinor(v))
  .refine((v) => v > 0n, { error: 'invalid_amount' })
  .meta({
    not: { pattern: trimmedPattern(/^0+(\.0+)?$/) },
    description: 'A decimal above 0, at most 2 decimals',
  });

const DICE_DIRECTIONS = ['under', 'over'] as const satisfies readonly dice.DiceDirection[];
/** The engine's bounds of a dice bet's win chance, as percents. */
const [MIN_CHANCE, MAX_CHANCE] = [dice.MIN_CHANCE / 100, dice.MAX_CHANCE / 100];

/**
 * `POST /games/dice/bet`; the engine checks the target against the direction: the win chance
 * (`target` under, 100 − `target` over) is 0.01-98 %.
 */
export const diceBody = z.object({
  amount: amountField,
  target: z.union([z.string(), z.number()], { error: 'invalid_target' }).meta({
    anyOf: [
      { type: 'string', pattern: '^\\s*(100(\\.00?)?|\\d{1,2}(\\.\\d{1,2})?)\\s*$' },
      { type: 'number', minimum: MIN_CHANCE, maximum: 100 - MIN_CHANCE },
    ],
    description:
      `At most 2 decimals. The win chance, \`target\` under or 100 − \`target\` over, is ` +
      `${MIN_CHANCE}-${MAX_CHANCE} % (invalid_chance otherwise).`,
  }),
  direction: z.enum(DICE_DIRECTIONS, { error: 'invalid_direction' }),
});

/** `POST /games/keno/bet`; picks are checked as a whole (`invalid_picks`), risk by the engine. */
export const kenoBody = z.object({
  amount: amountField,
  risk: z.enum(KENO_RISKS, { error: 'invalid_risk' }),
  picks: z
    .array(z.unknown(), { error: 'invalid_picks' })
    .max(keno.MAX_PICKS, { error: 'invalid_picks' })
    .meta({
      minItems: 1,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: keno.POOL_SIZE },
      description: `1-${keno.MAX_PICKS} distinct numbers of 1-${keno.POOL_SIZE}`,
    }),
});

const EVEN_MONEY = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;

/**
 * One roulette bet, by kind: an inside bet names its `numbers` (a legal position on the table, the
 * engine's INSIDE_LAYOUTS, in any order), a dozen or column its `index` (1-3), an even-money bet
 * neither.
 */
export const rouletteItem = z.union([
  ...(Object.keys(INSIDE_LAYOUTS) as InsideKind[]).map((kind) =>
    z.strictObject({
      kind: z.literal(kind),
      numbers: z
        .array(z.number().int())
        .min(1)
        .max(6)
        .meta({ description: `the ${kind}'s numbers; listed here in order, any order is taken` })
        .meta({ enum: INSIDE_LAYOUTS[kind].map((numbers) => [...numbers].sort((a, b) => a - b)) }),
      amount: amountField,
    }),
  ),
  z.strictObject({
    kind: z.enum(['dozen', 'column']),
    index: z.number().int().min(1).max(3),
    amount: amountField,
  }),
  z.strictObject({ kind: z.enum(EVEN_MONEY), amount: amountField }),
]);

/** `POST /games/roulette/bet`: 1-50 bets, each checked on its own (`rouletteItem`: `invalid_bets:<n>`). */
export const rouletteBody = z.object({
  bets: z
    .array(z.unknown(), { error: 'invalid_bets' })
    .min(1, { error: 'invalid_bets' })
    .max(50, { error: 'invalid_bets' })
    .meta({ items: z.toJSONSchema(rouletteItem, { io: 'input', unrepresentable: 'any' }) }),
});

/** `POST /games/wheel/bet`; risk and segments are checked by the engine. */
export const wheelBody = z.object({
  amount: amountField,
  risk: z.enum(WHEEL_RISKS, { error: 'invalid_risk' }),
  segments: z.literal(SEGMENT_COUNTS, { error: 'invalid_segments' }),
});

/** `POST /games/cases/open`: the stake is the case's price. */
export const casesBody = z.object({ slug: boundedText({ max: 40, error: 'invalid_case' }) });

/** `POST /games/coinflip/start`. */
export const coinflipStartBody = z.object({ amount: amountField });

/** `POST /games/coinflip/flip`. */
export const coinflipFlipBody = z.object({
  side: z.enum(['heads', 'tails'], { error: 'invalid_side' }),
  /** The flip the client means (0-based); a retry of an answered flip does not flip again. */
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_FLIPS - 1, { error: 'invalid_index' })
    .optional(),
  /** The series the client means: a retry of a series that has ended since is answered with it. */
  bet_id: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'invalid_bet_id' })
    .optional(),
});

/** `POST /games/coinflip/cashout` takes no body; whatever is sent is ignored. */
export const coinflipCashoutBody = z.unknown();

/** The round a step of miner or hi-lo means (`bet_id`) and its 0-based step (`index`). */
const stepRef = {
  bet_id: z.string({ error: 'invalid_bet_id' }).regex(/^\d{1,18}$/, { error: 'invalid_bet_id' }),
  index: z
    .number({ error: 'invalid_index' })
    .int({ error: 'invalid_index' })
    .min(0, { error: 'invalid_index' }),
};

/** A mine count: 1-24 (`invalid_mines`). */
const minesField = z
  .number({ error: 'invalid_mines' })
  .int({ error: 'invalid_mines' })
  .min(1, { error: 'invalid_mines' })
  .max(miner.TILES - 1, { error: 'invalid_mines' })
  .default(3);

/** `POST /games/miner/start`: the stake and 1-24 mines (3 by default). */
export const minerStartBody = z.object({ amount: amountField, mines: minesField });

/** `POST /games/miner/reveal`: the tile (0-24, left to right, top to bottom) to open. */
export const minerRevealBody = z.object({
  tile: z
    .number({ error: 'invalid_tile' })
    .int({ error: 'invalid_tile' })
    .min(0, { error: 'invalid_tile' })
    .max(miner.TILES - 1, { error: 'invalid_tile' }),
  ...stepRef,
});

/** `POST /games/miner/auto`: one whole round at once, opening `tiles` in order (checked by the engine). */
export const minerAutoBody = z.object({
  amount: amountField,
  mines: minesField,
  tiles: z
    .array(z.unknown(), { error: 'invalid_tiles' })
    .max(miner.TILES - 1, { error: 'invalid_tiles' })
    .meta({
      minItems: 1,
      uniqueItems: true,
      items: { type: 'integer', minimum: 0, maximum: miner.TILES - 1 },
      description: `distinct tiles 0-${miner.TILES - 1}, at most ${miner.TILES} − \`mines\` of them`,
    }),
});

/** `POST /games/hilo/start`. */
export const hiloStartBody = z.object({ amount: amountField });

/** `POST /games/hilo/step`: a guess on the last card shown, or a skip. */
export const hiloStepBody = z.object({
  action: z.enum(HILO_ACTIONS as [string, ...string[]], { error: 'invalid_action' }),
  ...stepRef,
  index: stepRef.index.max(HILO_MAX_ACTIONS - 1, { error: 'invalid_index' }),
});

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /games/bets`. */
export const betsQuery = pageQuery.extend({
  game: z.enum(PLAYABLE_GAMES, { error: 'invalid_game' }).optional(),
});

/** `GET /games/bets/{id}`: an id that is not a bet id is a 404, like another player's bet. */
export const betParams = z.object({ id: z.string() });

/** `PUT /games/fairness/seeds`: the new pair's client seed (random when absent). */
export const rotateBody = z
  .object({
    client_seed: z
      .string({ error: 'invalid_client_seed' })
      // The engine's rule (`validateClientSeed`), stated in the document: 1-64 printable characters.
      .regex(CLIENT_SEED)
      .meta({ description: '1-64 printable characters (spaces included, control characters not)' })
      .optional(),
  })
  .default({});

/** `GET /games/feed`. */
export const feedQuery = z.object({
  kind: z.enum(FEED_KINDS, { error: 'invalid_kind' }).default('all'),
});

/** `GET /games/cases`: prices in this currency (RUB when absent). */
export const casesQuery = z.object({
  currency: z.enum(CURRENCIES, { error: 'invalid_currency' }).optional(),
});

/** Money-moving game calls may carry the player's key for the ledger (docs/api-games.md). */
export const betHeaders = idempotencyHeaders({
  required: false,
  description: 'Unique per bet; a retry answers the first result',
});

// Routes ------------------------------------------------------------------------------------------

/** A bet route: its summary and body; the answer is the bet and the balance. */
const bet = <B extends z.ZodType>(summary: string, body: B) =>
  route({
    summary,
    auth: 'player',
    body,
    headers: betHeaders,
    response: { 200: betAnswer },
    errors: ['conflict'],
  });

/** What every move of a round answers: the bet as it stands and the balance. */
const money = { auth: 'player', response: { 200: betAnswer }, errors: ['conflict'] } as const;

/** A round game's four calls (docs/api-games.md "Rounds across requests"). */
const round = <S extends z.ZodType, M extends z.ZodType>(
  summaries: { active: string; start: string; step: string; cashout: string },
  startBody: S,
  stepBody: M,
) => ({
  active: route({ summary: summaries.active, auth: 'player', response: { 200: activeSeriesResponse } }),
  start: route({ summary: summaries.start, body: startBody, headers: betHeaders, ...money }),
  step: route({ summary: summaries.step, body: stepBody, ...money }),
  cashout: route({ summary: summaries.cashout, headers: betHeaders, ...money }),
});

const COINFLIP = round(
  {
    active: 'The player’s open coinflip series, or null',
    start: 'Open a coinflip series: the stake is taken, no flip yet',
    step: 'Call heads or tails for the next flip of the open series',
    cashout: 'Cash out the open series after at least one right call',
  },
  coinflipStartBody,
  coinflipFlipBody,
);
const MINER = round(
  {
    active: 'The player’s open miner round (without its mines), or null',
    start: 'Open a miner round with 1-24 mines: the stake is taken, the mines are fixed',
    step: 'Open one tile of the open round (its round id and step index)',
    cashout: 'Cash out the open round after at least one gem; shows every mine',
  },
  minerStartBody,
  minerRevealBody,
);
const HILO = round(
  {
    active: 'The player’s open hi-lo round (the cards shown so far), or null',
    start: 'Open a hi-lo round: the stake is taken and the start card dealt',
    step: 'Guess the next card (higher, lower, …) or skip it (its round id and step index)',
    cashout: 'Cash out the open round after at least one right guess',
  },
  hiloStartBody,
  hiloStepBody,
);

export const ROUTES = {
  'GET /games/fairness/seeds': route({
    summary: 'The active seed pair: commitment, client seed, next nonce, and the next commitment',
    auth: 'player',
    response: { 200: activePairResponse },
  }),
  'PUT /games/fairness/seeds': route({
    summary: 'Rotate the pair (optionally with a new client seed): reveals the old server seed',
    auth: 'player',
    body: rotateBody,
    response: { 200: rotateResponse },
  }),
  'GET /games/fairness/history': route({
    summary: 'Revealed seed pairs, newest first',
    auth: 'player',
    querystring: pageQuery,
    response: { 200: fairnessHistoryResponse },
  }),
  'GET /games/bets/:id': route({
    summary: 'One of the player’s bets, with everything needed to verify it',
    auth: 'player',
    params: betParams,
    response: { 200: betResponse },
    errors: ['not_found'],
  }),
  'GET /games/bets': route({
    summary: 'The player’s bets, newest first, optionally of one game',
    auth: 'player',
    querystring: betsQuery,
    response: { 200: betsResponse },
  }),
  'GET /games/feed': route({
    summary: 'The latest settled bets of all players (all or high rollers)',
    querystring: feedQuery,
    response: { 200: feedResponse },
  }),
  'GET /games/cases': route({
    summary: 'The case catalogue with prices in one currency and every prize table',
    querystring: casesQuery,
    response: { 200: casesResponse },
  }),
  'POST /games/dice/bet': bet('Roll the dice: under or over a target', diceBody),
  'POST /games/keno/bet': bet('Play keno: 1-10 picks of 40 at a risk level', kenoBody),
  'POST /games/roulette/bet': bet('Spin the roulette with up to 50 bets', rouletteBody),
  'POST /games/wheel/bet': bet('Spin the wheel of fortune', wheelBody),
  'POST /games/cases/open': bet('Open a case at its price', casesBody),
  'POST /games/miner/auto': bet(
    'Play a whole miner round at once, opening a pattern of tiles',
    minerAutoBody,
  ),
  'GET /games/coinflip/active': COINFLIP.active,
  'POST /games/coinflip/start': COINFLIP.start,
  'POST /games/coinflip/flip': COINFLIP.step,
  'POST /games/coinflip/cashout': COINFLIP.cashout,
  'GET /games/miner/active': MINER.active,
  'POST /games/miner/start': MINER.start,
  'POST /games/miner/reveal': MINER.step,
  'POST /games/miner/cashout': MINER.cashout,
  'GET /games/hilo/active': HILO.active,
  'POST /games/hilo/start': HILO.start,
  'POST /games/hilo/step': HILO.step,
  'POST /games/hilo/cashout': HILO.cashout,
};

/** The calls of each round game, as the server wires them (src/server/modules/games/round-routes.ts). */
export const ROUNDS = { coinflip: COINFLIP, miner: MINER, hilo: HILO };
