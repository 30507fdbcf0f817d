import { describe, expect, test } from 'vitest';
import { type FeedMarket, feedMarket } from '../shared/sports/feed.ts';
import { CORRECT_SCORES } from '../shared/sports/markets.ts';
import { footballLines, footballMarkets, footballRates, poissonPmf, scoreChances } from './football.ts';
import { lineChances, oddsOf, powerMargin, pricedMarket } from './pricing.ts';

const poisson = (mean: number, k: number) => {
  let p = Math.exp(-mean);
  for (let i = 1; i <= k; i++) p *= mean / i;
  return p;
};
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
/** Σ 1/odds of a market's active outcomes: the book. */
const book = (market: FeedMarket) =>
  sum((market.outcomes ?? []).filter((o) => o.active).map((o) => 1 / o.odds!));

describe('football model', () => {
  test('the score distribution agrees with Poisson values and sums to 1', () => {
    const chances = scoreChances(1.5, 1.1);
    expect(sum(chances.result)).toBeCloseTo(1, 12);
    expect(sum(chances.margin.pmf)).toBeCloseTo(1, 12);
    expect(sum(chances.total.pmf)).toBeCloseTo(1, 12);
    expect(sum(chances.scores.values())).toBeCloseTo(1, 12);
    expect(chances.scores.get('0:0')).toBeCloseTo(Math.exp(-2.6), 12);
    expect(chances.scores.get('2:1')).toBeCloseTo(poisson(1.5, 2) * poisson(1.1, 1), 12);
    // Both score: (1 − e^−1.5)(1 − e^−1.1).
    expect(chances.btts).toBeCloseTo((1 - Math.exp(-1.5)) * (1 - Math.exp(-1.1)), 12);
    // Over 2.5: the total is Poisson(2.6).
    const under = Math.exp(-2.6) * (1 + 2.6 + 2.6 ** 2 / 2);
    expect(lineChances(chances.total, 2.5).over).toBeCloseTo(1 - under, 12);
    expect(1 - under).toBeCloseTo(0.48157, 5);
    let home = 0;
    let draw = 0;
    for (let h = 0; h <= 30; h++)
      for (let a = 0; a <= 30; a++) {
        const p = poisson(1.5, h) * poisson(1.1, a);
        if (h > a) home += p;
        else if (h === a) draw += p;
      }
    expect(chances.result[0]).toBeCloseTo(home, 10);
    expect(chances.result[1]).toBeCloseTo(draw, 10);
    expect(poissonPmf(0)).toEqual([1]);
  });

  test('live: the distribution starts from the score, the remaining goals Poisson', () => {
    const chances = scoreChances(0.4, 0.2, 2, 1);
    expect(chances.scores.get('0:0')).toBe(0);
    expect(chances.scores.get('1:1')).toBe(0);
    expect(chances.scores.get('2:1')).toBeCloseTo(Math.exp(-0.6), 12);
    expect(chances.btts).toBeCloseTo(1, 12);
    expect(chances.result[0]).toBeGreaterThan(0.8);
    const over = lineChances(chances.total, 2.5);
    expect(over.decided).toBe(true);
  });

  test('ratings give the stronger side and the home side more goals', () => {
    const even = footballRates(1700, 1700, 1.35);
    expect(even.home).toBeGreaterThan(even.away);
    const strong = footballRates(1850, 1600, 1.35);
    expect(strong.home / strong.away).toBeGreaterThan(3);
  });

  test('prices carry the margin: each book sums to 1 + margin, a double chance to 2 × (1 + margin)', () => {
    const chances = scoreChances(1.6, 1.05);
    const lines = footballLines(chances);
    for (const marginBps of [600, 300]) {
      const markets = footballMarkets(chances, lines, marginBps);
      const margin = marginBps / 10_000;
      for (const market of markets) {
        feedMarket.parse(market);
        expect(market.status).toBe(1);
        const total = book(market);
        if (market.id === 10) expect(total).toBeCloseTo(2 * (1 + margin), 1);
        else if (market.id === 41) expect(Math.abs(total - (1 + margin))).toBeLessThan(0.02);
        else expect(Math.abs(total - (1 + margin)), `${market.id} ${market.specifiers}`).toBeLessThan(0.012);
      }
    }
  });

  test('the power margin makes the book exact before rounding and leaves zeros alone', () => {
    const implied = powerMargin([0.5, 0.3, 0.2, 0], 0.06);
    expect(sum(implied)).toBeCloseTo(1.06, 10);
    expect(implied[3]).toBe(0);
    // Long shots carry more of it than favourites.
    expect(implied[2]! / 0.2).toBeGreaterThan(implied[0]! / 0.5);
    expect(powerMargin([1, 0], 0.06)).toEqual([1, 0]);
    expect(oddsOf(1)).toBe(1.01);
    expect(oddsOf(1e-9)).toBe(1000);
    expect(oddsOf(1 / 2.345)).toBe(2.35);
  });

  test('a market already decided is suspended; an impossible outcome has no price', () => {
    const decided = pricedMarket(
      29,
      '',
      [
        { id: '74', p: 1 },
        { id: '76', p: 0 },
      ],
      600,
    );
    expect(decided.status).toBe(-1);
    expect(decided.outcomes!.every((o) => !o.active && o.odds === undefined)).toBe(true);
    const live = footballMarkets(scoreChances(0.5, 0.5, 1, 0), footballLines(scoreChances(1.3, 1.2)), 600);
    const correct = live.find((m) => m.id === 41)!;
    expect(correct.status).toBe(1);
    expect(correct.outcomes!.find((o) => o.id === '0:0')).toEqual({
      id: '0:0',
      probability: 0,
      active: false,
    });
    expect(correct.outcomes!.map((o) => o.id)).toEqual([...CORRECT_SCORES, 'other']);
    expect(live.find((m) => m.id === 18 && m.specifiers === 'total=0.5')!.status).toBe(-1);
  });

  test('handicap lines: seven a quarter apart around the balanced one, whole, half and quarter', () => {
    const lines = footballLines(scoreChances(2.1, 0.8));
    expect(lines.handicaps).toHaveLength(7);
    const middle = lines.handicaps[3]!;
    expect(middle).toBeLessThan(0);
    expect(lines.handicaps.map((h) => (h - middle) * 4)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    const kinds = new Set(lines.handicaps.map((h) => Math.round(Math.abs(h) * 4) % 4));
    expect(kinds).toEqual(new Set([0, 1, 2, 3]));
    expect(lines.totals).toEqual(expect.arrayContaining([1.5, 2.25, 2.5, 2.75, 3.5]));
  });

  test('a quarter line prices as half a stake on each neighbour', () => {
    const chances = scoreChances(1.4, 1.4);
    const quarter = lineChances(chances.total, 2.25);
    // Over 2.25 wins on 3+, half-loses on exactly 2: fair odds (1 − r)/w.
    const p2 = chances.total.pmf[2]!;
    const p3up = 1 - sum(chances.total.pmf.slice(0, 3));
    const w = p3up;
    const r = p2 / 2;
    expect(quarter.over).toBeCloseTo(w / (1 - r), 12);
    expect(quarter.over + quarter.under).toBeCloseTo(1, 12);
  });
});
