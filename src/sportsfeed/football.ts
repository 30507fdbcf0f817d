/**
 * Football in the in-house feed (docs/betting.md "The in-house feed"): each side scores by an
 * independent Poisson process whose rate comes from the two teams' ratings (with home advantage).
 * Prices follow from the distribution of the final score; live, the remaining goals of each side
 * are Poisson with the side's rate scaled by the playing time left, added to the score so far.
 *
 * A match is played out in advance from its own random stream: each half's length (45 minutes
 * plus 1–4 or 2–6 minutes of stoppage time), then each side's number of goals and their moments,
 * uniform over the playing time — exactly the Poisson process the prices assume. Half time lasts
 * 15 minutes and markets stay open through it (the prices do not move while nothing is played).
 */
import type { FeedMarket, SportEventStatus } from '../shared/sports/feed.ts';
import { CORRECT_SCORES } from '../shared/sports/markets.ts';
import {
  type Drift,
  type EventContext,
  lastAtOrBefore,
  type MarketKey,
  MINUTE,
  type SportEvent,
} from './event.ts';
import {
  type Chance,
  EPSILON,
  handicapMarket,
  lineChances,
  lineText,
  oddsOf,
  type Pmf,
  powerMargin,
  pricedMarket,
  totalMarket,
} from './pricing.ts';

/** The totals every football event offers. */
export const FOOTBALL_TOTALS: readonly number[] = [0.5, 1.5, 2, 2.25, 2.5, 2.75, 3, 3.5, 4.5];

const HALF_TIME = 15 * MINUTE;
/** Goals a side can still score that the distribution counts (the tail beyond is below 1e-12). */
const MAX_GOALS = 25;

/**
 * Each side's expected goals in a match: the competition's level, moved by the rating difference
 * (0.25 in log rate per 100 points) and home advantage (+0.12 home, −0.08 away in log rate).
 */
export function footballRates(homeRating: number, awayRating: number, level: number) {
  const diff = homeRating - awayRating;
  return { home: level * Math.exp(0.0025 * diff + 0.12), away: level * Math.exp(-0.0025 * diff - 0.08) };
}

/** The Poisson distribution with this mean over 0…max (normalised: the tail is negligible). */
export function poissonPmf(mean: number, max = MAX_GOALS): number[] {
  if (mean <= 0) return [1];
  const pmf: number[] = [];
  let term = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k <= max; k++) {
    pmf.push(term);
    sum += term;
    term *= mean / (k + 1);
  }
  return pmf.map((p) => p / sum);
}

/** The final score's distribution, as the page's prices need it. */
export interface ScoreChances {
  /** Home win, draw, away win. */
  result: [number, number, number];
  /** Home goals − away goals. */
  margin: Pmf;
  /** Home goals + away goals. */
  total: Pmf;
  /** Both sides score. */
  btts: number;
  /** Each correct score outcome (`0:0` … `4:4`, `other`). */
  scores: Map<string, number>;
}

/**
 * The distribution of the final score when the sides have scored `homeNow` and `awayNow` and are
 * expected to score `homeMean` and `awayMean` more (independent Poisson).
 */
export function scoreChances(homeMean: number, awayMean: number, homeNow = 0, awayNow = 0): ScoreChances {
  const home = poissonPmf(homeMean);
  const away = poissonPmf(awayMean);
  const result: [number, number, number] = [0, 0, 0];
  const marginOffset = homeNow - awayNow - (away.length - 1);
  const margin = new Array<number>(home.length + away.length - 1).fill(0);
  const total = new Array<number>(home.length + away.length - 1).fill(0);
  const listed = new Array<number>(25).fill(0);
  let other = 0;
  let btts = 0;
  home.forEach((ph, i) => {
    away.forEach((pa, j) => {
      const p = ph * pa;
      const h = homeNow + i;
      const a = awayNow + j;
      result[h > a ? 0 : h === a ? 1 : 2] += p;
      margin[h - a - marginOffset]! += p;
      total[i + j]! += p;
      if (h > 0 && a > 0) btts += p;
      if (h <= 4 && a <= 4) listed[h * 5 + a]! += p;
      else other += p;
    });
  });
  // CORRECT_SCORES lists h:a at index 5h + a.
  const scores = new Map<string, number>(CORRECT_SCORES.map((id, i) => [id, listed[i]!]));
  scores.set('other', other);
  return {
    result,
    margin: { offset: marginOffset, pmf: margin },
    total: { offset: homeNow + awayNow, pmf: total },
    btts,
    scores,
  };
}

/** The lines an event offers: 7 handicaps a quarter apart around the balanced one, and the totals. */
export interface FootballLines {
  handicaps: readonly number[];
  totals: readonly number[];
}

/** Home's handicaps around the most balanced quarter line of a pre-match distribution. */
export function footballLines(chances: ScoreChances): FootballLines {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let quarters = -12; quarters <= 12; quarters++) {
    const hcp = quarters / 4;
    const gap = Math.abs(lineChances(chances.margin, -hcp).over - 0.5);
    if (gap < bestGap - 1e-12) {
      best = hcp;
      bestGap = gap;
    }
  }
  return { handicaps: [-3, -2, -1, 0, 1, 2, 3].map((k) => best + k / 4), totals: FOOTBALL_TOTALS };
}

/** The market keys of an event with these lines, in the order its messages list them. */
export function footballMarketKeys(lines: FootballLines): MarketKey[] {
  return [
    { id: 1, specifiers: '' },
    { id: 10, specifiers: '' },
    { id: 11, specifiers: '' },
    ...lines.handicaps.map((hcp) => ({ id: 16, specifiers: `hcp=${lineText(hcp)}` })),
    ...lines.totals.map((line) => ({ id: 18, specifiers: `total=${lineText(line)}` })),
    { id: 29, specifiers: '' },
    { id: 41, specifiers: '' },
  ];
}

/**
 * Every football market priced from a score distribution: 1X2, double chance (from the margined
 * 1X2: each pair's implied probabilities added, so the book sums to 2 × (1 + margin)), draw no bet
 * (the draw refunded), Asian handicaps, totals, both teams to score and the correct score.
 */
export function footballMarkets(
  chances: ScoreChances,
  lines: FootballLines,
  marginBps: number,
): FeedMarket[] {
  const [home, draw, away] = chances.result;
  const result = pricedMarket(
    1,
    '',
    [
      { id: '1', p: home },
      { id: '2', p: draw },
      { id: '3', p: away },
    ],
    marginBps,
  );
  const noDraw = home + away;
  const scores: Chance[] = [...chances.scores].map(([id, p]) => ({ id, p }));
  return [
    result,
    doubleChance(chances.result, result.status === 1, marginBps),
    pricedMarket(
      11,
      '',
      [
        { id: '4', p: noDraw > EPSILON ? home / noDraw : 0 },
        { id: '5', p: noDraw > EPSILON ? away / noDraw : 0 },
      ],
      marginBps,
    ),
    ...lines.handicaps.map((hcp) => handicapMarket(16, chances.margin, hcp, marginBps)),
    ...lines.totals.map((line) => totalMarket(18, chances.total, line, marginBps)),
    pricedMarket(
      29,
      '',
      [
        { id: '74', p: chances.btts },
        { id: '76', p: 1 - chances.btts },
      ],
      marginBps,
    ),
    pricedMarket(41, '', scores, marginBps),
  ];
}

/** Double chance (`9` 1X, `10` 12, `11` X2) priced from the margined 1X2. */
function doubleChance(result: readonly number[], open: boolean, marginBps: number): FeedMarket {
  const [home, draw, away] = result as [number, number, number];
  const pairs: [string, number, number][] = [
    ['9', 0, 1],
    ['10', 0, 2],
    ['11', 1, 2],
  ];
  const implied = powerMargin(result, marginBps / 10_000);
  const fair = [home, draw, away];
  const chances = pairs.map(([id, i, j]) => ({ id, p: fair[i]! + fair[j]!, q: implied[i]! + implied[j]! }));
  if (!open || chances.some((c) => c.p >= 1 - EPSILON)) {
    return {
      id: 10,
      specifiers: '',
      status: -1,
      outcomes: chances.map((c) => ({ id: c.id, probability: round6(c.p), active: false })),
    };
  }
  return {
    id: 10,
    specifiers: '',
    status: 1,
    outcomes: chances.map((c) =>
      c.p <= EPSILON
        ? { id: c.id, probability: 0, active: false }
        : { id: c.id, odds: oddsOf(c.q), probability: round6(c.p), active: true },
    ),
  };
}

const round6 = (p: number) => Math.round(Math.min(1, Math.max(0, p)) * 1e6) / 1e6;

interface Goal {
  /** Real offset after kick-off. */
  at: number;
  side: 'home' | 'away';
  half: 1 | 2;
}

/** A football match, played out from its random stream. */
export function footballEvent(ctx: EventContext): SportEvent {
  const rates = footballRates(ctx.homeRating, ctx.awayRating, ctx.level);
  const lines = footballLines(scoreChances(rates.home, rates.away));
  const rng = ctx.rng('match');
  const seconds = (ms: number) => Math.round(ms / 1000) * 1000;
  const firstHalf = seconds(45 * MINUTE + rng.between(1, 4) * MINUTE);
  const secondHalf = seconds(45 * MINUTE + rng.between(2, 6) * MINUTE);
  const playTime = firstHalf + secondHalf;
  const real = (matchMs: number) => Math.ceil(matchMs / ctx.speed);

  const goals: Goal[] = [];
  for (const side of ['home', 'away'] as const) {
    const count = rng.poisson(rates[side]);
    for (let i = 0; i < count; i++) {
      const played = rng.next() * playTime;
      const half = played < firstHalf ? 1 : 2;
      goals.push({ at: real(half === 1 ? played : played + HALF_TIME), side, half });
    }
  }
  goals.sort((a, b) => a.at - b.at || (a.side === b.side ? 0 : a.side === 'home' ? -1 : 1));
  const goalTimes = goals.map((g) => g.at);

  const halfTimeAt = real(firstHalf);
  const secondHalfAt = real(firstHalf + HALF_TIME);
  const durationMs = real(playTime + HALF_TIME);

  /** Playing time (match ms) at a real offset: frozen during half time. */
  const playedAt = (offset: number) => {
    const match = offset * ctx.speed;
    if (match < firstHalf) return match;
    if (match < firstHalf + HALF_TIME) return firstHalf;
    return Math.min(playTime, match - HALF_TIME);
  };

  const scoreAt = (offset: number) => {
    const upTo = lastAtOrBefore(goalTimes, offset);
    const halves = [
      { home: 0, away: 0 },
      { home: 0, away: 0 },
    ];
    for (let i = 0; i <= upTo; i++) {
      const goal = goals[i]!;
      halves[goal.half - 1]![goal.side]++;
    }
    return halves as [{ home: number; away: number }, { home: number; away: number }];
  };

  const statusAt = (offset: number): SportEventStatus => {
    const [first, second] = scoreAt(offset);
    const base = {
      status: 'live' as const,
      home_score: first.home + second.home,
      away_score: first.away + second.away,
    };
    const match = offset * ctx.speed;
    if (offset < halfTimeAt)
      return {
        ...base,
        period: '1st_half',
        period_scores: [first],
        minute: Math.min(45, Math.floor(match / MINUTE)),
      };
    if (offset < secondHalfAt) return { ...base, period: 'halftime', period_scores: [first], minute: 45 };
    const minute = 45 + Math.floor((match - firstHalf - HALF_TIME) / MINUTE);
    return { ...base, period: '2nd_half', period_scores: [first, second], minute: Math.min(200, minute) };
  };

  const [first, second] = scoreAt(durationMs);
  return {
    markets: footballMarketKeys(lines),
    preMarkets(drift: Drift) {
      const home = rates.home * Math.exp(0.06 * drift.a + 0.04 * drift.b);
      const away = rates.away * Math.exp(-0.06 * drift.a + 0.04 * drift.b);
      return footballMarkets(scoreChances(home, away), lines, ctx.marginBps);
    },
    durationMs,
    dangers: [...new Set(goalTimes)],
    changes: [halfTimeAt, secondHalfAt],
    statusAt,
    marketsAt(offset: number) {
      const status = statusAt(offset);
      const left = (playTime - playedAt(offset)) / playTime;
      const chances = scoreChances(
        rates.home * left,
        rates.away * left,
        status.home_score,
        status.away_score,
      );
      return footballMarkets(chances, lines, ctx.marginBps);
    },
    final: {
      status: 'ended',
      home_score: first.home + second.home,
      away_score: first.away + second.away,
      period_scores: [first, second],
    },
  };
}
