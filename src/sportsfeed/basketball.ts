/**
 * Basketball in the in-house feed (docs/betting.md "The in-house feed"): four quarters of 12
 * minutes, then 5-minute overtimes while the score is tied. Each side scores in baskets that come
 * as a Poisson process (its rate from the ratings and the competition's level) and are worth 1, 2
 * or 3 points (15 %, 60 %, 25 %). The game clock runs at half the speed of real time (stoppages),
 * with 2 minutes between quarters and 15 at half time.
 *
 * Prices use a normal approximation: the rest of regulation adds to the margin and to the total a
 * normal variable with the compound Poisson's mean and variance for the game time left. The margin
 * is put on the integers; its mass at 0 (a tie) is replaced by one overtime's margin (normal, its
 * own 0 left out: the approximation stops at one overtime). The total mixes the regulation total
 * (not tied) with regulation plus one overtime (tied), treating margin and total as independent.
 */
import type { FeedMarket, SportEventStatus } from '../shared/sports/feed.ts';
import {
  type Drift,
  type EventContext,
  lastAtOrBefore,
  type MarketKey,
  MINUTE,
  type SportEvent,
} from './event.ts';
import {
  above,
  discreteNormal,
  handicapMarket,
  lineText,
  type Pmf,
  pricedMarket,
  totalMarket,
} from './pricing.ts';

const QUARTER = 12;
const OVERTIME = 5;
const REGULATION = 4 * QUARTER;
/** Real minutes per minute of game clock. */
const STOPPAGE = 2;
/** A basket's points: 1, 2 or 3. */
const POINT_SHARES: readonly [number, number][] = [
  [1, 0.15],
  [2, 0.6],
  [3, 0.25],
];
const MEAN_POINTS = POINT_SHARES.reduce((sum, [v, p]) => sum + v * p, 0);
const MEAN_SQUARE = POINT_SHARES.reduce((sum, [v, p]) => sum + v * v * p, 0);

/** Each side's expected points in regulation: the level, ±2.5 per 100 rating points, ±1.5 at home. */
export function basketballMeans(homeRating: number, awayRating: number, level: number) {
  const edge = 0.025 * (homeRating - awayRating);
  return { home: level + edge + 1.5, away: level - edge - 1.5 };
}

/** The scoring process' rates: baskets per game minute for each side. */
interface Rates {
  home: number;
  away: number;
}

/** A weighted sum of distributions (the weights summing to 1). */
function combine(parts: readonly (readonly [Pmf, number])[]): Pmf {
  const offset = Math.min(...parts.map(([d]) => d.offset));
  const end = Math.max(...parts.map(([d]) => d.offset + d.pmf.length));
  const pmf = new Array<number>(end - offset).fill(0);
  for (const [dist, weight] of parts)
    dist.pmf.forEach((p, i) => {
      pmf[dist.offset + i - offset]! += weight * p;
    });
  return { offset, pmf };
}

/** A distribution without its mass at `value`, renormalised (when anything is left). */
function without(dist: Pmf, value: number): Pmf {
  const at = dist.pmf[value - dist.offset] ?? 0;
  if (at >= 1) return dist;
  return { offset: dist.offset, pmf: dist.pmf.map((p, i) => (dist.offset + i === value ? 0 : p / (1 - at))) };
}

/** The outlook from a score with `left` game minutes to play before the end of regulation (or of an overtime). */
export function basketballOutlook(rates: Rates, homeNow: number, awayNow: number, left: number) {
  const spread = (minutes: number) => ({
    margin: (rates.home - rates.away) * MEAN_POINTS * minutes,
    total: (rates.home + rates.away) * MEAN_POINTS * minutes,
    variance: (rates.home + rates.away) * MEAN_SQUARE * minutes,
  });
  const rest = spread(Math.max(0, left));
  const extra = spread(OVERTIME);
  const regulation = discreteNormal(homeNow - awayNow + rest.margin, Math.sqrt(rest.variance));
  const tie = regulation.pmf[-regulation.offset] ?? 0;
  // The final margin: regulation's, its tie replaced by an overtime's non-zero margin.
  const overtime = without(discreteNormal(extra.margin, Math.sqrt(extra.variance)), 0);
  const margin = combine([
    [without(regulation, 0), 1 - tie],
    [overtime, tie],
  ]);
  const totalNow = homeNow + awayNow + rest.total;
  const total = combine([
    [discreteNormal(totalNow, Math.sqrt(rest.variance)), 1 - tie],
    [discreteNormal(totalNow + extra.total, Math.sqrt(rest.variance + extra.variance)), tie],
  ]);
  return { margin, total };
}

function basketballMarkets(
  outlook: { margin: Pmf; total: Pmf },
  lines: { handicaps: readonly number[]; totals: readonly number[] },
  marginBps: number,
): FeedMarket[] {
  const home = above(outlook.margin, 0);
  return [
    pricedMarket(
      219,
      '',
      [
        { id: '4', p: home },
        { id: '5', p: 1 - home },
      ],
      marginBps,
    ),
    ...lines.handicaps.map((hcp) => handicapMarket(223, outlook.margin, hcp, marginBps)),
    ...lines.totals.map((line) => totalMarket(225, outlook.total, line, marginBps)),
  ];
}

interface Period {
  name: string;
  /** Real offsets. */
  start: number;
  end: number;
  /** Game minutes played when it starts, and its length. */
  clock: number;
  length: number;
}

interface Basket {
  at: number;
  side: 0 | 1;
  points: number;
  period: number;
}

/** A basketball game, played out basket by basket from its random stream. */
export function basketballEvent(ctx: EventContext): SportEvent {
  const means = basketballMeans(ctx.homeRating, ctx.awayRating, ctx.level);
  const rates: Rates = {
    home: means.home / REGULATION / MEAN_POINTS,
    away: means.away / REGULATION / MEAN_POINTS,
  };
  const h0 = Math.floor(-(means.home - means.away)) + 0.5;
  const t0 = Math.floor(means.home + means.away) + 0.5;
  const lines = { handicaps: [h0 - 3, h0, h0 + 3], totals: [t0 - 6, t0, t0 + 6] };

  const rng = ctx.rng('match');
  const real = (minutes: number) => Math.ceil((minutes * MINUTE) / ctx.speed);
  const periods: Period[] = [];
  const baskets: Basket[] = [];
  const score = [0, 0];
  let clockReal = 0;
  let clockGame = 0;
  const play = (name: string, length: number) => {
    const index = periods.length;
    const start = clockReal;
    for (const side of [0, 1] as const) {
      const count = rng.poisson((side === 0 ? rates.home : rates.away) * length);
      for (let i = 0; i < count; i++) {
        const minute = rng.next() * length;
        const u = rng.next();
        const points = u < 0.15 ? 1 : u < 0.75 ? 2 : 3;
        baskets.push({ at: start + real(minute * STOPPAGE), side, points, period: index });
        score[side]! += points;
      }
    }
    clockReal = start + real(length * STOPPAGE);
    periods.push({ name, start, end: clockReal, clock: clockGame, length });
    clockGame += length;
  };
  const pause = (minutes: number) => {
    clockReal += real(minutes);
  };
  play('q1', QUARTER);
  pause(2);
  play('q2', QUARTER);
  pause(15);
  play('q3', QUARTER);
  pause(2);
  play('q4', QUARTER);
  for (let overtimes = 0; score[0] === score[1]; overtimes++) {
    if (overtimes === 5) {
      // Six overtimes never end level here: the last free throw goes in.
      baskets.push({ at: clockReal - 1, side: 0, points: 1, period: periods.length - 1 });
      score[0]!++;
      break;
    }
    pause(2);
    play('ot', OVERTIME);
  }
  baskets.sort((a, b) => a.at - b.at || a.side - b.side);
  const times = baskets.map((b) => b.at);
  const starts = periods.map((p) => p.start);

  const at = (offset: number) => {
    const index = Math.max(0, lastAtOrBefore(starts, offset));
    const period = periods[index]!;
    const inBreak = offset >= period.end;
    const clock = inBreak
      ? period.clock + period.length
      : period.clock + ((offset - period.start) * ctx.speed) / (STOPPAGE * MINUTE);
    const scored = lastAtOrBefore(times, offset);
    const byPeriod = periods.slice(0, index + 1).map(() => ({ home: 0, away: 0 }));
    for (let i = 0; i <= scored; i++) {
      const basket = baskets[i]!;
      const entry = byPeriod[basket.period]!;
      if (basket.side === 0) entry.home += basket.points;
      else entry.away += basket.points;
    }
    const home = byPeriod.reduce((sum, p) => sum + p.home, 0);
    const away = byPeriod.reduce((sum, p) => sum + p.away, 0);
    return {
      index,
      period,
      inBreak,
      clock: Math.min(clock, period.clock + period.length),
      byPeriod,
      home,
      away,
    };
  };

  const statusAt = (offset: number): SportEventStatus => {
    const now = at(offset);
    const name = now.inBreak ? (now.index === 1 ? 'halftime' : 'pause') : now.period.name;
    return {
      status: 'live',
      home_score: now.home,
      away_score: now.away,
      period: name,
      period_scores: now.byPeriod.slice(-10),
      minute: Math.min(200, Math.floor(now.clock)),
    };
  };

  const final = at(clockReal);
  const markets: MarketKey[] = [
    { id: 219, specifiers: '' },
    ...lines.handicaps.map((hcp) => ({ id: 223, specifiers: `hcp=${lineText(hcp)}` })),
    ...lines.totals.map((line) => ({ id: 225, specifiers: `total=${lineText(line)}` })),
  ];
  return {
    markets,
    preMarkets(drift: Drift) {
      const shift = { home: 0.75 * drift.a + 1.5 * drift.b, away: -0.75 * drift.a + 1.5 * drift.b };
      const shifted = {
        home: rates.home + shift.home / REGULATION / MEAN_POINTS,
        away: rates.away + shift.away / REGULATION / MEAN_POINTS,
      };
      return basketballMarkets(basketballOutlook(shifted, 0, 0, REGULATION), lines, ctx.marginBps);
    },
    durationMs: clockReal,
    dangers: [],
    changes: periods.flatMap((p) => [p.start, p.end]).filter((t) => t > 0 && t < clockReal),
    statusAt,
    marketsAt(offset: number) {
      const now = at(offset);
      const end = now.index < 4 ? REGULATION : now.period.clock + now.period.length;
      return basketballMarkets(
        basketballOutlook(rates, now.home, now.away, end - now.clock),
        lines,
        ctx.marginBps,
      );
    },
    final: {
      status: 'ended',
      home_score: final.home,
      away_score: final.away,
      period_scores: final.byPeriod.slice(-10),
    },
  };
}
