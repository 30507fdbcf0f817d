import { describe, expect, test } from 'vitest';
import { settlementOutcome } from '../shared/sports/feed.ts';
import { lineSettlement, settleFootballMarket, settleMarket, splitLine } from './results.ts';

/** Outcome id → [result, void_factor]. */
function table(outcomes: ReturnType<typeof settleFootballMarket>): Record<string, [number, number]> {
  for (const outcome of outcomes) {
    settlementOutcome.parse(outcome);
    expect(outcome.dead_heat_factor).toBe(1);
  }
  return Object.fromEntries(outcomes.map((o) => [o.id, [o.result, o.void_factor]]));
}

const WON: [number, number] = [1, 0];
const LOST: [number, number] = [0, 0];
const PUSH: [number, number] = [0, 1];
const HALF_WON: [number, number] = [1, 0.5];
const HALF_LOST: [number, number] = [0, 0.5];

describe('football results', () => {
  test('quarter lines split into the neighbouring lines; others stay whole', () => {
    expect(splitLine(2.25)).toEqual([2, 2.5]);
    expect(splitLine(-0.75)).toEqual([-1, -0.5]);
    expect(splitLine(2.5)).toEqual([2.5]);
    expect(splitLine(-1)).toEqual([-1]);
    expect(() => splitLine(2.3)).toThrow();
  });

  test.each([
    // total, home, away, over, under
    [2.25, 1, 1, HALF_LOST, HALF_WON],
    [2.25, 2, 0, HALF_LOST, HALF_WON],
    [2.25, 2, 1, WON, LOST],
    [2.25, 1, 0, LOST, WON],
    [2.75, 2, 1, HALF_WON, HALF_LOST],
    [2.75, 1, 1, LOST, WON],
    [2.75, 3, 1, WON, LOST],
    [2, 1, 1, PUSH, PUSH],
    [2, 3, 0, WON, LOST],
    [2.5, 1, 1, LOST, WON],
    [2.5, 2, 1, WON, LOST],
    [0.5, 0, 0, LOST, WON],
    [1.75, 1, 1, HALF_WON, HALF_LOST],
  ])('total %s with %s:%s → over %j, under %j', (line, home, away, over, under) => {
    expect(table(settleFootballMarket(18, `total=${line}`, home, away))).toEqual({ '12': over, '13': under });
  });

  test.each([
    // hcp (home's), home, away, home outcome, away outcome
    [-0.75, 1, 0, HALF_WON, HALF_LOST],
    [-0.75, 2, 0, WON, LOST],
    [-0.75, 1, 1, LOST, WON],
    [-0.25, 1, 1, HALF_LOST, HALF_WON],
    [-0.25, 1, 0, WON, LOST],
    [0.25, 1, 1, HALF_WON, HALF_LOST],
    [0.25, 0, 1, LOST, WON],
    [0.75, 0, 1, HALF_LOST, HALF_WON],
    [1.25, 0, 1, HALF_WON, HALF_LOST],
    [-1.25, 2, 1, HALF_LOST, HALF_WON],
    [-1, 2, 1, PUSH, PUSH],
    [-1, 3, 1, WON, LOST],
    [0, 2, 2, PUSH, PUSH],
    [-0.5, 1, 1, LOST, WON],
    [-1.5, 3, 1, WON, LOST],
    [1, 0, 1, PUSH, PUSH],
  ])('handicap %s with %s:%s → home %j, away %j', (hcp, home, away, homeResult, awayResult) => {
    expect(table(settleFootballMarket(16, `hcp=${hcp}`, home, away))).toEqual({
      '1714': homeResult,
      '1715': awayResult,
    });
  });

  test('1X2, double chance, draw no bet and both teams to score', () => {
    expect(table(settleFootballMarket(1, '', 2, 1))).toEqual({ '1': WON, '2': LOST, '3': LOST });
    expect(table(settleFootballMarket(1, '', 1, 1))).toEqual({ '1': LOST, '2': WON, '3': LOST });
    expect(table(settleFootballMarket(10, '', 0, 0))).toEqual({ '9': WON, '10': LOST, '11': WON });
    expect(table(settleFootballMarket(10, '', 0, 2))).toEqual({ '9': LOST, '10': WON, '11': WON });
    expect(table(settleFootballMarket(11, '', 1, 1))).toEqual({ '4': PUSH, '5': PUSH });
    expect(table(settleFootballMarket(11, '', 0, 1))).toEqual({ '4': LOST, '5': WON });
    expect(table(settleFootballMarket(29, '', 1, 1))).toEqual({ '74': WON, '76': LOST });
    expect(table(settleFootballMarket(29, '', 3, 0))).toEqual({ '74': LOST, '76': WON });
  });

  test('correct score: the exact score wins, past 4 goals a side `other` does', () => {
    const exact = table(settleFootballMarket(41, '', 2, 1));
    expect(Object.keys(exact)).toHaveLength(26);
    expect(Object.entries(exact).filter(([, r]) => r[0] === 1)).toEqual([['2:1', WON]]);
    const other = table(settleFootballMarket(41, '', 5, 0));
    expect(Object.entries(other).filter(([, r]) => r[0] === 1)).toEqual([['other', WON]]);
    expect(table(settleFootballMarket(41, '', 4, 4))['4:4']).toEqual(WON);
  });

  test('a market needs its line, and only the catalogue’s markets settle', () => {
    expect(() => settleFootballMarket(18, '', 1, 1)).toThrow();
    expect(() => settleFootballMarket(186, '', 1, 1)).toThrow();
    expect(() => settleMarket('tennis', 1, '', { home_score: 2, away_score: 0 })).toThrow();
  });

  test('half won and half lost together cannot come from a whole score', () => {
    for (let value = -6; value <= 6; value++)
      for (let quarters = -16; quarters <= 16; quarters++)
        expect(() => lineSettlement(value, quarters / 4)).not.toThrow();
  });
});

describe('other sports’ results', () => {
  test('tennis: the winner by sets, total games counting a tiebreak as one', () => {
    const score = {
      home_score: 2,
      away_score: 1,
      period_scores: [
        { home: 6, away: 4 },
        { home: 6, away: 7 },
        { home: 6, away: 3 },
      ],
    };
    expect(table(settleMarket('tennis', 186, '', score))).toEqual({ '4': WON, '5': LOST });
    // 10 + 13 + 9 = 32 games.
    expect(table(settleMarket('tennis', 189, 'total=31.5', score))).toEqual({ '12': WON, '13': LOST });
    expect(table(settleMarket('tennis', 189, 'total=32.5', score))).toEqual({ '12': LOST, '13': WON });
    // Without the sets' games there is no total to settle on.
    expect(() => settleMarket('tennis', 189, 'total=32.5', { home_score: 2, away_score: 1 })).toThrow();
  });

  test('basketball: winner, handicap and total including overtime', () => {
    const score = { home_score: 104, away_score: 98 };
    expect(table(settleMarket('basketball', 219, '', score))).toEqual({ '4': WON, '5': LOST });
    expect(table(settleMarket('basketball', 223, 'hcp=-5.5', score))).toEqual({ '1714': WON, '1715': LOST });
    expect(table(settleMarket('basketball', 223, 'hcp=-6.5', score))).toEqual({ '1714': LOST, '1715': WON });
    expect(table(settleMarket('basketball', 223, 'hcp=-6', score))).toEqual({ '1714': PUSH, '1715': PUSH });
    expect(table(settleMarket('basketball', 225, 'total=201.5', score))).toEqual({ '12': WON, '13': LOST });
  });

  test('esports: winner by maps and total maps', () => {
    expect(table(settleMarket('esports', 186, '', { home_score: 1, away_score: 2 }))).toEqual({
      '4': LOST,
      '5': WON,
    });
    expect(table(settleMarket('esports', 328, 'total=2.5', { home_score: 1, away_score: 2 }))).toEqual({
      '12': WON,
      '13': LOST,
    });
    expect(table(settleMarket('esports', 328, 'total=2.5', { home_score: 2, away_score: 0 }))).toEqual({
      '12': LOST,
      '13': WON,
    });
  });
});
