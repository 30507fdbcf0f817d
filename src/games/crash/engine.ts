/**
 * Crash (docs/fairness.md §4). Multipliers are integers of hundredths (bustabit style): 1.00× is 100.
 * The formulas are evaluated with JavaScript doubles in the order docs/fairness.md §4 writes them, because
 * that is what public verifiers compute. For 60 of the 2³² possible `int` values the double
 * result is one hundredth below the exact rational floor(2³² × 99 / (int + 1)) (e.g. int = 2);
 * the double result is the definition.
 */

/** Growth rate of the shown multiplier, per millisecond: e^(0.00006 t). */
export const GROWTH_PER_MS = 0.00006;

/** `int` of docs/fairness.md §4: the first 8 hex characters (32 bits) of the HMAC, as an unsigned integer. */
export function crashIntFromHmacHex(hmacHex: string): number {
  if (!/^[0-9a-f]{8}/i.test(hmacHex)) throw new RangeError(`Expected an HMAC in hex, received "${hmacHex}"`);
  return Number.parseInt(hmacHex.slice(0, 8), 16);
}

/** max(1, floor(2³² / (int + 1) × 0.99 × 100) / 100), in hundredths. */
export function crashPointFromInt(int: number): number {
  return Math.max(100, Math.floor((2 ** 32 / (int + 1)) * 0.99 * 100));
}

/** Crash point in hundredths from `HMAC_SHA256(key = utf8(gameHash), message = utf8(salt))` in hex. */
export function crashPointFromHmacHex(hmacHex: string): number {
  return crashPointFromInt(crashIntFromHmacHex(hmacHex));
}

/** Multiplier shown `ms` milliseconds after the start: floor(100 × e^(0.00006 t)), in hundredths. */
export function multiplierAt(ms: number): number {
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * ms));
}

/** The first whole millisecond at which the shown multiplier reaches `hundredths` (≥ 100). */
export function elapsedForMultiplier(hundredths: number): number {
  if (!Number.isInteger(hundredths) || hundredths < 100) {
    throw new RangeError(`Expected a multiplier of at least 100 hundredths, received ${hundredths}`);
  }
  // The logarithm lands within a millisecond of the answer; step to the exact boundary.
  let ms = Math.max(0, Math.ceil(Math.log(hundredths / 100) / GROWTH_PER_MS));
  while (ms > 0 && multiplierAt(ms - 1) >= hundredths) ms -= 1;
  while (multiplierAt(ms) < hundredths) ms += 1;
  return ms;
}

/** A cash-out's return in minor units: stake × hundredths / 100, rounded down. */
export function cashOutReturn(stake: bigint, hundredths: number): bigint {
  return (stake * BigInt(hundredths)) / 100n;
}

/** Hundredths as the decimal the player sees: 198 → "1.98". */
export function formatMultiplier(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
