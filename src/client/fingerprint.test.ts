import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { resolveFingerprint } from './fingerprint.ts';

describe('resolveFingerprint (docs/edge.md "Device fingerprint")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const source = (kept: string | null, answerAfterMs: number | null) => {
    const store = { value: kept };
    const compute = vi.fn(
      () =>
        new Promise<string>((resolve, reject) => {
          if (answerAfterMs === null) setTimeout(() => reject(new Error('no canvas')), 10);
          else setTimeout(() => resolve('visitor-id'), answerAfterMs);
        }),
    );
    return {
      store,
      compute,
      source: {
        read: () => store.value,
        write: (value: string) => {
          store.value = value;
        },
        compute,
        fallbackMs: 500,
      },
    };
  };

  test('a kept fingerprint is answered at once and the library is not loaded', async () => {
    const { source: s, compute } = source('kept-id', 100);
    await expect(resolveFingerprint(s)).resolves.toBe('kept-id');
    expect(compute).not.toHaveBeenCalled();
  });

  test('the first time, the library answer is kept and sent', async () => {
    const { source: s, store } = source(null, 120);
    const answer = resolveFingerprint(s);
    await vi.advanceTimersByTimeAsync(120);
    await expect(answer).resolves.toBe('visitor-id');
    expect(store.value).toBe('visitor-id');
  });

  test('a library slower than 500 ms: null now, kept for the next login', async () => {
    const { source: s, store } = source(null, 2_000);
    const answer = resolveFingerprint(s);
    await vi.advanceTimersByTimeAsync(500);
    await expect(answer).resolves.toBeNull();
    expect(store.value).toBeNull();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(store.value).toBe('visitor-id');
    await expect(resolveFingerprint(s)).resolves.toBe('visitor-id');
  });

  test('a library that fails answers null without an error', async () => {
    const { source: s, store } = source(null, null);
    const answer = resolveFingerprint(s);
    await vi.advanceTimersByTimeAsync(10);
    await expect(answer).resolves.toBeNull();
    expect(store.value).toBeNull();
  });
});
