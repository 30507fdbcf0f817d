/** Float sources that put the reels where a test wants them (tests only). */
import type { FloatSource } from './stream.ts';

/** The float that lands `stop` on a strip of `length`. */
export const floatFor = (stop: number, length: number) => (stop + 0.5) / length;

/** A source repeating `floats` for ever. */
export function cycle(floats: readonly number[]): FloatSource {
  let i = 0;
  return {
    next: () => {
      const value = floats[i % floats.length]!;
      i += 1;
      return value;
    },
  };
}

/** Floats landing each strip at its stop. */
export function screenFloats(strips: readonly (readonly string[])[], stops: readonly number[]): number[] {
  return stops.map((stop, reel) => floatFor(stop, strips[reel]!.length));
}

/** A source giving `first`, then repeating `rest` for ever. */
export function thenCycle(first: readonly number[], rest: readonly number[]): FloatSource {
  const tail = cycle(rest);
  let i = 0;
  return { next: () => (i < first.length ? first[i++]! : tail.next()) };
}
