import { z } from 'zod';
import { CURRENCIES, LIMITED_GAMES, ROOMS } from '../currencies.ts';
import { LOCALE_STRATEGIES, LOCALES } from '../locales.ts';

/** Public configuration: GET /api/config and GET /api/config/currencies (docs/configuration.md). */

/**
 * An object with exactly these keys, each holding `value`: what `z.record(z.enum(keys), value)`
 * parses, documented with its properties (a record's JSON Schema names its keys only as `required`).
 */
function everyKey<const K extends string, V extends z.ZodType>(keys: readonly K[], value: V) {
  return z.strictObject(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>);
}

/** A bet band in major units, as exact decimal strings. */
const band = z.object({ min_bet: z.string(), max_bet: z.string() });

/** One currency with its limits (src/server/currency-table.ts `publicCurrency`). */
export const publicCurrency = z.object({
  code: z.enum(CURRENCIES),
  icon: z.string(),
  prefix: z.string(),
  digits: z.number().int().describe('fractional digits of the minor unit'),
  limits: everyKey(LIMITED_GAMES, band),
  rooms: everyKey(ROOMS, band),
  min_payout: z.string().describe('decimal string in major units'),
  max_profit: z.string().describe('largest profit one bet of an original may make, major units'),
});
export type PublicCurrency = z.output<typeof publicCurrency>;

export const currenciesResponse = z.object({ data: z.array(publicCurrency) });
export type CurrenciesResponse = z.output<typeof currenciesResponse>;

export const publicConfig = z.object({
  defaults: z.object({
    currency: z.enum(CURRENCIES),
    locale: z.enum(LOCALES),
    fallback_locale: z.string().describe('BCP 47 tag'),
  }),
  locales: z.array(z.enum(LOCALES)),
  locale_strategy: z.enum(LOCALE_STRATEGIES),
  level_minimum: z.number().int(),
  social_providers: z.array(z.string()).describe('names PUT /auth/login takes (OIDC_PROVIDERS)'),
  timing: z.record(z.string(), z.number()).describe('src/shared/timing.ts TIMING'),
  currencies: z.array(publicCurrency),
});
export type PublicConfig = z.output<typeof publicConfig>;

export const configResponse = z.object({ data: publicConfig });
export type ConfigResponse = z.output<typeof configResponse>;
