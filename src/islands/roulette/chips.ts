/**
 * Chip math for the roulette table, all in bigint minor units. A layout is the list of chip
 * stacks on the table, one per spot, in the order the spots were first played (the API answers
 * `returns` in the order the bets were sent).
 */
import { fail, ok, type Result } from '../../games/result.ts';
import { POCKETS, settle } from '../../games/roulette/engine.ts';
import { fromMinor } from '../../shared/money.ts';
import { type ApiRouletteBet, type Spot, spotApiBet, spotBet, spotByKey } from './spots.ts';

export interface Stack {
  readonly spot: string;
  readonly amount: bigint;
}

export type Layout = readonly Stack[];

/** The API takes 1-50 bets in one spin (docs/api-games.md). */
export const MAX_SPOTS = 50;

/** Chip denominations as multiples of the currency's minimum bet. */
export const CHIP_MULTIPLES = [1n, 5n, 10n, 50n, 100n, 500n] as const;

export interface TableLimits {
  /** Minimum and maximum stake of one spin (the sum of its bets), minor units. */
  readonly min: bigint;
  readonly max: bigint;
}

/** The chips offered for a currency: 1×, 5×, 10×, 50×, 100×, 500× its minimum, none above its maximum. */
export function chipValues(limits: TableLimits): bigint[] {
  const values = CHIP_MULTIPLES.map((m) => m * limits.min).filter((v) => v <= limits.max);
  return values.length > 0 ? values : [limits.min];
}

/** The stake of a layout. */
export function layoutTotal(layout: Layout): bigint {
  return layout.reduce((sum, stack) => sum + stack.amount, 0n);
}

export type PlaceError = 'ERR_TABLE_MAX' | 'ERR_TOO_MANY_SPOTS' | 'ERR_AMOUNT';

/** Adds a chip to a spot; refuses what would pass the table maximum or the API's 50 bets. */
export function placeChip(
  layout: Layout,
  spot: string,
  chip: bigint,
  limits: TableLimits,
): Result<Layout, PlaceError> {
  if (chip <= 0n) return fail('ERR_AMOUNT', `Expected a positive chip, received ${chip}`);
  const total = layoutTotal(layout) + chip;
  if (total > limits.max) {
    return fail('ERR_TABLE_MAX', `Expected a stake of at most ${limits.max}, received ${total}`);
  }
  const index = layout.findIndex((stack) => stack.spot === spot);
  if (index === -1) {
    if (layout.length >= MAX_SPOTS) {
      return fail('ERR_TOO_MANY_SPOTS', `Expected at most ${MAX_SPOTS} spots, received ${layout.length + 1}`);
    }
    return ok([...layout, { spot, amount: chip }]);
  }
  return ok(layout.map((stack, i) => (i === index ? { spot, amount: stack.amount + chip } : stack)));
}

/** Doubles every stack; refuses what would pass the table maximum. */
export function doubleLayout(layout: Layout, limits: TableLimits): Result<Layout, PlaceError> {
  const total = layoutTotal(layout) * 2n;
  if (total > limits.max) {
    return fail('ERR_TABLE_MAX', `Expected a stake of at most ${limits.max}, received ${total}`);
  }
  return ok(layout.map((stack) => ({ spot: stack.spot, amount: stack.amount * 2n })));
}

/**
 * The layout rescaled to a total of `target` minor units, keeping the stacks' proportions (for
 * auto-bet, which raises or resets the stake). Each stack gets floor(amount × target / total);
 * the remainder goes one unit at a time to the stacks with the largest cut-off fractions (ties:
 * table order). Fails when a stack would drop to zero: the layout cannot be played that small.
 */
export function scaleLayout(layout: Layout, target: bigint): Result<Layout, 'ERR_AMOUNT'> {
  const total = layoutTotal(layout);
  if (total <= 0n || target <= 0n) {
    return fail('ERR_AMOUNT', `Expected a positive stake and layout, received ${target} for ${total}`);
  }
  if (target === total) return ok(layout);
  const parts = layout.map((stack, i) => ({
    i,
    amount: (stack.amount * target) / total,
    rest: (stack.amount * target) % total,
  }));
  let remainder = target - parts.reduce((sum, part) => sum + part.amount, 0n);
  const order = [...parts].sort((x, y) => (y.rest > x.rest ? 1 : y.rest < x.rest ? -1 : x.i - y.i));
  for (const part of order) {
    if (remainder === 0n) break;
    part.amount += 1n;
    remainder -= 1n;
  }
  if (parts.some((part) => part.amount === 0n)) {
    return fail('ERR_AMOUNT', `Expected a stake that keeps every bet above zero, received ${target}`);
  }
  return ok(layout.map((stack, i) => ({ spot: stack.spot, amount: parts[i]!.amount })));
}

function spotOf(key: string): Spot {
  const spot = spotByKey(key);
  if (!spot) throw new Error(`Unknown roulette spot "${key}"`);
  return spot;
}

/** The engine's bets for a layout, in order (for validateBets / settle). */
export function layoutBets(layout: Layout) {
  return layout.map((stack) => spotBet(spotOf(stack.spot), stack.amount));
}

/** The body of `POST /games/roulette/bet`. */
export function layoutBody(layout: Layout): { bets: ApiRouletteBet[] } {
  return { bets: layout.map((stack) => spotApiBet(spotOf(stack.spot), fromMinor(stack.amount))) };
}

/** The most the layout can return on one spin (stakes included), over all 37 pockets. */
export function bestReturn(layout: Layout): bigint {
  if (layout.length === 0) return 0n;
  const bets = layoutBets(layout);
  let best = 0n;
  for (let pocket = 0; pocket < POCKETS; pocket++) {
    const { totalReturn } = settle(bets, pocket);
    if (totalReturn > best) best = totalReturn;
  }
  return best;
}

/** The denomination a stack is drawn in: the largest chip not above it (colours the chip). */
export function chipTier(amount: bigint, chips: readonly bigint[]): number {
  let tier = 0;
  for (const [i, chip] of chips.entries()) if (chip <= amount) tier = i;
  return tier;
}
