/**
 * The miner round as the island shows it (docs/api-games.md "Miner"): the tiles opened, the mines
 * once the round has ended, the multiplier now and after the next gem, and the auto-bet pattern.
 * Pure: the island and its tests share it.
 */
import { multiplier, TILES } from '../../games/miner/engine.ts';
import { applyRatio, type Ratio, toDecimal } from '../../games/ratio.ts';
import { fromMinor, toMinor } from '../../shared/money.ts';
import type { BetView } from '../../shared/wire/bets.ts';

export { TILES };
export const DEFAULT_MINES = 3;
export const MINE_COUNTS = Array.from({ length: TILES - 1 }, (_, i) => i + 1);

/** The parts of a miner bet view the board reads. */
export type MinerBet = Pick<BetView<'miner'>, 'id' | 'status' | 'amount' | 'payout' | 'params' | 'outcome'>;

export interface Field {
  betId: string;
  /** Stake as a decimal string in the player's currency. */
  amount: string;
  mines: number;
  /** Tiles opened, in order (an auto-bet: its pattern; a loss: up to the mine). */
  tiles: number[];
  /** Every mine, once the round has ended (empty while it is open). */
  minePositions: number[];
  hit: number | null;
  open: boolean;
  lost: boolean;
  /** Gems opened. */
  gems: number;
  /** What a cash-out pays now (decimal string), null before the first gem or after a loss. */
  cashout: string | null;
}

/** Reads a bet view of the miner API into a field. */
export function readField(bet: MinerBet): Field {
  const { mines } = bet.params;
  const hitAt = bet.outcome.hit === null ? -1 : bet.params.tiles.indexOf(bet.outcome.hit);
  const tiles = hitAt >= 0 ? bet.params.tiles.slice(0, hitAt + 1) : [...bet.params.tiles];
  const lost = bet.outcome.hit !== null;
  const gems = lost ? tiles.length - 1 : tiles.length;
  return {
    betId: bet.id,
    amount: bet.amount,
    mines,
    tiles,
    minePositions: [...bet.outcome.mines],
    hit: bet.outcome.hit,
    open: bet.status === 'active',
    lost,
    gems,
    cashout: lost || gems === 0 ? null : cashoutAmount(bet.amount, mines, gems),
  };
}

/** The multiplier after `gems` gems with `mines` mines, null when that many cannot be opened. */
export function multiplierAt(mines: number, gems: number): Ratio | null {
  return gems >= 1 && gems <= TILES - mines ? multiplier(mines, gems) : null;
}

/** The multiplier shown for `gems` gems: 4 decimals, truncated as the server stores it ("1" before the first). */
export function shownMultiplier(mines: number, gems: number): string {
  const m = multiplierAt(mines, gems);
  return m ? toDecimal(m, 4) : '1';
}

/** What a cash-out pays for `amount` after `gems` gems: amount × multiplier, rounded down. */
export function cashoutAmount(amount: string, mines: number, gems: number): string | null {
  const m = multiplierAt(mines, gems);
  return m ? fromMinor(applyRatio(toMinor(amount), m)) : null;
}

/** Profit a cash-out brings after `gems` gems (decimal string), null before the first. */
export function profitAt(amount: string, mines: number, gems: number): string | null {
  const paid = cashoutAmount(amount, mines, gems);
  return paid === null ? null : fromMinor(toMinor(paid) - toMinor(amount));
}

export type TileState = 'hidden' | 'gem' | 'mine' | 'hit' | 'gemHidden' | 'mineHidden' | 'pattern';

/**
 * How a tile looks: opened gems and the mine that was hit; once the round has ended the mines and
 * gems nobody opened, dimmed; before a round, the tiles of the auto-bet pattern.
 */
export function tileState(field: Field | null, tile: number, pattern: readonly number[] = []): TileState {
  if (!field || (!field.open && field.minePositions.length === 0))
    return pattern.includes(tile) ? 'pattern' : 'hidden';
  if (field.hit === tile) return 'hit';
  const opened = field.tiles.includes(tile);
  if (field.open) return opened ? 'gem' : 'hidden';
  const mine = field.minePositions.includes(tile);
  if (opened) return mine ? 'mine' : 'gem';
  return mine ? 'mineHidden' : 'gemHidden';
}

/** A tile not yet opened, chosen with `random` (in [0, 1)), or null when none is left. */
export function randomTile(field: Field | null, random: () => number = Math.random): number | null {
  const left = Array.from({ length: TILES }, (_, i) => i).filter((tile) => !field?.tiles.includes(tile));
  return left.length === 0 ? null : left[Math.floor(random() * left.length)]!;
}

/** The auto-bet pattern after a click on `tile`: added or removed; at most 25 − mines tiles. */
export function togglePattern(pattern: readonly number[], tile: number, mines: number): number[] {
  if (pattern.includes(tile)) return pattern.filter((t) => t !== tile);
  return pattern.length >= TILES - mines ? [...pattern] : [...pattern, tile];
}

/** Whether the player may open a tile now. */
export function canReveal(field: Field | null): boolean {
  return Boolean(field?.open && field.gems < TILES - field.mines);
}
