import { z } from 'zod';
import { route } from './declare.ts';
import {
  CLOSURE_REASONS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  limitsResponse,
  operatorExclusion,
  operatorResponsibleResponse,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_MONTHS,
  SESSION_LIMIT_MINUTES,
  statusResponse,
  TIME_OUT_DAYS,
} from './responsible.ts';

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

/** Minutes between reality checks and the session's time limit; null switches one off. */
export const sessionSettingsBody = z.object({
  reality_check_minutes: z
    .number({ error: 'invalid_duration' })
    .int({ error: 'invalid_duration' })
    .min(REALITY_CHECK_MINUTES.min, { error: 'invalid_duration' })
    .max(REALITY_CHECK_MINUTES.max, { error: 'invalid_duration' })
    .nullable(),
  session_limit_minutes: z
    .number({ error: 'invalid_duration' })
    .int({ error: 'invalid_duration' })
    .min(SESSION_LIMIT_MINUTES.min, { error: 'invalid_duration' })
    .max(SESSION_LIMIT_MINUTES.max, { error: 'invalid_duration' })
    .nullable(),
});

/** The player must tick "I understand" for a step they cannot undo. */
const understood = z.literal(true, { error: 'confirm_required' });

/** A time-out of whole days: 1 (24 hours) to 42 (6 weeks). It cannot be shortened. */
export const timeOutBody = z.object({
  days: z
    .number({ error: 'invalid_duration' })
    .int({ error: 'invalid_duration' })
    .min(TIME_OUT_DAYS.min, { error: 'invalid_duration' })
    .max(TIME_OUT_DAYS.max, { error: 'invalid_duration' }),
  confirm: understood,
});

/** A self-exclusion of these months, or indefinite (`null`). */
export const selfExclusionBody = z.object({
  months: z
    .union(
      SELF_EXCLUSION_MONTHS.map((m) => z.literal(m)),
      { error: 'invalid_duration' },
    )
    .nullable(),
  confirm: understood,
});

export const closeAccountBody = z.object({
  reason: z.enum(CLOSURE_REASONS, { error: 'invalid_reason' }),
  confirm: understood,
});

/** A prompt the player answered: the deposit-limit question, or the periodic review. */
export const promptBody = z.object({
  prompt: z.enum(['deposit_limit', 'review'], { error: 'invalid_prompt' }),
});

/** What logs the player out: how many sessions ended, and when the exclusion ends (null: never by itself). */
const loggedOut = z.object({
  success: z.literal(true),
  revoked: z.number().int(),
  until: z.iso.datetime({ offset: true }).nullable(),
});

const userParams = z.object({ userId: z.string().regex(/^\d{1,18}$/, { error: 'not_found' }) });
const exclusionParams = userParams.extend({
  exclusionId: z.string().regex(/^\d{1,18}$/, { error: 'not_found' }),
});
const operatorReason = z
  .string({ error: 'invalid_reason' })
  .trim()
  .min(3, { error: 'invalid_reason' })
  .max(500, { error: 'invalid_reason' });

export const operatorExclusionBody = z.object({
  reason: operatorReason,
  /** When it ends; null: until lifted. */
  until: z.iso.datetime({ offset: true, error: 'invalid_date' }).nullable(),
});
export const operatorLiftBody = z.object({ reason: operatorReason });

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
  'GET /responsible/status': route({
    summary: 'The exclusion in force, reality-check settings, this session’s play and the prompts due',
    auth: 'player',
    response: { 200: statusResponse },
  }),
  'PUT /responsible/session': route({
    summary: 'Sets the reality-check interval and the session time limit (null: off)',
    auth: 'player',
    body: sessionSettingsBody,
    response: { 200: statusResponse },
  }),
  'POST /responsible/prompts': route({
    summary: 'Records that the player answered a prompt (the deposit-limit question or the review)',
    auth: 'player',
    body: promptBody,
    response: { 200: statusResponse },
  }),
  'POST /responsible/time-out': route({
    summary: 'A time-out of 1 to 42 days: only withdrawals and history until it ends; never shortened',
    auth: 'player',
    body: timeOutBody,
    response: { 200: statusResponse },
    errors: ['conflict'],
  }),
  'POST /responsible/self-exclusion': route({
    summary: 'Self-exclusion for 6 months to 5 years or indefinitely: every session ends at once',
    auth: 'player',
    body: selfExclusionBody,
    response: { 200: loggedOut },
    errors: ['conflict'],
  }),
  'POST /responsible/close': route({
    summary: 'Closes the account (other than self-exclusion): every session ends at once',
    auth: 'player',
    body: closeAccountBody,
    response: { 200: loggedOut },
    errors: ['conflict'],
  }),
  'POST /responsible/reopen': route({
    summary: 'Asks to reopen after a self-exclusion has ended: the account opens 24 hours later',
    auth: 'player',
    response: { 200: statusResponse },
    errors: ['conflict'],
  }),
  'GET /operator/players/:userId/responsible': route({
    summary: 'A player’s limits, exclusions and reality-check settings (read only)',
    auth: 'operator',
    params: userParams,
    response: { 200: operatorResponsibleResponse },
    errors: ['not_found'],
  }),
  'POST /operator/players/:userId/exclusions': route({
    summary: 'Excludes a player, with a reason, until a time or until lifted: every session ends',
    auth: 'operator',
    params: userParams,
    body: operatorExclusionBody,
    response: { 200: z.object({ data: operatorExclusion }) },
    errors: ['not_found'],
  }),
  'POST /operator/players/:userId/exclusions/:exclusionId/lift': route({
    summary:
      'Lifts an operator exclusion or a closure, with a reason (never a player’s own time-out or self-exclusion)',
    auth: 'operator',
    params: exclusionParams,
    body: operatorLiftBody,
    response: { 200: z.object({ data: operatorExclusion }) },
    errors: ['not_found', 'conflict'],
  }),
} as const;
