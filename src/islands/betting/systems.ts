/**
 * The system bets a slip offers, as the server takes them (`POST /sports/bets` with
 * `kind: 'system'` and `system`: src/server/modules/betting/settlement.ts `NAMED_SYSTEMS` and the
 * generic `k/n`). The browser may not import the server, so the table is repeated here; the two
 * agree on names, leg counts and combination sizes (systems.test.ts pins the counts the server's
 * tests pin). Pure functions, no I/O.
 */

/** A system: how many legs it takes and which sizes of combination (lines) it is made of. */
export interface SystemDef {
  legs: number;
  sizes: readonly number[];
}

/** The named systems, in the order a slip lists them for their leg count. */
export const NAMED_SYSTEMS: Readonly<Record<string, SystemDef>> = {
  trixie: { legs: 3, sizes: [2, 3] },
  patent: { legs: 3, sizes: [1, 2, 3] },
  yankee: { legs: 4, sizes: [2, 3, 4] },
  lucky15: { legs: 4, sizes: [1, 2, 3, 4] },
  canadian: { legs: 5, sizes: [2, 3, 4, 5] },
  lucky31: { legs: 5, sizes: [1, 2, 3, 4, 5] },
  heinz: { legs: 6, sizes: [2, 3, 4, 5, 6] },
  lucky63: { legs: 6, sizes: [1, 2, 3, 4, 5, 6] },
};

/** The most legs of a generic `k/n` system the server takes (C(8, 4) = 70 lines). */
export const MAX_SYSTEM_LEGS = 8;

/** The most legs of an accumulator. */
export const MAX_MULTI_LEGS = 20;

/** A system's legs and sizes, named or `k/n` (2 ≤ k < n ≤ 8); null for anything else. */
export function systemOf(name: string): SystemDef | null {
  const named = Object.hasOwn(NAMED_SYSTEMS, name) ? NAMED_SYSTEMS[name] : undefined;
  if (named) return named;
  const match = /^([1-9])\/([1-9])$/.exec(name);
  if (!match) return null;
  const k = Number(match[1]);
  const n = Number(match[2]);
  return k >= 2 && k < n && n <= MAX_SYSTEM_LEGS ? { legs: n, sizes: [k] } : null;
}

/**
 * The systems a slip of `n` legs can be placed as: every `k/n` (doubles, trebles… of n), then the
 * named full covers of n (a Trixie and a Patent of three, a Yankee and a Lucky 15 of four, …).
 * None below three legs (two legs are a double: the accumulator) or above eight.
 */
export function systemsFor(n: number): string[] {
  if (n < 3 || n > MAX_SYSTEM_LEGS) return [];
  const generic = Array.from({ length: n - 2 }, (_, i) => `${i + 2}/${n}`);
  const named = Object.entries(NAMED_SYSTEMS)
    .filter(([, def]) => def.legs === n)
    .map(([name]) => name);
  return [...generic, ...named];
}

function binomial(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return Math.round(out);
}

/** How many lines (unit stakes) a system has: the sum of C(n, size). 0 for an unknown one. */
export function linesOf(name: string): number {
  const def = systemOf(name);
  return def ? def.sizes.reduce((sum, size) => sum + binomial(def.legs, size), 0) : 0;
}

/** Every k-combination of 0…n−1, lexicographic. */
function combinations(n: number, k: number): number[][] {
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

const HUNDRED = 100n;

/**
 * What an accumulator pays if every leg wins, in minor units: the stake times each leg's odds
 * (hundredths), rounded down to the unit once at the end as the server rounds a payout. The slip
 * shows it as an estimate; the bet's own `potential` is the server's.
 */
export function multiPayout(stakeMinor: bigint, odds: readonly number[]): bigint {
  let num = stakeMinor;
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= HUNDRED;
  }
  return num / den;
}

/** What a system pays if every leg wins: each line's accumulator at the unit stake, summed. */
export function systemPayout(name: string, unitMinor: bigint, odds: readonly number[]): bigint {
  const def = systemOf(name);
  if (!def || def.legs !== odds.length) return 0n;
  let total = 0n;
  for (const size of def.sizes)
    for (const line of combinations(def.legs, size))
      total += multiPayout(
        unitMinor,
        line.map((i) => odds[i] ?? 100),
      );
  return total;
}

/** The product of odds in hundredths, rounded down to a hundredth (the slip's total odds). */
export function totalOdds(odds: readonly number[]): number {
  return Number(multiPayout(100n, odds));
}
