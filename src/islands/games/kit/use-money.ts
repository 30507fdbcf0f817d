import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { formatters } from '../../../i18n/format.ts';
import { displayCurrency } from '../../../shared/currencies.ts';
import type { Locale } from '../../../shared/locales.ts';
import { formatMoneyText } from '../../../shared/money.ts';
import { $user } from '../../../stores/user.ts';

/**
 * A decimal amount ("19.80") as money in the page's locale: in `currency` when given (a bet's),
 * else in the player's currency (a guest's: the one the locale suggests).
 */
export function useMoney(locale: Locale): (decimal: string, currency?: string) => string {
  const user = useStore($user);
  const { tag } = formatters(locale);
  return useCallback(
    (decimal: string, currency?: string) =>
      formatMoneyText(decimal, currency ?? displayCurrency(user, locale), tag),
    [user, locale, tag],
  );
}
