import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $instantPlay, flushFrame, onFrame } from './motion.ts';

/** `onFrame` (src/islands/games/kit/motion.ts): what an instant series shows, once an update. */
describe('onFrame', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    flushFrame(); // the last update: now
  });
  afterEach(() => {
    flushFrame();
    $instantPlay.set(false);
    vi.useRealTimers();
  });

  test('outside an instant series it runs at once', () => {
    const fn = vi.fn();
    onFrame(fn, 'k');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test('in a series: one update runs every call in order, and only the last of each key', () => {
    $instantPlay.set(true);
    const ran: string[] = [];
    onFrame(() => ran.push('chip 1'));
    onFrame(() => ran.push('balance 1'), 'balance');
    onFrame(() => ran.push('chip 2'));
    onFrame(() => ran.push('balance 2'), 'balance');
    expect(ran).toEqual([]);
    // No frames here (no requestAnimationFrame in Node): the update comes by timer.
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['chip 1', 'chip 2', 'balance 2']);
  });

  test('updates are at least 100 ms apart; the end of a series flushes what waits', () => {
    $instantPlay.set(true);
    const ran: number[] = [];
    onFrame(() => ran.push(1));
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([1]);
    onFrame(() => ran.push(2));
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([1, 2]);
    onFrame(() => ran.push(3));
    flushFrame();
    expect(ran).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual([1, 2, 3]);
  });
});
