import { describe, expect, test } from 'vitest';
import { parseTimestamptz } from './timestamptz.ts';

describe('parseTimestamptz', () => {
  test.each([
    ['2024-01-02 03:04:05+00', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02 03:04:05.678912+00', '2024-01-02T03:04:05.678Z'],
    ['2024-01-02 03:04:05.5+05:30', '2024-01-01T21:34:05.500Z'],
    ['2024-01-02 03:04:05-08', '2024-01-02T11:04:05.000Z'],
    ['1890-01-01 00:00:00+02:30:17', '1889-12-31T21:29:43.000Z'],
    // Years 0001-0099: `new Date(text)` reads them as 19xx/20xx (0016 as 2016, 0099 as 1999).
    ['0016-02-29 03:47:57+00', '0016-02-29T03:47:57.000Z'],
    ['0099-06-01 00:00:00+00', '0099-06-01T00:00:00.000Z'],
    ['0001-01-01 00:00:00+00', '0001-01-01T00:00:00.000Z'],
    // 1 BC is year 0 of ISO 8601.
    ['0001-02-29 19:10:28+00 BC', '0000-02-29T19:10:28.000Z'],
    ['9999-12-31 23:59:59.999+00', '9999-12-31T23:59:59.999Z'],
    ['10000-01-01 00:00:00+00', '+010000-01-01T00:00:00.000Z'],
  ])('%s', (text, iso) => {
    expect((parseTimestamptz(text) as Date).toISOString()).toBe(iso);
  });

  test('infinity is Infinity, as PGlite gives it', () => {
    expect(parseTimestamptz('infinity')).toBe(Number.POSITIVE_INFINITY);
    expect(parseTimestamptz('-infinity')).toBe(Number.NEGATIVE_INFINITY);
  });
});
