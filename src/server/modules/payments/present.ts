import { fromMinor } from '../../../shared/money.ts';
import type { PaymentRow } from './repository.ts';
import type { WebhookRow, WebhookState } from './sandbox-repository.ts';

/** What a player sees of a payment. */
export function publicPayment(p: PaymentRow) {
  return {
    id: p.id,
    direction: p.direction,
    method: p.method,
    amount: fromMinor(BigInt(p.amount)),
    currency: p.currency,
    status: p.status,
    failure_reason: p.failure_reason,
    expires_at: p.expires_at,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** What the operator sees of a sandbox webhook: the event it carries and its delivery state. */
export function publicWebhook(row: WebhookRow) {
  const status: WebhookState = row.delivered_at ? 'delivered' : row.failed_at ? 'failed' : 'pending';
  const event = JSON.parse(row.body) as { id?: string; type?: string; data?: { merchant_ref?: string } };
  return {
    id: row.id,
    event_id: event.id ?? null,
    type: event.type ?? null,
    payment: event.data?.merchant_ref ?? null,
    url: row.url,
    attempts: row.attempts,
    last_error: row.last_error,
    status,
    next_attempt_at: row.failed_at || row.delivered_at ? null : row.next_attempt_at,
    created_at: row.created_at,
  };
}
