import { describe, expect, test } from 'vitest';
import {
  gamePoints,
  gameWin,
  outlookSummary,
  playPoint,
  servePoints,
  TennisModel,
  type TennisState,
  tennisStart,
} from './tennis.ts';

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);

/**
 * The exact distribution of (winner, total games) pushed forward through playPoint, the
 * simulator's own rules, independently of the model's backward recursion: a game is won by the
 * server with gameWin (checked above against the closed form) and played as four straight points
 * for its winner; a tiebreak goes point by point (8-8 folded back to 6-6, the same serve order);
 * finished sets are folded into their total of games.
 */
function forward(pHome: number, pAway: number, first: 0 | 1): Float64Array {
  const out = new Float64Array(80);
  const start: TennisState = {
    ...tennisStart(first),
    games: [
      [0, 0],
      [0, 0],
    ],
  };
  let frontier = new Map([['start', { state: start, p: 1 }]]);
  const holds = [gameWin(pHome, 0, 0), gameWin(pAway, 0, 0)];
  while (frontier.size > 0) {
    const next: typeof frontier = new Map();
    for (const { state, p } of frontier.values()) {
      const receiver = state.server === 0 ? 1 : 0;
      const serve = state.server === 0 ? pHome : pAway;
      const chance = state.tiebreak ? serve : holds[state.server]!;
      for (const [winner, q] of [
        [state.server, p * chance],
        [receiver, p * (1 - chance)],
      ] as [0 | 1, number][]) {
        let step = playPoint(state, winner);
        for (let i = 1; i < 4 && !state.tiebreak; i++) step = playPoint(step.state, winner);
        const after = step.state;
        if (step.ended) {
          const games = after.games.reduce((sum, [h, a]) => sum + h + a, 0);
          out[(after.sets[0] === 2 ? 0 : 40) + games]! += q;
          continue;
        }
        if (q < 1e-16) continue;
        const done = after.games.slice(0, -1).reduce((sum, [h, a]) => sum + h + a, 0);
        const current = after.games.at(-1)!;
        let [h, a] = after.points;
        while (h >= 8 && a >= 8) {
          h -= 2;
          a -= 2;
        }
        const key = `${after.sets}|${done}|${current}|${h},${a}|${+after.tiebreak}${after.server}${after.tiebreakFirst}`;
        const known = next.get(key);
        if (known) known.p += q;
        else next.set(key, { state: { ...after, games: [[done, 0], current], points: [h, a] }, p: q });
      }
    }
    frontier = next;
  }
  return out;
}

describe('tennis model', () => {
  test('a game: 0.5 on serve is even; 0.6 on serve holds 73.57 %', () => {
    expect(gameWin(0.5, 0, 0)).toBeCloseTo(0.5, 12);
    const p = 0.6;
    const q = 0.4;
    const closed = p ** 4 * (1 + 4 * q + 10 * q * q) + 20 * p ** 3 * q ** 3 * ((p * p) / (p * p + q * q));
    expect(gameWin(p, 0, 0)).toBeCloseTo(closed, 12);
    expect(gameWin(p, 0, 0)).toBeCloseTo(0.735729, 6);
    expect(gameWin(p, 3, 3)).toBeCloseTo(0.36 / 0.52, 12);
    expect(gameWin(p, 4, 3)).toBeCloseTo(0.6 + 0.4 * (0.36 / 0.52), 12);
  });

  test('equal players: every set and the match are even, whoever serves first', () => {
    for (const p of [0.6, 0.65, 0.72]) {
      const model = new TennisModel(p, p);
      expect(model.tiebreak(0, 0, 0)).toBeCloseTo(0.5, 12);
      for (const first of [0, 1] as const) {
        expect(outlookSummary(model.outlook(tennisStart(first))).home).toBeCloseTo(0.5, 12);
      }
    }
  });

  test('who serves first does not change the chance of winning (Newton & Keller)', () => {
    const model = new TennisModel(0.67, 0.61);
    const a = outlookSummary(model.outlook(tennisStart(0))).home;
    const b = outlookSummary(model.outlook(tennisStart(1))).home;
    expect(a).toBeCloseTo(b, 12);
    expect(a).toBeGreaterThan(0.6);
    expect(a).toBeLessThan(0.9);
  });

  test('the recursion’s (winner, total games) distribution matches one pushed forward by the simulator’s rules', () => {
    for (const [pHome, pAway, first] of [
      [0.64, 0.6, 0],
      [0.58, 0.7, 1],
    ] as const) {
      const model = new TennisModel(pHome, pAway);
      const exact = model.outlook(tennisStart(first));
      const pushed = forward(pHome, pAway, first);
      expect(sum(exact)).toBeCloseTo(1, 12);
      for (let i = 0; i < 80; i++) expect(exact[i]!, `slot ${i}`).toBeCloseTo(pushed[i]!, 9);
    }
  });

  test('live: from a set and a break up the leader is a heavy favourite; totals follow the games played', () => {
    const model = new TennisModel(0.63, 0.63);
    const state: TennisState = {
      sets: [1, 0],
      games: [
        [6, 3],
        [3, 1],
      ],
      points: [2, 0],
      tiebreak: false,
      server: 0,
      tiebreakFirst: 0,
    };
    const summary = outlookSummary(model.outlook(state));
    expect(summary.home).toBeGreaterThan(0.9);
    expect(sum(summary.games.pmf)).toBeCloseTo(1, 12);
    // 13 games are played already and the second set needs at least 3 more.
    expect(sum(summary.games.pmf.slice(0, 16))).toBe(0);
    // In a tiebreak at 6-5 for home, home serving... the tiebreak's chance is the set's.
    const tb: TennisState = {
      ...state,
      games: [
        [6, 3],
        [6, 6],
      ],
      points: [6, 5],
      tiebreak: true,
      server: 1,
      tiebreakFirst: 0,
    };
    expect(outlookSummary(model.outlook(tb)).games.pmf[22]).toBeCloseTo(model.tiebreak(0, 6, 5), 12);
  });

  test('serve chances come from ratings; scoreboard points read 0/15/30/40/A', () => {
    const even = servePoints(1800, 1800);
    expect(even.home).toBe(even.away);
    const uneven = servePoints(2000, 1700);
    expect(uneven.home).toBeGreaterThan(uneven.away);
    const at = (points: [number, number], tiebreak = false) =>
      gamePoints({ ...tennisStart(0), points, tiebreak });
    expect(at([0, 0])).toEqual({ home: '0', away: '0' });
    expect(at([2, 3])).toEqual({ home: '30', away: '40' });
    expect(at([4, 4])).toEqual({ home: '40', away: '40' });
    expect(at([5, 4])).toEqual({ home: 'A', away: '40' });
    expect(at([6, 5], true)).toEqual({ home: '6', away: '5' });
  });

  test('the tiebreak serve: first point, then two each', () => {
    const servers = Array.from({ length: 9 }, (_, i) => TennisModel.tiebreakServer(0, i));
    expect(servers).toEqual([0, 1, 1, 0, 0, 1, 1, 0, 0]);
  });
});
