import {
  combinations,
  MAX_MULTI_LEGS,
  MAX_SYSTEM_LEGS,
  NAMED_SYSTEMS,
  systemOf,
} from '../../shared/sports/systems.ts';

/**
 * The slip's sums over the system bets the server takes (the table is shared:
 * src/shared/sports/systems.ts): which systems a slip can be placed as, their lines and what they
 * would pay. Pure functions, no I/O.
 */

export { MAX_MULTI_LEGS, systemOf };

/**
 * The systems a slip of `n` legs can be placed as: every `k/n` (doubles, trebles… of n), then the
 * named full covers of n (a Trixie and a Patent of three, a Yankee and a Lucky 15 of four, …).
 * None below three legs (two legs are a double: the accumulator) or above eight.
 */
export function systemsFor(n: number): string[] {
  if (n < 3 || n > MAX_SYSTEM_LEGS) return [];
  const generic = Array.from({ length: n - 2 }, (_, i) => `${i + 2}/${n}`);
  // The named generic ones (`2/3`…) are already among the `k/n` above.
  const named = Object.entries(NAMED_SYSTEMS)
    .filter(([name, def]) => def.legs === n && !name.includes('/'))
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
