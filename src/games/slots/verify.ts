/**
 * The slots' part of the outcome verifier (src/games/verifier.ts, `npm run verify -- star-quest …`,
 * the /fairness page): replays a spin from its seeds with the engine and describes every screen.
 * The browser draws floats asynchronously, so the spin runs over pre-drawn floats: one block first,
 * then twice as many until the spin fits (a spin's length depends on its own outcome).
 */
import type { RollInput } from '../fair/seeds.ts';
import { type SlotSlug, type SpinResult, spinSlot } from './index.ts';
import { arrayFloatSource, StreamExhausted } from './stream.ts';
import { SLOT_SLUGS } from './types.ts';

export type { SlotSlug } from './types.ts';

/** Floats drawn before the first try: one HMAC block (a spin without a feature needs 3 to 6). */
export const SLOT_FIRST_DRAW = 8;

/** Every slot takes the seed pair and nonce. */
export const SLOT_OPTIONS: Readonly<Record<SlotSlug, readonly string[]>> = Object.fromEntries(
  SLOT_SLUGS.map((slug) => [slug, ['server-seed', 'client-seed', 'nonce']]),
) as unknown as Record<SlotSlug, readonly string[]>;

export function isSlot(game: string): game is SlotSlug {
  return (SLOT_SLUGS as readonly string[]).includes(game);
}

/** Draws stream floats, sync (Node) or async (Web Crypto). */
export interface FloatDraw {
  floats(input: RollInput, count: number): number[] | Promise<number[]>;
}

/** One win as the verifier prints it (wins in stakes: 2.5 = 2.5 × the stake). */
export type WinView = {
  kind: string;
  line?: number;
  symbol: string;
  count: number;
  win: number;
};

export type StepView = {
  kind: string;
  stops: number[];
  /** Each reel's symbols top to bottom, space-separated. */
  reels: string[];
  wins: WinView[];
  multiplier: number;
  win: number;
  freeSpinsAwarded: number;
  freeSpinsLeft: number;
};

export type SlotOutcome = {
  /** The spin's total in stakes (capped at the maximum win). */
  win: number;
  capped: boolean;
  floatsUsed: number;
  steps: StepView[];
};

/** The printable outcome of a spin. */
export function slotOutcome(result: SpinResult): SlotOutcome {
  return {
    win: result.win / 100,
    capped: result.capped,
    floatsUsed: result.floatsUsed,
    steps: result.steps.map((step) => ({
      kind: step.kind,
      stops: [...step.stops],
      reels: step.grid.map((reel) => reel.join(' ')),
      wins: step.wins.map((win) => ({
        kind: win.kind,
        ...(win.line === undefined ? {} : { line: win.line }),
        symbol: win.symbol,
        count: win.count,
        win: win.win / 100,
      })),
      multiplier: step.multiplier,
      win: step.wins.reduce((sum, win) => sum + win.win, 0) / 100,
      freeSpinsAwarded: step.freeSpinsAwarded,
      freeSpinsLeft: step.freeSpinsLeft,
    })),
  };
}

/** Replays the spin of `roll` over pre-drawn floats, drawing twice as many until it fits. */
export async function replaySpin(game: SlotSlug, roll: RollInput, fair: FloatDraw): Promise<SpinResult> {
  for (let count = SLOT_FIRST_DRAW; ; count *= 2) {
    const floats = await fair.floats(roll, count);
    try {
      return spinSlot(game, arrayFloatSource(floats));
    } catch (error) {
      if (!(error instanceof StreamExhausted)) throw error;
    }
  }
}

/** The verifier's answer for a slot spin. */
export async function verifySlot(game: SlotSlug, roll: RollInput, fair: FloatDraw): Promise<SlotOutcome> {
  return slotOutcome(await replaySpin(game, roll, fair));
}
