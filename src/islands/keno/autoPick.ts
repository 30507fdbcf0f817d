import { MAX_PICKS, POOL_SIZE } from '../../games/keno/engine.ts';

/** A uniform whole number in 0 … bound − 1. */
export type RandomIndex = (bound: number) => number;

const RANGE = 2 ** 32;

/** Uniform index from crypto.getRandomValues; rejection sampling keeps every index equally likely. */
export function cryptoIndex(bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > RANGE) {
    throw new RangeError(`Expected a whole bound from 1 to 2^32, received ${bound}`);
  }
  const limit = RANGE - (RANGE % bound);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const value = word[0]!;
    if (value < limit) return value % bound;
  }
}

/**
 * `count` distinct numbers from 1 … 40, ascending: a partial Fisher–Yates shuffle of the pool, so
 * every set of `count` numbers is equally likely.
 */
export function autoPick(count: number, random: RandomIndex = cryptoIndex): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_PICKS) {
    throw new RangeError(`Expected 1 to ${MAX_PICKS} numbers, received ${count}`);
  }
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + random(POOL_SIZE - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}
