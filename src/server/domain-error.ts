import type { ErrorKind } from '../shared/api/declare.ts';
import { type ErrorCode, type ErrorMessage, errorMessage } from '../shared/error-codes.ts';

/**
 * What kind of failure an expected error is, independent of the transport (listed in
 * src/shared/api/declare.ts, where routes declare the ones they expect); the HTTP layer maps each
 * kind to one status (src/server/http/errors.ts), the only place that knows status codes.
 */
export type { ErrorKind };

/** Field → messages (`code` or `code:detail`), the body of an error answer. */
export type ErrorMap = Record<string, ErrorMessage[]>;

/** An expected failure: its kind and the typed messages per field. Modules throw it; HTTP maps it. */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly errors: ErrorMap;
  /** Seconds until a retry can succeed (a rate limit); sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, errors: ErrorMap, retryAfterSeconds?: number) {
    super(Object.values(errors).flat().join(', '));
    this.name = 'DomainError';
    this.kind = kind;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Whether `field` carries `code` (with or without a detail). */
  has(field: string, code: ErrorCode): boolean {
    return (this.errors[field] ?? []).some((m) => m === code || m.startsWith(`${code}:`));
  }
}

/** One field, one message: `fail('conflict', 'password', 'password_exists')`. */
export function fail(kind: ErrorKind, field: string, code: ErrorCode, detail?: string | number | bigint) {
  return new DomainError(kind, { [field]: [errorMessage(code, detail)] });
}

/** A validation failure of one field: `invalid('email', 'email_taken')`. */
export function invalid(field: string, code: ErrorCode, detail?: string | number | bigint): DomainError {
  return fail('invalid', field, code, detail);
}
