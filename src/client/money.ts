import type { Currency, PublicCurrency } from '../shared/currencies.ts';
import type { User } from '../stores/user.ts';
import { api } from './api.ts';

/** Browser side of the money API (docs/api-money.md): amounts are decimal strings. */

export interface PaymentMethod {
  id: string;
  provider: string;
  kind: string;
  min: string;
  max: string;
  presets: string[];
}

export interface Payment {
  id: string;
  direction: 'deposit' | 'withdrawal';
  status: string;
  amount: string;
  currency: Currency;
  redirect_url?: string | null;
}

export const DOCUMENT_KINDS = [
  'passport',
  'id_card',
  'driver_license',
  'proof_of_address',
  'selfie',
  'payment_method',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface VerificationDocument {
  id: string;
  kind: DocumentKind;
  mime: string;
  size: number;
  uploaded_at: string;
}

export type VerificationStatus = 'pending' | 'failed' | 'success';

export interface Verification {
  status: VerificationStatus | null;
  raw_status: string | null;
  reason: string | null;
  is_need: boolean;
  documents: VerificationDocument[];
}

export const HISTORY_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export interface HistoryRow {
  id: string;
  type: HistoryType;
  /** Signed decimal string. */
  amount: string;
  currency: Currency;
  status: string;
  created_at: string;
}

export interface HistoryFilters {
  type?: HistoryType | '';
  from?: string;
  to?: string;
}

/** Spec §4: raw statuses map onto the three shown ones. */
const STATUS_MAP: Record<string, VerificationStatus> = {
  init: 'pending',
  waiting: 'pending',
  user_pending: 'pending',
  pending: 'pending',
  failed: 'failed',
  unverified: 'failed',
  success: 'success',
  verified: 'success',
};

export function verificationStatus(raw: string | null | undefined): VerificationStatus | null {
  return raw ? (STATUS_MAP[raw] ?? null) : null;
}

/** A fresh key per money-moving attempt (docs/api-money.md: 8-200 of [A-Za-z0-9_.:-]). */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}

/** Upload rules, checked before sending too. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** Null when the file may be sent, else the error key (with its detail) the server would answer. */
export function checkUpload(file: { size: number; type: string; name: string }): string | null {
  const byType = (UPLOAD_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return 'file_type_not_allowed:JPEG, PNG, PDF';
  if (file.size > UPLOAD_MAX_BYTES) return 'file_too_large:10 MB';
  return null;
}

/** The query of a history request, without empty filters. */
export function historyQuery(filters: HistoryFilters, page?: number, perPage?: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.type) query.set('type', filters.type);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (page) query.set('page', String(page));
  if (perPage) query.set('per_page', String(perPage));
  return query;
}

export const money = {
  methods: () => api().get('payments/methods').json<{ data: PaymentMethod[] }>(),
  deposit: (body: { amount: string; method: string; return_path?: string }) =>
    api()
      .post('payments/deposits', { json: body, headers: { 'Idempotency-Key': idempotencyKey() } })
      .json<{ data: Payment }>(),
  withdraw: (body: { amount: string; method: string; details: Record<string, string> }, key: string) =>
    api()
      .post('payments/withdrawals', { json: body, headers: { 'Idempotency-Key': key } })
      .json<{ data: Payment }>(),
  currencies: () => api().get('config/currencies').json<{ data: PublicCurrency[] }>(),
  verification: () => api().get('profile/verification').json<{ data: Verification }>(),
  upload: (kind: DocumentKind, file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file, file.name);
    // The browser sets the multipart content type with its boundary.
    return api()
      .post('profile/verification/documents', { body, timeout: 120_000 })
      .json<{ data: Pick<VerificationDocument, 'id' | 'kind' | 'mime' | 'size'> }>();
  },
  history: (filters: HistoryFilters, page: number, perPage: number) =>
    api()
      .get('profile/history', { searchParams: historyQuery(filters, page, perPage) })
      .json<{ data: HistoryRow[]; meta: { page: number; per_page: number; total: number } }>(),
  historyCsv: (filters: HistoryFilters) =>
    api()
      .get('profile/history.csv', { searchParams: historyQuery(filters) })
      .blob(),
  setCurrency: (currency: Currency) =>
    api().post('profile/currency', { json: { currency } }).json<{ success: boolean; user: User }>(),
};

/**
 * Parses what a player typed ("1 500,5", "1500.50") into a canonical decimal string, or null.
 * Spaces (also narrow and non-breaking) are dropped; one comma or dot is the decimal separator.
 */
export function parseAmount(input: string): string | null {
  const compact = input.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  return /^\d{1,12}(\.\d{1,2})?$/.test(compact) ? compact : null;
}
