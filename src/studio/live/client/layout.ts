/**
 * The roulette table's geometry, pure (no DOM): the wheel's constants, which bet a click at a point
 * of the number grid makes, where each inside bet's chips sit, and the racetrack's cells and
 * sectors as SVG paths. The client is served file by file and cannot import the engines, so the
 * few constants it needs are copied here from src/games/live/roulette.ts and
 * src/games/roulette/engine.ts; layout.test.ts checks the copies against the engines.
 */

/** Copy of `WHEEL_ORDER` (src/games/live/roulette.ts): the pockets clockwise from 0. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

/** Copy of `RED_NUMBERS` (src/games/roulette/engine.ts). */
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export const POCKETS = 37;
/** Copy of `MAX_NEIGHBOURS` (src/games/live/roulette.ts); 0 neighbours is a straight bet. */
export const MAX_NEIGHBOURS = 9;

export type PocketColor = 'green' | 'red' | 'black';

export const colorOf = (n: number): PocketColor =>
  n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black';

export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'line';
export type CallBetKind = 'voisins' | 'tiers' | 'orphelins' | 'jeu-zero';
export const CALL_KINDS: readonly CallBetKind[] = ['tiers', 'orphelins', 'voisins', 'jeu-zero'];

/** One spot of a call bet: a plain inside bet and how many chips go on it. */
export interface CallSpot {
  readonly kind: InsideKind;
  readonly numbers: readonly number[];
  readonly chips: number;
}

/** Copy of `CALL_BETS` (src/games/live/roulette.ts), with the chips as plain numbers. */
export const CALL_SPOTS: Readonly<Record<CallBetKind, readonly CallSpot[]>> = {
  voisins: [
    { kind: 'street', numbers: [0, 2, 3], chips: 2 },
    { kind: 'split', numbers: [4, 7], chips: 1 },
    { kind: 'split', numbers: [12, 15], chips: 1 },
    { kind: 'split', numbers: [18, 21], chips: 1 },
    { kind: 'split', numbers: [19, 22], chips: 1 },
    { kind: 'corner', numbers: [25, 26, 28, 29], chips: 2 },
    { kind: 'split', numbers: [32, 35], chips: 1 },
  ],
  tiers: [
    { kind: 'split', numbers: [5, 8], chips: 1 },
    { kind: 'split', numbers: [10, 11], chips: 1 },
    { kind: 'split', numbers: [13, 16], chips: 1 },
    { kind: 'split', numbers: [23, 24], chips: 1 },
    { kind: 'split', numbers: [27, 30], chips: 1 },
    { kind: 'split', numbers: [33, 36], chips: 1 },
  ],
  orphelins: [
    { kind: 'straight', numbers: [1], chips: 1 },
    { kind: 'split', numbers: [6, 9], chips: 1 },
    { kind: 'split', numbers: [14, 17], chips: 1 },
    { kind: 'split', numbers: [17, 20], chips: 1 },
    { kind: 'split', numbers: [31, 34], chips: 1 },
  ],
  'jeu-zero': [
    { kind: 'split', numbers: [0, 3], chips: 1 },
    { kind: 'split', numbers: [12, 15], chips: 1 },
    { kind: 'straight', numbers: [26], chips: 1 },
    { kind: 'split', numbers: [32, 35], chips: 1 },
  ],
};

/** The pockets of each racetrack sector, as runs of the wheel: [first, last] clockwise. */
const SECTOR_RUNS: Readonly<Record<CallBetKind, readonly (readonly [number, number])[]>> = {
  tiers: [[27, 33]],
  orphelins: [
    [17, 6],
    [1, 9],
  ],
  voisins: [[22, 25]],
  'jeu-zero': [[12, 15]],
};

/** The wheel run from `first` to `last` clockwise, both included. */
export function wheelRun(first: number, last: number): number[] {
  const run: number[] = [];
  let at = WHEEL_ORDER.indexOf(first);
  for (;;) {
    const n = WHEEL_ORDER[at]!;
    run.push(n);
    if (n === last) return run;
    at = (at + 1) % POCKETS;
  }
}

/** The pockets a racetrack sector spans on the track (its call bet covers exactly these). */
export const sectorNumbers = (kind: CallBetKind): number[] =>
  SECTOR_RUNS[kind].flatMap(([first, last]) => wheelRun(first, last));

/** `n` and its `k` neighbours each side on the wheel, in wheel order (the engine's `neighbours`). */
export function neighboursOf(n: number, k: number): number[] {
  const at = WHEEL_ORDER.indexOf(n);
  return Array.from({ length: 2 * k + 1 }, (_, i) => WHEEL_ORDER[(at - k + i + 2 * POCKETS) % POCKETS]!);
}

/** An inside bet's place on the grid: its kind and numbers (sorted). */
export interface InsideSpot {
  readonly kind: InsideKind;
  readonly numbers: readonly number[];
}

/** The spot's key, as the engine's `positionOf` names it: "split 5/8", "straight 0". */
export const insideKey = (spot: InsideSpot): string =>
  `${spot.kind} ${[...spot.numbers].sort((a, b) => a - b).join('/')}`;

/**
 * Grid coordinates. The numbers lie in 12 streets of 3: number = 3 × street + place + 1 (street
 * 0-11 holds 1-2-3, place 0-2). `u` runs along the streets (street s spans u ∈ [s, s + 1]; the zero
 * spans u ∈ [−1, 0]); `v` runs across them (place p spans v ∈ [p, p + 1]); v = 0 is the street
 * edge, the outer line beside 1, 4, 7 … 34 where street and six-line bets go.
 */
export const numberAt = (street: number, place: number): number => 3 * street + place + 1;

const near = (value: number, tolerance: number): number | null => {
  const line = Math.round(value);
  return Math.abs(value - line) <= tolerance ? line : null;
};

const street = (s: number): number[] => [numberAt(s, 0), numberAt(s, 1), numberAt(s, 2)];

/**
 * The inside bet a click at (u, v) makes, like chips on a real table: inside a number a straight
 * bet; on the line between two numbers a split; on a crossing of lines a corner; on the street
 * edge a street, or at a crossing of the edge and a line between streets a six line; along the
 * zero's line the splits 0-1, 0-2, 0-3, at its crossings the trios 0-1-2, 0-2-3 and at the edge
 * the first four 0-1-2-3. `tolU` and `tolV` are how close to a line counts as on it, in cells.
 * Returns null outside the grid.
 */
export function gridBetAt(u: number, v: number, tolU = 0.2, tolV = 0.2): InsideSpot | null {
  if (!(u >= -1 && u <= 12 && v >= 0 && v <= 3)) return null;
  const lineU = near(u, tolU);
  // The far edge (beyond 3, 6 … 36) is no bet's line; the street edge is v = 0.
  const lineV = near(v, tolV) === 3 ? null : near(v, tolV);
  if (u < 0 && lineU !== 0) return { kind: 'straight', numbers: [0] };
  const s = Math.min(11, Math.max(0, Math.floor(u)));
  const p = Math.min(2, Math.max(0, Math.floor(v)));
  if (lineU === 0) {
    if (lineV === 0) return { kind: 'corner', numbers: [0, 1, 2, 3] };
    if (lineV === 1) return { kind: 'street', numbers: [0, 1, 2] };
    if (lineV === 2) return { kind: 'street', numbers: [0, 2, 3] };
    return { kind: 'split', numbers: [0, numberAt(0, p)] };
  }
  const between = lineU !== null && lineU >= 1 && lineU <= 11 ? lineU : null;
  if (lineV === 0) {
    if (between !== null) return { kind: 'line', numbers: [...street(between - 1), ...street(between)] };
    return { kind: 'street', numbers: street(s) };
  }
  if (lineV !== null && between !== null) {
    const a = numberAt(between - 1, lineV - 1);
    return { kind: 'corner', numbers: [a, a + 1, a + 3, a + 4] };
  }
  if (lineV !== null) {
    const a = numberAt(s, lineV - 1);
    return { kind: 'split', numbers: [a, a + 1] };
  }
  if (between !== null) {
    const a = numberAt(between - 1, p);
    return { kind: 'split', numbers: [a, a + 3] };
  }
  return { kind: 'straight', numbers: [numberAt(s, p)] };
}

const streetOf = (n: number) => Math.floor((n - 1) / 3);
const placeOf = (n: number) => (n - 1) % 3;

/** Where an inside bet's chips sit in grid coordinates (`gridBetAt` of that point is the bet). */
export function spotAnchor(spot: InsideSpot): { u: number; v: number } {
  const numbers = [...spot.numbers].sort((a, b) => a - b);
  const first = numbers[0] ?? 0;
  const last = numbers.at(-1) ?? 0;
  if (first === 0) {
    if (numbers.length === 1) return { u: -0.5, v: 1.5 };
    if (numbers.length === 4) return { u: 0, v: 0 };
    if (numbers.length === 3) return { u: 0, v: numbers[1] === 1 ? 1 : 2 };
    return { u: 0, v: placeOf(last) + 0.5 };
  }
  const s = streetOf(first);
  const p = placeOf(first);
  switch (spot.kind) {
    case 'straight':
      return { u: s + 0.5, v: p + 0.5 };
    case 'split':
      return last - first === 3 ? { u: s + 1, v: p + 0.5 } : { u: s + 0.5, v: p + 1 };
    case 'street':
      return { u: s + 0.5, v: 0 };
    case 'corner':
      return { u: s + 1, v: p + 1 };
    case 'line':
      return { u: s + 1, v: 0 };
  }
}

/** Every inside spot of the grid (the engine's legal inside bets, in grid order). */
export function insideSpots(): InsideSpot[] {
  const spots: InsideSpot[] = [];
  for (let n = 0; n <= 36; n += 1) spots.push({ kind: 'straight', numbers: [n] });
  spots.push(
    { kind: 'split', numbers: [0, 1] },
    { kind: 'split', numbers: [0, 2] },
    { kind: 'split', numbers: [0, 3] },
    { kind: 'street', numbers: [0, 1, 2] },
    { kind: 'street', numbers: [0, 2, 3] },
    { kind: 'corner', numbers: [0, 1, 2, 3] },
  );
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) spots.push({ kind: 'split', numbers: [n, n + 1] });
    if (n <= 33) spots.push({ kind: 'split', numbers: [n, n + 3] });
    if (n % 3 === 1) spots.push({ kind: 'street', numbers: [n, n + 1, n + 2] });
    if (n <= 32 && n % 3 !== 0) spots.push({ kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] });
    if (n <= 31 && n % 3 === 1) spots.push({ kind: 'line', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] });
  }
  return spots;
}

/** Outside bets and the numbers they cover. */
export type OutsideSpot =
  | { readonly kind: 'dozen' | 'column'; readonly index: 1 | 2 | 3 }
  | { readonly kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' };

export function outsideNumbers(spot: OutsideSpot): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (spot.kind) {
    case 'dozen':
      return all.filter((n) => n > 12 * (spot.index - 1) && n <= 12 * spot.index);
    case 'column':
      return all.filter((n) => placeOf(n) === spot.index - 1);
    case 'red':
      return all.filter((n) => RED_NUMBERS.includes(n));
    case 'black':
      return all.filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
  }
}

export const outsideKey = (spot: OutsideSpot): string =>
  'index' in spot ? `${spot.kind} ${spot.index}` : spot.kind;

/* ------------------------------------------------------------------ the racetrack */

export interface Point {
  x: number;
  y: number;
}

export interface RacetrackShape {
  /** The straight part of the track's centre line. */
  straight: number;
  /** The radius of the centre line's round ends. */
  radius: number;
  /** The track's width (the numbers' band). */
  width: number;
  /** Turned upright (zero at the top) for a phone. */
  upright?: boolean;
  /** Space around the track. */
  margin?: number;
}

export interface RacetrackCell {
  number: number;
  /** An SVG path. */
  d: string;
  center: Point;
}

export interface RacetrackSector {
  kind: CallBetKind;
  d: string;
  center: Point;
}

export interface Racetrack {
  width: number;
  height: number;
  cells: RacetrackCell[];
  sectors: RacetrackSector[];
}

/**
 * The racetrack: a stadium-shaped band with the 37 numbers in wheel order clockwise, the zero at
 * the right end (the top when upright), and inside it the four sectors: tiers (the far end),
 * orphelins, voisins and zéro (jeu zéro, the zero's end; a part of voisins' numbers). Cells are
 * even lengths of the centre line.
 */
export function racetrack(shape: RacetrackShape): Racetrack {
  const { straight: L, radius: R, width: w } = shape;
  const margin = shape.margin ?? 2;
  const P = 2 * L + 2 * Math.PI * R;
  const cell = P / POCKETS;
  const arc = (Math.PI * R) / 2;
  /** The point at centre-line length s (from the rightmost point, clockwise) at offset r from the centre line's axis. */
  const at = (s0: number, r: number): Point => {
    let s = ((s0 % P) + P) % P;
    if (s < arc) {
      const t = s / R;
      return { x: L / 2 + r * Math.cos(t), y: r * Math.sin(t) };
    }
    s -= arc;
    if (s < L) return { x: L / 2 - s, y: r };
    s -= L;
    if (s < 2 * arc) {
      const t = Math.PI / 2 + s / R;
      return { x: -L / 2 + r * Math.cos(t), y: r * Math.sin(t) };
    }
    s -= 2 * arc;
    if (s < L) return { x: -L / 2 + s, y: -r };
    s -= L;
    const t = (3 * Math.PI) / 2 + s / R;
    return { x: L / 2 + r * Math.cos(t), y: r * Math.sin(t) };
  };
  const joints = [0, arc, arc + L, 3 * arc + L, 3 * arc + 2 * L, P];
  /** Centre-line lengths from a to b (a < b) in small steps, the stadium's joints included. */
  const samples = (a: number, b: number): number[] => {
    const points = [a];
    const step = R / 8;
    for (let s = a + step; s < b; s += step) points.push(s);
    for (const base of [-P, 0, P])
      for (const joint of joints) if (joint + base > a && joint + base < b) points.push(joint + base);
    points.push(b);
    return [...new Set(points)].sort((x, y) => x - y);
  };
  const turn = (p: Point): Point => (shape.upright ? { x: p.y, y: -p.x } : p);
  const outer = R + w / 2;
  const inner = R - w / 2;
  const halfW = L / 2 + outer;
  const halfH = outer;
  const offset = shape.upright
    ? { x: halfH + margin, y: halfW + margin }
    : { x: halfW + margin, y: halfH + margin };
  const place = (p: Point): Point => {
    const q = turn(p);
    return { x: q.x + offset.x, y: q.y + offset.y };
  };
  const fmt = (p: Point) => `${p.x.toFixed(2)} ${p.y.toFixed(2)}`;
  const path = (points: Point[]) => `M${points.map(fmt).join('L')}Z`;
  const bbox = (points: Point[]): Point => {
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  };

  const cells = WHEEL_ORDER.map((number, i) => {
    const a = (i - 0.5) * cell;
    const b = (i + 0.5) * cell;
    const ss = samples(a, b);
    const points = [
      ...ss.map((s) => place(at(s, outer))),
      ...[...ss].reverse().map((s) => place(at(s, inner))),
    ];
    return { number, d: path(points), center: place(at(i * cell, R)) };
  });

  /** Boundary b lies between wheel positions b − 1 and b. */
  const edge = (b: number) => (b - 0.5) * cell;
  const innerRun = (from: number, to: number) =>
    samples(edge(from), edge(to < from ? to + POCKETS : to)).map((s) => place(at(s, inner)));
  const pos = (n: number) => WHEEL_ORDER.indexOf(n);
  const sector = (kind: CallBetKind, points: Point[]): RacetrackSector => ({
    kind,
    d: path(points),
    center: bbox(points),
  });
  // Boundaries: 25|17, 6|27, 33|1, 9|22, 28|12, 15|19.
  const b17 = pos(17);
  const b27 = pos(27);
  const b1 = pos(1);
  const b22 = pos(22);
  const b12 = pos(12);
  const b19 = pos(19);
  const sectors = [
    sector('tiers', innerRun(b27, b1)),
    sector('orphelins', [...innerRun(b1, b22), ...innerRun(b17, b27)]),
    sector('voisins', [...innerRun(b22, b12), ...innerRun(b19, b17)]),
    sector('jeu-zero', innerRun(b12, b19)),
  ];
  const size = { w: 2 * halfW + 2 * margin, h: 2 * halfH + 2 * margin };
  return {
    width: shape.upright ? size.h : size.w,
    height: shape.upright ? size.w : size.h,
    cells,
    sectors,
  };
}
