import { describe, expect, test } from 'vitest';
import { checksDue, readAnswered, realityPlan, writeAnswered } from './schedule.ts';

const start = Date.parse('2026-03-01T10:00:00Z');
const min = 60_000;

describe('reality checks', () => {
  test('fall due every interval from the session start', () => {
    expect(checksDue(start, 5, start + 4 * min)).toBe(0);
    expect(checksDue(start, 5, start + 5 * min)).toBe(1);
    expect(checksDue(start, 5, start + 16 * min)).toBe(3);
    expect(checksDue(start, 5, start - min)).toBe(0);
  });

  test('a first look schedules the next one without showing any at once', () => {
    expect(
      realityPlan({ startedAt: start, intervalMinutes: 5, now: start + 12 * min, stored: null }),
    ).toEqual({ answered: 2, showNow: null, nextAt: start + 15 * min });
  });

  test('a check that fell due unanswered (between two pages) shows at once', () => {
    const stored = writeAnswered(5, 1);
    expect(realityPlan({ startedAt: start, intervalMinutes: 5, now: start + 11 * min, stored })).toEqual({
      answered: 1,
      showNow: 2,
      nextAt: start + 15 * min,
    });
  });

  test('a new interval starts counting from now', () => {
    expect(readAnswered(writeAnswered(30, 4), 15)).toBeNull();
    expect(
      realityPlan({ startedAt: start, intervalMinutes: 15, now: start + 50 * min, stored: '30:1' }),
    ).toEqual({ answered: 3, showNow: null, nextAt: start + 60 * min });
  });

  test('an answered check waits for the next', () => {
    expect(
      realityPlan({ startedAt: start, intervalMinutes: 5, now: start + 6 * min, stored: '5:1' }),
    ).toEqual({
      answered: 1,
      showNow: null,
      nextAt: start + 10 * min,
    });
  });
});
