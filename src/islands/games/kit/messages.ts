import type { Translator } from '../../../client/errors.ts';
import { ERROR_CODES, type ErrorCode } from '../../../shared/error-codes.ts';
import type { AmountProblem, BetLimits } from './amount.ts';
import { minorOrNull } from './bet-result.ts';
import { localizeDecimal } from './format.ts';

/**
 * The kit's messages: what is wrong with the amount field, and the games API's errors with their
 * details made readable (a limit as money in the player's currency and locale).
 */

/** The bet band's codes: their detail is the limit in the player's currency (`bet_above_max:100.00`). */
export const LIMIT_CODES = ['bet_below_min', 'bet_above_max'] as const satisfies readonly ErrorCode[];

/**
 * Every code whose detail is an amount in the player's currency: the band's, the maximum profit per
 * bet, the smallest stake that can win (docs/fairness.md §8) and an active bonus's largest bet.
 */
export const MONEY_CODES = [
  ...LIMIT_CODES,
  'max_profit_exceeded',
  'stake_cannot_win',
  'bonus_max_bet',
] as const satisfies readonly ErrorCode[];

/**
 * Every code a game's calls can answer (docs/api-games.md "Errors"): the games section of
 * src/shared/error-codes.ts, the amount's and the ledger's, and those of any call (rate limit,
 * session, server). messages.test.ts checks that each reads as a sentence in every locale, and
 * that every code the games module throws is listed.
 */
export const GAME_ERROR_CODES = [
  ...ERROR_CODES.slice(ERROR_CODES.indexOf('invalid_game')),
  'invalid_amount',
  'insufficient_funds',
  'bonus_max_bet',
  'idempotency_conflict',
  // The feeds' and the cases catalogue's queries.
  'invalid_kind',
  'invalid_currency',
  'required',
  'invalid_type',
  'not_found',
  'bad_request',
  'unauthorized',
  'too_many_requests',
  'server_error',
] as const satisfies readonly ErrorCode[];

type T = (key: string, options?: Record<string, unknown>) => string;

/** An example amount in the locale ("10.50", "10,50"), for the messages that show how to type one. */
const example = (tag: string) => localizeDecimal('10.50', tag);

/** The amount field's problem as a sentence; limits and the balance as money (`money`). */
export function amountProblemText(
  problem: AmountProblem,
  t: T,
  { money, tag }: { money: (minor: bigint) => string; tag: string },
): string {
  switch (problem.code) {
    case 'bet_below_min':
    case 'bet_above_max':
      return t(`error.${problem.code}`, { detail: money(problem.limit) });
    case 'above_balance':
      return t('gameKit.amountError.above_balance', { balance: money(problem.balance) });
    case 'empty':
      return t('gameKit.amountError.empty');
    default:
      return t(`gameKit.amountError.${problem.code}`, { example: example(tag) });
  }
}

/**
 * The translator of the games API's errors (src/client/errors.ts reads `code:detail` with it): an
 * amount's detail ("100.00") is shown as money ("$100.00", "R$ 100,00"); a band's code without a
 * detail names the known limit.
 */
export function gameTranslator(
  base: Translator,
  { money, limits }: { money: (minor: bigint) => string; limits: BetLimits | null },
): Translator {
  return {
    exists: base.exists,
    t(key, options) {
      const code = key.startsWith('error.') ? key.slice('error.'.length) : null;
      if ((MONEY_CODES as readonly (string | null)[]).includes(code)) {
        const known = code === 'bet_below_min' ? limits?.min : code === 'bet_above_max' ? limits?.max : null;
        const amount = minorOrNull(options?.detail) ?? known;
        if (amount !== null && amount !== undefined) return base.t(key, { detail: money(amount) });
      }
      return base.t(key, options);
    },
  };
}
