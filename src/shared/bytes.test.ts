import { expect, test } from 'vitest';
import { formatBytes } from './bytes.ts';

test.each([
  [0, '0 B'],
  [1023, '1023 B'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [2047, '1.9 KB'],
  [10 * 1024 * 1024, '10 MB'],
  [50 * 1024 * 1024, '50 MB'],
])('%d bytes read as %j', (bytes, shown) => {
  expect(formatBytes(bytes)).toBe(shown);
});
