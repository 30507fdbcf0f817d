import { describe, expect, test } from 'vitest';
import { formatDate } from './date-format.ts';

describe('dates', () => {
  test.each([
    ['en-US', 'Nov 28, 2026'],
    ['ru', '28 нояб. 2026 г.'],
    ['pt-BR', '28 de nov. de 2026'],
  ])('a date in %s reads %s', (tag, expected) => {
    expect(formatDate('2026-11-28T12:00:00Z', tag, { dateStyle: 'medium', timeZone: 'UTC' })).toBe(expected);
  });

  test('an ISO day from the API (a VIP period) is a date in the reader’s language, never the ISO text', () => {
    expect(formatDate('2026-11-16', 'en-US', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      'November 16, 2026',
    );
  });

  test('text that is no date is shown as it is', () => {
    expect(formatDate('soon', 'en-US')).toBe('soon');
  });
});
