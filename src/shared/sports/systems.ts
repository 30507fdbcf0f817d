/**
 * The shapes a bet slip can take (docs/betting.md "Bets"): an accumulator's most legs, the named
 * systems and the generic `k/n`, and their lines. Shared by the server, which settles them
 * (src/server/modules/betting/settlement.ts), and the browser's slip (src/islands/betting/), so
 * both offer and count the same systems. Pure, no dependencies.
 */

/** The most legs of an accumulator. */
export const MAX_MULTI_LEGS = 20;

/** The most legs of a generic `k/n` system: C(8, 4) = 70 lines is as many as a slip shows. */
export const MAX_SYSTEM_LEGS = 8;

/** A system bet: how many legs it takes and which sizes of combination (lines) it is made of. */
export interface SystemDef {
  legs: number;
  sizes: readonly number[];
}

/**
 * The named systems a slip offers (docs/betting.md "Bets"), each its leg count and the combination
 * sizes it includes: `2/3` is the three doubles of three legs, a Trixie the doubles and the treble of three
 * (4 lines), a Patent adds the singles (7), a Yankee is every double, treble and the four-fold of
 * four (11), a Lucky 15 adds the singles (15), a Canadian (Super Yankee) is 26 lines of five, a
 * Lucky 31 adds the singles, a Heinz is 57 lines of six and a Lucky 63 adds the singles.
 */
export const NAMED_SYSTEMS = {
  '2/3': { legs: 3, sizes: [2] },
  '2/4': { legs: 4, sizes: [2] },
  '3/4': { legs: 4, sizes: [3] },
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
} as const satisfies Record<string, SystemDef>;

/** A named system's key (`trixie`, `lucky15`, `2/3`, …). */
export type NamedSystem = keyof typeof NAMED_SYSTEMS;

/** A system: a named one, or the generic `k/n` (every combination of k of n legs, k < n ≤ 8). */
export type SystemKind = NamedSystem | `${number}/${number}`;

const GENERIC_SYSTEM = /^([1-9])\/([1-9])$/;

/**
 * A system's legs and sizes, named or `k/n` (1 ≤ k < n ≤ 8); null for anything else, so the API
 * can refuse a kind it does not know before it reaches the money.
 */
export function systemOf(kind: string): SystemDef | null {
  if (Object.hasOwn(NAMED_SYSTEMS, kind)) return NAMED_SYSTEMS[kind as NamedSystem];
  const match = GENERIC_SYSTEM.exec(kind);
  if (!match) return null;
  const k = Number(match[1]);
  const n = Number(match[2]);
  return k < n && n <= MAX_SYSTEM_LEGS ? { legs: n, sizes: [k] } : null;
}

/** Every k-combination of 0…n−1, lexicographic. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * The lines of a system of `n` legs made of the given combination sizes, each the indexes of its
 * legs, in a stable order (by size, then lexicographic): n = 3, sizes [2, 3] →
 * [0,1] [0,2] [1,2] [0,1,2]. The order is the one a slip and a bet's history list lines in.
 */
export function systemLines(n: number, sizes: readonly number[]): number[][] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_MULTI_LEGS)
    throw new RangeError(`Expected 1…${MAX_MULTI_LEGS} legs, received ${n}`);
  const ordered = [...new Set(sizes)].sort((a, b) => a - b);
  if (ordered.length === 0) throw new RangeError('Expected at least one combination size');
  for (const size of ordered) {
    if (!Number.isInteger(size) || size < 1 || size > n)
      throw new RangeError(`Expected combination sizes in 1…${n}, received ${size}`);
  }
  return ordered.flatMap((size) => combinations(n, size));
}
