/**
 * Test support: an independent, deliberately naive derivation of docs/fairness.md §2 (string HMAC key,
 * the byte-by-byte sum of docs/fairness.md §2) to check the production code against, plus fixed seeds.
 */
import { createHmac } from 'node:crypto';

/** sha256("orbita-1") and sha256("orbita-2"): fixed server seeds for known-answer tests. */
export const SEED_1 = '78bc96e0b676d137e02bbb25cc7908a615adb105ad2dcd94cfde72e4ad060ae9';
export const SEED_2 = '62e853f8c1fd2411d98f197c00654426b1b506cdb9115e871d7c05b9f86ea6ee';

/** float_0 … float_{count−1} computed straight from the formula of docs/fairness.md §2. */
export function referenceFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count * 4; round += 1) {
    bytes.push(...createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest());
  }
  return Array.from(
    { length: count },
    (_, i) =>
      bytes[4 * i]! / 256 +
      bytes[4 * i + 1]! / 256 ** 2 +
      bytes[4 * i + 2]! / 256 ** 3 +
      bytes[4 * i + 3]! / 256 ** 4,
  );
}

/** A float from its 32-bit integer (known answers are written as integers: exact and readable). */
export const u32 = (value: number): number => value / 2 ** 32;
