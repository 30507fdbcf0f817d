import type { DocumentKind, DocumentStatus } from '../../../shared/verification.ts';
import type { Queryable } from '../../db/client.ts';

/** Verification cases (one per player) and their uploaded documents. */

/** Raw statuses of a case still waiting for the operator. */
const OPEN_STATUSES = `('init', 'waiting', 'user_pending', 'pending')`;

export async function caseOf(
  db: Queryable,
  userId: string,
): Promise<{ status: string; reason: string | null } | undefined> {
  const [row] = await db.query<{ status: string; reason: string | null }>(
    'select status, reason from verifications where user_id = $1',
    [userId],
    'kyc_status',
  );
  return row;
}

export interface DocumentRow {
  id: string;
  /** Only uploads insert documents, and they take a known kind (KycService.upload). */
  kind: DocumentKind;
  /** The file's name as uploaded (cleaned); null when the upload named none. */
  name: string | null;
  mime: string;
  size: number;
  /** pending until a decision covers it; then the decision. */
  status: DocumentStatus;
  uploaded_at: Date;
}

export function documentsOf(db: Queryable, userId: string): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(
    `select id, kind, name, mime, size, coalesce(review, 'pending') as status, uploaded_at
       from verification_documents where user_id = $1 order by uploaded_at`,
    [userId],
  );
}

/**
 * Locks the player's row until the transaction ends, so the player's uploads take turns. NO KEY
 * UPDATE: inserts referencing the player (bets, sessions) take KEY SHARE locks and need not wait.
 */
export async function lockPlayer(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select 1 from users where id = $1 for no key update', [userId]);
}

/** The raw status of the player's case, if there is one. */
export async function caseStatus(tx: Queryable, userId: string): Promise<string | null> {
  const [verification] = await tx.query<{ status: string }>(
    'select status from verifications where user_id = $1',
    [userId],
  );
  return verification?.status ?? null;
}

/**
 * Count and total size of the player's documents still waiting for a decision: uploaded after the
 * case's last decision (a rejection asks for new documents; an approval ends uploads).
 */
export async function pendingDocuments(
  tx: Queryable,
  userId: string,
): Promise<{ files: number; bytes: bigint }> {
  const [pending] = await tx.query<{ files: number; bytes: string }>(
    `select count(*)::int as files, coalesce(sum(d.size), 0)::text as bytes
       from verification_documents d
      where d.user_id = $1
        and d.uploaded_at > coalesce((select decided_at from verifications where user_id = $1), '-infinity')`,
    [userId],
  );
  return { files: pending?.files ?? 0, bytes: BigInt(pending?.bytes ?? '0') };
}

export async function insertDocument(
  tx: Queryable,
  doc: {
    userId: string;
    kind: DocumentKind;
    name: string | null;
    storageKey: string;
    mime: string;
    size: number;
    sha256: string;
  },
): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    'insert into verification_documents (user_id, kind, name, storage_key, mime, size, sha256) values ($1, $2, $3, $4, $5, $6, $7) returning id',
    [doc.userId, doc.kind, doc.name, doc.storageKey, doc.mime, doc.size, doc.sha256],
  );
  return row?.id;
}

/** The case waits for a decision again (a verified case stays verified). */
export async function markCasePending(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `insert into verifications (user_id, status) values ($1, 'pending')
     on conflict (user_id) do update set status = 'pending', reason = null, updated_at = now()
     where verifications.status not in ('success', 'verified')`,
    [userId],
  );
}

/**
 * Decides an open case, and the documents it covered (those waiting) take the decision; false when
 * the case was not open.
 */
export async function decideCase(
  tx: Queryable,
  userId: string,
  status: 'verified' | 'failed',
  reason: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `update verifications set status = $2, reason = $3, decided_at = now(), updated_at = now()
      where user_id = $1 and status in ${OPEN_STATUSES} returning user_id`,
    [userId, status, reason],
  );
  if (rows.length === 0) return false;
  await tx.query('update verification_documents set review = $2 where user_id = $1 and review is null', [
    userId,
    status === 'verified' ? 'accepted' : 'rejected',
  ]);
  return true;
}

export interface OpenCase {
  user_id: string;
  status: string;
  updated_at: Date;
  documents: number;
}

/** Cases waiting for a decision, oldest change first (at most 200). */
export function openCases(db: Queryable): Promise<OpenCase[]> {
  return db.query<OpenCase>(
    `select v.user_id::text, v.status, v.updated_at, (select count(*)::int from verification_documents d where d.user_id = v.user_id) as documents
       from verifications v where v.status in ${OPEN_STATUSES} order by v.updated_at limit 200`,
  );
}

export async function documentFileOf(
  db: Queryable,
  id: string,
): Promise<{ storage_key: string; mime: string } | undefined> {
  const [doc] = await db.query<{ storage_key: string; mime: string }>(
    'select storage_key, mime from verification_documents where id = $1',
    [id],
  );
  return doc;
}

/**
 * The total of the player's withdrawals that left or are leaving their balance (held or paid): the
 * amount the KYC threshold counts. It reads the payments table from here so that kyc stays below
 * payments (payments asks kyc before a withdrawal, src/server/modules/payments/withdrawals.ts).
 */
export async function withdrawnTotal(db: Queryable, userId: string): Promise<bigint> {
  const [row] = await db.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from payments where user_id = $1 and direction = 'withdrawal' and status in ('held', 'paid')`,
    [userId],
  );
  return BigInt(row?.total ?? '0');
}
