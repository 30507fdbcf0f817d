import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { PRODUCTS } from '../products.ts';
import { success } from './common.ts';
import { route } from './declare.ts';
import { boundedText, idempotencyHeaders } from './fields.ts';
import {
  PRIZE_KINDS,
  TOP_ORDERS,
  TOP_PERIODS,
  TOURNAMENT_ENTRIES,
  TOURNAMENT_KINDS,
  TOURNAMENT_LIST_STATUSES,
  TOURNAMENT_STATUSES,
  topCrashRound,
  topRow,
  tournamentBoard,
  tournamentCard,
  tournamentDetail,
  tournamentMe,
  tournamentWinner,
} from './tournaments.ts';

/** Tournaments and the top (docs/tournaments.md); the answers are in src/shared/api/tournaments.ts. */

export const tournamentParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, { error: 'invalid_tournament' }),
});
/** Names and descriptions in this locale (else the request's language, else English). */
const localeQuery = z.enum(LOCALES).optional();
export const tournamentsQuery = z.object({
  status: z.enum(TOURNAMENT_LIST_STATUSES, { error: 'invalid_status' }).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  locale: localeQuery,
});
export const tournamentQuery = z.object({ locale: localeQuery });
export const winnersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  locale: localeQuery,
});
export const topQuery = z.object({
  period: z.enum(TOP_PERIODS, { error: 'invalid_period' }).default('day'),
  order: z.enum(TOP_ORDERS, { error: 'invalid_order' }).default('win'),
  /** One game's id, or every game. */
  game: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, { error: 'invalid_game' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const topCrashQuery = z.object({
  period: z.enum(TOP_PERIODS, { error: 'invalid_period' }).default('day'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A decimal amount in major units, at most 2 places: "1000", "25.50". */
const amount = z
  .string({ error: 'invalid_amount' })
  .regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' });
/** Text that is not blank, at most `max` characters. */
const text = (max: number) =>
  boundedText({ max }).trim().min(1, { error: 'required' }).meta({ pattern: '\\S' });
/** A text by locale, English always given (the fallback for the others). */
const localized = (max: number) =>
  z.object({
    en: text(max),
    ru: text(max).optional(),
    kz: text(max).optional(),
    br: text(max).optional(),
    hi: text(max).optional(),
  });
/** Of one unit of a currency, what it counts as in the tournament's currency ("0.0105"). */
const rate = z.string().regex(/^\d{1,6}(\.\d{1,6})?$/, { error: 'invalid_rate' });

export const operatorPrize = z.object({
  from: z.number().int().min(1).max(10_000),
  to: z.number().int().min(1).max(10_000),
  kind: z.enum(PRIZE_KINDS).default('cash'),
  /** A fixed amount for each place, in the tournament's currency; or `share_bps` of the pool. */
  amount: amount.optional(),
  share_bps: z.number().int().min(1).max(10_000).optional(),
  /** A bonus prize's wagering multiplier. */
  wager: z.number().int().min(0).max(100).default(0),
});

export const operatorTournamentBody = z.object({
  name: localized(80),
  description: localized(2000).optional(),
  kind: z.enum(TOURNAMENT_KINDS),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  currency: z.enum(CURRENCIES),
  /** Every game of a product with `game: "*"`; weight in percent (100: as staked). */
  games: z
    .array(
      z.object({
        product: z.enum(PRODUCTS),
        game: z.string().regex(/^(\*|[\w.:-]{1,64})$/),
        weight: z.number().int().min(1).max(1000).default(100),
      }),
    )
    .min(1)
    .max(200),
  entry: z.enum(TOURNAMENT_ENTRIES).default('auto'),
  /** Buy-in per currency (opt-in only), in major units. */
  buy_in: z.partialRecord(z.enum(CURRENCIES), amount).optional(),
  min_stake: amount.optional(),
  currencies: z.array(z.enum(CURRENCIES)).max(5).default([]),
  regions: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .default([]),
  min_vip_level: z.number().int().min(0).max(20).nullable().default(null),
  /** Rates of the other currencies; absent ones follow the VIP club's points. */
  rates: z.partialRecord(z.enum(CURRENCIES), rate).optional(),
  /** A fixed part of the pool, in the tournament's currency. */
  base_pool: amount.default('0'),
  pool_buy_in_bps: z.number().int().min(0).max(10_000).default(0),
  pool_turnover_bps: z.number().int().min(0).max(10_000).default(0),
  prizes: z.array(operatorPrize).min(1).max(100),
});
export type OperatorTournamentBody = z.output<typeof operatorTournamentBody>;

export const operatorTournamentsQuery = z.object({
  status: z.enum(TOURNAMENT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const operatorTournament = tournamentDetail.extend({
  name_i18n: z.record(z.string(), z.string()),
  description_i18n: z.record(z.string(), z.string()),
  buy_ins: z.record(z.string(), z.string()),
  base_pool: z.string(),
});
const payoutRow = z.object({
  place: z.number().int(),
  user_id: z.string(),
  points: z.string(),
  kind: z.enum(PRIZE_KINDS),
  /** Paid in the player's currency. */
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  grant_id: z.string().nullable(),
});
const operatorStandings = z.object({
  tournament: operatorTournament,
  standings: z.array(
    z.object({
      rank: z.number().int(),
      user_id: z.string(),
      points: z.string(),
      prize: z.string().nullable(),
    }),
  ),
  payouts: z.array(payoutRow),
});

export const ROUTES = {
  'GET /tournaments': route({
    summary: 'Tournaments of one status (active, upcoming, finished), soonest first',
    querystring: tournamentsQuery,
    response: { 200: z.object({ data: z.array(tournamentCard) }) },
  }),
  'GET /tournaments/winners': route({
    summary: 'The latest prizes paid: who won which place of which tournament',
    querystring: winnersQuery,
    response: { 200: z.object({ data: z.array(tournamentWinner) }) },
  }),
  'GET /tournaments/:id': route({
    summary: 'One tournament: rules, prize table, the top 100 and the caller’s own place',
    params: tournamentParams,
    querystring: tournamentQuery,
    response: { 200: z.object({ data: tournamentDetail }) },
    errors: ['not_found'],
  }),
  'GET /tournaments/:id/board': route({
    summary: 'The live part of a tournament: pool, participants, the top 100',
    params: tournamentParams,
    response: { 200: z.object({ data: tournamentBoard }) },
    errors: ['not_found'],
  }),
  'GET /tournaments/:id/me': route({
    summary: 'The player’s own place in a tournament and the gap to the last prize',
    auth: 'player',
    params: tournamentParams,
    response: { 200: z.object({ data: tournamentMe }) },
    errors: ['not_found'],
  }),
  'POST /tournaments/:id/join': route({
    summary: 'Joins an opt-in tournament, paying its buy-in; joining twice answers the first',
    auth: 'player',
    params: tournamentParams,
    headers: idempotencyHeaders({ required: false, description: 'Optional; joining is idempotent anyway' }),
    response: { 200: z.object({ data: tournamentMe }) },
    errors: ['not_found', 'conflict', 'forbidden'],
  }),
  'GET /top': route({
    summary: 'The biggest wins or highest multipliers of a period, of one game or all',
    querystring: topQuery,
    response: { 200: z.object({ data: z.array(topRow) }) },
  }),
  'GET /top/crash': route({
    summary: 'Crash’s luckiest rounds of a period: the highest crash points',
    querystring: topCrashQuery,
    response: { 200: z.object({ data: z.array(topCrashRound) }) },
  }),
  'GET /operator/tournaments': route({
    summary: 'Tournaments, newest first',
    auth: 'operator',
    querystring: operatorTournamentsQuery,
    response: { 200: z.object({ data: z.array(operatorTournament) }) },
  }),
  'POST /operator/tournaments': route({
    summary: 'Creates a tournament',
    auth: 'operator',
    body: operatorTournamentBody,
    response: { 200: z.object({ data: operatorTournament }) },
  }),
  'PUT /operator/tournaments/:id': route({
    summary: 'Replaces a tournament’s terms (before it starts)',
    auth: 'operator',
    params: tournamentParams,
    body: operatorTournamentBody,
    response: { 200: z.object({ data: operatorTournament }) },
    errors: ['not_found', 'conflict'],
  }),
  'POST /operator/tournaments/:id/cancel': route({
    summary: 'Cancels a tournament that has not finished; every buy-in is refunded',
    auth: 'operator',
    params: tournamentParams,
    response: { 200: success },
    errors: ['not_found', 'conflict'],
  }),
  'POST /operator/tournaments/:id/end': route({
    summary: 'Ends a running tournament now: the standings freeze and the prizes are paid',
    auth: 'operator',
    params: tournamentParams,
    response: { 200: z.object({ data: operatorStandings }) },
    errors: ['not_found', 'conflict'],
  }),
  'GET /operator/tournaments/:id/standings': route({
    summary: 'A tournament’s whole standings (ids, not names) and its payouts',
    auth: 'operator',
    params: tournamentParams,
    response: { 200: z.object({ data: operatorStandings }) },
    errors: ['not_found'],
  }),
} as const;
