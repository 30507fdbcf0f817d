import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { RefreshError } from './token-refresh.ts';

/** What went wrong with an API call, in the terms of docs/product-rules.md §8. */
export interface ApiErrorReport {
  /** HTTP status, or null when no answer arrived. */
  status: number | null;
  /** The server error map: field → raw messages ("<key>:<detail>"). */
  fields: Record<string, string[]>;
  /** A single error code (translated as `error.{code}`) when there is no field map. */
  code: string | null;
  /** Seconds to wait, from `Retry-After` on a 429. */
  retryAfterSeconds: number | null;
  /** The session ended because the token could not be refreshed (already reported). */
  sessionLost: boolean;
}

/** docs/product-rules.md §5: a missing captcha response is never shown. */
const HIDDEN = /^captcha_missing(:|$)|recaptcha-response|captcha[ _-]?response/i;

function codeForStatus(status: number | null): string {
  if (status === null) return 'network_error';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'too_many_requests';
  if (status >= 500) return 'server_error';
  return 'unknown';
}

function toFieldMap(data: unknown): Record<string, string[]> {
  if (!data || typeof data !== 'object') return {};
  const errors = (data as { errors?: unknown }).errors;
  const out: Record<string, string[]> = {};
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
      const list = (Array.isArray(value) ? value : [value]).filter(
        (m): m is string => typeof m === 'string' && m.length > 0,
      );
      if (list.length > 0) out[field] = list;
    }
  }
  const message = (data as { message?: unknown }).message;
  if (Object.keys(out).length === 0 && typeof message === 'string' && message) out.message = [message];
  return out;
}

/** Reads any error thrown by the API client (ky `HTTPError.data` is the parsed body). */
export function describeApiError(error: unknown): ApiErrorReport {
  const report: ApiErrorReport = {
    status: null,
    fields: {},
    code: null,
    retryAfterSeconds: null,
    sessionLost: false,
  };
  if (error instanceof RefreshError) {
    report.status = error.status;
    // No answer from the refresh call says nothing about the session: it is a connection problem.
    report.sessionLost = error.status !== null;
    report.code = report.sessionLost ? 'session_expired' : 'network_error';
    return report;
  }
  if (isHTTPError(error)) {
    report.status = error.response.status;
    report.fields = toFieldMap(error.data);
    const retryAfter = Number(error.response.headers.get('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) report.retryAfterSeconds = retryAfter;
  } else if (!isNetworkError(error) && !isTimeoutError(error) && !(error instanceof TypeError)) {
    report.code = 'unknown';
    return report;
  }
  if (Object.keys(report.fields).length === 0) report.code = codeForStatus(report.status);
  return report;
}

export interface Translator {
  /** `options.detail` is the part of a server message after its colon (docs/product-rules.md §8: may be shown). */
  t: (key: string, options?: { detail: string }) => string;
  exists: (key: string) => boolean;
}

/**
 * One server message → display text (docs/product-rules.md §5): split at the first colon; the first part is a key
 * under `error.`, falling back to the raw text. Null for messages that are never shown.
 */
export function translateMessage(raw: string, { t, exists }: Translator): string | null {
  if (HIDDEN.test(raw)) return null;
  const colon = raw.indexOf(':');
  const key = (colon === -1 ? raw : raw.slice(0, colon)).trim();
  const detail = colon === -1 ? '' : raw.slice(colon + 1).trim();
  if (key && /^[\w.]+$/.test(key) && exists(`error.${key}`)) return t(`error.${key}`, { detail });
  return raw;
}

/** Every displayable message of a report, field by field, without duplicates. */
export function reportMessages(report: ApiErrorReport, translator: Translator): string[] {
  const lines = new Set<string>();
  for (const messages of Object.values(report.fields)) {
    for (const raw of messages) {
      const text = translateMessage(raw, translator);
      if (text) lines.add(text);
    }
  }
  if (lines.size === 0 && report.code) {
    const key = `error.${report.code}`;
    lines.add(translator.exists(key) ? translator.t(key) : translator.t('error.unknown'));
  }
  return [...lines];
}

/** The first displayable message for one field, for inline errors under the input. */
export function fieldMessage(
  report: ApiErrorReport | null,
  field: string,
  translator: Translator,
): string | null {
  for (const raw of report?.fields[field] ?? []) {
    const text = translateMessage(raw, translator);
    if (text) return text;
  }
  return null;
}
