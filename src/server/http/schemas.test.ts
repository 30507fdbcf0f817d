import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  boundedText,
  HTTP_URL,
  httpUrl,
  trimmedPattern,
  withinStoredYears,
} from '../../shared/api/fields.ts';
import { zodToErrors } from './errors.ts';

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : zodToErrors(result.error).body;
};

describe('boundedText', () => {
  const text = boundedText({ max: 5 }).trim();

  test('counts characters (code points) of the value as sent, as maxLength does', () => {
    expect(text.parse('😀😀😀😀😀')).toBe('😀😀😀😀😀');
    expect(errorsOf(text, '😀😀😀😀😀😀')).toEqual([
      'validation.too_big:Too big: expected string to have <=5 characters',
    ]);
    // Before trimming: six characters, though five once trimmed.
    expect(errorsOf(text, ' abcde')?.[0]).toMatch(/^validation\.too_big:/);
  });

  test('documents the bounds it checks', () => {
    expect(z.toJSONSchema(boundedText({ min: 2, max: 5 }).trim(), { io: 'input' })).toMatchObject({
      type: 'string',
      minLength: 2,
      maxLength: 5,
    });
  });

  test('names its refusals as asked', () => {
    const token = boundedText({
      min: 3,
      max: 5,
      error: 'invalid_name',
      tooShort: 'token_invalid',
      tooLong: 'name_too_long:5',
    });
    expect(errorsOf(token, 'ab')).toEqual(['token_invalid']);
    expect(errorsOf(token, 'abcdef')).toEqual(['name_too_long:5']);
    expect(errorsOf(token, 1)).toEqual(['invalid_name']);
  });
});

test('trimmedPattern allows the spaces trimming removes, and only them', () => {
  const pattern = new RegExp(trimmedPattern(/^\d{2}$/), 'u');
  expect(['12', ' 12', '12\n', '\t12 '].every((v) => pattern.test(v))).toBe(true);
  expect(['1 2', '123', ' '].some((v) => pattern.test(v))).toBe(false);
  expect(() => trimmedPattern(/\d/)).toThrow();
});

describe('HTTP_URL', () => {
  const uri = ajv.compile({ type: 'string', format: 'uri' });
  const whatwg = (url: string) => URL.canParse(url);

  test('every URL it allows is one RFC 3986 (format: uri) and the WHATWG parser both accept', () => {
    fc.assert(
      fc.property(fc.stringMatching(HTTP_URL), (url) => uri(url) && whatwg(url)),
      { numRuns: 3_000, seed: 1 },
    );
  });

  test.each([
    ['https://t.me/orbita_news', true],
    ['http://127.0.0.1:5599/en/faq?x=1#top', true],
    ['HTTPS://Partners.Example:443/', true],
    ['https://', false],
    ['HTTp://{Xf5CPXu', false],
    ['http://a.123', false],
    ['http://xn--abc.com', false],
    ['http://a:65536', false],
    ['javascript:alert(1)', false],
  ])('%s: %s', (url, allowed) => {
    expect(HTTP_URL.test(url)).toBe(allowed);
    expect(httpUrl('invalid_url').safeParse(url).success).toBe(allowed);
  });

  test('a text that is no URL at all is refused once', () => {
    expect(errorsOf(httpUrl('invalid_url'), 'not a url')).toEqual(['invalid_url']);
  });
});

test('withinStoredYears keeps a moment within years 0001-9999', () => {
  const at = (iso: string) => withinStoredYears(new Date(iso)).toISOString();
  expect(at('0000-02-29T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
  expect(at('2024-05-06T07:08:09Z')).toBe('2024-05-06T07:08:09.000Z');
  expect(at('+010000-01-01T00:00:00Z')).toBe('9999-12-31T23:59:59.999Z');
});
