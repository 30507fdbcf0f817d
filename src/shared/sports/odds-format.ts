/**
 * Odds as a player reads them (docs/betting.md "Pages": decimal, fractional or American, the player's choice).
 * Shared by the server and the pages; no dependencies. Odds travel as integers in hundredths
 * (`185` is decimal 1.85, src/server/modules/betting/settlement.ts), so every conversion here is
 * integer arithmetic and a price shows the same on every page.
 */

/** The formats a player can choose, the first the default. */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;

/** One of `ODDS_FORMATS`. */
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** Whether a stored or sent preference is a format this code knows. */
export function isOddsFormat(value: unknown): value is OddsFormat {
  return typeof value === 'string' && (ODDS_FORMATS as readonly string[]).includes(value);
}

/**
 * The traditional fractional ladder, as British books print it (`[numerator, denominator]`,
 * unreduced where tradition keeps it: 4/6, 6/4, 85/40): a decimal price that rounds to one of
 * these shows it, since a player reads 1.33 as 1/3 and not 33/100. 2/15 is left out: it rounds to
 * 1.13 like 1/8, the better known.
 */
export const FRACTIONAL_LADDER: readonly (readonly [number, number])[] = [
  [1, 100],
  [1, 50],
  [1, 33],
  [1, 25],
  [1, 20],
  [1, 16],
  [1, 14],
  [1, 12],
  [1, 11],
  [1, 10],
  [1, 9],
  [1, 8],
  [1, 7],
  [1, 6],
  [2, 11],
  [1, 5],
  [2, 9],
  [1, 4],
  [2, 7],
  [3, 10],
  [1, 3],
  [4, 11],
  [2, 5],
  [4, 9],
  [1, 2],
  [8, 15],
  [4, 7],
  [8, 13],
  [4, 6],
  [8, 11],
  [4, 5],
  [5, 6],
  [10, 11],
  [1, 1],
  [21, 20],
  [11, 10],
  [6, 5],
  [5, 4],
  [11, 8],
  [6, 4],
  [13, 8],
  [7, 4],
  [15, 8],
  [2, 1],
  [85, 40],
  [9, 4],
  [5, 2],
  [11, 4],
  [3, 1],
  [10, 3],
  [7, 2],
  [4, 1],
  [9, 2],
  [5, 1],
  [11, 2],
  [6, 1],
  [13, 2],
  [7, 1],
  [15, 2],
  [8, 1],
  [17, 2],
  [9, 1],
  [10, 1],
  [11, 1],
  [12, 1],
  [14, 1],
  [16, 1],
  [18, 1],
  [20, 1],
  [25, 1],
  [33, 1],
  [40, 1],
  [50, 1],
  [66, 1],
  [80, 1],
  [100, 1],
  [150, 1],
  [200, 1],
  [250, 1],
  [500, 1],
  [1000, 1],
];

/** A ladder entry's decimal odds in hundredths, rounded half up: 1 + num/den → 100 + 100·num/den. */
const ladderHundredths = (num: number, den: number): number =>
  100 + Math.floor((200 * num + den) / (2 * den));

/** The ladder by the hundredths it shows for (the first entry wins, none share one: see the tests). */
const LADDER = new Map<number, string>();
for (const [num, den] of FRACTIONAL_LADDER) {
  const hundredths = ladderHundredths(num, den);
  if (!LADDER.has(hundredths)) LADDER.set(hundredths, `${num}/${den}`);
}

function gcd(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** Throws on anything but whole hundredths of at least 1.01. */
function checkHundredths(hundredths: number): void {
  if (!Number.isSafeInteger(hundredths) || hundredths < 101)
    throw new RangeError(`Expected odds in hundredths (an integer ≥ 101), received ${hundredths}`);
}

/** `1.85`: always two decimals. */
function decimal(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** The ladder's entry for the price, else the reduced fraction of the profit: 1.85 → 17/20. */
function fractional(hundredths: number): string {
  const ladder = LADDER.get(hundredths);
  if (ladder) return ladder;
  const profit = hundredths - 100;
  const g = gcd(profit, 100);
  return `${profit / g}/${100 / g}`;
}

/**
 * American (moneyline): at 2.00 and above the profit on 100 staked (`+150`), below it the stake
 * that wins 100 (`-200`), rounded half up: 1.85 → −round(100 / 0.85) = `-118`.
 */
function american(hundredths: number): string {
  const profit = hundredths - 100;
  if (profit >= 100) return `+${profit}`;
  return `-${Math.floor((20_000 + profit) / (2 * profit))}`;
}

/**
 * Odds in hundredths in the player's format: `decimal` 1.85, `fractional` 17/20 (evens `1/1`,
 * the traditional ladder where the price matches it to the hundredth), `american` -118. Throws on
 * anything but whole hundredths of at least 1.01, which no price the book offers is.
 */
export function formatOdds(hundredths: number, format: OddsFormat): string {
  checkHundredths(hundredths);
  if (format === 'fractional') return fractional(hundredths);
  if (format === 'american') return american(hundredths);
  return decimal(hundredths);
}
