import { z } from 'zod';
import { SPORTS, settlementOutcome } from '../sports/feed.ts';
import { route } from './declare.ts';
import { idempotencyHeaders } from './fields.ts';
import { amountField } from './games-routes.ts';
import {
  BET_KINDS,
  cashoutOffer,
  ODDS_POLICIES,
  slipQuote,
  sportBet,
  sportEvent,
  sportEventDetail,
  sportExposureRow,
  sportTree,
} from './sports.ts';

/** The sportsbook's routes (docs/betting.md); the answers are in src/shared/api/sports.ts. */

const eventId = z.string({ error: 'invalid_event' }).min(1, { error: 'invalid_event' }).max(64);
const marketId = z.number({ error: 'invalid_market' }).int({ error: 'invalid_market' }).min(1).max(100_000);
const specifiers = z.string({ error: 'invalid_market' }).max(64).default('');
const outcomeId = z.string({ error: 'invalid_outcome' }).min(1, { error: 'invalid_outcome' }).max(32);
/** Odds in hundredths, as the slip showed them. */
const odds = z.number({ error: 'invalid_odds' }).int({ error: 'invalid_odds' }).min(101).max(1_000_000);

export const slipLeg = z.object({
  event_id: eventId,
  market_id: marketId,
  specifiers,
  outcome_id: outcomeId,
});
export const betLeg = slipLeg.extend({ odds });

const slipShape = {
  kind: z.enum(BET_KINDS, { error: 'invalid_kind' }),
  /** A system's name: `2/3`, `3/4`, `trixie`, `patent`, `yankee`, `lucky15`, … */
  system: z.string().max(16).nullish(),
};

export const slipBody = z.object({
  ...slipShape,
  legs: z
    .array(slipLeg, { error: 'invalid_legs' })
    .min(1, { error: 'legs_count' })
    .max(20, { error: 'legs_count' }),
});

export const placeBody = z.object({
  ...slipShape,
  /** The stake; a system's per line. */
  stake: amountField,
  odds_policy: z.enum(ODDS_POLICIES, { error: 'invalid_odds_policy' }).default('none'),
  legs: z
    .array(betLeg, { error: 'invalid_legs' })
    .min(1, { error: 'legs_count' })
    .max(20, { error: 'legs_count' }),
});

export const eventsQuery = z.object({
  sport: z.enum(SPORTS).optional(),
  tournament: z.string().max(64).optional(),
  phase: z.enum(['live', 'upcoming', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const eventParams = z.object({ id: eventId });
export const betParams = z.object({ id: z.string().regex(/^\d{1,19}$/, { error: 'invalid_bet' }) });
export const betsQuery = z.object({
  status: z.enum(['open', 'settled', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  /** Bets older than this id (the next page). */
  before: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export const cashoutBody = z.object({ offer: z.string({ error: 'invalid_offer' }).min(1).max(400) });

const headers = idempotencyHeaders({
  required: true,
  description: 'Unique per bet; a retry answers the first result',
});

const outcomePrice = z.object({
  id: outcomeId,
  odds: odds.nullable().default(null),
  active: z.boolean().default(true),
});
const marketPrice = z.object({
  id: marketId,
  specifiers,
  status: z.enum(['active', 'suspended', 'deactivated']).default('active'),
  outcomes: z.array(outcomePrice).min(1).max(64),
});
export const operatorEventBody = z.object({
  sport: z.enum(SPORTS),
  country: z.string().min(2).max(3),
  tournament: z.string().min(1).max(100),
  home: z.string().min(1).max(100),
  away: z.string().min(1).max(100),
  scheduled_at: z.iso.datetime({ offset: true }),
  markets: z.array(marketPrice).max(200).default([]),
});
export const operatorPricesBody = z.object({ markets: z.array(marketPrice).min(1).max(200) });
const marketRef = z.object({ id: marketId, specifiers });
export const operatorSuspendBody = z.object({ markets: z.array(marketRef).max(200).optional() });
const finalScore = z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) });
const settledMarkets = z
  .array(marketRef.extend({ outcomes: z.array(settlementOutcome).min(1).max(64) }))
  .max(200);
/** Football: every market from the final score; or the named markets by outcome. */
export const operatorSettleBody = z.union([
  z.object({ score: finalScore, markets: settledMarkets.optional() }),
  z.object({ markets: settledMarkets.min(1) }),
]);
export const operatorMarketsBody = z.object({ markets: z.array(marketRef).min(1).max(200) });
export const operatorCancelBody = operatorMarketsBody.extend({
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
});
export const exposuresQuery = z.object({
  event_id: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const ROUTES = {
  'GET /sports/tree': route({
    summary: 'Sports → countries → tournaments with their live and upcoming events counted',
    response: { 200: z.object({ data: sportTree }) },
  }),
  'GET /sports/events': route({
    summary: 'Events (live now, starting soon, or both) with their main market',
    querystring: eventsQuery,
    response: { 200: z.object({ data: z.array(sportEvent) }) },
  }),
  'GET /sports/events/:id': route({
    summary: 'One event with every market',
    params: eventParams,
    response: { 200: z.object({ data: sportEventDetail }) },
    errors: ['not_found'],
  }),
  'POST /sports/slip': route({
    summary: 'A slip as it stands now: each leg’s price, the lines, the highest stake taken, the live delay',
    auth: 'player',
    body: slipBody,
    response: { 200: z.object({ data: slipQuote }) },
    errors: ['not_found'],
  }),
  'POST /sports/bets': route({
    summary: 'Places a bet: a single, an accumulator or a system; a live bet waits out its delay (202)',
    auth: 'player',
    headers,
    body: placeBody,
    response: { 200: z.object({ data: sportBet }), 202: z.object({ data: sportBet }) },
    errors: ['not_found', 'conflict', 'unavailable'],
  }),
  'GET /sports/bets': route({
    summary: 'The player’s bets, newest first',
    auth: 'player',
    querystring: betsQuery,
    response: { 200: z.object({ data: z.array(sportBet) }) },
  }),
  'GET /sports/bets/:id': route({
    summary: 'One of the player’s bets',
    auth: 'player',
    params: betParams,
    response: { 200: z.object({ data: sportBet }) },
    errors: ['not_found'],
  }),
  'POST /sports/bets/:id/cashout/offer': route({
    summary: 'A cash-out offer for an open single or accumulator, valid a few seconds',
    auth: 'player',
    params: betParams,
    response: { 200: z.object({ data: cashoutOffer }) },
    errors: ['not_found', 'conflict'],
  }),
  'POST /sports/bets/:id/cashout': route({
    summary: 'Accepts a cash-out offer: paid at once unless the bet settled or a price moved first',
    auth: 'player',
    params: betParams,
    body: cashoutBody,
    response: { 200: z.object({ data: sportBet }) },
    errors: ['not_found', 'conflict'],
  }),
  'POST /sports/feed': route({
    summary: 'The odds feed’s messages, signed (x-feed-signature), applied in order per event',
    documentedBody: { type: 'application/json', schema: z.object({ messages: z.array(z.unknown()) }) },
    response: { 200: z.object({ applied: z.number().int(), recovered: z.number().int() }) },
    errors: ['unauthenticated', 'bad_request'],
  }),
  'POST /operator/sports/events': route({
    summary: 'Creates an event of the operator’s own, with its markets priced',
    auth: 'operator',
    body: operatorEventBody,
    response: { 200: z.object({ data: sportEventDetail }) },
  }),
  'PUT /operator/sports/events/:id/markets': route({
    summary: 'Prices markets of an event (adds them, moves odds, opens or suspends them)',
    auth: 'operator',
    params: eventParams,
    body: operatorPricesBody,
    response: { 200: z.object({ data: sportEventDetail }) },
    errors: ['not_found'],
  }),
  'POST /operator/sports/events/:id/suspend': route({
    summary: 'Suspends the named markets of an event, or all of them',
    auth: 'operator',
    params: eventParams,
    body: operatorSuspendBody,
    response: { 200: z.object({ data: sportEventDetail }) },
    errors: ['not_found'],
  }),
  'POST /operator/sports/events/:id/settle': route({
    summary: 'Settles markets by hand: by outcome results, or every football market from a final score',
    auth: 'operator',
    params: eventParams,
    body: operatorSettleBody,
    response: { 200: z.object({ data: z.object({ markets: z.number().int(), bets: z.number().int() }) }) },
    errors: ['not_found', 'invalid'],
  }),
  'POST /operator/sports/events/:id/rollback': route({
    summary: 'Rolls back markets’ settlements: their bets open again and the payouts come back',
    auth: 'operator',
    params: eventParams,
    body: operatorMarketsBody,
    response: { 200: z.object({ data: z.object({ markets: z.number().int(), bets: z.number().int() }) }) },
    errors: ['not_found'],
  }),
  'POST /operator/sports/events/:id/cancel': route({
    summary: 'Cancels markets (bets placed in the window, or all): their legs become void',
    auth: 'operator',
    params: eventParams,
    body: operatorCancelBody,
    response: { 200: z.object({ data: z.object({ markets: z.number().int(), bets: z.number().int() }) }) },
    errors: ['not_found'],
  }),
  'GET /operator/sports/exposures': route({
    summary: 'The biggest liabilities by outcome (of one event when named)',
    auth: 'operator',
    querystring: exposuresQuery,
    response: { 200: z.object({ data: z.array(sportExposureRow) }) },
  }),
} as const;
