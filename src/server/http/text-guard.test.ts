import { describe, expect, test, vi } from 'vitest';
import { isStorableText, unstorableTextPath } from './text-guard.ts';

describe('storable text', () => {
  test.each([
    ['plain ASCII', 'hello', true],
    ['Cyrillic, Devanagari and an emoji', 'Жанар नमस्ते 🎰', true],
    ['other control characters (PostgreSQL stores them)', 'a\u0001\t\n\u007f', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800', false],
    ['a lone low surrogate', '\udc00b', false],
    ['a surrogate pair written backwards', '\udc00\ud800', false],
  ])('%s → %s', (_label, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe('the first unstorable string of a request value', () => {
  test.each([
    ['a clean body', { name: 'Ann', bets: [{ kind: 'red' }], n: 1, ok: true, none: null }, null],
    ['a top-level field', { name: 'a\u0000' }, 'name'],
    ['a nested field', { details: { card: 'x', note: 'n\u0000' } }, 'details.note'],
    ['an array item', { bets: [{ kind: 'red' }, { kind: 'bl\ud800ck' }] }, 'bets.1.kind'],
    ['a key (named by its object)', { details: { 'k\u0000': 'v' } }, 'details'],
    ['a key of the body itself', { 'k\u0000': 'v' }, ''],
    ['a bare string body', 'raw\u0000', ''],
    ['the first of two, in order', { a: 'x', b: '\u0000', c: '\u0000' }, 'b'],
  ])('%s → %j', (_label, value, path) => {
    expect(unstorableTextPath(value)).toBe(path);
  });

  test('a body nested deeper than the call stack is walked without overflowing', () => {
    const depth = 200_000;
    const body = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(unstorableTextPath(body)).toBe(Array(depth).fill('0').join('.'));
  });

  test('raw bytes a route reads itself are not text, and not walked byte by byte', () => {
    const bytes = Buffer.from('{"user":"1\u0000"}'.repeat(10_000));
    const entries = vi.spyOn(Object, 'entries');
    expect(unstorableTextPath(bytes)).toBeNull();
    expect(unstorableTextPath({ raw: new Uint8Array(4) })).toBeNull();
    // One object walked (the wrapper); never the bytes.
    expect(entries).toHaveBeenCalledTimes(1);
    entries.mockRestore();
  });
});
