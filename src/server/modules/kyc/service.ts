import type { Currency } from '../../../shared/currencies.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';

/** Document kinds a player may upload. */
export const DOCUMENT_KINDS = [
  'passport',
  'id_card',
  'driver_license',
  'proof_of_address',
  'selfie',
  'payment_method',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Accepted types by their first bytes (the declared type is not trusted). */
const SIGNATURES: Array<{ mime: string; magic: number[] }> = [
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffMime(data: Buffer): string | null {
  return SIGNATURES.find((s) => s.magic.every((byte, i) => data[i] === byte))?.mime ?? null;
}

/** spec §4 display mapping of verification statuses. */
export function displayStatus(raw: string | null): 'pending' | 'failed' | 'success' | null {
  if (!raw) return null;
  if (['init', 'waiting', 'user_pending', 'pending'].includes(raw)) return 'pending';
  if (['failed', 'unverified'].includes(raw)) return 'failed';
  if (['success', 'verified'].includes(raw)) return 'success';
  return null;
}

/** Identity verification: documents, status, the is_need rules, and the operator's decision. */
export class KycService {
  readonly #db: Database;
  readonly #storage: Storage;
  readonly #config: AppConfig;

  constructor(deps: { database: Database; storage: Storage; config: AppConfig }) {
    this.#db = deps.database;
    this.#storage = deps.storage;
    this.#config = deps.config;
  }

  async status(userId: string): Promise<{ raw: string | null; reason: string | null }> {
    const [row] = await this.#db.query<{ status: string; reason: string | null }>(
      'select status, reason from verifications where user_id = $1',
      [userId],
      'kyc_status',
    );
    return { raw: row?.status ?? null, reason: row?.reason ?? null };
  }

  /**
   * Whether a withdrawal of `amount` needs verification first: not yet verified, and either the
   * first-withdrawal rule is on, or withdrawals so far plus this one reach the threshold
   * (KYC_THRESHOLD_MIN_PAYOUTS × the currency's min_payout).
   */
  async isNeeded(userId: string, currency: Currency | null, amount = 0n): Promise<boolean> {
    const { raw } = await this.status(userId);
    if (displayStatus(raw) === 'success') return false;
    if (!currency) return false;
    if (this.#config.env.KYC_ON_FIRST_WITHDRAWAL) return true;
    const [row] = await this.#db.query<{ total: string }>(
      `select coalesce(sum(amount), 0)::text as total from payments where user_id = $1 and direction = 'withdrawal' and status in ('held', 'paid')`,
      [userId],
    );
    const threshold =
      this.#config.currencies[currency].minPayout * BigInt(this.#config.env.KYC_THRESHOLD_MIN_PAYOUTS);
    return BigInt(row?.total ?? '0') + amount >= threshold;
  }

  async documents(userId: string) {
    return this.#db.query<{ id: string; kind: string; mime: string; size: number; uploaded_at: Date }>(
      'select id, kind, mime, size, uploaded_at from verification_documents where user_id = $1 order by uploaded_at',
      [userId],
    );
  }

  /** Stores a document (size and type checked by content) and moves the case to `pending`. */
  async upload(userId: string, kind: string, data: Buffer) {
    if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw invalid('kind', 'invalid_document_kind');
    if (data.length === 0) throw invalid('file', 'required');
    if (data.length > MAX_DOCUMENT_BYTES) throw invalid('file', 'file_too_large:10 MB');
    const mime = sniffMime(data);
    if (!mime) throw invalid('file', 'file_type_not_allowed:JPEG, PNG, PDF');
    const { raw } = await this.status(userId);
    if (displayStatus(raw) === 'success') throw new ApiError(409, { verification: ['already_verified'] });
    const stored = await this.#storage.put(`user-${userId}`, data);
    try {
      const [doc] = await this.#db.query<{ id: string }>(
        'insert into verification_documents (user_id, kind, storage_key, mime, size, sha256) values ($1, $2, $3, $4, $5, $6) returning id',
        [userId, kind, stored.key, mime, data.length, stored.sha256],
      );
      await this.#db.query(
        `insert into verifications (user_id, status) values ($1, 'pending')
         on conflict (user_id) do update set status = 'pending', reason = null, updated_at = now()
         where verifications.status not in ('success', 'verified')`,
        [userId],
      );
      return { id: doc?.id as string, kind, mime, size: data.length };
    } catch (error) {
      await this.#storage.delete(stored.key);
      throw error;
    }
  }

  /** Operator decision on a pending case; deciding twice is a 409. */
  async decide(userId: string, approve: boolean, reason: string | null): Promise<void> {
    const rows = await this.#db.query(
      `update verifications set status = $2, reason = $3, decided_at = now(), updated_at = now()
        where user_id = $1 and status in ('init', 'waiting', 'user_pending', 'pending') returning user_id`,
      [userId, approve ? 'verified' : 'failed', reason],
    );
    if (rows.length === 0) throw new ApiError(409, { verification: ['not_pending'] });
  }

  async pending() {
    return this.#db.query<{ user_id: string; status: string; updated_at: Date; documents: number }>(
      `select v.user_id::text, v.status, v.updated_at, (select count(*)::int from verification_documents d where d.user_id = v.user_id) as documents
         from verifications v where v.status in ('init', 'waiting', 'user_pending', 'pending') order by v.updated_at limit 200`,
    );
  }

  /** A document's bytes, for the operator only. */
  async documentFile(id: string) {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const [doc] = await this.#db.query<{ storage_key: string; mime: string }>(
      'select storage_key, mime from verification_documents where id = $1',
      [id],
    );
    if (!doc) return undefined;
    return { mime: doc.mime, data: await this.#storage.get(doc.storage_key) };
  }
}
