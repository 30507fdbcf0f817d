import { HTTPError, NetworkError } from 'ky';
import { describe, expect, test } from 'vitest';
import { describeApiError, fieldMessage, reportMessages, translateMessage } from './errors.ts';
import { RefreshError } from './token-refresh.ts';

const catalog: Record<string, string> = {
  'error.error': 'Error',
  'error.invalid_email': 'Enter a valid email',
  'error.email_taken': 'This email is already registered',
  'error.too_many_requests': 'Too many requests',
  'error.server_error': 'Server error',
  'error.network_error': 'No connection',
  'error.unknown': 'Unexpected error',
  'error.session_expired': 'Session ended',
  'error.validation.too_small': 'Too short',
};
const translator = { t: (key: string) => catalog[key] ?? key, exists: (key: string) => key in catalog };

function httpError(status: number, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request('https://api.example/x', { method: 'POST' });
  const error = new HTTPError(new Response(null, { status, headers }), request, {} as never);
  error.data = body;
  return error;
}

describe('error messages (docs/product-rules.md §5, §8)', () => {
  test('split at the first colon; the key is looked up under error.', () => {
    expect(translateMessage('invalid_email:must contain @', translator)).toBe('Enter a valid email');
    expect(translateMessage('validation.too_small:8', translator)).toBe('Too short');
  });

  test('an unknown key falls back to the raw text', () => {
    expect(translateMessage('Phone: wrong format', translator)).toBe('Phone: wrong format');
    expect(translateMessage('something odd', translator)).toBe('something odd');
  });

  test('a missing captcha response is never shown', () => {
    expect(translateMessage('captcha_missing:g-recaptcha-response', translator)).toBeNull();
    expect(translateMessage('The g-recaptcha-response field is required.', translator)).toBeNull();
  });

  test('every field message of a 422 is shown once', () => {
    const report = describeApiError(
      httpError(422, {
        errors: {
          email: ['invalid_email:x', 'email_taken:x'],
          captcha: ['captcha_missing'],
          name: 'Raw text',
        },
      }),
    );
    expect(report.status).toBe(422);
    expect(reportMessages(report, translator)).toEqual([
      'Enter a valid email',
      'This email is already registered',
      'Raw text',
    ]);
    expect(fieldMessage(report, 'email', translator)).toBe('Enter a valid email');
    expect(fieldMessage(report, 'captcha', translator)).toBeNull();
  });

  test('a body without an error map gives a single code', () => {
    const report = describeApiError(httpError(500, 'Internal Server Error'));
    expect(report.code).toBe('server_error');
    expect(reportMessages(report, translator)).toEqual(['Server error']);
  });

  test('429 keeps Retry-After', () => {
    const report = describeApiError(
      httpError(429, { errors: { request: ['too_many_attempts:30'] } }, { 'retry-after': '30' }),
    );
    expect(report.retryAfterSeconds).toBe(30);
    expect(reportMessages(report, translator)).toEqual(['too_many_attempts:30']);
  });

  test('network failures and refresh failures have their own codes', () => {
    const network = describeApiError(new NetworkError(new Request('https://api.example/x')));
    expect(reportMessages(network, translator)).toEqual(['No connection']);
    const refresh = describeApiError(new RefreshError(401));
    expect(refresh.sessionLost).toBe(true);
    expect(refresh.code).toBe('session_expired');
    const offline = describeApiError(new RefreshError(null));
    expect(offline.sessionLost).toBe(false);
    expect(reportMessages(offline, translator)).toEqual(['No connection']);
  });
});
