import { expect, test } from 'vitest';
import { displayStatus, sniffMime } from './service.ts';

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
])('verification status %j displays as %j (spec §4)', (raw, shown) => {
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
