import type { Ratio } from '../../../games/ratio.ts';
import { canWin, profitAt, smallestWinningStake } from '../../../games/stakes.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { limitKeyOf } from '../../../shared/games.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { BetGame } from '../../../shared/wire/bets.ts';
import type { AppConfig } from '../../config.ts';
import { invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';

/** The player's currency, or 422 when none was chosen yet. */
export function currencyOf(user: Pick<UserRow, 'currency'>): Currency {
  if (!user.currency) throw invalid('currency', 'currency_required');
  return user.currency as Currency;
}

/**
 * The game's bet band in the player's currency (docs/product-rules.md §9, filled as
 * docs/configuration.md says); outside it is a 422 naming the bound.
 */
export function checkLimits(config: AppConfig, game: BetGame, currency: Currency, stake: bigint): void {
  const band = config.currencies[currency].limits[limitKeyOf(game)];
  if (stake < band.min) throw invalid('amount', 'bet_below_min', fromMinor(band.min));
  if (stake > band.max) throw invalid('amount', 'bet_above_max', fromMinor(band.max));
}

/**
 * Minimum stakes that can win (docs/fairness.md §8): a bet whose smallest win (`smallestWin`, its
 * smallest multiplier above 1×) would not pay more than the stake is refused, naming the smallest
 * stake that can (`stake_cannot_win:0.02`). Null: the bet has no such win (roulette pays whole
 * multiples).
 */
export function checkStakeCanWin(stake: bigint, smallestWin: Ratio | null): void {
  if (smallestWin && !canWin(stake, smallestWin))
    throw invalid('amount', 'stake_cannot_win', fromMinor(smallestWinningStake(smallestWin)));
}

/** The maximum profit per bet in `currency`, minor units (docs/configuration.md). */
export function maxProfitOf(config: Pick<AppConfig, 'maxProfit'>, currency: Currency): bigint {
  return config.maxProfit[currency];
}

/**
 * Whether a stake at multiplier `m` would make more profit than the cap: the test a growing round
 * (coinflip, miner, hi-lo) runs before its next step, to cash out instead of passing the cap.
 */
export function passesMaxProfit(stake: bigint, m: Ratio, cap: bigint): boolean {
  return profitAt(stake, m) > cap;
}

/**
 * Refuses up front a bet whose best outcome pays `bestPayout` (minor units) when its profit could
 * pass the currency's cap: 422 `amount: ["max_profit_exceeded:<cap>"]`.
 */
export function checkMaxProfit(
  config: Pick<AppConfig, 'maxProfit'>,
  currency: Currency,
  stake: bigint,
  bestPayout: bigint,
): void {
  const cap = maxProfitOf(config, currency);
  if (bestPayout - stake > cap) throw invalid('amount', 'max_profit_exceeded', fromMinor(cap));
}
