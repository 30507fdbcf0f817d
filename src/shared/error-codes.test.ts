import { describe, expect, test } from 'vitest';
import { catalogs } from '../i18n/index.ts';
import { codeOf, ERROR_CODES, errorMessage } from './error-codes.ts';
import { LOCALES } from './locales.ts';

describe.each(LOCALES)('the %s catalog', (locale) => {
  test('translates every error code the server can send', () => {
    const errors = (catalogs[locale] as { error: Record<string, unknown> }).error;
    expect(ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '')).toEqual([]);
  });
});

describe('error messages', () => {
  test.each([
    ['bet_above_max', '100.00', 'bet_above_max:100.00'],
    ['too_many_attempts', 30, 'too_many_attempts:30'],
    ['required', undefined, 'required'],
    ['required', '', 'required'],
  ] as const)('%s with detail %j is %j on the wire', (code, detail, wire) => {
    expect(errorMessage(code, detail)).toBe(wire);
  });

  test.each([
    ['bet_above_max:100.00', 'bet_above_max'],
    ['invalid_email', 'invalid_email'],
    ['validation.too_small:x', null],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE:x', null],
  ])('the code of %j is %j', (message, code) => {
    expect(codeOf(message)).toBe(code);
  });
});
