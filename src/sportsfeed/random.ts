/**
 * The feed's only source of chance (docs/betting.md "The in-house feed"): a stream of uniform
 * numbers hashed from a key, so that every schedule, every goal and every point of a match is the
 * same on every run and every instance with the same seed. Block i of a stream is
 * sha256(`<key>|<i>`); each block gives four 53-bit floats. Nothing here keeps global state.
 */
import { createHash } from 'node:crypto';

const TWO_27 = 2 ** 27;
const TWO_53 = 2 ** 53;

/**
 * A reproducible random stream named by its parts (e.g. seed, event id, what it draws): the same
 * parts always give the same numbers, in the same order, whatever else was drawn elsewhere.
 */
export class Rng {
  readonly #key: string;
  #block = 0;
  #buffer: Buffer = Buffer.alloc(0);
  #used = 4;

  constructor(...parts: readonly (string | number)[]) {
    this.#key = parts.join('|');
  }

  /** A uniform float in [0, 1). */
  next(): number {
    if (this.#used >= 4) {
      this.#buffer = createHash('sha256')
        .update(`${this.#key}|${this.#block++}`)
        .digest();
      this.#used = 0;
    }
    const offset = this.#used++ * 8;
    const high = this.#buffer.readUInt32BE(offset) >>> 6;
    const low = this.#buffer.readUInt32BE(offset + 4) >>> 5;
    return (high * TWO_27 + low) / TWO_53;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A uniform float in [low, high). */
  between(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** A standard normal deviate (Box–Muller, one of the pair). */
  normal(): number {
    const u = this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
  }

  /** A Poisson count with mean `mean`, by inverting its distribution function with one uniform. */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    const u = this.next();
    let k = 0;
    let term = Math.exp(-mean);
    let cumulative = term;
    while (u > cumulative && k < 1000) {
      k++;
      term *= mean / k;
      cumulative += term;
      if (term === 0) break;
    }
    return k;
  }

  /** A copy of `items` in a uniformly random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
