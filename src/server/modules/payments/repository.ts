import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';

/** Deposits and withdrawals (payments) and the provider events received for them. */

export interface PaymentRow {
  id: string;
  user_id: string;
  direction: 'deposit' | 'withdrawal';
  provider: string;
  method: string;
  amount: string;
  currency: Currency;
  status: string;
  failure_reason: string | null;
  /** A deposit's checkout deadline; null for withdrawals. */
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const PAYMENT_COLUMNS =
  'id, user_id::text, direction, provider, method, amount::text, currency, status, failure_reason, expires_at, created_at, updated_at';

/** Statuses of a deposit that has not been paid (nor failed) yet: the ones that can expire. */
const UNPAID = `('created', 'pending')`;

/** Payment ids are UUIDs; anything else names no payment (and must not reach a uuid column). */
const isPaymentId = (id: string | undefined): id is string => Boolean(id && /^[0-9a-f-]{36}$/.test(id));

export async function paymentById(db: Queryable, id: string | undefined): Promise<PaymentRow | undefined> {
  if (!isPaymentId(id)) return undefined;
  const [row] = await db.query<PaymentRow>(`select ${PAYMENT_COLUMNS} from payments where id = $1`, [id]);
  return row;
}

/** The player's payment made with this idempotency key, deposit or withdrawal. */
export async function paymentByKey(
  db: Queryable,
  userId: string,
  key: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments where user_id = $1 and idempotency_key = $2`,
    [userId, key],
  );
  return row;
}

/**
 * Creates a deposit (`created`), due to expire `ttlSeconds` from now (the database's clock, which
 * every instance shares); undefined when the player's key is taken already.
 */
export async function insertDeposit(
  db: Queryable,
  deposit: {
    userId: string;
    provider: string;
    method: string;
    amount: bigint;
    currency: Currency;
    key: string;
    ttlSeconds: number;
  },
): Promise<PaymentRow | undefined> {
  const [created] = await db.query<PaymentRow>(
    `insert into payments (user_id, direction, provider, method, amount, currency, status, idempotency_key, expires_at)
     values ($1, 'deposit', $2, $3, $4, $5, 'created', $6, now() + make_interval(secs => $7))
     on conflict (user_id, idempotency_key) do nothing returning ${PAYMENT_COLUMNS}`,
    [
      deposit.userId,
      deposit.provider,
      deposit.method,
      deposit.amount.toString(),
      deposit.currency,
      deposit.key,
      deposit.ttlSeconds,
    ],
  );
  return created;
}

/**
 * Unpaid deposits past their deadline become `expired` (no money moves: nothing was credited).
 * Scoped to one player or one payment when read lazily, or at most `limit` of everyone's for the
 * sweep. Rows another instance is expiring right now are skipped (SKIP LOCKED) and the status is
 * checked again under the row lock, so each deposit expires once whoever sweeps. Returns them.
 */
export function expireDueDeposits(
  db: Queryable,
  scope: { userId?: string; paymentId?: string; limit?: number } = {},
): Promise<PaymentRow[]> {
  if (scope.paymentId !== undefined && !isPaymentId(scope.paymentId)) return Promise.resolve([]);
  return db.query<PaymentRow>(
    `update payments set status = 'expired', failure_reason = 'checkout_expired', updated_at = now()
      where id in (select id from payments
                    where status in ${UNPAID} and expires_at <= now() and direction = 'deposit'
                      and ($1::bigint is null or user_id = $1) and ($2::uuid is null or id = $2)
                    order by expires_at limit $3 for update skip locked)
        and status in ${UNPAID}
      returning ${PAYMENT_COLUMNS}`,
    [scope.userId ?? null, scope.paymentId ?? null, scope.limit ?? 500],
  );
}

/** The provider's reference of a payment (its checkout), once it has one. */
export async function providerRef(db: Queryable, paymentId: string): Promise<string | null> {
  const [row] = await db.query<{ provider_ref: string | null }>(
    'select provider_ref from payments where id = $1',
    [paymentId],
  );
  return row?.provider_ref ?? null;
}

/** The deposit's checkout exists: it is `pending` until the provider's webhook (or its expiry). */
export async function markPending(db: Queryable, paymentId: string, checkoutId: string): Promise<void> {
  await db.query(
    `update payments set provider_ref = $2,
            status = case when status = 'created' then 'pending' else status end, updated_at = now()
      where id = $1`,
    [paymentId, checkoutId],
  );
}

/** Keeps a provider event; false when its id was seen before (a duplicate or a replay). */
export async function recordEvent(
  db: Queryable,
  event: { provider: string; eventId: string; paymentId: string; type: string; payload: string },
): Promise<boolean> {
  const recorded = await db.query(
    `insert into payment_events (provider, event_id, payment_id, type, payload) values ($1, $2, $3, $4, $5)
     on conflict (provider, event_id) do nothing returning id`,
    [event.provider, event.eventId, event.paymentId, event.type, event.payload],
  );
  return recorded.length > 0;
}

/**
 * A deposit the provider failed; a payment that succeeded already stays succeeded, and an expired
 * one stays expired (no money either way).
 */
export async function markFailed(db: Queryable, paymentId: string, reason: string): Promise<void> {
  await db.query(
    `update payments set status = 'failed', failure_reason = $2, updated_at = now() where id = $1 and status in ('created', 'pending')`,
    [paymentId, reason],
  );
}

/**
 * A deposit the provider completed; a failure recorded earlier (out of order) yields to it, and so
 * does an expiry (a success that arrives after the deadline: the provider took the money).
 */
export async function markSucceeded(db: Queryable, paymentId: string): Promise<void> {
  await db.query(
    `update payments set status = 'succeeded', failure_reason = null, updated_at = now() where id = $1 and status <> 'succeeded'`,
    [paymentId],
  );
}

/** Creates a withdrawal, `held`; a key taken meanwhile surfaces as the unique violation. */
export async function insertWithdrawal(
  db: Queryable,
  withdrawal: {
    id: string;
    userId: string;
    method: string;
    amount: bigint;
    currency: Currency;
    key: string;
    details: Record<string, string>;
  },
): Promise<void> {
  await db.query(
    `insert into payments (id, user_id, direction, provider, method, amount, currency, status, idempotency_key, details)
     values ($1, $2, 'withdrawal', 'sandbox', $3, $4, $5, 'held', $6, $7)`,
    [
      withdrawal.id,
      withdrawal.userId,
      withdrawal.method,
      withdrawal.amount.toString(),
      withdrawal.currency,
      withdrawal.key,
      JSON.stringify(withdrawal.details),
    ],
  );
}

/** Moves a held withdrawal to its decision; false when it was decided already. */
export async function decideHeld(
  db: Queryable,
  paymentId: string,
  to: 'paid' | 'rejected',
  reason: string | null,
): Promise<boolean> {
  const moved = await db.query(
    `update payments set status = $2, failure_reason = $3, updated_at = now() where id = $1 and status = 'held' returning id`,
    [paymentId, to, reason],
  );
  return moved.length > 0;
}

/** Withdrawals in one status, oldest first (at most 200), for the operator. */
export function withdrawalsIn(db: Queryable, status: string): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments where direction = 'withdrawal' and status = $1 order by created_at limit 200`,
    [status],
  );
}
