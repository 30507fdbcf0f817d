import type { CallInput } from '../shared/api/contract.ts';
import type { HistoryLine } from '../shared/api/history.ts';
import type { VerificationResponse } from '../shared/api/kyc.ts';
import type { DepositResponse, MethodsResponse } from '../shared/api/payments.ts';
import type { Currency } from '../shared/currencies.ts';
import { type DocumentKind, MAX_DOCUMENT_BYTES } from '../shared/verification.ts';
import { apiVia, call, download } from './api.ts';
import { send } from './call.ts';
import { randomUuid } from './random-id.ts';
import { type UploadProgress, uploadFetch } from './upload-fetch.ts';

/** Browser side of the money API (docs/api-money.md): amounts are decimal strings. */

export type PaymentMethod = MethodsResponse['data'][number];

export type Payment = DepositResponse['data'];

export type VerificationDocument = Verification['documents'][number];

export type VerificationStatus = 'pending' | 'failed' | 'success';

export type Verification = VerificationResponse['data'];

export const HISTORY_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export type HistoryRow = HistoryLine;

export interface HistoryFilters {
  type?: HistoryType | '';
  from?: string;
  to?: string;
}

/** The raw case statuses of the KYC provider map onto the three shown ones (pending, failed, success). */
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
  return randomUuid();
}

/** Upload rules, checked before sending too. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** Why a file cannot be sent (the server's error code for it), or null when it may be. */
export type UploadProblem = 'file_type_not_allowed' | 'file_too_large' | 'file_empty';

/**
 * Checks a file before it is sent, by its declared type (or its extension when the browser gives
 * none) and size; the server checks again, by content.
 */
export function checkUpload(file: { size: number; type: string; name: string }): UploadProblem | null {
  const byType = (UPLOAD_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return 'file_type_not_allowed';
  if (file.size > MAX_DOCUMENT_BYTES) return 'file_too_large';
  if (file.size === 0) return 'file_empty';
  return null;
}

type HistoryQuery = NonNullable<CallInput<'GET /profile/history'>['query']>;

/** The query of a history request, without empty filters. */
export function historyQuery(filters: HistoryFilters, page?: number, perPage?: number): HistoryQuery {
  const query: HistoryQuery = {};
  if (filters.type) query.type = filters.type;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (page) query.page = String(page);
  if (perPage) query.per_page = String(perPage);
  return query;
}

export const money = {
  methods: () => call('GET /payments/methods'),
  deposit: (body: { amount: string; method: string; return_path?: string }) =>
    call('POST /payments/deposits', { body, headers: { 'idempotency-key': idempotencyKey() } }),
  withdraw: (body: { amount: string; method: string; details: Record<string, string> }, key: string) =>
    call('POST /payments/withdrawals', { body, headers: { 'idempotency-key': key } }),
  currencies: () => call('GET /config/currencies'),
  verification: () => call('GET /profile/verification'),
  /** Uploads one document, reporting the bytes sent as they go (XMLHttpRequest underneath). */
  upload: (kind: DocumentKind, file: File, onProgress?: (progress: UploadProgress) => void) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file, file.name);
    // The browser sets the multipart content type with its boundary.
    const key = 'POST /profile/verification/documents';
    const input = { form: body };
    const options = { timeout: 120_000 };
    return onProgress
      ? send(apiVia(uploadFetch(onProgress)), key, input, options)
      : call(key, input, options);
  },
  history: (filters: HistoryFilters, page: number, perPage: number) =>
    call('GET /profile/history', { query: historyQuery(filters, page, perPage) }),
  historyCsv: (filters: HistoryFilters) =>
    download('GET /profile/history.csv', { query: historyQuery(filters) }),
  setCurrency: (currency: Currency) => call('POST /profile/currency', { body: { currency } }),
};
