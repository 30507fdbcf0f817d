import { useCallback, useMemo } from 'react';
import { formatMoneyText } from '../../shared/money.ts';

import { formatNumber } from '../games/kit/format.ts';
import { useLanguageTag } from '../games/kit/use-language-tag.ts';

/** Money in the room's currency and the page's locale, and a percentage ("33.33" → "33,33 %"). */
export interface Formats {
  money: (decimal: string) => string;
  percent: (decimal: string) => string;
  tag: string;
}

/** Money in `currency` and percentages in the page's locale. */
export function useFormats(currency: string): Formats {
  const tag = useLanguageTag();
  const money = useCallback((decimal: string) => formatMoneyText(decimal, currency, tag), [currency, tag]);
  return useMemo(
    () => ({
      money,
      percent: (decimal: string) =>
        `${formatNumber(Number(decimal), tag, { minimumFractionDigits: 0, maximumFractionDigits: 2 })}\u00a0%`,
      tag,
    }),
    [money, tag],
  );
}
