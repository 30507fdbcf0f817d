/**
 * The scoreboards of live baccarat (docs/fairness.md §10), pure functions of a shoe's results in
 * play order: the bead plate (every hand, 6 rows, filled column by column) and the big road
 * (columns of one winner, ties counted on the cell before them, a column longer than 6 turning
 * right along its bottom row: the "dragon tail").
 */
import type { Winner } from './baccarat.ts';

/** What a road needs of a hand. */
export interface RoadResult {
  readonly winner: Winner;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export type Mark = 'P' | 'B' | 'T';

/** Rows of every road. */
export const ROAD_ROWS = 6;

const MARKS: Readonly<Record<Winner, Mark>> = { player: 'P', banker: 'B', tie: 'T' };

export interface BeadCell {
  readonly mark: Mark;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** The bead plate: hand i at column floor(i / 6), row i mod 6; a list of columns, top cell first. */
export function beadPlate(results: readonly RoadResult[]): BeadCell[][] {
  const columns: BeadCell[][] = [];
  for (const [i, result] of results.entries()) {
    if (i % ROAD_ROWS === 0) columns.push([]);
    columns.at(-1)!.push({
      mark: MARKS[result.winner],
      playerPair: result.playerPair,
      bankerPair: result.bankerPair,
    });
  }
  return columns;
}

export interface BigRoadCell {
  readonly mark: 'P' | 'B';
  readonly column: number;
  readonly row: number;
  /** Which run of one winner the cell belongs to, from 0 (a dragon tail keeps its run). */
  readonly streak: number;
  /** Ties dealt after this hand and before the next player or banker win. */
  readonly ties: number;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export interface BigRoad {
  /** Player and banker wins in play order, each at its place on the grid. */
  readonly cells: readonly BigRoadCell[];
  /** Ties before the first player or banker win (a display draws them on the first cell). */
  readonly leadingTies: number;
  /** Grid columns used. */
  readonly width: number;
}

/**
 * The big road. A new winner starts a run at the top of the column after the previous run's start
 * (or the first column on from there whose top cell is free). A run goes down while it is within
 * the 6 rows and the cell below is free; once it cannot, it turns right and keeps going right
 * along that row (past any taken cell). A tie adds one to the `ties` of the last cell.
 */
export function bigRoad(results: readonly RoadResult[]): BigRoad {
  const cells: { -readonly [K in keyof BigRoadCell]: BigRoadCell[K] }[] = [];
  const taken = new Set<string>();
  const isTaken = (column: number, row: number) => taken.has(`${column},${row}`);
  let leadingTies = 0;
  let runStart = -1;
  let streak = -1;
  let turned = false;
  for (const result of results) {
    const last = cells.at(-1);
    if (result.winner === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    const mark = MARKS[result.winner] as 'P' | 'B';
    let column: number;
    let row: number;
    if (!last || last.mark !== mark) {
      column = runStart + 1;
      while (isTaken(column, 0)) column += 1;
      row = 0;
      runStart = column;
      streak += 1;
      turned = false;
    } else if (!turned && last.row + 1 < ROAD_ROWS && !isTaken(last.column, last.row + 1)) {
      column = last.column;
      row = last.row + 1;
    } else {
      turned = true;
      row = last.row;
      column = last.column + 1;
      while (isTaken(column, row)) column += 1;
    }
    taken.add(`${column},${row}`);
    cells.push({
      mark,
      column,
      row,
      streak,
      ties: 0,
      playerPair: result.playerPair,
      bankerPair: result.bankerPair,
    });
  }
  const width = cells.reduce((max, cell) => Math.max(max, cell.column + 1), 0);
  return { cells, leadingTies, width };
}
