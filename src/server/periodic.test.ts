import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Periodic } from './periodic.ts';

// The timers are vitest's fake ones: the test moves time instead of sleeping.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a run still going skips the next ticks; stop waits for it; a failure is logged and retried', async () => {
  let runs = 0;
  let active = 0;
  let overlapped = false;
  const errors: string[] = [];
  const job = new Periodic(
    async () => {
      runs++;
      active++;
      overlapped ||= active > 1;
      await wait(30);
      active--;
      if (runs === 1) throw new Error('first run fails');
    },
    { error: (_obj, msg) => errors.push(msg ?? '') },
    'job failed',
  );
  job.start(5);
  await vi.advanceTimersByTimeAsync(100);
  // The run in progress ends once its 30 ms have passed too.
  const stopped = job.stop();
  await vi.advanceTimersByTimeAsync(30);
  await stopped;
  expect(overlapped).toBe(false);
  expect(runs).toBeGreaterThanOrEqual(2); // the failed run did not stop the timer
  expect(errors).toEqual(['job failed']);
  expect(active).toBe(0); // stop returned only after the run in progress ended
  const after = runs;
  await vi.advanceTimersByTimeAsync(40);
  expect(runs).toBe(after);
});
