/**
 * The crash hash chain of docs/fairness.md §4, synchronous (Node only: server and CLI). `h_N` is random;
 * `h_{i−1} = sha256(utf8(h_i))`; games are played from `h_1` upward; `h_0` is the published
 * terminating hash.
 */
import { hmacSha256Hex, sha256Hex } from '../fair/node.ts';
import { crashPointFromHmacHex } from './engine.ts';

/** `h_{i−1}` from `h_i`. */
export function previousHash(hash: string): string {
  return sha256Hex(hash);
}

/**
 * Walks the chain from `h_length` (the head) down to `h_0`, yielding each index and hash.
 * Memory stays constant, so a 10 000 000-game chain can be streamed into storage.
 */
export function* walkChain(head: string, length: number): Generator<{ index: number; hash: string }> {
  let hash = head;
  for (let index = length; index >= 0; index -= 1) {
    yield { index, hash };
    if (index > 0) hash = previousHash(hash);
  }
}

/** `h_0` of the chain whose head is `h_length`. */
export function terminatingHash(head: string, length: number): string {
  let hash = head;
  for (let i = 0; i < length; i += 1) hash = previousHash(hash);
  return hash;
}

/**
 * The game number i of a revealed hash: how many times it must be hashed to reach the terminating
 * hash, or undefined if it does not reach it within `maxGames` steps.
 */
export function gameNumber(hash: string, terminating: string, maxGames: number): number | undefined {
  let current = hash;
  for (let i = 1; i <= maxGames; i += 1) {
    current = previousHash(current);
    if (current === terminating) return i;
  }
  return undefined;
}

/** Crash point (hundredths) of the game with hash `hash` under `salt`. */
export function crashPointFromHash(hash: string, salt: string): number {
  return crashPointFromHmacHex(hmacSha256Hex(hash, salt));
}
