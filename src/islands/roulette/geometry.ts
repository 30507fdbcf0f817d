/**
 * Where the table's cells and hit zones are drawn, in SVG units, for the wide table (desktop: the
 * streets run left to right, outside bets below) and the tall one (phones: the streets run top to
 * bottom, outside bets on the left). Both are laid out on two axes:
 * - L along the streets: the zero, then 12 streets, then the "2 to 1" column bets;
 * - S across them: the even-money strip, the dozens, a rail for street and six-line chips, then
 *   the three positions of a street.
 * Hit zones of lines and corners are strips of ±`edge` around the lines between numbers.
 */
import { A_MAX, type InsideSpot, type OutsideSpot } from './spots.ts';

export type Orientation = 'wide' | 'tall';

interface Dimensions {
  /** Street length along L, position width along S. */
  street: number;
  position: number;
  zero: number;
  columnBet: number;
  evenStrip: number;
  dozenStrip: number;
  rail: number;
  edge: number;
  chip: number;
}

const DIMENSIONS: Record<Orientation, Dimensions> = {
  wide: {
    street: 60,
    position: 60,
    zero: 56,
    columnBet: 60,
    evenStrip: 48,
    dozenStrip: 48,
    rail: 14,
    edge: 10,
    chip: 16,
  },
  tall: {
    street: 44,
    position: 66,
    zero: 48,
    columnBet: 44,
    evenStrip: 42,
    dozenStrip: 42,
    rail: 12,
    edge: 9,
    chip: 14,
  },
};

const PAD = 2;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TableGeometry {
  orientation: Orientation;
  width: number;
  height: number;
  chipRadius: number;
  /** The visible cell of a number 0-36. */
  numberCell(n: number): Rect;
  /** The visible (and clickable) box of an outside bet. */
  outsideCell(spot: OutsideSpot): Rect;
  /** The clickable zone of an inside spot. */
  hitZone(spot: InsideSpot): Rect;
  /** Where a spot's chip stack is drawn. */
  anchor(spot: InsideSpot | OutsideSpot): { x: number; y: number };
}

type Span = readonly [number, number];

/** The geometry of one table orientation. */
export function tableGeometry(orientation: Orientation): TableGeometry {
  const d = DIMENSIONS[orientation];
  const gridStart = d.evenStrip + d.dozenStrip + d.rail;
  const lengthL = d.zero + 12 * d.street + d.columnBet;
  const lengthS = gridStart + 3 * d.position;

  const rect = ([l0, l1]: Span, [s0, s1]: Span): Rect =>
    orientation === 'wide'
      ? { x: PAD + l0, y: PAD + lengthS - s1, width: l1 - l0, height: s1 - s0 }
      : { x: PAD + s0, y: PAD + l0, width: s1 - s0, height: l1 - l0 };

  const streetSpan = (s: number): Span => [d.zero + s * d.street, d.zero + (s + 1) * d.street];
  const positionSpan = (p: number): Span => [gridStart + p * d.position, gridStart + (p + 1) * d.position];

  /** Hit span along L of lattice column `a`. */
  const spanA = (a: number): Span => {
    if (a === -1) return [0, d.zero - d.edge];
    if (a % 2 === 0) {
      const line = d.zero + (a / 2) * d.street;
      return [line - d.edge, line + d.edge];
    }
    const [l0, l1] = streetSpan((a - 1) / 2);
    return [l0 + d.edge, a === A_MAX ? l1 : l1 - d.edge];
  };

  /** Hit span along S of lattice row `b`. */
  const spanB = (b: number): Span => {
    if (b === 0) return [gridStart - d.rail, gridStart + d.edge];
    if (b % 2 === 0) {
      const line = gridStart + (b / 2) * d.position;
      return [line - d.edge, line + d.edge];
    }
    const [s0, s1] = positionSpan((b - 1) / 2);
    return [s0 + d.edge, b === 5 ? s1 : s1 - d.edge];
  };

  const numberCell = (n: number): Rect => {
    if (n === 0) return rect([0, d.zero], [gridStart, lengthS]);
    return rect(streetSpan(Math.floor((n - 1) / 3)), positionSpan((n - 1) % 3));
  };

  const outsideCell = (spot: OutsideSpot): Rect => {
    const gridL = (from: number, to: number): Span => [d.zero + from * d.street, d.zero + to * d.street];
    if (spot.kind === 'column') {
      return rect([d.zero + 12 * d.street, lengthL], positionSpan(spot.index - 1));
    }
    if (spot.kind === 'dozen') {
      return rect(gridL(4 * (spot.index - 1), 4 * spot.index), [d.evenStrip, d.evenStrip + d.dozenStrip]);
    }
    const order = ['low', 'even', 'red', 'black', 'odd', 'high'].indexOf(spot.kind);
    return rect(gridL(2 * order, 2 * order + 2), [0, d.evenStrip]);
  };

  const hitZone = (spot: InsideSpot): Rect =>
    spot.kind === 'straight' && spot.numbers[0] === 0
      ? rect(spanA(-1), [gridStart, lengthS])
      : rect(spanA(spot.a), spanB(spot.b));

  const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

  return {
    orientation,
    width: (orientation === 'wide' ? lengthL : lengthS) + 2 * PAD,
    height: (orientation === 'wide' ? lengthS : lengthL) + 2 * PAD,
    chipRadius: d.chip,
    numberCell,
    outsideCell,
    hitZone,
    anchor: (spot) => {
      if (!('numbers' in spot)) {
        const r = outsideCell(spot);
        if (spot.kind === 'column') return centre(r);
        // Towards the far end of the box, so its label or diamond stays readable under the chips.
        return orientation === 'wide'
          ? { x: r.x + r.width * 0.82, y: r.y + r.height / 2 }
          : { x: r.x + r.width / 2, y: r.y + r.height * 0.82 };
      }
      if (spot.kind === 'straight') return centre(numberCell(spot.numbers[0]!));
      // Streets, six-lines and the first four sit on the grid's outer line.
      if (spot.b === 0) {
        const [l0, l1] = spanA(spot.a);
        return centre(rect([l0, l1], [gridStart - 1, gridStart + 1]));
      }
      return centre(hitZone(spot));
    },
  };
}
