import { describe, expect, test } from 'vitest';
import { CURRENCIES, CURRENCY_FOR_LOCALE, displayCurrency } from './currencies.ts';
import { LOCALES } from './locales.ts';

describe('the currency amounts are shown in', () => {
  test('every locale suggests one of the currencies', () => {
    for (const locale of LOCALES) expect(CURRENCIES).toContain(CURRENCY_FOR_LOCALE[locale]);
    expect(CURRENCY_FOR_LOCALE.en).toBe('USD');
    expect(CURRENCY_FOR_LOCALE.ru).toBe('RUB');
  });

  test("a guest's comes from the locale, a player's from the account", () => {
    expect(displayCurrency(null, 'en')).toBe('USD');
    expect(displayCurrency(null, 'kz')).toBe('KZT');
    expect(displayCurrency({ currency: 'EUR' }, 'ru')).toBe('EUR');
    // A player who has not chosen a currency yet sees the locale's.
    expect(displayCurrency({ currency: null }, 'hi')).toBe('INR');
  });
});
