import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { decimal, timestamp } from './common.ts';

/**
 * The answers of the player's money API the browser reads (docs/api-money.md): amounts are decimal
 * strings in major units. Types are the wire form (`z.input`: timestamps as ISO strings).
 */

/** The delivery states of a sandbox webhook (the operator lists them by state). */
export const WEBHOOK_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** GET /payments/methods: deposit methods in the player's currency, with limits and presets. */
export const methodsResponse = z.object({
  data: z.array(
    z.object({
      id: z.literal('sandbox_card'),
      provider: z.literal('sandbox'),
      kind: z.literal('card'),
      min: decimal,
      max: decimal,
      presets: z.array(decimal),
    }),
  ),
});
export type MethodsResponse = z.input<typeof methodsResponse>;

/** A payment as the player sees it. */
export const payment = z.object({
  id: z.uuid(),
  direction: z.enum(['deposit', 'withdrawal']),
  method: z.string(),
  amount: decimal,
  currency: z.enum(CURRENCIES),
  status: z
    .string()
    .describe('deposit: created, pending, succeeded, failed or expired; withdrawal: held, paid or rejected'),
  failure_reason: z.string().nullable(),
  /** A deposit's checkout deadline: unpaid by then, it is `expired`; null for withdrawals. */
  expires_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** GET /payments/:id, POST /payments/withdrawals. */
export const paymentResponse = z.object({ data: payment });
export type PaymentResponse = z.input<typeof paymentResponse>;

/** POST /payments/deposits: the new deposit and where to pay it (null when a replay never got one). */
export const depositResponse = z.object({ data: payment.extend({ redirect_url: z.url().nullable() }) });
export type DepositResponse = z.input<typeof depositResponse>;
