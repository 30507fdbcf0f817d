/**
 * Payline evaluation shared by the line games (star-quest, fruit-express): a line pays its symbol's
 * run from the leftmost reel, the wild standing in for any symbol but the scatter.
 */
import type { SlotSymbol, SlotWin } from './types.ts';

export interface LineRules {
  /** Row of each reel, per line. */
  readonly lines: readonly (readonly number[])[];
  /** Pay of `count` in a row, `pays[symbol][count]`, in hundredths of the total stake. */
  readonly pays: Readonly<Record<SlotSymbol, readonly number[]>>;
  readonly wild: SlotSymbol;
  /** Never on a line (undefined when the game has none). */
  readonly scatter?: SlotSymbol;
}

/** The best pay of one line's symbols, left to right: `{ symbol, count, pay }` (pay 0: no win). */
export function linePay(
  symbols: readonly SlotSymbol[],
  rules: LineRules,
): { symbol: SlotSymbol; count: number; pay: number } {
  const { wild, pays } = rules;
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === wild) wilds += 1;
  const wildPay = pays[wild]?.[wilds] ?? 0;
  const symbol = symbols[wilds];
  if (symbol === undefined || symbol === rules.scatter || !pays[symbol]) {
    return { symbol: wild, count: wilds, pay: wildPay };
  }
  let count = wilds + 1;
  while (count < symbols.length && (symbols[count] === symbol || symbols[count] === wild)) count += 1;
  const pay = pays[symbol]![count] ?? 0;
  return pay >= wildPay ? { symbol, count, pay } : { symbol: wild, count: wilds, pay: wildPay };
}

/** Every paying line of `grid[reel][row]`, each win times `multiplier`. */
export function lineWins(
  grid: readonly (readonly SlotSymbol[])[],
  rules: LineRules,
  multiplier: number,
): SlotWin[] {
  const wins: SlotWin[] = [];
  rules.lines.forEach((rows, line) => {
    const { symbol, count, pay } = linePay(
      rows.map((row, reel) => grid[reel]![row]!),
      rules,
    );
    if (pay > 0) {
      const cells = rows.slice(0, count).map((row, reel) => [reel, row] as const);
      wins.push({ kind: 'line', line, symbol, count, cells, win: pay * multiplier });
    }
  });
  return wins;
}

/** `pays` given per line bet (× stake / lines) → hundredths of the total stake. */
export function perLineBet(
  table: Readonly<Record<SlotSymbol, readonly number[]>>,
  lines: number,
): Record<SlotSymbol, readonly number[]> {
  const scale = 100 / lines;
  return Object.fromEntries(
    Object.entries(table).map(([symbol, pays]) => {
      const scaled = pays.map((pay) => pay * scale);
      if (!scaled.every(Number.isInteger)) throw new Error(`${symbol}: pays must be whole hundredths`);
      return [symbol, scaled];
    }),
  );
}
