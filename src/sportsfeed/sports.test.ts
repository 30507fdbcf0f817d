import { describe, expect, test } from 'vitest';
import { basketballMeans, basketballOutlook } from './basketball.ts';
import { bestOfThree, MapModel, mapChance, mapWinner, roundChance } from './esports.ts';
import { above, discreteNormal, lineChances, normalCdf } from './pricing.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('basketball model', () => {
  const rates = { home: 112 / 48 / 2.1, away: 108 / 48 / 2.1 };

  test('the normal approximation: distributions sum to 1, the better side favoured', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(sum(discreteNormal(3.2, 11).pmf)).toBeCloseTo(1, 12);
    const pre = basketballOutlook(rates, 0, 0, 48);
    expect(sum(pre.margin.pmf)).toBeCloseTo(1, 12);
    expect(sum(pre.total.pmf)).toBeCloseTo(1, 12);
    // Overtime decides every tie: the final margin is never 0.
    expect(pre.margin.pmf[-pre.margin.offset]).toBe(0);
    const home = above(pre.margin, 0);
    expect(home).toBeGreaterThan(0.55);
    expect(home).toBeLessThan(0.75);
    expect(lineChances(pre.total, 219.5).over).toBeGreaterThan(0.45);
    const means = basketballMeans(1700, 1500, 112);
    expect(means.home - means.away).toBeCloseTo(13, 9);
  });

  test('late in a game a big lead is near certain; a tie at the end goes to overtime', () => {
    expect(above(basketballOutlook(rates, 100, 80, 1).margin, 0)).toBeGreaterThan(0.999);
    const tied = basketballOutlook(rates, 100, 100, 0);
    const home = above(tied.margin, 0);
    expect(home).toBeGreaterThan(0.5);
    expect(home).toBeLessThan(0.6);
    expect(lineChances(tied.total, 200.5).over).toBeGreaterThan(0.99);
  });
});

describe('esports model', () => {
  test('map chance from ratings; rounds: first to 13, overtimes of six', () => {
    expect(mapChance(1700, 1700)).toBe(0.5);
    expect(mapChance(1900, 1500)).toBeCloseTo(1 / 1.1, 12);
    expect(mapWinner(13, 11)).toBe(0);
    expect(mapWinner(10, 13)).toBe(1);
    expect(mapWinner(12, 12)).toBeUndefined();
    expect(mapWinner(13, 12)).toBeUndefined();
    expect(mapWinner(16, 14)).toBe(0);
    expect(mapWinner(15, 15)).toBeUndefined();
    expect(mapWinner(17, 19)).toBe(1);
  });

  test('the round chance reproduces the map chance; equal rounds are an even map', () => {
    expect(new MapModel(0.5).win(0, 0)).toBeCloseTo(0.5, 12);
    expect(new MapModel(0.5).win(12, 12)).toBeCloseTo(0.5, 12);
    const model = roundChance(0.7);
    expect(model.win(0, 0)).toBeCloseTo(0.7, 9);
    expect(model.round).toBeGreaterThan(0.5);
    expect(model.win(12, 0)).toBeGreaterThan(0.999);
    expect(model.win(0, 12)).toBeLessThan(0.01);
  });

  test('best of three: p²(3 − 2p) to win, 2p(1 − p) for a third map', () => {
    const p = 0.62;
    const pre = bestOfThree(0, 0, p, p);
    expect(pre.win).toBeCloseTo(p * p * (3 - 2 * p), 12);
    expect(pre.three).toBeCloseTo(2 * p * (1 - p), 12);
    expect(bestOfThree(1, 1, 0.3, p)).toEqual({ win: 0.3, three: 1 });
    expect(bestOfThree(1, 0, p, p).three).toBeCloseTo(1 - p, 12);
  });
});
