/**
 * Sugar Storm: 6 reels × 5 rows that pay anywhere: 8 or more of a symbol anywhere on the screen pay
 * (8-9, 10-11, 12+). Winning symbols burst, the rest fall, and each reel refills from its strip,
 * continuing upward from the symbol above its window as if the reel rolled on (no float is read).
 * The tumble goes on while it wins. 4+ S (scatters, never burst) at the end of the base tumble
 * award 10 free spins, 3+ in a free spin 5 more. Free spins use their own strips, which carry
 * multiplier symbols (never burst): at the end of a free spin's tumble the values of those on
 * screen add up and multiply the tumble's win (docs/slots-maths.md "Sugar Storm").
 */
import { type Cell, type FloatSource, MAX_WIN, stopOf, windowOf } from './stream.ts';
import type { SlotStep, SlotWin, SpinResult } from './types.ts';

export const REELS = 6;
export const ROWS = 5;
export const SCATTER = 'S';
export const MIN_COUNT = 8;
/** Heart, purple, green, blue candies; apple, plum, melon, grapes, banana; scatter; multipliers. */
export const SYMBOLS = [
  'H',
  'P',
  'G',
  'B',
  'A',
  'U',
  'M',
  'R',
  'N',
  'S',
  'x2',
  'x3',
  'x5',
  'x10',
  'x25',
] as const;

/** Multiplier symbols as written in the strips (one character each) → their symbol. */
const MULTIPLIER_CODES: Readonly<Record<string, string>> = {
  '2': 'x2',
  '3': 'x3',
  '5': 'x5',
  '0': 'x10',
  Y: 'x25',
};

/** The value of a multiplier symbol, or 0. */
export function multiplierOf(symbol: string): number {
  return symbol.startsWith('x') ? Number(symbol.slice(1)) : 0;
}

function strip(text: string): readonly string[] {
  return [...text.replaceAll(' ', '')].map((c) => MULTIPLIER_CODES[c] ?? c);
}

/** Pays for 8-9, 10-11 and 12+ anywhere, in hundredths of the stake. */
export const PAYS: Readonly<Record<string, readonly [number, number, number]>> = {
  H: [1_050, 2_600, 5_250],
  P: [260, 1_050, 2_600],
  G: [210, 520, 1_550],
  B: [155, 210, 1_250],
  A: [105, 155, 1_050],
  U: [87, 127, 850],
  M: [54, 105, 520],
  R: [40, 95, 420],
  N: [25, 80, 210],
};

export const TRIGGER_SCATTERS = 4;
export const FREE_SPINS = 10;
export const RETRIGGER_SCATTERS = 3;
export const RETRIGGER_SPINS = 5;
/** A feature plays at most this many free spins (later awards are dropped), so every spin ends. */
export const MAX_FREE_SPINS = 100;

export const BASE_STRIPS: readonly (readonly string[])[] = [
  strip('UANMMANRBBRNPNMUMSNUNMMGRMRNAHUAGBRRNURPPRBMANUGNURNMNHR'),
  strip('MMMPRMAGMNRRRPRABGUMNNBNUMRBSRRARNUNHNBAGNNUUMUNPNANRUMH'),
  strip('BHNMRRBGGMURNNANRANPMNNURNHMANAURBSPRMNRNMRRMUUBMMNGAUPU'),
  strip('GGUHNNUUMBRUPRBAMRNHMRMURPMPMMNBNNAMNAGMNRRNUNNURANARBSR'),
  strip('MUAMPBNUGBGMANURNBMMAMRARRPNUMURBRNURNSMRAMNUNNPNHRRNHGN'),
  strip('NPNNNBGRMMUURBRMUBMNSUMRMRUUNMMGRNHNPRAAAHNRGPUAANMNRNRB'),
];

export const FREE_STRIPS: readonly (readonly string[])[] = [
  strip('NRM2MURNHU3BRBMRBAPUANMNM5NNRURSGRGMNAUANNP'),
  strip('UGMURUBNMNNR2GNNARA3NBMRUNMA5MHPPUSMRARBNNR'),
  strip('NBMHN5RNUUMRBUNPBMNNG2AARANRPRRUMRSAMMGNUN'),
  strip('MMMPNMNMUNHGUSNBBAPUU3RANRRG2NRMARANUNNRRB0'),
  strip('NPMUU3MNNGBRSNGMMA2NBNHUA0PRARRRNANRMURMNUB'),
  strip('RNNBUMRMYRNRMRR2GNUHMMAMNNBNGABPNSAPUUUNA5R'),
];

/** The pay of `count` of `symbol` anywhere (0 under 8 or for a symbol that does not pay). */
export function payOf(symbol: string, count: number): number {
  const pays = PAYS[symbol];
  if (!pays || count < MIN_COUNT) return 0;
  return pays[count >= 12 ? 2 : count >= 10 ? 1 : 0];
}

/** Every paying symbol of the screen (before any multiplier). */
export function anywhereWins(grid: readonly (readonly string[])[]): SlotWin[] {
  const cells = new Map<string, Cell[]>();
  grid.forEach((column, reel) => {
    column.forEach((symbol, row) => {
      if (PAYS[symbol]) cells.set(symbol, [...(cells.get(symbol) ?? []), [reel, row]]);
    });
  });
  const wins: SlotWin[] = [];
  for (const [symbol, found] of cells) {
    const win = payOf(symbol, found.length);
    if (win > 0) wins.push({ kind: 'anywhere', symbol, count: found.length, cells: found, win });
  }
  return wins;
}

/**
 * Bursts the winning cells: the rest of each reel falls, and the reel refills from its strip above
 * the window (`feed[reel]` is the strip index of the next symbol to drop; it moves up). Returns the
 * new screen and, per reel, the strip index of its top symbol (a cascade's `stops`).
 */
export function tumble(
  grid: readonly (readonly string[])[],
  wins: readonly SlotWin[],
  strips: readonly (readonly string[])[],
  feed: number[],
): { grid: string[][]; stops: number[] } {
  const burst = new Set(wins.flatMap((win) => win.cells.map(([reel, row]) => reel * ROWS + row)));
  const next = grid.map((column, reel) => {
    const kept = column.filter((_, row) => !burst.has(reel * ROWS + row));
    const reelStrip = strips[reel]!;
    const fresh: string[] = [];
    while (fresh.length + kept.length < ROWS) {
      fresh.unshift(reelStrip[feed[reel]!]!);
      feed[reel] = (feed[reel]! - 1 + reelStrip.length) % reelStrip.length;
    }
    return [...fresh, ...kept];
  });
  return { grid: next, stops: feed.map((f, reel) => (f + 1) % strips[reel]!.length) };
}

const count = (grid: readonly (readonly string[])[], test: (symbol: string) => boolean) =>
  grid.reduce((sum, column) => sum + column.filter(test).length, 0);

/** One screen and its tumbles; in free spins the multipliers on the last screen multiply the wins. */
export function playTumble(
  floats: FloatSource,
  free: boolean,
  freeSpinsLeft: number,
): { steps: SlotStep[]; win: number; scatters: number } {
  const strips = free ? FREE_STRIPS : BASE_STRIPS;
  const stops = strips.map((reel) => stopOf(floats.next(), reel.length));
  let grid = strips.map((reel, i) => windowOf(reel, stops[i]!, ROWS));
  const feed = stops.map((stop, reel) => (stop - 1 + strips[reel]!.length) % strips[reel]!.length);
  const screens: { grid: string[][]; stops: number[]; wins: SlotWin[] }[] = [];
  let stepStops = stops;
  let raw = 0;
  for (;;) {
    const wins = anywhereWins(grid);
    screens.push({ grid, stops: stepStops, wins });
    if (wins.length === 0) break;
    raw += wins.reduce((sum, win) => sum + win.win, 0);
    // A tumble that already pays the cap ends (its multipliers could only raise it).
    if (raw >= MAX_WIN) break;
    ({ grid, stops: stepStops } = tumble(grid, wins, strips, feed));
  }
  // In free spins, the multipliers on the last screen add up and multiply the tumble's win.
  const total = free ? grid.flat().reduce((acc, symbol) => acc + multiplierOf(symbol), 0) : 0;
  const multiplier = raw > 0 && total > 0 ? total : 1;
  const steps: SlotStep[] = screens.map((screen, i) => ({
    kind: i > 0 ? 'cascade' : free ? 'free' : 'base',
    grid: screen.grid,
    stops: screen.stops,
    wins: screen.wins.map((win) => ({ ...win, win: win.win * multiplier })),
    multiplier,
    freeSpinsLeft,
    freeSpinsAwarded: 0,
  }));
  return { steps, win: raw * multiplier, scatters: count(grid, (symbol) => symbol === SCATTER) };
}

/** A paid spin and its free spins; the total stops at `MAX_WIN`, which ends the feature. */
export function spinSugarStorm(floats: FloatSource): Omit<SpinResult, 'floatsUsed'> {
  const steps: SlotStep[] = [];
  let total = 0;
  let left = 0;
  let played = 0;
  let free = false;
  do {
    if (free) {
      left -= 1;
      played += 1;
    }
    const tumble = playTumble(floats, free, left);
    total += tumble.win;
    const offered = free
      ? tumble.scatters >= RETRIGGER_SCATTERS
        ? RETRIGGER_SPINS
        : 0
      : tumble.scatters >= TRIGGER_SCATTERS
        ? FREE_SPINS
        : 0;
    const awarded = Math.min(offered, MAX_FREE_SPINS - played - left);
    left = total >= MAX_WIN ? 0 : left + awarded;
    const last = tumble.steps[tumble.steps.length - 1]!;
    tumble.steps[tumble.steps.length - 1] = { ...last, freeSpinsLeft: left, freeSpinsAwarded: awarded };
    steps.push(...tumble.steps);
    free = true;
  } while (left > 0);
  return { game: 'sugar-storm', steps, win: Math.min(total, MAX_WIN), capped: total >= MAX_WIN };
}
