import { z } from 'zod';
import { route } from './declare.ts';
import { LIMIT_KINDS, LIMIT_PERIODS, limitsResponse } from './responsible.ts';

/** Responsible gambling (docs/responsible-gambling.md); the answers are in ./responsible.ts. */

/** A decimal amount in major units, at most 2 places, above zero: "500", "25.50". */
const amount = z
  .string({ error: 'invalid_amount' })
  .regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' })
  .refine((v) => /[1-9]/.test(v), { error: 'invalid_amount' });

/**
 * Sets one limit. A new limit or a lower one applies at once; a higher one, or `amount: null`
 * (removal), waits out the cooling-off and then needs the player's confirmation.
 */
export const setLimitBody = z.object({
  kind: z.enum(LIMIT_KINDS, { error: 'invalid_limit' }),
  period: z.enum(LIMIT_PERIODS, { error: 'invalid_limit' }),
  amount: amount.nullable(),
});
export const confirmLimitBody = z.object({
  kind: z.enum(LIMIT_KINDS, { error: 'invalid_limit' }),
  period: z.enum(LIMIT_PERIODS, { error: 'invalid_limit' }),
});

export const ROUTES = {
  'GET /responsible/limits': route({
    summary: 'The player’s financial limits: in force, used in the window, changes waiting',
    auth: 'player',
    response: { 200: limitsResponse },
    errors: ['conflict'],
  }),
  'PUT /responsible/limits': route({
    summary: 'Sets a limit: lower at once; higher or removed after 24 hours and a confirmation',
    auth: 'player',
    body: setLimitBody,
    response: { 200: limitsResponse },
    errors: ['conflict'],
  }),
  'POST /responsible/limits/confirm': route({
    summary: 'Confirms a higher or removed limit once its cooling-off has passed',
    auth: 'player',
    body: confirmLimitBody,
    response: { 200: limitsResponse },
    errors: ['conflict'],
  }),
} as const;
