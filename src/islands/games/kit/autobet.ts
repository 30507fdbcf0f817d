import { type BetLimits, clamp } from './amount.ts';
import { readNumberInput } from './number-input.ts';

/** What to do with the stake after a win or a loss. */
export interface OnResult {
  mode: 'reset' | 'increase';
  /** Percent in hundredths (25.5 % is 2550); only used by `increase`. */
  percentBp: number;
}

/** The auto-bet form, in minor units. `count` 0 runs until stopped. */
export interface AutoBetConfig {
  count: number;
  onWin: OnResult;
  onLoss: OnResult;
  /** Stop once the session's net profit reaches this (minor units); null: no limit. */
  stopProfit: bigint | null;
  /** Stop once the session's net loss reaches this (minor units); null: no limit. */
  stopLoss: bigint | null;
}

export interface AutoBetState {
  /** The stake the series started with; `reset` returns to it. */
  base: bigint;
  /** The stake of the next bet. */
  next: bigint;
  played: number;
  /** Sum of payout − amount over the series. */
  net: bigint;
}

export type StopReason = 'count' | 'profit' | 'loss';

export function startAutoBet(base: bigint): AutoBetState {
  return { base, next: base, played: 0, net: 0n };
}

/**
 * The series after one settled bet: the next stake (reset, or raised by the percentage, rounded
 * down to a minor unit and kept within the limits) and whether to stop. A win is a payout above
 * the stake.
 */
export function afterAutoBet(
  config: AutoBetConfig,
  state: AutoBetState,
  bet: { amount: bigint; payout: bigint },
  limits: BetLimits,
): { state: AutoBetState; stop: StopReason | null } {
  const won = bet.payout > bet.amount;
  const rule = won ? config.onWin : config.onLoss;
  const raised = bet.amount + (bet.amount * BigInt(rule.percentBp)) / 10_000n;
  const next = rule.mode === 'reset' ? state.base : clamp(raised, limits.min, limits.max);
  const played = state.played + 1;
  const net = state.net + bet.payout - bet.amount;
  const stop: StopReason | null =
    config.count > 0 && played >= config.count
      ? 'count'
      : config.stopProfit !== null && config.stopProfit > 0n && net >= config.stopProfit
        ? 'profit'
        : config.stopLoss !== null && config.stopLoss > 0n && -net >= config.stopLoss
          ? 'loss'
          : null;
  return { state: { base: state.base, next, played, net }, stop };
}

/**
 * Pipelining (an instant series): the stake of the bet after `inFlight` (stakes sent and not yet
 * answered, oldest first) when it may go out before their answers because the answers cannot
 * change it: the count leaves room for it, the on-win and on-loss rules are the same (so the
 * stake after each bet does not depend on its result), no stop-on-profit is set (how much a win
 * pays is the game's), and even losing every bet in flight would not reach the stop-on-loss. Null:
 * wait for the answers. With nothing in flight it is `state.next`.
 */
export function stakeBeforeAnswers(
  config: AutoBetConfig,
  state: AutoBetState,
  inFlight: readonly bigint[],
  limits: BetLimits,
): bigint | null {
  const last = inFlight.at(-1);
  if (last === undefined) return state.next;
  if (config.count > 0 && state.played + inFlight.length >= config.count) return null;
  const { onWin, onLoss } = config;
  if (onWin.mode !== onLoss.mode || (onWin.mode === 'increase' && onWin.percentBp !== onLoss.percentBp))
    return null;
  if (config.stopProfit !== null && config.stopProfit > 0n) return null;
  const worst = inFlight.reduce((net, stake) => net - stake, state.net);
  if (config.stopLoss !== null && config.stopLoss > 0n && -worst >= config.stopLoss) return null;
  return onWin.mode === 'reset'
    ? state.base
    : clamp(last + (last * BigInt(onWin.percentBp)) / 10_000n, limits.min, limits.max);
}

/**
 * "25", "25.5", "0,75" (in the locale of `tag`; either separator is read) → hundredths of a
 * percent; null when not a percentage from 0 to 10000 with at most two decimals.
 */
export function parsePercent(input: string, tag = 'en-US'): number | null {
  const reading = readNumberInput(input.replace(/%\s*$/, ''), tag, 2);
  if (!reading.ok) return null;
  const [whole = '0', fraction = ''] = reading.decimal.split('.');
  if (whole.length > 5) return null;
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 1_000_000 ? bp : null;
}
