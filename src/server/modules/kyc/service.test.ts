import { expect, test } from 'vitest';
import { cleanFileName, displayStatus, sniffMime } from './service.ts';

test.each([
  ['init', 'pending'],
  ['waiting', 'pending'],
  ['user_pending', 'pending'],
  ['pending', 'pending'],
  ['failed', 'failed'],
  ['unverified', 'failed'],
  ['success', 'success'],
  ['verified', 'success'],
  [null, null],
  ['weird', null],
])('verification status %j displays as %j (docs/product-rules.md §4)', (raw, shown) => {
  expect(displayStatus(raw)).toBe(shown);
});

test.each([
  [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'application/pdf'],
  [[0x3c, 0x73, 0x76, 0x67], null],
  [[0x4d, 0x5a], null],
])('file type is read from the content: %j → %j', (bytes, mime) => {
  expect(sniffMime(Buffer.from(bytes))).toBe(mime);
});

test.each([
  ['passport.png', 'passport.png'],
  ['C:\\fakepath\\scan 1.pdf', 'scan 1.pdf'],
  ['../../etc/photo.jpg', 'photo.jpg'],
  ['bad\u0000name\u202egnp.exe', 'badnamegnp.exe'],
  ['  two   spaces\t.png ', 'two spaces.png'],
  ['\ud800lone.png', '\ufffdlone.png'],
  ['', null],
  [undefined, null],
  ['\u0001\u0002', null],
])('a file name is kept cleaned: %j → %j', (name, kept) => {
  expect(cleanFileName(name)).toBe(kept);
});

test('a long file name is shortened to 120 characters, keeping its extension', () => {
  const kept = cleanFileName(`${'я'.repeat(300)}.jpeg`);
  expect([...(kept ?? '')]).toHaveLength(120);
  expect(kept).toMatch(/^я+….jpeg$/);
});
