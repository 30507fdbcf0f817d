import { describe, expect, test } from 'vitest';
import { isReadable, normaliseReadable, sanitiseReadable } from './readable-text.ts';

describe('readable text', () => {
  test.each([
    ['a FingerprintJS visitor id', 'a1b2c3d4e5f60718293a4b5c6d7e8f90', true],
    ['Cyrillic and Devanagari', 'Жанар अंशुमान', true],
    ['separators', "O'Brien-Smith Jr._2", true],
    ['an RTL override', 'evil\u202Egnp.exe', false],
    ['a zero-width joiner', 'ab\u200Dcd', false],
    ['markup', '<b>x</b>', false],
    ['a newline', 'a\nb', false],
    ['an emoji', 'fp 🎰', false],
    ['a leading separator', '-abc', false],
    ['empty', '', false],
  ])('%s is readable: %s', (_label, text, readable) => {
    expect(isReadable(normaliseReadable(text))).toBe(readable);
  });

  test.each([
    ['evil\u202Egnp.exe<b>', 10, 'evilgnp.ex'],
    ['  device\u00a0\u00a042 ', 200, 'device 42'],
    ['\u200B\u200F', 200, null],
    [null, 200, null],
  ])('%j sanitised to at most %i characters is %j', (raw, max, shown) => {
    expect(sanitiseReadable(raw, max)).toBe(shown);
  });
});
