import { LIMIT_KEYS, type LimitKey, ROOMS, type Room } from './games.ts';
import type { Locale } from './locales.ts';

/** Currency codes (docs/product-rules.md §1) and the game keys that carry bet limits (§9). */
export const CURRENCIES = ['RUB', 'USD', 'KZT', 'INR', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

/**
 * The currency each interface locale suggests: preselected in the registration form, and the one
 * a guest sees amounts in (a player sees the account's own currency, `displayCurrency`).
 */
export const CURRENCY_FOR_LOCALE: Readonly<Record<Locale, Currency>> = {
  ru: 'RUB',
  kz: 'KZT',
  hi: 'INR',
  en: 'USD',
  br: 'USD',
};

/** The currency amounts are shown in: the player's, else (a guest, or no currency set yet) the locale's. */
export function displayCurrency(
  user: { currency: Currency | null } | null | undefined,
  locale: Locale,
): Currency {
  return user?.currency ?? CURRENCY_FOR_LOCALE[locale] ?? DEFAULT_CURRENCY;
}

/** The per-game bet band keys, from the game registry (`games.ts`). */
export const LIMITED_GAMES = LIMIT_KEYS;
export type LimitedGame = LimitKey;

export { ROOMS, type Room };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
