import { useEffect, useState } from 'react';
import { money } from '../../../client/money.ts';
import type { PublicCurrency } from '../../../shared/api/config.ts';
import { type LimitKey, limitKeyOf } from '../../../shared/games.ts';
import { toMinor } from '../../../shared/money.ts';
import type { BetLimits } from './amount.ts';
import type { GameKey } from './types.ts';

let currencies: Promise<PublicCurrency[]> | null = null;

function loadCurrencies(): Promise<PublicCurrency[]> {
  currencies ??= money
    .currencies()
    .then((answer) => answer.data)
    .catch((error: unknown) => {
      currencies = null;
      throw error;
    });
  return currencies;
}

/** The game's bet limits in `currency` (minor units), or null while unknown. */
export function useBetLimits(game: GameKey, currency: string): BetLimits | null {
  return useLimitsOf(limitKeyOf(game), currency);
}

/** The bet limits of a limits table column (`crash` too) in `currency`, or null while unknown. */
export function useLimitsOf(key: LimitKey, currency: string): BetLimits | null {
  const [limits, setLimits] = useState<BetLimits | null>(null);
  useEffect(() => {
    let live = true;
    setLimits(null);
    loadCurrencies()
      .then((list) => {
        const entry = list.find((c) => c.code === currency)?.limits[key];
        if (live && entry) setLimits({ min: toMinor(entry.min_bet), max: toMinor(entry.max_bet) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, currency]);
  return limits;
}
