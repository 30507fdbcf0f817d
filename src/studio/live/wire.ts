/**
 * The live tables' bets between the wire (protocol.ts: minor units as strings) and the engines
 * (src/games/live/: bigint), checked by the engines' own validators and the table's limits.
 */
import {
  type BaccaratBet,
  settleBaccarat,
  validateBaccaratBets,
  validateBaccaratLimits,
} from '../../games/live/baccarat.ts';
import {
  type LiveRouletteBet,
  settleLive,
  validateLimits,
  validateLiveBets,
} from '../../games/live/roulette.ts';
import type { BetKind } from '../../games/roulette/engine.ts';
import type {
  BaccaratBetKind,
  BaccaratResult,
  LiveGame,
  LiveResult,
  RouletteResult,
  WireBet,
} from './protocol.ts';
import { limitsOf } from './tables.ts';

const MINOR = /^[1-9]\d{0,15}$/;

type Engine =
  | { game: 'live-roulette'; bets: LiveRouletteBet[] }
  | { game: 'live-baccarat'; bets: BaccaratBet[] };

/** The wire bets as the engine's, or null when an amount is not a positive whole number of minor units. */
function engineBets(game: LiveGame, bets: readonly WireBet[]): Engine | null {
  const amount = (value: unknown) => (typeof value === 'string' && MINOR.test(value) ? BigInt(value) : null);
  if (game === 'live-baccarat') {
    const out: BaccaratBet[] = [];
    for (const bet of bets) {
      const value = amount((bet as { amount?: unknown }).amount);
      if (value === null) return null;
      out.push({ kind: bet.kind as BaccaratBetKind, amount: value });
    }
    return { game, bets: out };
  }
  const out: LiveRouletteBet[] = [];
  for (const bet of bets) {
    const raw = bet as Record<string, unknown>;
    if ('chip' in raw) {
      const chip = amount(raw.chip);
      if (chip === null) return null;
      out.push({ ...(raw as object), chip } as LiveRouletteBet);
    } else {
      const value = amount(raw.amount);
      if (value === null) return null;
      out.push({ ...(raw as object), amount: value } as LiveRouletteBet);
    }
  }
  return { game, bets: out };
}

export type BetCheck =
  | { ok: true; stake: bigint }
  | { ok: false; code: 'INVALID_BET' | 'LIMIT'; detail: string };

/** Checks a batch of bets (together with the player's earlier bets of the round, for the limits). */
export function checkBets(
  game: LiveGame,
  currency: string,
  bets: readonly WireBet[],
  earlier: readonly WireBet[],
): BetCheck {
  const batch = engineBets(game, bets);
  const all = engineBets(game, [...earlier, ...bets]);
  if (!batch || !all)
    return { ok: false, code: 'INVALID_BET', detail: 'amounts are whole minor units above 0' };
  if (batch.game === 'live-baccarat' && all.game === 'live-baccarat') {
    const valid = validateBaccaratBets(all.bets, 50);
    if (!valid.ok) return { ok: false, code: 'INVALID_BET', detail: valid.message };
    const limits = validateBaccaratLimits(all.bets, currency, limitsOf(game) as never);
    if (!limits.ok) return { ok: false, code: 'LIMIT', detail: limits.message };
    return { ok: true, stake: batch.bets.reduce((sum, b) => sum + b.amount, 0n) };
  }
  if (batch.game === 'live-roulette' && all.game === 'live-roulette') {
    const valid = validateLiveBets(all.bets, 200);
    if (!valid.ok) return { ok: false, code: 'INVALID_BET', detail: valid.message };
    const limits = validateLimits(
      all.bets,
      currency,
      limitsOf(game) as Record<string, Record<BetKind, never>>,
    );
    if (!limits.ok) return { ok: false, code: 'LIMIT', detail: limits.message };
    return { ok: true, stake: settleLive(batch.bets, 0).totalStake };
  }
  return { ok: false, code: 'INVALID_BET', detail: 'bets of another game' };
}

/** What a batch of (checked) bets pays back on the round's result, stakes included. */
export function payoutOf(game: LiveGame, bets: readonly WireBet[], result: LiveResult): bigint {
  const engine = engineBets(game, bets);
  if (!engine) throw new Error('stored bets no longer parse');
  if (engine.game === 'live-roulette')
    return settleLive(engine.bets, (result as RouletteResult).pocket).totalReturn;
  return settleBaccarat(engine.bets, result as BaccaratResult).totalReturn;
}
