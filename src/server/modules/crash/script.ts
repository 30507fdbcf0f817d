import { crashPointFromHash } from '../../../games/crash/chain.ts';

/**
 * Where the driver takes a round's crash point: the chain's (docs/fairness.md §4), or, in the
 * tests only, the next of TEST_CRASH_POINTS (env.ts refuses it unless NODE_ENV=test), so a browser
 * test plays one round of a known length instead of retrying random ones. A scripted round's point
 * is not its hash's. Each round id takes its point once: a step that rolls back and tries again
 * gets the same one.
 */
export class CrashScript {
  readonly #points: number[];
  readonly #taken = new Map<number, number>();

  /** `points` in hundredths, in the order the next rounds take them. */
  constructor(points: readonly number[] = []) {
    this.#points = [...points];
  }

  /** Round `id`'s crash point (hundredths), from its `hash` under the chain's `salt` when unscripted. */
  pointOf(id: number, hash: string, salt: string): number {
    const taken = this.#taken.get(id);
    if (taken !== undefined) return taken;
    const scripted = this.#points.shift();
    if (scripted === undefined) return crashPointFromHash(hash, salt);
    this.#taken.set(id, scripted);
    return scripted;
  }
}
