import type { Currency } from '../shared/currencies.ts';
import { fromMinor } from '../shared/money.ts';

/**
 * Amounts on cached content pages (/bonuses, /vip-club), which are the same for every visitor of a
 * locale: each amount carries its value in every currency (`data-money`), the page shows the
 * locale's currency, and a logged-in player's page swaps in their own (src/client/player-money.ts).
 */

/** Stands for an amount inside a translated sentence, which is split around it. */
export const MONEY_SLOT = '\u2063';

/** Decimal amounts by currency, as `data-money` carries them. */
export type MoneyByCurrency = Partial<Record<Currency, string>>;

/** A sentence split around its amounts: text, then an amount's index, then text… */
export function sentenceParts(text: string): (string | number)[] {
  const parts: (string | number)[] = [];
  text.split(MONEY_SLOT).forEach((piece, i) => {
    if (i > 0) parts.push(i - 1);
    if (piece) parts.push(piece);
  });
  return parts;
}

/** Minor units per currency (a VIP level's points) as `data-money`'s decimal amounts. */
export function minorByCurrency(minor: Partial<Record<Currency, bigint>>): MoneyByCurrency {
  return Object.fromEntries(Object.entries(minor).map(([code, value]) => [code, fromMinor(value)]));
}
