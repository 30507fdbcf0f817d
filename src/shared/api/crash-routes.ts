import { z } from 'zod';
import {
  crashBetResponse,
  crashCashOutResponse,
  crashRoundResponse,
  crashRoundsResponse,
  crashStateResponse,
  myCrashBetsResponse,
} from './crash.ts';
import { route } from './declare.ts';
import { idempotencyHeaders } from './fields.ts';
import { amountField } from './games-routes.ts';

/** The crash API's requests (docs/api-games.md "Crash"); the answers are in src/shared/api/crash.ts. */

/** A round id in a body: a JSON integer (a string or a boolean is not one, as documented). */
const roundId = z
  .number({ error: 'invalid_round' })
  .int({ error: 'invalid_round' })
  .min(1, { error: 'invalid_round' })
  .max(1_000_000_000, { error: 'invalid_round' });
/** A round id in a path, which is text: read as a number. */
const roundPathId = z.coerce
  .number({ error: 'invalid_round' })
  .int({ error: 'invalid_round' })
  .min(1, { error: 'invalid_round' })
  .max(1_000_000_000, { error: 'invalid_round' });

/**
 * An auto cash-out multiplier: at least 1.01, at most two decimals ("2", "2.5", "2.50"), at most
 * 1 000 000; in hundredths.
 */
export const autoCashOutField = z
  .union([z.string(), z.number()], { error: 'invalid_auto_cash_out' })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}(\.\d+)?$/, { error: 'invalid_auto_cash_out' })
      .refine((v) => !/\.\d{3,}$/.test(v), { error: 'auto_cash_out_decimals' })
      .transform((v) => {
        const [whole, fraction = ''] = v.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      })
      .refine((v) => v >= 101, { error: 'auto_cash_out_too_low' })
      .refine((v) => v <= 100_000_000, { error: 'invalid_auto_cash_out' }),
  )
  .meta({
    anyOf: [
      { type: 'string', pattern: '^\\s*(1000000(\\.00?)?|\\d{1,6}(\\.\\d{1,2})?)\\s*$' },
      { type: 'number', minimum: 1.01, maximum: 1_000_000 },
    ],
    description: 'A multiplier of 1.01-1000000, at most 2 decimals',
  });

export const betBody = z.object({
  amount: amountField,
  auto_cash_out: autoCashOutField.nullish(),
  round_id: roundId.optional(),
});
export const cashOutBody = z.object({ round_id: roundId.optional() }).default({});
export const roundsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const roundParams = z.object({ id: roundPathId });
export const betsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** Money-moving calls may carry the player's key for the ledger (docs/api-games.md). */
const headers = idempotencyHeaders({
  required: false,
  description: 'Unique per call; a retry answers the first result',
});

export const ROUTES = {
  'GET /games/crash': route({
    summary: 'The crash game now: the live round with its bets, the next one, recent crash points, the chain',
    response: { 200: crashStateResponse },
  }),
  'GET /games/crash/rounds': route({
    summary: 'The newest crashed rounds with their revealed hashes, and the chain’s salt, to verify',
    querystring: roundsQuery,
    response: { 200: crashRoundsResponse },
  }),
  'GET /games/crash/rounds/:id': route({
    summary: 'One round with every bet; its hash and crash point once it crashed',
    params: roundParams,
    response: { 200: crashRoundResponse },
    errors: ['not_found'],
  }),
  'GET /games/crash/bets': route({
    summary: 'The player’s newest crash bets',
    auth: 'player',
    querystring: betsQuery,
    response: { 200: myCrashBetsResponse },
  }),
  'POST /games/crash/bet': route({
    summary: 'Bet on the round taking bets (during a flight: the next round), with an optional auto cash-out',
    auth: 'player',
    body: betBody,
    headers,
    response: { 200: crashBetResponse },
    errors: ['conflict'],
  }),
  'POST /games/crash/cashout': route({
    summary: 'Cash out of the flight now, at the multiplier on the server’s clock',
    auth: 'player',
    body: cashOutBody,
    headers,
    response: { 200: crashCashOutResponse },
    errors: ['conflict'],
  }),
};
