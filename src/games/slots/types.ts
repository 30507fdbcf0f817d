/**
 * The shape every in-house slot shares: what a spin decides (from the player's seed pair and
 * nonce, docs/fairness.md "Slots"), what the game client animates and what the verifier prints.
 * Wins are integers in hundredths of the total stake (`win: 250` pays 2.50 × the stake), so the
 * payout in minor units is `stake × win / 100`, rounded down.
 */

/** The studio's games, by slug (the catalogue's `game_code` is `orbita_<slug with _>`). */
export const SLOT_SLUGS = ['star-quest', 'sugar-storm', 'fruit-express'] as const;
export type SlotSlug = (typeof SLOT_SLUGS)[number];

/** A symbol's id in a game's data (`'A'`, `'W'` for wild, `'S'` for scatter, …). */
export type SlotSymbol = string;

/** One win inside a step: a payline (5×3, 3×3), or a symbol paid anywhere (6×5), or scatters. */
export interface SlotWin {
  kind: 'line' | 'anywhere' | 'scatter';
  /** The payline's index for `line`. */
  line?: number;
  symbol: SlotSymbol;
  /** How many symbols count (in a row from the left for lines; in the grid otherwise). */
  count: number;
  /** The winning cells, `[reel, row]`, row 0 at the top. */
  cells: readonly (readonly [number, number])[];
  /** This win in hundredths of the total stake, after the step's multiplier. */
  win: number;
}

/** One screen the client shows: the base spin, a cascade after it, or a free spin. */
export interface SlotStep {
  kind: 'base' | 'cascade' | 'free';
  /** The symbols shown, `grid[reel][row]`. */
  grid: readonly (readonly SlotSymbol[])[];
  /** The reel stops this step drew (base and free spins; a cascade draws the refill symbols). */
  stops: readonly number[];
  wins: readonly SlotWin[];
  /** The multiplier applied to this step's wins (1 unless a feature says otherwise). */
  multiplier: number;
  /** Free spins still to play after this step (0 outside the feature). */
  freeSpinsLeft: number;
  /** Free spins this step awarded (a trigger or a retrigger). */
  freeSpinsAwarded: number;
}

/** A whole paid spin: the base game and every cascade and free spin it led to. */
export interface SpinResult {
  game: SlotSlug;
  steps: readonly SlotStep[];
  /** The total in hundredths of the stake, capped at the game's maximum win. */
  win: number;
  /** The maximum win stopped the feature early. */
  capped: boolean;
  /** How many floats of the stream the spin read (the verifier draws at least these). */
  floatsUsed: number;
}
