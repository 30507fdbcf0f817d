/**
 * The slots' view of the fairness stream (docs/fairness.md "Slots"): floats in order, float_0 first.
 * A spin reads as many as it needs; `floatSourceOf` makes HMAC blocks on demand (8 floats each),
 * `arrayFloatSource` reads pre-drawn floats (the browser verifier, which draws them asynchronously).
 */
import { FLOATS_PER_BLOCK, floatAt } from '../fair/floats.ts';

/** Floats in [0, 1) from the fairness stream, in order. */
export interface FloatSource {
  next(): number;
}

/** A source over `blocks(0)`, `blocks(1)`, … (32-byte HMAC blocks, round = block index). */
export function floatSourceOf(blocks: (round: number) => Uint8Array): FloatSource {
  let index = 0;
  let round = -1;
  let block: Uint8Array = new Uint8Array(0);
  return {
    next() {
      const wanted = Math.floor(index / FLOATS_PER_BLOCK);
      if (wanted !== round) {
        block = blocks(wanted);
        round = wanted;
      }
      const value = floatAt(block, (index % FLOATS_PER_BLOCK) * 4);
      index += 1;
      return value;
    },
  };
}

/** Thrown by `arrayFloatSource` when a spin wants more floats than were drawn. */
export class StreamExhausted extends Error {
  readonly available: number;
  constructor(available: number) {
    super(`The spin needs more than the ${available} floats drawn`);
    this.available = available;
  }
}

/** A source over pre-drawn floats; reading past them throws `StreamExhausted` (draw more, retry). */
export function arrayFloatSource(floats: readonly number[]): FloatSource {
  let index = 0;
  return {
    next() {
      const value = floats[index];
      if (value === undefined) throw new StreamExhausted(floats.length);
      index += 1;
      return value;
    },
  };
}

/** Counts the floats a source hands out (the spin's `floatsUsed`). */
export function countingSource(source: FloatSource): FloatSource & { readonly used: number } {
  let used = 0;
  return {
    next() {
      used += 1;
      return source.next();
    },
    get used() {
      return used;
    },
  };
}

/** A reel stop: `floor(float × length)`. */
export function stopOf(float: number, length: number): number {
  return Math.floor(float * length);
}

/** The maximum win of every game, in hundredths of the stake: 5,000×. */
export const MAX_WIN = 500_000;

/** Cells `[reel, row]` of a rectangular window. */
export type Cell = readonly [number, number];

/** The `rows` symbols of a strip from `stop` down, wrapping around. */
export function windowOf(strip: readonly string[], stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]!);
}

/** Expands a strip written one character per symbol. */
export function strip(text: string): readonly string[] {
  return [...text.replaceAll(' ', '')];
}
