/**
 * The client's copies of the engines' constants, and the layout's bets against the engines: every
 * bet a click on the grid can make is legal, every legal inside bet can be clicked, the racetrack's
 * sectors and neighbours bets place exactly the engine's spots.
 */
import { describe, expect, test } from 'vitest';
import {
  CALL_BETS,
  MAX_NEIGHBOURS as ENGINE_MAX_NEIGHBOURS,
  WHEEL_ORDER as ENGINE_WHEEL_ORDER,
  expandBet,
  type LiveRouletteBet,
  neighbours,
  positionOf,
  validateLiveBets,
} from '../../../games/live/roulette.ts';
import { coveredPockets, RED_NUMBERS as ENGINE_RED, INSIDE_LAYOUTS } from '../../../games/roulette/engine.ts';
import { type Bet, spotStakes } from './bets.ts';
import {
  CALL_KINDS,
  CALL_SPOTS,
  colorOf,
  gridBetAt,
  insideKey,
  insideSpots,
  MAX_NEIGHBOURS,
  neighboursOf,
  type OutsideSpot,
  outsideKey,
  outsideNumbers,
  RED_NUMBERS,
  racetrack,
  sectorNumbers,
  spotAnchor,
  WHEEL_ORDER,
} from './layout.ts';

const sorted = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);

/** The engine's merged spots of a bet: key → amount. */
function engineSpots(bet: LiveRouletteBet): Map<string, bigint> {
  const spots = new Map<string, bigint>();
  for (const plain of expandBet(bet)) {
    const { key, amount } = positionOf(plain);
    spots.set(key, (spots.get(key) ?? 0n) + amount);
  }
  return spots;
}

const clientSpots = (bet: Bet) => new Map([...spotStakes([bet])].map(([key, spot]) => [key, spot.amount]));

describe('copies of the engines’ constants', () => {
  test('the wheel order, the red numbers and the neighbours limit are the engine’s', () => {
    expect(WHEEL_ORDER).toEqual(ENGINE_WHEEL_ORDER);
    expect(sorted(RED_NUMBERS)).toEqual(sorted([...ENGINE_RED]));
    expect(MAX_NEIGHBOURS).toBe(ENGINE_MAX_NEIGHBOURS);
    for (let n = 0; n <= 36; n += 1)
      expect(colorOf(n)).toBe(n === 0 ? 'green' : ENGINE_RED.has(n) ? 'red' : 'black');
  });

  test('the call bets’ spots are the engine’s CALL_BETS', () => {
    expect(Object.keys(CALL_SPOTS).sort()).toEqual(Object.keys(CALL_BETS).sort());
    for (const kind of CALL_KINDS) {
      expect(CALL_SPOTS[kind].map((spot) => ({ ...spot, chips: BigInt(spot.chips) }))).toEqual(
        CALL_BETS[kind].map((spot) => ({ kind: spot.kind, numbers: [...spot.numbers], chips: spot.chips })),
      );
    }
  });

  test('neighbours on the wheel are the engine’s', () => {
    for (const n of WHEEL_ORDER)
      for (let k = 0; k <= MAX_NEIGHBOURS; k += 1) expect(neighboursOf(n, k)).toEqual(neighbours(n, k));
  });
});

describe('the betting grid', () => {
  test('every point of the grid makes a bet the engine takes, at any line width', () => {
    const seen = new Set<string>();
    for (const [tolU, tolV] of [
      [0.2, 0.2],
      [0.1, 0.3],
      [0.3, 0.12],
    ] as const) {
      for (let i = 0; i <= 520; i += 1) {
        const u = -1 + i / 40;
        for (let j = 0; j <= 120; j += 1) {
          const v = j / 40;
          const spot = gridBetAt(u, v, tolU, tolV);
          expect(spot, `${u}, ${v}`).not.toBeNull();
          const bet = { kind: spot!.kind, numbers: spot!.numbers, amount: 1n } as LiveRouletteBet;
          const check = validateLiveBets([bet]);
          expect(check.ok, `${u.toFixed(3)}, ${v.toFixed(3)} → ${insideKey(spot!)}`).toBe(true);
          seen.add(insideKey(spot!));
        }
      }
    }
    // …and every legal inside bet is reached somewhere.
    const legal = Object.entries(INSIDE_LAYOUTS).flatMap(([kind, layouts]) =>
      layouts.map((numbers) => insideKey({ kind: kind as never, numbers })),
    );
    expect([...seen].sort()).toEqual(legal.sort());
  });

  test('outside the grid there is no inside bet', () => {
    expect(gridBetAt(-1.2, 1)).toBeNull();
    expect(gridBetAt(5, 3.2)).toBeNull();
    expect(gridBetAt(12.5, 1)).toBeNull();
    expect(gridBetAt(5, -0.1)).toBeNull();
  });

  test('each inside spot’s chips sit on a point that makes that very bet', () => {
    const spots = insideSpots();
    const legal = Object.entries(INSIDE_LAYOUTS).flatMap(([kind, layouts]) =>
      layouts.map((numbers) => insideKey({ kind: kind as never, numbers })),
    );
    expect(spots.map(insideKey).sort()).toEqual(legal.sort());
    for (const spot of spots) {
      const { u, v } = spotAnchor(spot);
      const hit = gridBetAt(u, v);
      expect(hit && insideKey(hit), insideKey(spot)).toBe(insideKey(spot));
    }
  });

  test('clicks like a real table: numbers, lines, crossings, the street edge and the zero line', () => {
    const at = (u: number, v: number) => {
      const spot = gridBetAt(u, v);
      return spot && { kind: spot.kind, numbers: sorted(spot.numbers) };
    };
    expect(at(5.5, 1.5)).toEqual({ kind: 'straight', numbers: [17] });
    expect(at(-0.5, 2.9)).toEqual({ kind: 'straight', numbers: [0] });
    expect(at(3, 1.5)).toEqual({ kind: 'split', numbers: [8, 11] });
    expect(at(3.5, 2)).toEqual({ kind: 'split', numbers: [11, 12] });
    expect(at(9, 2)).toEqual({ kind: 'corner', numbers: [26, 27, 29, 30] });
    expect(at(4.5, 0.05)).toEqual({ kind: 'street', numbers: [13, 14, 15] });
    expect(at(10, 0.05)).toEqual({ kind: 'line', numbers: [28, 29, 30, 31, 32, 33] });
    expect(at(0, 0.5)).toEqual({ kind: 'split', numbers: [0, 1] });
    expect(at(0.05, 2.5)).toEqual({ kind: 'split', numbers: [0, 3] });
    expect(at(0, 1)).toEqual({ kind: 'street', numbers: [0, 1, 2] });
    expect(at(0, 2)).toEqual({ kind: 'street', numbers: [0, 2, 3] });
    expect(at(0, 0)).toEqual({ kind: 'corner', numbers: [0, 1, 2, 3] });
    expect(at(12, 1.5)).toEqual({ kind: 'straight', numbers: [35] });
    expect(at(5.5, 3)).toEqual({ kind: 'straight', numbers: [18] });
  });

  test('outside spots cover the engine’s pockets and carry its keys', () => {
    const spots: OutsideSpot[] = [
      { kind: 'dozen', index: 1 },
      { kind: 'dozen', index: 2 },
      { kind: 'dozen', index: 3 },
      { kind: 'column', index: 1 },
      { kind: 'column', index: 2 },
      { kind: 'column', index: 3 },
      { kind: 'red' },
      { kind: 'black' },
      { kind: 'odd' },
      { kind: 'even' },
      { kind: 'low' },
      { kind: 'high' },
    ];
    for (const spot of spots) {
      const bet = { ...spot, amount: 5n } as LiveRouletteBet & { amount: bigint };
      expect(outsideNumbers(spot)).toEqual(coveredPockets(bet as never));
      expect(outsideKey(spot)).toBe(positionOf(bet as never).key);
      expect(validateLiveBets([bet]).ok).toBe(true);
    }
  });
});

describe('the racetrack', () => {
  test('its sectors place exactly the engine’s call bets, and span their pockets on the track', () => {
    for (const kind of CALL_KINDS) {
      for (const chip of [1n, 25n, 12_345_678_901_234_567n]) {
        const bet = { kind, chip } as Bet;
        expect(validateLiveBets([bet as LiveRouletteBet]).ok).toBe(true);
        expect(clientSpots(bet)).toEqual(engineSpots(bet as LiveRouletteBet));
      }
      const covered = new Set(CALL_BETS[kind].flatMap((spot) => spot.numbers));
      expect(sorted(sectorNumbers(kind))).toEqual(sorted([...covered]));
    }
    // Tiers, orphelins and voisins cover the wheel once; jeu zéro lies within voisins.
    const three = [...sectorNumbers('tiers'), ...sectorNumbers('orphelins'), ...sectorNumbers('voisins')];
    expect(sorted(three)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    for (const n of sectorNumbers('jeu-zero')) expect(sectorNumbers('voisins')).toContain(n);
  });

  test('a number with k neighbours places the engine’s neighbours bet (k = 0: a straight bet)', () => {
    for (const n of WHEEL_ORDER) {
      for (let k = 1; k <= MAX_NEIGHBOURS; k += 1) {
        const bet = { kind: 'neighbours', number: n, neighbours: k, chip: 7n } as const;
        expect(validateLiveBets([bet]).ok).toBe(true);
        expect(clientSpots(bet)).toEqual(engineSpots(bet));
      }
    }
  });

  test('its geometry: 37 cells in wheel order clockwise from the zero, four sectors, upright turned', () => {
    for (const upright of [false, true]) {
      const track = racetrack({ straight: 300, radius: 40, width: 28, upright });
      expect(track.cells.map((cell) => cell.number)).toEqual(WHEEL_ORDER);
      expect(track.sectors.map((sector) => sector.kind).sort()).toEqual([...CALL_KINDS].sort());
      for (const item of [...track.cells, ...track.sectors]) {
        expect(item.d).toMatch(/^M[\d. L-]+Z$/);
        expect(item.center.x).toBeGreaterThan(0);
        expect(item.center.x).toBeLessThan(track.width);
        expect(item.center.y).toBeGreaterThan(0);
        expect(item.center.y).toBeLessThan(track.height);
      }
      const zero = track.cells[0]!.center;
      if (upright) {
        expect(track.height).toBeGreaterThan(track.width);
        expect(zero.y).toBeLessThan(track.height / 4); // the zero at the top
      } else {
        expect(track.width).toBeGreaterThan(track.height);
        expect(zero.x).toBeGreaterThan((track.width * 3) / 4); // the zero at the right end
      }
      // Clockwise on screen: the shoelace sum of the cells' centres is positive with y down.
      const centres = track.cells.map((cell) => cell.center);
      const area = centres.reduce((sum, p, i) => {
        const q = centres[(i + 1) % centres.length]!;
        return sum + (p.x * q.y - q.x * p.y);
      }, 0);
      expect(area).toBeGreaterThan(0);
    }
  });
});
