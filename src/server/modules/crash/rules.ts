import { elapsedForMultiplier } from '../../../games/crash/engine.ts';

/**
 * When an open crash bet is cashed out without its player (docs/fairness.md §4 "Crash limits"),
 * pure. Multipliers are hundredths. A bet leaves the flight at the first of:
 * - its auto cash-out target;
 * - its profit cap: the largest multiplier whose profit stays within the maximum profit per bet;
 * - its currency's round cap (bustabit's rule): the round's exposure in a currency is the profit
 *   already paid plus what every open bet would make now; the multiplier at which it would pass
 *   the round's maximum profit cashes out every open bet of the currency at once.
 * Such a point at or below the crash point pays exactly that multiplier; above it the bet is lost.
 */

/** Infinity as a multiplier: no cap applies. */
export const NO_CAP = Number.POSITIVE_INFINITY;

/** The largest multiplier at which `stake` makes at most `cap` profit: 100 + floor(cap × 100 / stake). */
export function betCapMultiplier(stake: bigint, cap: bigint): number {
  return 100 + Number((cap * 100n) / stake);
}

/**
 * The multiplier at which a currency's open bets are all cashed out: the largest m with
 * paid + open × (m − 100) / 100 ≤ cap. Never below 100 (a cap already used up cashes out at 1.00×).
 */
export function roundCapMultiplier(openStake: bigint, paidProfit: bigint, cap: bigint): number {
  if (openStake <= 0n) return NO_CAP;
  if (paidProfit >= cap) return 100;
  return 100 + Number(((cap - paidProfit) * 100n) / openStake);
}

/** An open bet as the rule reads it. */
export interface OpenBet {
  id: string;
  currency: string;
  amount: bigint;
  /** Hundredths, or null without an auto cash-out. */
  autoCashOut: number | null;
}

/** A currency's state in the round: its open stake and the profit already paid. */
export interface Exposure {
  openStake: bigint;
  paidProfit: bigint;
}

/** The caps in force for a currency (minor units). */
export interface Caps {
  bet: bigint;
  round: bigint;
}

/** The multiplier at which `bet` is cashed out without its player (Infinity: never). */
export function forcedCashOut(bet: OpenBet, exposure: Exposure, caps: Caps): number {
  return Math.min(
    bet.autoCashOut ?? NO_CAP,
    betCapMultiplier(bet.amount, caps.bet),
    roundCapMultiplier(exposure.openStake, exposure.paidProfit, caps.round),
  );
}

/** What a player's cash-out at `elapsedMs` into the flight gets. */
export type CashOutDecision =
  | { kind: 'paid'; multiplier: number; forced: boolean }
  | { kind: 'late'; crashPoint: number };

/**
 * The server's decision on a manual cash-out `elapsedMs` after the start of a flight that crashes at
 * `crashPoint`: a forced point already passed pays that point (it happened first); before the crash
 * the shown multiplier `shown` pays; at or after the crash the bet is lost.
 */
export function decideCashOut(
  forced: number,
  crashPoint: number,
  elapsedMs: number,
  shown: number,
): CashOutDecision {
  if (forcedPassed(forced, crashPoint, elapsedMs)) return { kind: 'paid', multiplier: forced, forced: true };
  if (elapsedMs < elapsedForMultiplier(crashPoint)) return { kind: 'paid', multiplier: shown, forced: false };
  return { kind: 'late', crashPoint };
}

/** Whether the flight has passed a forced point that pays (at or below the crash point). */
export function forcedPassed(forced: number, crashPoint: number, elapsedMs: number): boolean {
  return forced <= crashPoint && elapsedForMultiplier(forced) <= elapsedMs;
}

/** Ms into the flight at which a forced point takes effect, or null when the crash comes first. */
export function forcedAtMs(forced: number, crashPoint: number): number | null {
  return forced <= crashPoint ? elapsedForMultiplier(forced) : null;
}

/** An open bet leaving the flight at `multiplier`. */
export interface DueCashOut {
  bet: OpenBet;
  multiplier: number;
}

/**
 * The forced cash-outs the flight has passed `elapsedMs` after its start, in the order they
 * happened: the lowest forced point first, then the others recomputed after it (a cash-out moves
 * its currency's exposure from open to paid, which can only move the round cap later).
 */
export function dueCashOuts(
  bets: readonly OpenBet[],
  exposures: ReadonlyMap<string, Exposure>,
  capsOf: (currency: string) => Caps,
  crashPoint: number,
  elapsedMs: number,
): DueCashOut[] {
  const state = new Map([...exposures].map(([currency, e]) => [currency, { ...e }]));
  const exposureOf = (currency: string) => state.get(currency) ?? { openStake: 0n, paidProfit: 0n };
  let open = [...bets];
  const due: DueCashOut[] = [];
  for (;;) {
    const forced = new Map(
      open.map((bet) => [bet, forcedCashOut(bet, exposureOf(bet.currency), capsOf(bet.currency))]),
    );
    let first = NO_CAP;
    for (const value of forced.values())
      if (value < first && forcedPassed(value, crashPoint, elapsedMs)) first = value;
    if (first === NO_CAP) return due;
    const group = open.filter((bet) => forced.get(bet) === first);
    for (const bet of group) {
      const exposure = exposureOf(bet.currency);
      state.set(bet.currency, {
        openStake: exposure.openStake - bet.amount,
        paidProfit: exposure.paidProfit + (bet.amount * BigInt(first)) / 100n - bet.amount,
      });
      due.push({ bet, multiplier: first });
    }
    open = open.filter((bet) => forced.get(bet) !== first);
  }
}

/** Ms into the flight of its next event: the next forced cash-out, or the crash. */
export function nextEventMs(
  bets: readonly OpenBet[],
  exposures: ReadonlyMap<string, Exposure>,
  capsOf: (currency: string) => Caps,
  crashPoint: number,
): number {
  let next = elapsedForMultiplier(crashPoint);
  for (const bet of bets) {
    const exposure = exposures.get(bet.currency) ?? { openStake: 0n, paidProfit: 0n };
    const at = forcedAtMs(forcedCashOut(bet, exposure, capsOf(bet.currency)), crashPoint);
    if (at !== null && at < next) next = at;
  }
  return next;
}
