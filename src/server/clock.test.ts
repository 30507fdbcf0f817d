import { describe, expect, test } from 'vitest';
import { ManualClock, systemClock } from './clock.ts';

describe('clock', () => {
  test('the system clock reads the real time', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(Math.abs(systemClock.date().getTime() - Date.now())).toBeLessThan(1000);
  });

  test('a manual clock stands still until it is set or advanced', () => {
    const clock = new ManualClock(Date.UTC(2030, 0, 1));
    expect(clock.now()).toBe(Date.UTC(2030, 0, 1));
    expect(clock.now()).toBe(clock.now());
    clock.advance(1500);
    expect(clock.now()).toBe(Date.UTC(2030, 0, 1) + 1500);
    expect(clock.date()).toEqual(new Date(Date.UTC(2030, 0, 1) + 1500));
    clock.set(new Date(Date.UTC(2031, 5, 1)));
    expect(clock.date().toISOString()).toBe('2031-06-01T00:00:00.000Z');
    clock.set(0);
    expect(clock.now()).toBe(0);
  });
});
