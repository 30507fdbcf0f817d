import { z } from 'zod';
import { MAX_FLIPS } from '../../../games/coinflip/engine.ts';
import * as dice from '../../../games/dice/engine.ts';
import { CLIENT_SEED } from '../../../games/fair/seeds.ts';
import {
  ACTIONS as HILO_ACTIONS,
  MAX_ACTIONS as HILO_MAX_ACTIONS,
  type HiloAction,
} from '../../../games/hilo/engine.ts';
import * as keno from '../../../games/keno/engine.ts';
import { RISKS as KENO_RISKS } from '../../../games/keno/engine.ts';
import * as miner from '../../../games/miner/engine.ts';
import { INSIDE_LAYOUTS, type InsideKind, PAYOUT_ODDS } from '../../../games/roulette/engine.ts';
import { SEGMENT_COUNTS, RISKS as WHEEL_RISKS } from '../../../games/wheel/engine.ts';
import { CURRENCIES } from '../../../shared/currencies.ts';
import { ORIGINAL_GAMES, type OriginalGame, PLAYABLE_GAMES } from '../../../shared/games.ts';
import { toMinor } from '../../../shared/money.ts';
import {
  type BetAnswer,
  type BetView,
  FEED_KINDS,
  type FeedItem,
  type RouletteBetParams,
} from '../../../shared/wire/bets.ts';
import { boundedText, trimmedPattern } from '../../http/schemas.ts';
import type { CaseView } from './views.ts';

/**
 * The games API's requests and answers (docs/api-games.md) as zod schemas: the handlers parse
 * their input with the request schemas; the answer schemas describe exactly what the routes send
 * (`tests/api/games-schemas.test.ts` checks real answers against them, strictly).
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

// Answers -----------------------------------------------------------------------------------------

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const integerText = z.string().regex(/^\d+$/);
const time = z.iso.datetime();
const sides = z.array(z.enum(['heads', 'tails'])).readonly();
const integers = z.array(z.number().int()).readonly();

const betCommon = {
  id: integerText,
  status: z.enum(['settled', 'active']),
  currency: z.enum(CURRENCIES),
  amount: decimal,
  payout: decimal,
  profit: decimal.nullable(),
  multiplier: decimal,
  nonce: integerText,
  client_seed: z.string(),
  commitment: z.string(),
  server_seed: z.string().nullable(),
  seed_pair_id: integerText,
  created_at: time,
  settled_at: time.nullable(),
};

const rouletteBetParams = z.strictObject({
  kind: z.enum(Object.keys(PAYOUT_ODDS) as [RouletteBetParams['kind'], ...RouletteBetParams['kind'][]]),
  numbers: integers.optional(),
  index: z.number().int().optional(),
  amount: decimal,
});

/** One bet (`BetView` of src/shared/wire/bets.ts): `params` and `outcome` by `game`. */
export const betView = z.discriminatedUnion('game', [
  z.strictObject({
    ...betCommon,
    game: z.literal('dice'),
    params: z.strictObject({ target: decimal, direction: z.enum(['under', 'over']) }),
    outcome: z.strictObject({ roll: decimal, win: z.boolean() }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('coinflip'),
    params: z.strictObject({ calls: sides }),
    outcome: z.strictObject({ flips: sides }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('miner'),
    params: z.strictObject({ mines: z.number().int(), tiles: integers }),
    outcome: z.strictObject({ mines: integers, hit: z.number().int().nullable() }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('hilo'),
    params: z.strictObject({
      actions: z.array(z.enum(HILO_ACTIONS as [HiloAction, ...HiloAction[]])).readonly(),
    }),
    outcome: z.strictObject({ cards: z.array(z.string()).readonly() }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('keno'),
    params: z.strictObject({ risk: z.enum(KENO_RISKS), picks: integers }),
    outcome: z.strictObject({ drawn: integers, hits: integers }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('roulette'),
    params: z.strictObject({ bets: z.array(rouletteBetParams).readonly() }),
    outcome: z.strictObject({
      pocket: z.number().int(),
      color: z.enum(['green', 'red', 'black']),
      returns: z.array(decimal).readonly(),
    }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('wheel'),
    params: z.strictObject({ risk: z.enum(WHEEL_RISKS), segments: z.literal(SEGMENT_COUNTS) }),
    outcome: z.strictObject({ segment: z.number().int(), multiplier: decimal }),
  }),
  z.strictObject({
    ...betCommon,
    game: z.literal('cases'),
    params: z.strictObject({ slug: z.string() }),
    outcome: z.strictObject({ row: z.number().int(), multiplier: decimal }),
  }),
]) satisfies z.ZodType<BetView>;

/** `POST /games/{dice,keno,roulette,wheel}/bet`, `/games/cases/open`, `/games/miner/auto`, the rounds' moves. */
export const betAnswer = z.strictObject({
  data: z.strictObject({ bet: betView, balance: decimal }) satisfies z.ZodType<BetAnswer>,
});

/** `GET /games/bets/{id}`. */
export const betResponse = z.strictObject({ data: betView });

/** `GET /games/{coinflip,miner,hilo}/active`: the open round, or null. */
export const activeSeriesResponse = z.strictObject({ data: betView.nullable() });

const pageMeta = z.strictObject({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** `GET /games/bets`. */
export const betsResponse = z.strictObject({ data: z.array(betView), meta: pageMeta });

/** `GET /games/feed`. */
export const feedResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      id: z.string().regex(/^(\d{1,18}|crash-\d{1,18}|room-\d{1,18})$/),
      game: z.enum(ORIGINAL_GAMES as [OriginalGame, ...OriginalGame[]]),
      player: z.string().nullable(),
      currency: z.enum(CURRENCIES),
      amount: decimal,
      multiplier: decimal,
      payout: decimal,
      created_at: time,
    }) satisfies z.ZodType<FeedItem>,
  ),
});

/** `GET /games/cases`. */
export const casesResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      slug: z.string(),
      currency: z.enum(CURRENCIES),
      price: decimal,
      top_multiplier: decimal,
      rows: z.array(z.strictObject({ min: decimal, multiplier: decimal, chance: decimal })),
    }) satisfies z.ZodType<CaseView>,
  ),
});

const activePair = z.strictObject({
  commitment: z.string(),
  client_seed: z.string(),
  /** The next bet's nonce. */
  nonce: integerText,
  next_commitment: z.string(),
});

const revealedPair = z.strictObject({
  id: integerText,
  server_seed: z.string(),
  commitment: z.string(),
  client_seed: z.string(),
  /** Bets played with the pair (its final nonce). */
  bets: integerText,
  /** The pair's last bet, to verify in the game it was played in (null: the pair played none). */
  last_bet: z.strictObject({ id: integerText, game: z.enum(PLAYABLE_GAMES) }).nullable(),
  created_at: time,
  revealed_at: time,
});

/** `GET /games/fairness/seeds`. */
export const activePairResponse = z.strictObject({ data: activePair });

/** `PUT /games/fairness/seeds`: the pair it revealed and the pair now active. */
export const rotateResponse = z.strictObject({
  data: z.strictObject({ previous: revealedPair, active: activePair }),
});

/** `GET /games/fairness/history`: revealed pairs, newest first. */
export const fairnessHistoryResponse = z.strictObject({ data: z.array(revealedPair), meta: pageMeta });
