import { describe, expect, it } from 'vitest';
import { authFailureEvents } from './data-layer.ts';
import type { ApiErrorReport } from './errors.ts';

const report = (over: Partial<ApiErrorReport>): ApiErrorReport => ({
  status: 422,
  fields: {},
  code: null,
  retryAfterSeconds: null,
  sessionLost: false,
  ...over,
});

describe('authFailureEvents', () => {
  it('joins every field message of a failed login', () => {
    expect(
      authFailureEvents('login', report({ fields: { email: ['invalid_email'], password: ['required'] } })),
    ).toEqual([{ event: 'login_error', error: 'invalid_email, required' }]);
  });

  it("sends 'error 500' when the answer names no error", () => {
    expect(authFailureEvents('registration', report({ status: null }))).toEqual([
      { event: 'registration_error', error: 'error 500' },
    ]);
  });

  it('adds promocode_error when the promo code was refused', () => {
    expect(authFailureEvents('registration', report({ fields: { promo: ['promo_invalid:X1'] } }))).toEqual([
      { event: 'registration_error', error: 'promo_invalid:X1' },
      { event: 'promocode_error', error: 'promo_invalid:X1' },
    ]);
  });

  it('uses a single error code', () => {
    expect(authFailureEvents('login', report({ status: 429, code: 'too_many_attempts' }))).toEqual([
      { event: 'login_error', error: 'too_many_attempts' },
    ]);
  });
});
