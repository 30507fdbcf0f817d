import { formatBytes } from '../../../shared/bytes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_NAME,
  type VerificationStatus,
} from '../../../shared/verification.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  caseOf,
  caseStatus,
  decideCase,
  documentFileOf,
  documentsOf,
  insertDocument,
  lockPlayer,
  markCasePending,
  openCases,
  pendingDocuments,
  withdrawnTotal,
} from './repository.ts';

export { DOCUMENT_KINDS, type DocumentKind, MAX_DOCUMENT_BYTES } from '../../../shared/verification.ts';

const isDocumentKind = (kind: string): kind is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind);

/** Accepted types by their first bytes (the declared type is not trusted). */
const SIGNATURES: Array<{ mime: string; magic: number[] }> = [
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

export function sniffMime(data: Buffer): string | null {
  return SIGNATURES.find((s) => s.magic.every((byte, i) => data[i] === byte))?.mime ?? null;
}

/**
 * A file name as kept with a document: the last path segment, without control characters or
 * unpaired surrogates (PostgreSQL could not store them), at most MAX_DOCUMENT_NAME characters
 * (the extension kept); null when nothing is left.
 */
export function cleanFileName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .toWellFormed()
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  const chars = [...clean];
  if (chars.length <= MAX_DOCUMENT_NAME) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return `${chars.slice(0, MAX_DOCUMENT_NAME - [...extension].length - 1).join('')}…${extension}`;
}

/** 422 `file: file_too_large:10 MB`. */
export function fileTooLarge() {
  return invalid('file', 'file_too_large', formatBytes(MAX_DOCUMENT_BYTES));
}

/** What the player sees of a raw, provider-style case status (docs/api-money.md). */
export function displayStatus(raw: string | null): VerificationStatus | null {
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
    const row = await caseOf(this.#db, userId);
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
    const withdrawn = await withdrawnTotal(this.#db, userId);
    const threshold =
      this.#config.currencies[currency].minPayout * BigInt(this.#config.env.KYC_THRESHOLD_MIN_PAYOUTS);
    return withdrawn + amount >= threshold;
  }

  documents(userId: string) {
    return documentsOf(this.#db, userId);
  }

  /**
   * Stores a document (size and type checked by content) and moves the case to `pending`. The
   * documents waiting for a decision are capped per player (KYC_MAX_PENDING_FILES and
   * KYC_MAX_PENDING_BYTES); a refused upload leaves neither a row nor a file behind.
   */
  async upload(userId: string, kind: string, data: Buffer, fileName?: string) {
    if (!isDocumentKind(kind)) throw invalid('kind', 'invalid_document_kind');
    if (data.length === 0) throw invalid('file', 'required');
    if (data.length > MAX_DOCUMENT_BYTES) throw fileTooLarge();
    const mime = sniffMime(data);
    if (!mime) throw invalid('file', 'file_type_not_allowed', 'JPEG, PNG, PDF');
    const { KYC_MAX_PENDING_FILES: maxFiles, KYC_MAX_PENDING_BYTES: maxBytes } = this.#config.env;
    const name = cleanFileName(fileName);
    let stored: { key: string; sha256: string } | undefined;
    try {
      return await this.#db.transaction(async (tx) => {
        // The player's uploads take turns, so two parallel ones cannot both count the same room.
        await lockPlayer(tx, userId);
        if (displayStatus(await caseStatus(tx, userId)) === 'success')
          throw fail('conflict', 'verification', 'already_verified');
        const pending = await pendingDocuments(tx, userId);
        if (pending.files + 1 > maxFiles) throw invalid('file', 'too_many_documents', maxFiles);
        if (pending.bytes + BigInt(data.length) > BigInt(maxBytes))
          throw invalid('file', 'documents_too_large', formatBytes(maxBytes));
        stored = await this.#storage.put(`user-${userId}`, data);
        const id = await insertDocument(tx, {
          userId,
          kind,
          name,
          storageKey: stored.key,
          mime,
          size: data.length,
          sha256: stored.sha256,
        });
        await markCasePending(tx, userId);
        return { id: id as string, kind, name, mime, size: data.length };
      });
    } catch (error) {
      // The transaction rolled back: the file it wrote must not outlive it.
      if (stored) await this.#storage.delete(stored.key);
      throw error;
    }
  }

  /** Operator decision on a pending case; deciding twice is a 409. */
  async decide(userId: string, approve: boolean, reason: string | null): Promise<void> {
    const decided = await this.#db.transaction((tx) =>
      decideCase(tx, userId, approve ? 'verified' : 'failed', reason),
    );
    if (!decided) throw fail('conflict', 'verification', 'not_pending');
  }

  pending() {
    return openCases(this.#db);
  }

  /** A document's bytes, for the operator only. */
  async documentFile(id: string) {
    if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const doc = await documentFileOf(this.#db, id);
    if (!doc) return undefined;
    return { mime: doc.mime, data: await this.#storage.get(doc.storage_key) };
  }
}
