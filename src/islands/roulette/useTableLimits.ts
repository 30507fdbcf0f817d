import { useEffect, useState } from 'react';
import { money } from '../../client/money.ts';
import type { PublicCurrency } from '../../shared/currencies.ts';
import { toMinor } from '../../shared/money.ts';
import type { TableLimits } from './chips.ts';

let currencies: Promise<PublicCurrency[]> | null = null;

/** The roulette stake limits of `currency` in minor units (spec §9), or null while unknown. */
export function useTableLimits(currency: string): TableLimits | null {
  const [limits, setLimits] = useState<TableLimits | null>(null);
  useEffect(() => {
    let live = true;
    currencies ??= money
      .currencies()
      .then((answer) => answer.data)
      .catch((error: unknown) => {
        currencies = null;
        throw error;
      });
    currencies
      .then((list) => {
        const band = list.find((c) => c.code === currency)?.limits.roulette;
        if (live && band) setLimits({ min: toMinor(band.min_bet), max: toMinor(band.max_bet) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [currency]);
  return limits;
}
