import type { Currency } from './currencies.ts';

/**
 * The VIP club's levels (docs/bonuses.md "VIP club"), shared by the server and the /vip-club page.
 * Progress is counted in points: one point is `POINT_MINOR[currency]` minor units staked (1 RUB,
 * 0.01 USD/EUR, 5 KZT, 1 INR: a hundredth of each currency's min_payout), so one table of
 * thresholds serves every currency. The first threshold is the minimum level value, 100
 * (docs/product-rules.md §9 "Levels: minimum 100").
 */
export const POINT_MINOR: Record<Currency, bigint> = { RUB: 100n, USD: 1n, EUR: 1n, KZT: 500n, INR: 100n };

export interface VipLevel {
  /** Catalog key under `vip.levels.`. */
  readonly key: string;
  /** Points wagered to reach it. */
  readonly points: number;
  /** Share of the house edge of every bet paid back as rakeback, percent. */
  readonly rakebackPercent: number;
  /** One-time bonus on reaching the level, in points. */
  readonly levelUpPoints: number;
  /** Weekly and monthly bonus: this share (percent) of the period's stakes. */
  readonly weeklyPercent: number;
  readonly monthlyPercent: number;
  /** The profile's `premium.status` at this level. */
  readonly premium: boolean;
}

export const VIP_LEVELS: readonly VipLevel[] = [
  {
    key: 'bronze',
    points: 100,
    rakebackPercent: 5,
    levelUpPoints: 10,
    weeklyPercent: 0.05,
    monthlyPercent: 0.1,
    premium: false,
  },
  {
    key: 'silver',
    points: 5_000,
    rakebackPercent: 7,
    levelUpPoints: 100,
    weeklyPercent: 0.1,
    monthlyPercent: 0.2,
    premium: false,
  },
  {
    key: 'gold',
    points: 25_000,
    rakebackPercent: 10,
    levelUpPoints: 500,
    weeklyPercent: 0.15,
    monthlyPercent: 0.3,
    premium: false,
  },
  {
    key: 'platinum',
    points: 100_000,
    rakebackPercent: 12,
    levelUpPoints: 2_000,
    weeklyPercent: 0.2,
    monthlyPercent: 0.4,
    premium: true,
  },
  {
    key: 'diamond',
    points: 500_000,
    rakebackPercent: 15,
    levelUpPoints: 10_000,
    weeklyPercent: 0.25,
    monthlyPercent: 0.5,
    premium: true,
  },
];

/** Points for `wagered` minor units of `currency` (whole points, rounded down). */
export function pointsOf(wagered: bigint, currency: Currency): bigint {
  return wagered / POINT_MINOR[currency];
}

/** The level index reached with `points` (−1: none yet). */
export function levelIndexOf(points: bigint): number {
  let index = -1;
  for (const [i, level] of VIP_LEVELS.entries()) if (points >= BigInt(level.points)) index = i;
  return index;
}
