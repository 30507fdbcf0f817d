import { useEffect, useState } from 'react';
import { money } from '../../../client/money.ts';
import type { LimitedGame, PublicCurrency } from '../../../shared/currencies.ts';
import { toMinor } from '../../../shared/money.ts';
import type { BetLimits } from './amount.ts';
import type { GameKey } from './types.ts';

/** The key of a game's limits in the currency config (spec §9 names the wheel `wheelOfFortune`). */
export function limitKey(game: GameKey): LimitedGame {
  return game === 'wheel' ? 'wheelOfFortune' : game;
}

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
  const [limits, setLimits] = useState<BetLimits | null>(null);
  useEffect(() => {
    let live = true;
    setLimits(null);
    loadCurrencies()
      .then((list) => {
        const entry = list.find((c) => c.code === currency)?.limits[limitKey(game)];
        if (live && entry) setLimits({ min: toMinor(entry.min_bet), max: toMinor(entry.max_bet) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [game, currency]);
  return limits;
}
