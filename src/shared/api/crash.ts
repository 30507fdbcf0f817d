import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { decimal } from './common.ts';

/**
 * The crash API (docs/api-games.md "Crash") and its `/ws` events on `game:crash`, as server and
 * browser read them. Round ids are positions in the hash chain (round i plays `h_i`), multipliers
 * are decimals with two places ("2.35"), times in the flight are ms since the epoch on the server.
 */

const isoTime = z.iso.datetime({ offset: true });
/** A multiplier as the player reads it: "1.00", "2.35", "1024.00". */
const multiplier = z.string().regex(/^\d+\.\d{2}$/);

/** `queued`: takes bets for after the flight in progress; `betting`; `flight`; `crashed`. */
export const CRASH_ROUND_STATUSES = ['queued', 'betting', 'flight', 'crashed'] as const;
export type CrashRoundStatus = (typeof CRASH_ROUND_STATUSES)[number];
export const CRASH_BET_STATUSES = ['open', 'cashed', 'lost'] as const;

/** One bet of a round as everybody sees it (no auto cash-out target). */
export const crashBet = z.object({
  id: z.string(),
  round_id: z.number().int(),
  /** The feeds' public name: null for a player who hides statistics. */
  player: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  stake: decimal,
  status: z.enum(CRASH_BET_STATUSES),
  /** The multiplier it cashed out at. */
  cash_out: multiplier.nullable(),
  payout: decimal,
  /** payout − stake once settled ("-10.00" for a lost bet), "0.00" while open. */
  profit: decimal,
});
export type CrashBet = z.output<typeof crashBet>;

/** The player's own bet: with its auto cash-out and time. */
export const myCrashBet = crashBet.extend({
  auto_cash_out: multiplier.nullable(),
  created_at: isoTime,
});
export type MyCrashBet = z.output<typeof myCrashBet>;

/** A round with its bets; the hash and crash point only once it crashed. */
export const crashRound = z.object({
  id: z.number().int(),
  status: z.enum(CRASH_ROUND_STATUSES),
  /** When betting ends (ms since the epoch), once the round takes bets in its own right. */
  betting_ends_at: z.number().int().nullable(),
  /** When the flight started (ms since the epoch): the curve's t = 0. */
  started_at: z.number().int().nullable(),
  crash_point: multiplier.nullable(),
  hash: z.string().nullable(),
  crashed_at: isoTime.nullable(),
  bets: z.array(crashBet),
});
export type CrashRound = z.output<typeof crashRound>;

/** The chain the rounds come from (docs/fairness.md §4): published before round 1. */
export const crashChain = z.object({
  salt: z.string(),
  terminating_hash: z.string(),
  length: z.number().int(),
});
export type CrashChain = z.output<typeof crashChain>;

/** A crashed round in the history strip. */
export const crashPointItem = z.object({ id: z.number().int(), crash_point: multiplier });

/** The game as a page opens it, and as `/ws` sends it on subscribe. */
export const crashState = z.object({
  /** The `game:crash` version this was read at: events up to it are in. */
  version: z.number().int(),
  /** The server's clock (ms since the epoch) when this was read, for the browser's clock offset. */
  server_time: z.number().int(),
  /** Null until the chain is generated (the first start). */
  chain: crashChain.nullable(),
  /** The round in betting or flight, or the last crashed one during the pause; null before round 1. */
  round: crashRound.nullable(),
  /** The round that takes bets placed now when `round` is not betting (its bets so far). */
  next: crashRound.nullable(),
  /** The newest crash points, newest first. */
  history: z.array(crashPointItem),
  betting_ms: z.number().int(),
});
export type CrashState = z.output<typeof crashState>;

export const crashStateResponse = z.object({ data: crashState });

/** `GET /games/crash/rounds`: the newest crashed rounds, to verify against the chain. */
export const crashHistoryRound = z.object({
  id: z.number().int(),
  hash: z.string(),
  crash_point: multiplier,
  crashed_at: isoTime,
  players: z.number().int(),
});
export type CrashHistoryRound = z.output<typeof crashHistoryRound>;
export const crashRoundsResponse = z.object({
  data: z.object({
    salt: z.string().nullable(),
    terminating_hash: z.string().nullable(),
    rounds: z.array(crashHistoryRound),
  }),
});
export const crashRoundResponse = z.object({ data: crashRound });
export const myCrashBetsResponse = z.object({ data: z.array(myCrashBet) });

/** A bet: the bet, whether it waits for the next round, and the balance after the stake. */
export const crashBetAnswer = z.object({ bet: myCrashBet, queued: z.boolean(), balance: decimal });
export type CrashBetAnswer = z.output<typeof crashBetAnswer>;
export const crashBetResponse = z.object({ data: crashBetAnswer });
/** A cash-out: the settled bet and the balance after the payout. */
export const crashCashOutAnswer = z.object({ bet: myCrashBet, balance: decimal });
export type CrashCashOutAnswer = z.output<typeof crashCashOutAnswer>;
export const crashCashOutResponse = z.object({ data: crashCashOutAnswer });

/**
 * An event of the `/ws` channel `game:crash`: `snapshot` (sent on subscribe), a round `opened` for
 * betting, the flight `started`, a `bet`, `cashed_out` bets, and `crashed` with the crash point and
 * the revealed hash. `version` grows by one per event, except `snapshot`, which carries the current one.
 */
export type CrashEvent =
  | { kind: 'snapshot'; state: CrashState }
  | { kind: 'opened'; round: CrashRound; server_time: number }
  | { kind: 'started'; round_id: number; started_at: number; server_time: number }
  | { kind: 'bet'; round_id: number; bet: CrashBet; server_time: number }
  | { kind: 'cashed_out'; round_id: number; bets: CrashBet[]; server_time: number }
  | { kind: 'crashed'; round: CrashRound; server_time: number };
