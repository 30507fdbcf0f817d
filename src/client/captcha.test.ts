import { describe, expect, test } from 'vitest';
import { DIFFERENT_KEY_ERROR, loadCaptcha } from './captcha.ts';

function fakeDocument() {
  const appended: Array<{ src: string; onload?: () => void }> = [];
  const doc = {
    createElement: () => ({}) as { src: string; onload?: () => void },
    head: { append: (el: { src: string; onload?: () => void }) => appended.push(el) },
  };
  return { doc: doc as unknown as Document, appended };
}

describe('captcha loader', () => {
  test('loads the script once with the site key and refuses another key (docs/product-rules.md §8)', async () => {
    const { doc, appended } = fakeDocument();
    (globalThis as { window?: unknown }).window = {
      grecaptcha: { ready: (cb: () => void) => cb(), execute: async () => 'token' },
    };
    const first = loadCaptcha('key-a', doc);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=key-a');
    appended[0]?.onload?.();
    await expect(first).resolves.toBeDefined();
    expect(loadCaptcha('key-a', doc)).toBe(first);
    await expect(loadCaptcha('key-b', doc)).rejects.toThrow(DIFFERENT_KEY_ERROR);
    expect(appended).toHaveLength(1);
  });
});
