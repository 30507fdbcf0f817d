import type { TournamentKind } from '../../../shared/api/tournaments.ts';
import { CURRENCIES, type Currency } from '../../../shared/currencies.ts';
import { fromMinor, toMinor } from '../../../shared/money.ts';
import { POINT_MINOR } from '../../../shared/vip.ts';

/**
 * A tournament's arithmetic (docs/tournaments.md): rates, points as shown, the pool and the prize
 * of each place. Pure; the database computes a stake's points with the same rules
 * (drizzle/0026_tournaments.sql `tournament_points`), and `pointsOf` here is held to it by tests.
 */

/** Rates are kept in millionths: one minor unit of a currency counts as `rate / RATE_SCALE` of ours. */
export const RATE_SCALE = 1_000_000n;

/** The rates a tournament in `currency` takes when the operator names none: the VIP club's points. */
export function defaultRates(currency: Currency): Record<Currency, bigint> {
  const rates = {} as Record<Currency, bigint>;
  for (const c of CURRENCIES) rates[c] = (POINT_MINOR[currency] * RATE_SCALE) / POINT_MINOR[c];
  return rates;
}

/** "0.0105" (of one unit) → 10500 millionths. */
export function rateFromText(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

/** 10500 millionths → "0.0105". */
export function rateText(rate: bigint): string {
  const whole = rate / RATE_SCALE;
  const fraction = (rate % RATE_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** An amount of a player's currency in the tournament's, truncated as the database does. */
export const toTournament = (amount: bigint, rate: bigint) => (amount * rate) / RATE_SCALE;
/** An amount of the tournament's currency in a player's (a prize paid), rounded down. */
export const toPlayer = (amount: bigint, rate: bigint) => (amount * RATE_SCALE) / rate;

/** What one settled stake scores: the same rules as the database's `tournament_points`. */
export function pointsOf(
  kind: TournamentKind,
  w: { rate: bigint; weight: number; minStake: bigint; stake: bigint; payout: bigint },
): bigint {
  const weight = BigInt(w.weight);
  // bigint division truncates toward zero, as PostgreSQL's does.
  if (kind === 'wager') return (toTournament(w.stake, w.rate) * weight) / 100n;
  if (kind === 'profit') return ((((w.payout - w.stake) * w.rate) / RATE_SCALE) * weight) / 100n;
  if (toTournament(w.stake, w.rate) < w.minStake) return 0n;
  return (((w.payout * 10_000n) / w.stake) * weight) / 100n;
}

/** Points as shown: money in the tournament's currency, or a multiplier with two decimals. */
export function pointsText(kind: TournamentKind, points: bigint): string {
  if (kind !== 'multiplier') return fromMinor(points);
  // Ten-thousandths of a multiplier, shown to the hundredth (rounded down).
  return fromMinor(points / 100n);
}

/** One row of the prize table as stored: each place from `from` to `to` gets it. */
export interface PrizeTerm {
  from: number;
  to: number;
  kind: 'cash' | 'bonus';
  /** A fixed amount for each place, minor units of the tournament's currency. */
  amount?: string | undefined;
  /** Each place's share of the pool, basis points. */
  share_bps?: number | undefined;
  /** A bonus prize's wagering multiplier. */
  wager: number;
}

/** The pool the prize table's shares are taken of. */
export function poolOf(t: {
  basePool: bigint;
  buyInTotal: bigint;
  poolBuyInBps: number;
  turnover: bigint;
  poolTurnoverBps: number;
}): bigint {
  return (
    t.basePool +
    (t.buyInTotal * BigInt(t.poolBuyInBps)) / 10_000n +
    (t.turnover * BigInt(t.poolTurnoverBps)) / 10_000n
  );
}

/** What place `place` wins from a pool of `pool` (null: the place is not paid). */
export function prizeOf(
  prizes: readonly PrizeTerm[],
  place: number,
  pool: bigint,
): { kind: 'cash' | 'bonus'; amount: bigint; wager: number } | null {
  const term = prizes.find((p) => p.from <= place && place <= p.to);
  if (!term) return null;
  const amount =
    term.amount !== undefined ? BigInt(term.amount) : (pool * BigInt(term.share_bps ?? 0)) / 10_000n;
  return amount > 0n ? { kind: term.kind, amount, wager: term.wager } : null;
}

/** How many places the table pays. */
export const placesPaid = (prizes: readonly PrizeTerm[]) => Math.max(0, ...prizes.map((p) => p.to));

/** What the whole table pays from a pool. */
export function tablePays(prizes: readonly PrizeTerm[], pool: bigint): bigint {
  let total = 0n;
  for (const p of prizes) total += (prizeOf(prizes, p.from, pool)?.amount ?? 0n) * BigInt(p.to - p.from + 1);
  return total;
}

/**
 * The prize table the operator sent, checked: places from 1 without gaps or overlaps, each row a
 * fixed amount or a share of the pool (not both), shares together at most the whole pool. Throws
 * a field message (`prizes`) when it is not.
 */
export function checkPrizes(
  rows: readonly {
    from: number;
    to: number;
    kind: 'cash' | 'bonus';
    amount?: string | undefined;
    share_bps?: number | undefined;
    wager: number;
  }[],
): PrizeTerm[] | string {
  const sorted = [...rows].sort((a, b) => a.from - b.from);
  let next = 1;
  let shares = 0;
  const terms: PrizeTerm[] = [];
  for (const row of sorted) {
    if (row.from !== next || row.to < row.from) return 'prize_places';
    if ((row.amount === undefined) === (row.share_bps === undefined)) return 'prize_amount';
    if (row.amount !== undefined && toMinor(row.amount) <= 0n) return 'prize_amount';
    shares += (row.share_bps ?? 0) * (row.to - row.from + 1);
    next = row.to + 1;
    terms.push({
      from: row.from,
      to: row.to,
      kind: row.kind,
      ...(row.amount !== undefined ? { amount: toMinor(row.amount).toString() } : {}),
      ...(row.share_bps !== undefined ? { share_bps: row.share_bps } : {}),
      wager: row.kind === 'bonus' ? row.wager : 0,
    });
  }
  if (shares > 10_000) return 'prize_shares';
  return terms;
}
