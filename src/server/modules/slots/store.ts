import type { Queryable } from '../../db/client.ts';
import type { Funding } from '../bonus/wagering.ts';

/**
 * The slots tables (src/server/db/schema/slots.ts): game sessions, the requests answered, the
 * aggregator's transactions.
 */

export async function insertSession(
  db: Queryable,
  s: {
    token: string;
    userId: string;
    currency: string;
    gameCode: string;
    platform: string;
    now: Date;
    ttlMs: number;
  },
): Promise<void> {
  await db.query(
    `insert into slot_sessions (token, user_id, currency, game_code, platform, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [s.token, s.userId, s.currency, s.gameCode, s.platform, s.now, new Date(s.now.getTime() + s.ttlMs)],
  );
}

/** The answer stored for a request_uuid, or null. */
export async function storedAnswer(db: Queryable, requestUuid: string): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>(
    'select answer from slot_requests where request_uuid = $1',
    [requestUuid],
    'slots_stored_answer',
  );
  return row?.answer ?? null;
}

/** Records a request's answer, in its call's transaction (a twin answered first: 23505). */
export async function storeAnswer(db: Queryable, requestUuid: string, answer: string): Promise<void> {
  await db.query(
    'insert into slot_requests (request_uuid, answer) values ($1, $2)',
    [requestUuid, answer],
    'slots_store_answer',
  );
}

/** A refusal's answer, stored on its own (its call's transaction rolled back); false if already there. */
export async function storeRefusal(db: Queryable, requestUuid: string, answer: string): Promise<boolean> {
  const rows = await db.query(
    `insert into slot_requests (request_uuid, answer) values ($1, $2) on conflict (request_uuid) do nothing
     returning request_uuid`,
    [requestUuid, answer],
  );
  return rows.length === 1;
}

export interface NewTransaction {
  uuid: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  requestHash: string;
  userId: string;
  currency: string;
  gameCode: string;
  round: string | null;
  reference: string | null;
  amount: bigint;
}

/**
 * Takes a transaction_uuid: `new` when this call records it, `same` when it was recorded by a call
 * of the same kind and significant fields (a repeat), `other` when another body used it.
 */
export async function claimTransaction(tx: Queryable, t: NewTransaction): Promise<'new' | 'same' | 'other'> {
  const inserted = await tx.query(
    `insert into slot_transactions (transaction_uuid, kind, request_hash, user_id, currency, game_code, round,
                                    reference_uuid, amount, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $2 = 'bet' then 'open' end)
     on conflict (transaction_uuid) do nothing returning transaction_uuid`,
    [
      t.uuid,
      t.kind,
      t.requestHash,
      t.userId,
      t.currency,
      t.gameCode,
      t.round,
      t.reference,
      t.amount.toString(),
    ],
    'slots_claim_transaction',
  );
  if (inserted.length === 1) return 'new';
  const [row] = await tx.query<{ kind: string; request_hash: string }>(
    'select kind, request_hash from slot_transactions where transaction_uuid = $1',
    [t.uuid],
  );
  return row && row.kind === t.kind && row.request_hash === t.requestHash ? 'same' : 'other';
}

/** Sets the ledger transaction of a transaction (and, for a bet, what paid it). */
export async function setLedger(
  tx: Queryable,
  uuid: string,
  transactionId: string,
  funding: Funding | null,
): Promise<void> {
  await tx.query(
    `update slot_transactions set transaction_id = $2, bonus_amount = coalesce($3, bonus_amount),
            grant_id = coalesce($4, grant_id)
      where transaction_uuid = $1`,
    [uuid, transactionId, funding ? funding.bonus.toString() : null, funding?.grantId ?? null],
  );
}

export interface BetRow {
  transaction_uuid: string;
  kind: string;
  user_id: string;
  game_code: string;
  state: string | null;
  amount: string;
  bonus_amount: string;
  grant_id: string | null;
}

/** A transaction named as a bet, locked (a win or a rollback of it waits for the other). */
export async function betForUpdate(tx: Queryable, uuid: string): Promise<BetRow | null> {
  const [row] = await tx.query<BetRow>(
    `select transaction_uuid, kind, user_id::text, game_code, state, amount::text, bonus_amount::text,
            grant_id::text
       from slot_transactions where transaction_uuid = $1 for update`,
    [uuid],
    'slots_bet_for_update',
  );
  return row ?? null;
}
