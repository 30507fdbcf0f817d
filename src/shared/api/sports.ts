import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { SPORTS } from '../sports/feed.ts';
import { decimal } from './common.ts';

/**
 * The sportsbook's answers (docs/betting.md), as server and browser read them. Odds are integers
 * in hundredths (`185` is 1.85: the page formats them as decimal, fractional or American,
 * src/shared/sports/odds-format.ts); money is decimal text in the player's currency.
 */

const isoTime = z.iso.datetime({ offset: true });

/** What a player sees of a market's state. */
export const MARKET_STATES = ['active', 'suspended', 'closed', 'settled', 'cancelled'] as const;
export type MarketState = (typeof MARKET_STATES)[number];

export const sportOutcome = z.object({
  id: z.string(),
  /** Hundredths; null when the outcome has no price now. */
  odds: z.number().int().nullable(),
  active: z.boolean(),
});

export const sportMarket = z.object({
  id: z.number().int(),
  specifiers: z.string(),
  state: z.enum(MARKET_STATES),
  /** Bumped at every price or state change. */
  version: z.number().int(),
  outcomes: z.array(sportOutcome),
});
export type SportMarket = z.output<typeof sportMarket>;

const named = z.object({ id: z.string(), name: z.string() });

export const sportScore = z.object({
  home: z.number().int(),
  away: z.number().int(),
  period: z.string().nullable(),
  minute: z.number().int().nullable(),
  period_scores: z.array(z.object({ home: z.number().int(), away: z.number().int() })),
  game_points: z.object({ home: z.string(), away: z.string() }).nullable(),
  server: z.enum(['home', 'away']).nullable(),
});

export const EVENT_PHASES = ['upcoming', 'live', 'ended', 'cancelled'] as const;

export const sportEvent = z.object({
  id: z.string(),
  sport: z.enum(SPORTS),
  /** ISO 3166 alpha-2, or `INT`. */
  country: z.string(),
  tournament: named,
  home: named,
  away: named,
  scheduled_at: isoTime,
  phase: z.enum(EVENT_PHASES),
  score: sportScore,
  /** Betting stopped on the whole event for a moment (a goal). */
  betstop: z.boolean(),
  /** The sport's main market (1X2, winner), when it is offered. */
  main: sportMarket.nullable(),
  markets_count: z.number().int(),
});
export type SportEvent = z.output<typeof sportEvent>;

export const sportEventDetail = sportEvent.extend({ markets: z.array(sportMarket) });
export type SportEventDetail = z.output<typeof sportEventDetail>;

export const sportTree = z.array(
  z.object({
    sport: z.enum(SPORTS),
    live: z.number().int(),
    upcoming: z.number().int(),
    countries: z.array(
      z.object({
        country: z.string(),
        tournaments: z.array(z.object({ id: z.string(), name: z.string(), events: z.number().int() })),
      }),
    ),
  }),
);
export type SportTree = z.output<typeof sportTree>;

export const BET_KINDS = ['single', 'multi', 'system'] as const;
export type BetKind = (typeof BET_KINDS)[number];
export const ODDS_POLICIES = ['none', 'higher', 'any'] as const;
export type OddsPolicy = (typeof ODDS_POLICIES)[number];
export const BET_STATUSES = ['pending', 'open', 'settled', 'cashed_out', 'refused'] as const;
export type SportBetStatus = (typeof BET_STATUSES)[number];
export const LEG_STATES = ['open', 'won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'] as const;
export type LegState = (typeof LEG_STATES)[number];

export const sportBetLeg = z.object({
  event_id: z.string(),
  sport: z.enum(SPORTS),
  home: z.string(),
  away: z.string(),
  scheduled_at: isoTime,
  market_id: z.number().int(),
  specifiers: z.string(),
  outcome_id: z.string(),
  odds: z.number().int(),
  state: z.enum(LEG_STATES),
});

export const sportBet = z.object({
  id: z.string(),
  kind: z.enum(BET_KINDS),
  system: z.string().nullable(),
  lines: z.number().int(),
  currency: z.enum(CURRENCIES),
  stake: decimal,
  unit_stake: decimal,
  odds_policy: z.enum(ODDS_POLICIES),
  live: z.boolean(),
  status: z.enum(BET_STATUSES),
  /** Why a pending bet was refused (`odds_changed`, `market_suspended`, …). */
  refusal: z.string().nullable(),
  /** A single's or accumulator's odds (hundredths, the product of its legs); null for a system. */
  total_odds: z.number().int().nullable(),
  potential: decimal,
  /** What the bet has paid (a settlement, a cash-out). */
  payout: decimal,
  placed_at: isoTime,
  settled_at: isoTime.nullable(),
  legs: z.array(sportBetLeg),
});
export type SportBet = z.output<typeof sportBet>;

export const cashoutOffer = z.object({
  value: decimal,
  /** Names the offer in the acceptance (valid until `expires_at`). */
  offer: z.string(),
  expires_at: isoTime,
});
export type CashoutOffer = z.output<typeof cashoutOffer>;

export const slipQuote = z.object({
  /** Each leg as it stands now. */
  legs: z.array(
    z.object({
      event_id: z.string(),
      market_id: z.number().int(),
      specifiers: z.string(),
      outcome_id: z.string(),
      odds: z.number().int().nullable(),
      active: z.boolean(),
    }),
  ),
  lines: z.number().int(),
  /** The highest stake the book takes on this slip now (per line for a system). */
  max_stake: decimal,
  min_stake: decimal,
  /** A live leg makes the bet wait this long before it is accepted (ms). */
  delay_ms: z.number().int(),
});
export type SlipQuote = z.output<typeof slipQuote>;

export const sportExposureRow = z.object({
  event_id: z.string(),
  home: z.string(),
  away: z.string(),
  market_id: z.number().int(),
  specifiers: z.string(),
  outcome_id: z.string(),
  currency: z.enum(CURRENCIES),
  liability: decimal,
  stakes: decimal,
  bets: z.number().int(),
});
