import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '../shared/currencies.ts';
import {
  DEFAULT_LOCALE,
  FALLBACK_LANGUAGE_TAG,
  LOCALES,
  type Locale,
  type LocaleStrategy,
} from '../shared/locales.ts';
import { toMinor } from '../shared/money.ts';
import type { ThirdParties } from '../shared/third-parties.ts';
import { TIMING } from '../shared/timing.ts';
import { type CurrencyConfig, fillDefaults } from './currency-table.ts';
import { ConfigError, type Env, parseEnv } from './env.ts';

export { LOCALE_STRATEGIES, type LocaleStrategy } from '../shared/locales.ts';
export { TIMING } from '../shared/timing.ts';
export { ConfigError, type Env, envSchema, parseEnv } from './env.ts';

/** Site settings the page renderer needs (passed to Astro through `locals`). */
export interface SiteSettings {
  locales: readonly Locale[];
  defaultLocale: Locale;
  fallbackLanguageTag: string;
  strategy: LocaleStrategy;
  rootRedirect: string | null;
  localeCookieCrossOrigin: boolean;
  publicApiUrl: string | null;
  gameMirrorHost: string | null;
  captchaSiteKey: string | null;
  /** Configured third-party widgets (src/shared/third-parties.ts); all null: none. */
  thirdParties: ThirdParties;
  /** docs/product-rules.md §3: the `yandex-verification` meta tag's content, or null. */
  yandexVerification: string | null;
  /** docs/product-rules.md §4: on this host (or with the `showLikeHostMatched` cookie) ru shows as en. */
  specialHost: string | null;
  /** The main host (`host[:port]` of PUBLIC_SITE_URL), or null: pages elsewhere are mirrors (docs/edge.md). */
  mainHost: string | null;
  /** Whether any country is blocked: the browser then learns its region (docs/edge.md). */
  geoBlocking: boolean;
  /** Days the `partner` and `adplace` cookies live (docs/product-rules.md §3). */
  affiliateCookieDays: number;
  /**
   * HOOK (slots): the origins a slot game's frame may come from (the aggregator's, or the in-house
   * studio's once it listens): `frame-src` of the slot game pages (src/components/slot-csp.ts; the
   * art is served from our own origin). The server's slots part fills it at start
   * (AGGREGATOR_URL's origin, or the studio's URL); empty: only this site's own origin.
   */
  frameOrigins: string[];
  dev: boolean;
}

/**
 * The largest profit (payout − stake, minor units) one bet of an original may make, per currency
 * (docs/configuration.md, "Maximum profit per bet"): 1000 × the currency's coinflip maximum stake,
 * so it scales like the bet bands (RUB 10 000 000, USD and EUR 100 000, KZT 50 000 000, INR
 * 10 000 000) and every case of the catalogue can still pay its top prize (expert: 500 RUB × 10 000).
 * `BUSINESS_CONFIG_FILE` overrides it per currency (`max_profit`). The games apply it through
 * `checkMaxProfit` and `passesMaxProfit` (src/server/modules/games/limits.ts).
 */
export const MAX_PROFIT_PER_BET: Readonly<Record<Currency, bigint>> = maxProfitDefaults(fillDefaults());

function maxProfitDefaults(currencies: Record<Currency, CurrencyConfig>): Record<Currency, bigint> {
  return Object.fromEntries(
    CURRENCIES.map((code) => [code, currencies[code].limits.coinflip.max * 1000n]),
  ) as Record<Currency, bigint>;
}

/** Crash's profit caps in one currency (minor units): one bet's, and one round's in all. */
export interface CrashCaps {
  bet: bigint;
  round: bigint;
}

/**
 * Crash's maximum profit (docs/configuration.md "Crash"): per bet 100 × the currency's crash maximum
 * stake (RUB 5 000 000), per round in all 2 × that (RUB 10 000 000). When a round's open exposure
 * reaches the round cap every open bet of the currency is cashed out (docs/fairness.md §4).
 * `BUSINESS_CONFIG_FILE` overrides both per currency (`crash_max_profit_bet`, `crash_max_profit_round`).
 */
export const CRASH_MAX_PROFIT: Readonly<Record<Currency, CrashCaps>> = Object.fromEntries(
  CURRENCIES.map((code) => {
    const bet = fillDefaults()[code].limits.crash.max * 100n;
    return [code, { bet, round: bet * 2n }];
  }),
) as Record<Currency, CrashCaps>;

export interface AppConfig {
  env: Env;
  site: SiteSettings;
  defaults: { currency: Currency; locale: Locale; fallbackLanguageTag: string };
  currencies: Record<Currency, CurrencyConfig>;
  /** Maximum profit per bet of an original, minor units per currency (`MAX_PROFIT_PER_BET`). */
  maxProfit: Record<Currency, bigint>;
  /** Crash's own caps per currency, minor units (`CRASH_MAX_PROFIT`). */
  crashMaxProfit: Record<Currency, CrashCaps>;
  /** docs/product-rules.md §9 "Levels: minimum 100". */
  levelMinimum: number;
  timing: typeof TIMING;
}

const overrideSchema = z.object({
  currencies: z
    .record(
      z.string(),
      z.object({
        limits: z.record(z.string(), z.object({ min_bet: z.string(), max_bet: z.string() })).optional(),
        min_payout: z.string().optional(),
        max_profit: z.string().optional(),
        crash_max_profit_bet: z.string().optional(),
        crash_max_profit_round: z.string().optional(),
      }),
    )
    .optional(),
});

export function siteSettings(env: Env): SiteSettings {
  return {
    locales: LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    fallbackLanguageTag: FALLBACK_LANGUAGE_TAG,
    strategy: env.LOCALE_STRATEGY,
    rootRedirect: env.ROOT_REDIRECT ?? null,
    localeCookieCrossOrigin: env.LOCALE_COOKIE_CROSS_ORIGIN,
    publicApiUrl: env.PUBLIC_API_URL ?? null,
    gameMirrorHost: env.GAME_MIRROR_HOST?.toLowerCase() ?? null,
    captchaSiteKey: env.PUBLIC_CAPTCHA_SITE_KEY ?? null,
    thirdParties: {
      chatScriptUrl: env.SUPPORT_CHAT_SCRIPT_URL ?? null,
      tagManagerId: env.TAG_MANAGER_ID ?? null,
      analyticsId: env.ANALYTICS_COUNTER_ID ?? null,
      cdpWriteKey: env.CDP_WRITE_KEY ?? null,
    },
    yandexVerification: env.YANDEX_VERIFICATION ?? null,
    specialHost: env.SPECIAL_HOST?.toLowerCase() ?? null,
    mainHost: env.PUBLIC_SITE_URL ? new URL(env.PUBLIC_SITE_URL).host.toLowerCase() : null,
    geoBlocking: env.GEO_BLOCKED_COUNTRIES.length > 0,
    affiliateCookieDays: env.AFFILIATE_COOKIE_DAYS,
    frameOrigins: [],
    dev: env.NODE_ENV === 'development',
  };
}

/** Loads and validates everything; throws ConfigError naming the bad variable or file entry. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  const currencies = fillDefaults();
  const maxProfit = { ...MAX_PROFIT_PER_BET };
  const crashMaxProfit = Object.fromEntries(
    CURRENCIES.map((code) => [code, { ...CRASH_MAX_PROFIT[code] }]),
  ) as Record<Currency, CrashCaps>;
  if (env.BUSINESS_CONFIG_FILE)
    applyOverride(currencies, { maxProfit, crashMaxProfit }, env.BUSINESS_CONFIG_FILE);
  return {
    env,
    site: siteSettings(env),
    defaults: {
      currency: DEFAULT_CURRENCY,
      locale: DEFAULT_LOCALE,
      fallbackLanguageTag: FALLBACK_LANGUAGE_TAG,
    },
    currencies,
    maxProfit,
    crashMaxProfit,
    levelMinimum: 100,
    timing: TIMING,
  };
}

/** A cap of the override file in minor units, above 0. */
function positive(name: string, value: string): bigint {
  const cap = toMinor(value);
  if (cap <= 0n) throw new Error(`${name} ${value} must be above 0`);
  return cap;
}

function applyOverride(
  currencies: Record<Currency, CurrencyConfig>,
  { maxProfit, crashMaxProfit }: Pick<AppConfig, 'maxProfit' | 'crashMaxProfit'>,
  file: string,
): void {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`BUSINESS_CONFIG_FILE=${file}: cannot read JSON (${(error as Error).message})`);
  }
  const parsed = overrideSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`BUSINESS_CONFIG_FILE=${file}: ${parsed.error.message}`);
  for (const [code, entry] of Object.entries(parsed.data.currencies ?? {})) {
    const target = currencies[code as Currency];
    if (!target) throw new ConfigError(`BUSINESS_CONFIG_FILE=${file}: unknown currency ${code}`);
    try {
      for (const [game, band] of Object.entries(entry.limits ?? {})) {
        const current = target.limits[game as keyof typeof target.limits];
        if (!current) throw new Error(`unknown game ${game}`);
        const min = toMinor(band.min_bet);
        const max = toMinor(band.max_bet);
        if (min > max) throw new Error(`${game}: min_bet ${band.min_bet} is above max_bet ${band.max_bet}`);
        target.limits[game as keyof typeof target.limits] = { min, max };
      }
      if (entry.min_payout) target.minPayout = toMinor(entry.min_payout);
      if (entry.max_profit) {
        const cap = toMinor(entry.max_profit);
        if (cap <= 0n) throw new Error(`max_profit ${entry.max_profit} must be above 0`);
        maxProfit[code as Currency] = cap;
      }
      const caps = crashMaxProfit[code as Currency];
      if (entry.crash_max_profit_bet) caps.bet = positive('crash_max_profit_bet', entry.crash_max_profit_bet);
      if (entry.crash_max_profit_round)
        caps.round = positive('crash_max_profit_round', entry.crash_max_profit_round);
    } catch (error) {
      throw new ConfigError(`BUSINESS_CONFIG_FILE=${file}: ${code}: ${(error as Error).message}`);
    }
  }
}
