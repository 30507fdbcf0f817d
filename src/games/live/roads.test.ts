import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Winner } from './baccarat.ts';
import { beadPlate, bigRoad, ROAD_ROWS, type RoadResult } from './roads.ts';

const WINNERS: Readonly<Record<string, Winner>> = { P: 'player', B: 'banker', T: 'tie' };

/** Results from marks: "BBPT" is banker, banker, player, tie; no pairs. */
const results = (marks: string): RoadResult[] =>
  [...marks].map((mark) => ({ winner: WINNERS[mark]!, playerPair: false, bankerPair: false }));

/** The big road's cells as "mark column,row" (and "+ties" when there are some). */
const placed = (marks: string) =>
  bigRoad(results(marks)).cells.map(
    (cell) => `${cell.mark} ${cell.column},${cell.row}${cell.ties ? ` +${cell.ties}` : ''}`,
  );

describe('bead plate', () => {
  test('fills 6 rows column by column, one cell a hand, ties included', () => {
    const plate = beadPlate(results('PBTPPBBPBTTBP'));
    expect(plate.map((column) => column.map((cell) => cell.mark).join(''))).toEqual([
      'PBTPPB',
      'BPBTTB',
      'P',
    ]);
    expect(plate.every((column) => column.length <= ROAD_ROWS)).toBe(true);
  });

  test('keeps the pair marks of each hand', () => {
    const plate = beadPlate([
      { winner: 'tie', playerPair: true, bankerPair: false },
      { winner: 'banker', playerPair: false, bankerPair: true },
    ]);
    expect(plate).toEqual([
      [
        { mark: 'T', playerPair: true, bankerPair: false },
        { mark: 'B', playerPair: false, bankerPair: true },
      ],
    ]);
    expect(beadPlate([])).toEqual([]);
  });
});

describe('big road', () => {
  test('a column a run, a tie counted on the cell before it', () => {
    expect(placed('BBPPPTB')).toEqual(['B 0,0', 'B 0,1', 'P 1,0', 'P 1,1', 'P 1,2 +1', 'B 2,0']);
    expect(bigRoad(results('BBPPPTB')).cells.map((cell) => cell.streak)).toEqual([0, 0, 1, 1, 1, 2]);
    expect(bigRoad(results('BBPPPTB')).width).toBe(3);
  });

  test('ties at the start of a shoe are kept apart; a shoe of only ties has no cells', () => {
    const road = bigRoad(results('TTBTTTP'));
    expect(road.leadingTies).toBe(2);
    expect(placed('TTBTTTP')).toEqual(['B 0,0 +3', 'P 1,0']);
    expect(bigRoad(results('TTT'))).toEqual({ cells: [], leadingTies: 3, width: 0 });
    expect(bigRoad([])).toEqual({ cells: [], leadingTies: 0, width: 0 });
  });

  test('a run longer than 6 turns right along the bottom row: the dragon tail', () => {
    expect(placed('BBBBBBBBBTT')).toEqual([
      'B 0,0',
      'B 0,1',
      'B 0,2',
      'B 0,3',
      'B 0,4',
      'B 0,5',
      'B 1,5',
      'B 2,5',
      'B 3,5 +2',
    ]);
    // The next run starts at the top of column 1 and turns right above the tail.
    expect(placed('BBBBBBBBBPPPPPPP').slice(9)).toEqual([
      'P 1,0',
      'P 1,1',
      'P 1,2',
      'P 1,3',
      'P 1,4',
      'P 2,4',
      'P 3,4',
    ]);
  });

  test('nested tails: each run turns right above the one before, and a taken top cell pushes a run right', () => {
    const marks = `${'B'.repeat(10)}${'P'.repeat(9)}${'B'.repeat(8)}${'P'.repeat(7)}${'B'.repeat(6)}PPPB`;
    const cells = placed(marks);
    expect(cells.slice(0, 10).at(-1)).toBe('B 4,5');
    expect(cells.slice(10, 19)).toEqual([
      'P 1,0',
      'P 1,1',
      'P 1,2',
      'P 1,3',
      'P 1,4',
      'P 2,4',
      'P 3,4',
      'P 4,4',
      'P 5,4',
    ]);
    expect(cells.slice(19, 27)).toEqual([
      'B 2,0',
      'B 2,1',
      'B 2,2',
      'B 2,3',
      'B 3,3',
      'B 4,3',
      'B 5,3',
      'B 6,3',
    ]);
    expect(cells.slice(27, 34)).toEqual(['P 3,0', 'P 3,1', 'P 3,2', 'P 4,2', 'P 5,2', 'P 6,2', 'P 7,2']);
    expect(cells.slice(34, 40)).toEqual(['B 4,0', 'B 4,1', 'B 5,1', 'B 6,1', 'B 7,1', 'B 8,1']);
    // A run that cannot go down from its top cell turns at once, along the top row.
    expect(cells.slice(40, 43)).toEqual(['P 5,0', 'P 6,0', 'P 7,0']);
    // Columns 6 and 7 have taken tops, so the next run starts at column 8.
    expect(cells.at(-1)).toBe('B 8,0');
    expect(bigRoad(results(marks)).width).toBe(9);
  });

  test('the first shoe of the known-answer chain ends on a dragon tail of 7 player wins', () => {
    const road = bigRoad(
      results('BBPPBPPBTBPBBPBBBBPPPPPPBPBBTBBBBPBPPPBPTBPPPPPBPPBBPBPTBPBPBBPBPBBPPPBBPPPPPPP'),
    );
    const tail = road.cells.slice(-7);
    expect(tail.map((cell) => cell.row)).toEqual([0, 1, 2, 3, 4, 5, 5]);
    expect(tail[6]!.column).toBe(tail[5]!.column + 1);
    expect(road.cells).toHaveLength(79 - 4);
    expect(road.leadingTies).toBe(0);
  });

  test('pair marks stay on the cell of their hand', () => {
    const road = bigRoad([
      { winner: 'banker', playerPair: true, bankerPair: false },
      { winner: 'tie', playerPair: false, bankerPair: true },
      { winner: 'banker', playerPair: false, bankerPair: true },
    ]);
    expect(road.cells.map((cell) => [cell.playerPair, cell.bankerPair, cell.ties])).toEqual([
      [true, false, 1],
      [false, true, 0],
    ]);
  });

  test('any shoe: cells never overlap, runs go down then right, every hand is accounted for', () => {
    const result = fc.record({
      winner: fc.constantFrom<Winner>('player', 'banker', 'tie'),
      playerPair: fc.boolean(),
      bankerPair: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(result, { maxLength: 150 }), (shoe) => {
        const road = bigRoad(shoe);
        const ties = shoe.filter((r) => r.winner === 'tie').length;
        expect(road.cells).toHaveLength(shoe.length - ties);
        expect(road.leadingTies + road.cells.reduce((sum, cell) => sum + cell.ties, 0)).toBe(ties);
        expect(new Set(road.cells.map((cell) => `${cell.column},${cell.row}`)).size).toBe(road.cells.length);
        let turned = false;
        let start = -1;
        for (const [i, cell] of road.cells.entries()) {
          expect(cell.row).toBeGreaterThanOrEqual(0);
          expect(cell.row).toBeLessThan(ROAD_ROWS);
          const before = road.cells[i - 1];
          if (!before || before.mark !== cell.mark) {
            expect(cell.row).toBe(0);
            expect(cell.column).toBeGreaterThan(start);
            expect(cell.streak).toBe((before?.streak ?? -1) + 1);
            start = cell.column;
            turned = false;
          } else if (cell.column === before.column) {
            expect(turned).toBe(false);
            expect(cell.row).toBe(before.row + 1);
          } else {
            turned = true;
            expect(cell.row).toBe(before.row);
            expect(cell.column).toBeGreaterThan(before.column);
          }
        }
      }),
    );
  });
});
