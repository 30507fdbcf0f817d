import { z } from 'zod';
import { toMinor } from '../money.ts';
import { timestamp } from './common.ts';
import { content, route } from './declare.ts';
import {
  asSent,
  boundedText,
  IDEMPOTENCY_KEY,
  idempotencyHeaders,
  orEmpty,
  trimmedPattern,
} from './fields.ts';
import { depositResponse, methodsResponse, payment, paymentResponse, WEBHOOK_STATES } from './payments.ts';

// ── requests ──

/** A positive decimal amount in major units ("1500.50"), read as minor units. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const amount = z
  .string()
  .trim()
  .regex(AMOUNT, { error: 'invalid_amount' })
  .meta({ pattern: trimmedPattern(AMOUNT) })
  .transform((v) => toMinor(v));

export const depositBody = z.object({
  amount,
  method: boundedText({ max: 40 }),
  return_path: boundedText({ max: 300 })
    .regex(/^\/[^/\\]/)
    .optional(),
});

export const withdrawalBody = z.object({
  amount,
  method: boundedText({ max: 40 }),
  details: z.record(boundedText({ max: 40 }), boundedText({ max: 200 })).default({}),
});

/**
 * The `Idempotency-Key` header every money-moving request needs (docs/api-money.md); missing or
 * malformed, it is 422 `idempotency_key: required`.
 */
export const idempotencyKey = z.string().regex(IDEMPOTENCY_KEY);
/** The header as the money routes declare it: required, checked by the handler (`idempotencyKey`). */
export const moneyHeaders = idempotencyHeaders({
  required: true,
  description: 'Unique per payment; a retry with the same key answers the same payment',
});

/** A payment's path: its id (a UUID; anything else is simply not found). */
export const paymentParams = z.object({ id: z.string() });

/**
 * The sandbox's webhook: the signed event as raw JSON text (the route's parser keeps the exact
 * bytes), and its signature header. Both are checked by the handler: a missing body or signature
 * is a 401 `signature`, so neither is required here.
 */
export const webhookHeaders = z.looseObject({ 'x-sandbox-signature': z.string().optional() });
export const webhookBody = z.string().optional().describe('the event as JSON text, signed as sent');

/**
 * The operator's withdrawal filter, read as sent: a status no withdrawal has (or a repeated
 * parameter, an array) lists nothing rather than failing.
 */
export const withdrawalsQuery = z.looseObject({
  status: asSent.optional().describe('default held'),
});
/** Why: text that says something (blank is refused), at most 500 characters. */
export const rejection = z.object({
  reason: boundedText({ max: 500 }).trim().min(1).meta({ pattern: '\\S' }),
});
export const webhooksQuery = z.object({
  status: z.enum(WEBHOOK_STATES, { error: 'invalid_status' }).default('failed'),
});

/**
 * The sandbox's hosted checkout: the card form, and the 3-D Secure answer. The pages read these
 * form fields leniently (any other body simply lacks them), so they are documented, not validated.
 */
export const checkoutParams = z.object({ id: z.string() });
export const cardForm = z.looseObject({ card: z.string().optional() });
export const secureCodeForm = z.looseObject({ action: z.string().optional() });

// ── answers ──

/** What the browser reads too (src/shared/api/payments.ts): methods, a payment, a new deposit. */
export const methodList = methodsResponse;
export { payment };
export const paymentAnswer = paymentResponse;
export const depositAnswer = depositResponse;

export const webhookAnswer = z.object({ status: z.string(), duplicate: z.boolean() });

export const withdrawalList = z.object({ data: z.array(payment.extend({ user_id: z.string() })) });

export const sandboxWebhook = z.object({
  id: z.uuid(),
  event_id: z.string().nullable(),
  type: z.string().nullable(),
  payment: z.string().nullable(),
  url: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  status: z.enum(WEBHOOK_STATES),
  next_attempt_at: timestamp.nullable(),
  created_at: timestamp,
});
export const webhookList = z.object({ data: z.array(sandboxWebhook) });
export const webhookRedriven = z.object({ data: sandboxWebhook });

/** The sandbox's hosted pages are HTML; a finished payment redirects (303) to the return URL. */
export const sandboxPage = z.string();

// ── routes (paths under /api) ──

const html = (description: string) => content('text/html', sandboxPage, description);

/**
 * The money routes. Their handlers check the Idempotency-Key themselves, after the body, so a
 * missing or malformed key stays 422 `idempotency_key: required` (`moneyHeaders` documents it).
 */
export const ROUTES = {
  'GET /payments/methods': route({
    summary: 'Deposit methods in the player’s currency, with limits and preset amounts',
    auth: 'player',
    response: { 200: methodList },
  }),
  'POST /payments/deposits': route({
    summary: 'Starts a deposit; answers the provider’s hosted checkout to open',
    auth: 'player',
    headers: moneyHeaders,
    body: depositBody,
    response: { 200: depositAnswer },
    errors: ['conflict', 'misdirected'],
  }),
  'GET /payments/:id': route({
    summary: 'One of the player’s payments',
    auth: 'player',
    params: paymentParams,
    response: { 200: paymentAnswer },
    errors: ['not_found'],
  }),
  'POST /payments/withdrawals': route({
    summary: 'Requests a withdrawal; the amount leaves the balance at once (held)',
    auth: 'player',
    headers: moneyHeaders,
    body: withdrawalBody,
    response: { 200: paymentAnswer },
    errors: ['forbidden', 'conflict'],
  }),
  'POST /payments/webhooks/sandbox': route({
    summary: 'The sandbox provider’s signed webhook (the raw JSON text is signed)',
    headers: webhookHeaders,
    body: webhookBody,
    response: { 200: webhookAnswer },
    errors: ['unauthenticated', 'not_found'],
  }),
  'GET /sandbox/checkout/:id': route({
    summary: 'The sandbox provider’s hosted checkout page',
    params: checkoutParams,
    response: {
      200: html('the card form, the 3-D Secure question, or a closed or expired checkout'),
    },
    errors: ['not_found'],
  }),
  'POST /sandbox/checkout/:id': route({
    summary: 'Pays with a test card: back to the site (303), the 3-D Secure page, or the form again (422)',
    description:
      'A card that is not a test card answers the card form again, with the error, as a 422 page ' +
      '(text/html); other failures answer `{ errors }`.',
    params: checkoutParams,
    documentedBody: { type: 'application/x-www-form-urlencoded', schema: cardForm },
    response: {
      200: html('the 3-D Secure page, or a closed or expired checkout'),
      303: content('text/plain', z.string(), 'back to the return URL with payment and payment_status'),
    },
    errors: ['not_found'],
  }),
  'POST /sandbox/checkout/:id/3ds': route({
    summary: 'Answers the 3-D Secure question: back to the site (303), or a closed checkout',
    params: checkoutParams,
    documentedBody: { type: 'application/x-www-form-urlencoded', schema: secureCodeForm },
    response: {
      200: html('a closed or expired checkout'),
      303: content('text/plain', z.string(), 'back to the return URL with payment and payment_status'),
    },
    errors: ['not_found'],
  }),
  'GET /operator/withdrawals': route({
    summary: 'Withdrawals in one status (default held), oldest first',
    auth: 'operator',
    querystring: withdrawalsQuery,
    response: { 200: withdrawalList },
  }),
  'POST /operator/withdrawals/:id/approve': route({
    summary: 'Pays a held withdrawal out through the provider',
    auth: 'operator',
    params: paymentParams,
    response: { 200: paymentAnswer },
    errors: ['not_found', 'conflict'],
  }),
  'POST /operator/withdrawals/:id/reject': route({
    summary: 'Rejects a held withdrawal; the money returns to the player',
    auth: 'operator',
    params: paymentParams,
    // Read as `rejection.parse(request.body ?? {})` was: no body is a missing reason.
    body: orEmpty(rejection),
    response: { 200: paymentAnswer },
    errors: ['not_found', 'conflict'],
  }),
  'GET /operator/sandbox/webhooks': route({
    summary: 'The sandbox’s webhook deliveries in one state (default failed)',
    auth: 'operator',
    querystring: webhooksQuery,
    response: { 200: webhookList },
  }),
  'POST /operator/sandbox/webhooks/:id/retry': route({
    summary: 'Re-drives a failed webhook to the endpoint configured now, with a fresh attempt budget',
    auth: 'operator',
    params: checkoutParams,
    response: { 200: webhookRedriven },
    errors: ['not_found'],
  }),
};
