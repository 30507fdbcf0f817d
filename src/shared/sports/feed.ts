import { z } from 'zod';

/**
 * The odds feed's wire format (docs/betting.md "The feed"): the messages of the industry's standard
 * odds feed (Sportradar's Unified Odds Feed) as JSON, with the same names, kinds and meanings:
 * `odds_change` (prices, market status and the match's status), `bet_stop`, `bet_settlement`
 * (result, void factor, dead-heat factor), `bet_cancel` (optionally for a time window),
 * `rollback_bet_settlement`, `rollback_bet_cancel` and `fixture_change`.
 *
 * One addition: `seq`, each event's message counter (1, 2, …). The casino applies an event's
 * messages in that order and each at most once; a message past a gap makes it re-read the event
 * (a recovery, `EventSnapshot`) instead. The in-house feed (src/sportsfeed/) publishes exactly
 * these messages; a real feed's adapter turns its own into them.
 */

/** A market's status, the feed's numbers. */
export const MARKET_STATUS = {
  active: 1,
  suspended: -1,
  deactivated: 0,
  handedOver: -3,
  cancelled: -4,
} as const;
export type MarketStatus = (typeof MARKET_STATUS)[keyof typeof MARKET_STATUS];

export const SPORTS = ['football', 'tennis', 'basketball', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];

/** An event's state, as `sport_event_status` carries it. */
export const EVENT_STATUSES = [
  'not_started',
  'live',
  'ended',
  'closed',
  'cancelled',
  'postponed',
  'abandoned',
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const score = z.object({ home: z.number().int().min(0), away: z.number().int().min(0) });

export const sportEventStatus = z.object({
  status: z.enum(EVENT_STATUSES),
  /** Goals (football), sets (tennis), points (basketball), maps (esports). */
  home_score: z.number().int().min(0),
  away_score: z.number().int().min(0),
  /** The period now, e.g. `1st_half`, `halftime`, `2nd_half`, `set_3`, `q4`, `map_2`; absent before and after. */
  period: z.string().max(32).optional(),
  /** Each period's score: halves, sets' games, quarters, maps' rounds. */
  period_scores: z.array(score).max(10).optional(),
  /** Match time in minutes (football, basketball); absent when it has none. */
  minute: z.number().int().min(0).max(200).optional(),
  /** Tennis: points in the current game (`0`, `15`, `30`, `40`, `A`) and who serves. */
  game_points: z.object({ home: z.string().max(2), away: z.string().max(2) }).optional(),
  server: z.enum(['home', 'away']).optional(),
});
export type SportEventStatus = z.infer<typeof sportEventStatus>;

export const feedOutcome = z.object({
  id: z.string().min(1).max(32),
  /** Decimal odds (at least 1.01, two decimals); absent when the outcome has no price. */
  odds: z.number().min(1.01).max(10000).optional(),
  probability: z.number().min(0).max(1).optional(),
  active: z.boolean(),
});
export type FeedOutcome = z.infer<typeof feedOutcome>;

const marketRef = {
  /** The market's id in the market catalogue (src/shared/sports/markets.ts). */
  id: z.number().int().positive(),
  /** `total=2.5`, `hcp=-0.25`; '' for a market without any. */
  specifiers: z.string().max(64).default(''),
};

export const feedMarket = z.object({
  ...marketRef,
  status: z.union([z.literal(1), z.literal(-1), z.literal(0), z.literal(-3), z.literal(-4)]),
  outcomes: z.array(feedOutcome).max(64).optional(),
});
export type FeedMarket = z.infer<typeof feedMarket>;

const header = {
  event_id: z.string().min(1).max(64),
  /** This event's message counter: 1, 2, … with no gap. */
  seq: z.number().int().positive(),
  /** When the feed produced it (ms since the epoch, the feed's clock). */
  timestamp: z.number().int().nonnegative(),
  /** Which odds product sent it: pre-match or live. */
  product: z.enum(['pre', 'live']),
};

export const oddsChange = z.object({
  type: z.literal('odds_change'),
  ...header,
  sport_event_status: sportEventStatus.optional(),
  /** 0 on, else why betting is stopped (a goal, a break in play). */
  betstop_reason: z.string().max(32).optional(),
  markets: z.array(feedMarket).max(200).default([]),
});

export const betStop = z.object({
  type: z.literal('bet_stop'),
  ...header,
  /** Which markets stop: `all` (the only group the in-house feed uses). */
  groups: z.array(z.string().max(32)).min(1).max(16),
  market_status: z.union([z.literal(-1), z.literal(0)]).default(-1),
  betstop_reason: z.string().max(32).optional(),
});

export const settlementOutcome = z.object({
  id: z.string().min(1).max(32),
  /** 1 won, 0 lost. */
  result: z.union([z.literal(0), z.literal(1)]),
  /** The part of the stake given back: 0, 0.5 (half won or half lost), 1 (void). */
  void_factor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).default(0),
  /** A winner sharing its place: the part of its odds that pays (1 when none). */
  dead_heat_factor: z.number().gt(0).max(1).default(1),
});
export type SettlementOutcome = z.infer<typeof settlementOutcome>;

export const betSettlement = z.object({
  type: z.literal('bet_settlement'),
  ...header,
  /** 1 from the live scout, 2 confirmed. */
  certainty: z.union([z.literal(1), z.literal(2)]).default(2),
  markets: z
    .array(
      z.object({
        ...marketRef,
        void_reason: z.number().int().optional(),
        outcomes: z.array(settlementOutcome).min(1).max(64),
      }),
    )
    .min(1)
    .max(200),
});

const cancelMarkets = z
  .array(z.object({ ...marketRef, void_reason: z.number().int().optional() }))
  .min(1)
  .max(200);

export const betCancel = z.object({
  type: z.literal('bet_cancel'),
  ...header,
  /** Only bets placed in [start_time, end_time) are void (ms); the whole market without them. */
  start_time: z.number().int().nonnegative().optional(),
  end_time: z.number().int().nonnegative().optional(),
  markets: cancelMarkets,
});

export const rollbackBetSettlement = z.object({
  type: z.literal('rollback_bet_settlement'),
  ...header,
  markets: z.array(z.object(marketRef)).min(1).max(200),
});

export const rollbackBetCancel = z.object({
  type: z.literal('rollback_bet_cancel'),
  ...header,
  start_time: z.number().int().nonnegative().optional(),
  end_time: z.number().int().nonnegative().optional(),
  markets: z.array(z.object(marketRef)).min(1).max(200),
});

export const fixtureChange = z.object({
  type: z.literal('fixture_change'),
  ...header,
  change_type: z.enum(['new', 'datetime', 'cancelled', 'format', 'coverage']),
  start_time: z.number().int().nonnegative().optional(),
});

export const feedMessage = z.discriminatedUnion('type', [
  oddsChange,
  betStop,
  betSettlement,
  betCancel,
  rollbackBetSettlement,
  rollbackBetCancel,
  fixtureChange,
]);
export type FeedMessage = z.infer<typeof feedMessage>;
export type FeedMessageInput = z.input<typeof feedMessage>;
export type OddsChange = z.infer<typeof oddsChange>;
export type BetSettlement = z.infer<typeof betSettlement>;
export type BetCancel = z.infer<typeof betCancel>;

/** What the feed pushes to the casino (`POST /api/sports/feed`, signed): messages in order. */
export const feedBatch = z.object({ messages: z.array(feedMessage).min(1).max(500) });

const named = z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(100) });

/** An event as the feed's fixtures API describes it. */
export const fixture = z.object({
  id: z.string().min(1).max(64),
  sport: z.enum(SPORTS),
  /** The country or region (ISO 3166 alpha-2, or `INT` for international competitions). */
  category: z.object({ id: z.string().min(1).max(64), country: z.string().min(2).max(3) }),
  tournament: named,
  home: named,
  away: named,
  /** Kick-off (ms since the epoch). */
  scheduled: z.number().int().nonnegative(),
  /** Whether the feed prices it live once it starts. */
  live_odds: z.boolean(),
});
export type Fixture = z.infer<typeof fixture>;

/** `GET /v1/fixtures?from=&to=` (ms): the events scheduled in that window, and those live now. */
export const fixturesResponse = z.object({ fixtures: z.array(fixture) });

/**
 * `GET /v1/events/{id}` (a recovery): everything about one event now, as one message would carry
 * it, at the counter of the last message the feed published for it. Markets settled or cancelled
 * are listed with their settlement or cancel; a rolled-back one is listed again as open.
 */
export const eventSnapshot = z.object({
  fixture,
  seq: z.number().int().nonnegative(),
  timestamp: z.number().int().nonnegative(),
  sport_event_status: sportEventStatus,
  markets: z.array(feedMarket).max(200),
  settlements: betSettlement.shape.markets.element.array().max(200),
  cancels: z.array(
    z.object({
      ...marketRef,
      start_time: z.number().int().nonnegative().optional(),
      end_time: z.number().int().nonnegative().optional(),
    }),
  ),
});
export type EventSnapshot = z.infer<typeof eventSnapshot>;
