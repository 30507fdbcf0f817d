import { z } from 'zod';
import type { HiloAction } from '../../games/hilo/engine.ts';
import { ACTIONS as HILO_ACTIONS } from '../../games/hilo/engine.ts';
import { RISKS as KENO_RISKS } from '../../games/keno/engine.ts';
import { type BetKind, PAYOUT_ODDS } from '../../games/roulette/engine.ts';
import { SEGMENT_COUNTS, RISKS as WHEEL_RISKS } from '../../games/wheel/engine.ts';
import { CURRENCIES } from '../currencies.ts';
import { ORIGINAL_GAMES, type OriginalGame, PLAYABLE_GAMES, type PlayableGame } from '../games.ts';

/**
 * The games API's answers (docs/api-games.md) as zod schemas, declared once: the routes
 * (src/shared/api/games-routes.ts) send exactly these (`tests/api/games-schemas.test.ts` checks
 * real answers against them, strictly), and the bet and feed types of src/shared/wire/bets.ts are
 * derived from them. Amounts and multipliers are decimal strings, times ISO 8601 strings, ids and
 * nonces decimal strings (they may exceed 2⁵³).
 */

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const integerText = z.string().regex(/^\d+$/);
const time = z.iso.datetime();
const sides = z.array(z.enum(['heads', 'tails'])).readonly();
const integers = z.array(z.number().int()).readonly();

/** What every bet view carries, whatever its game. */
export const betCommon = {
  id: integerText,
  status: z.enum(['settled', 'active']),
  currency: z.enum(CURRENCIES),
  amount: decimal,
  payout: decimal,
  /** payout − amount once settled; null while a round (a coinflip series) is open. */
  profit: decimal.nullable(),
  multiplier: decimal,
  nonce: integerText,
  client_seed: z.string(),
  commitment: z.string(),
  /** Only once the bet's seed pair is rotated (docs/fairness.md §1). */
  server_seed: z.string().nullable(),
  seed_pair_id: integerText,
  created_at: time,
  settled_at: time.nullable(),
};

/** One roulette bet as played: `numbers` for inside bets, `index` (1-3) for dozens and columns. */
export const rouletteBetParams = z.strictObject({
  kind: z.enum(Object.keys(PAYOUT_ODDS) as [BetKind, ...BetKind[]]),
  numbers: integers.optional(),
  index: z.number().int().optional(),
  amount: decimal,
});

/**
 * The inputs (`params`) and the result (`outcome`) of each playable game's bets, in the order the
 * document lists them; a playable game without its entry does not compile.
 */
export const BET_PLAYS = {
  dice: {
    params: z.strictObject({ target: decimal, direction: z.enum(['under', 'over']) }),
    outcome: z.strictObject({ roll: decimal, win: z.boolean() }),
  },
  coinflip: {
    /** The calls so far; `flips` holds only the flips already called (docs/api-games.md). */
    params: z.strictObject({ calls: sides }),
    outcome: z.strictObject({ flips: sides }),
  },
  miner: {
    /** The mine count and the tiles opened, in order (an auto bet: its whole pattern). */
    params: z.strictObject({ mines: z.number().int(), tiles: integers }),
    /**
     * Every mine once the round has ended (empty while it is open: nothing unrevealed leaves the
     * server), and the tile that hit a mine (null when none did).
     */
    outcome: z.strictObject({ mines: integers, hit: z.number().int().nullable() }),
  },
  hilo: {
    /** The guesses and skips so far, in order. */
    params: z.strictObject({
      actions: z.array(z.enum(HILO_ACTIONS as [HiloAction, ...HiloAction[]])).readonly(),
    }),
    /** The start card and one card per action: only cards already shown ("10S", "AH"). */
    outcome: z.strictObject({ cards: z.array(z.string()).readonly() }),
  },
  keno: {
    params: z.strictObject({ risk: z.enum(KENO_RISKS), picks: integers }),
    /** The 10 numbers in draw order, and the picks among them. */
    outcome: z.strictObject({ drawn: integers, hits: integers }),
  },
  roulette: {
    params: z.strictObject({ bets: z.array(rouletteBetParams).readonly() }),
    /** `returns[i]` is what bet i returned (0 when it lost). */
    outcome: z.strictObject({
      pocket: z.number().int(),
      color: z.enum(['green', 'red', 'black']),
      returns: z.array(decimal).readonly(),
    }),
  },
  wheel: {
    params: z.strictObject({ risk: z.enum(WHEEL_RISKS), segments: z.literal(SEGMENT_COUNTS) }),
    outcome: z.strictObject({ segment: z.number().int(), multiplier: decimal }),
  },
  cases: {
    params: z.strictObject({ slug: z.string() }),
    /** `row` indexes the case's prize table, read from the top. */
    outcome: z.strictObject({ row: z.number().int(), multiplier: decimal }),
  },
} satisfies Record<PlayableGame, { params: z.ZodType; outcome: z.ZodType }>;

/** One game's bet view: the common fields, the game, its params and outcome. */
const viewOf = <G extends keyof typeof BET_PLAYS>(game: G) =>
  z.strictObject({ ...betCommon, game: z.literal(game), ...BET_PLAYS[game] });

/**
 * One bet as the API answers it (`GET /games/bets/{id}`, every bet answer; `BetView` of
 * src/shared/wire/bets.ts): `params` and `outcome` by `game`.
 */
export const betView = z.discriminatedUnion('game', [
  viewOf('dice'),
  viewOf('coinflip'),
  viewOf('miner'),
  viewOf('hilo'),
  viewOf('keno'),
  viewOf('roulette'),
  viewOf('wheel'),
  viewOf('cases'),
]);

/** `POST /games/{dice,keno,roulette,wheel}/bet`, `/games/cases/open`, `/games/miner/auto`, the rounds' moves. */
export const betAnswer = z.strictObject({ data: z.strictObject({ bet: betView, balance: decimal }) });

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

/**
 * One settled bet in the public feeds (`GET /games/feed`, and each event's `data` on `/ws`), of any
 * original: `id` is the bet's id for the single-player games, `crash-<bet>` for a crash bet and
 * `room-<stake>` for a player's stakes in a drawn room round (named by their first stake).
 */
export const feedItem = z.strictObject({
  id: z.string().regex(/^(\d{1,18}|crash-\d{1,18}|room-\d{1,18})$/),
  game: z.enum(ORIGINAL_GAMES as [OriginalGame, ...OriginalGame[]]),
  /** Display name, a stable alias `#` + 6 hex digits, or null when the player hides statistics. */
  player: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  amount: decimal,
  multiplier: decimal,
  payout: decimal,
  created_at: time,
});

/** `GET /games/feed`. */
export const feedResponse = z.strictObject({ data: z.array(feedItem) });

/** A case of the catalogue, priced in one currency, with its prize table and the rows' chances. */
const caseView = z.strictObject({
  slug: z.string(),
  currency: z.enum(CURRENCIES),
  price: decimal,
  top_multiplier: decimal,
  rows: z.array(z.strictObject({ min: decimal, multiplier: decimal, chance: decimal })),
});
export type CaseView = z.output<typeof caseView>;

/** `GET /games/cases`. */
export const casesResponse = z.strictObject({ data: z.array(caseView) });

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
