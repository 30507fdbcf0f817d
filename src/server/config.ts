import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { type Currency, DEFAULT_CURRENCY } from '../shared/currencies.ts';
import { DEFAULT_LOCALE, FALLBACK_LANGUAGE_TAG, LOCALES, type Locale } from '../shared/locales.ts';
import { toMinor } from '../shared/money.ts';
import { TIMING } from '../shared/timing.ts';
import { type CurrencyConfig, fillDefaults } from './currency-table.ts';

export { TIMING } from '../shared/timing.ts';

/** Locale prefix strategies (spec §2: "a prefix strategy is a setting"). */
export const LOCALE_STRATEGIES = ['prefix_except_default', 'prefix', 'prefix_and_default'] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const rootPath = z
  .string()
  .regex(/^\/[^\s]*$/, 'must be a path starting with "/"')
  .refine((v) => !v.startsWith('//'), 'must not start with "//" (that is another host)');

/** Every environment variable the service reads. Secrets come only from here. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** After SIGTERM: keep serving (with /readyz at 503) this long before closing the listener. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(1_000),
  /** After SIGTERM: exit anyway (code 1) if draining has not finished in this time. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Where the browser's API client points; empty means the spec §7 rule (api. subdomain). */
  PUBLIC_API_URL: z.url().optional(),
  LOCALE_STRATEGY: z.enum(LOCALE_STRATEGIES).default('prefix_except_default'),
  /** Path that `/` redirects to (spec §2 "a root redirect can be configured"); unset: none. */
  ROOT_REDIRECT: rootPath.optional(),
  /** Set SameSite=None; Secure on the locale cookie when the site is embedded cross-origin (spec §3). */
  LOCALE_COOKIE_CROSS_ORIGIN: bool.default(false),
  /** Optional JSON file overriding the business configuration (currencies). */
  BUSINESS_CONFIG_FILE: z.string().optional(),
  /** spec §5: on this host (a game mirror) the crash, coinflip and cases pages redirect to /error. */
  GAME_MIRROR_HOST: z.string().min(1).optional(),
  /** Serve the built site (dist/); tests of the API alone turn it off. */
  SERVE_SITE: bool.default(true),
  /** Public origin of the site, for links in mails; unset: taken from each request's host. */
  PUBLIC_SITE_URL: z.url().optional(),
  /**
   * HMAC key of access tokens (≥ 32 characters). Unset: a random key is generated once and kept
   * in the database (settings), so instances sharing the database agree and restarts keep sessions.
   */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** smtp(s)://user:pass@host:port; unset: mails and SMS go to the outbox table and the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Orbita <no-reply@orbita.example>'),
  /** reCAPTCHA v3 secret; unset: captcha is not checked (spec §7). */
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** reCAPTCHA v3 site key for the browser; set it together with CAPTCHA_SECRET. */
  PUBLIC_CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /**
   * Social login providers as JSON: [{"name":"google","issuer":"https://accounts.google.com",
   * "client_id":"…","client_secret":"…","scope":"openid email profile"}] (OpenID Connect discovery).
   */
  OIDC_PROVIDERS: z.string().optional(),
  /** HMAC key of the sandbox provider's webhooks; unset: generated once and kept in the database. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Where the sandbox sends webhooks; unset: `<site>/api/payments/webhooks/sandbox`. */
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  /** How often the sandbox delivers due webhooks. */
  SANDBOX_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(50).default(500),
  /** Bearer token of the operator API (withdrawal approval, KYC); unset: no operator API. */
  OPERATOR_API_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** KYC before the first withdrawal (spec: "first withdrawal, or above a configured amount"). */
  KYC_ON_FIRST_WITHDRAWAL: bool.default(true),
  /** Otherwise KYC once withdrawals reach this many times the currency's min_payout. */
  KYC_THRESHOLD_MIN_PAYOUTS: z.coerce.number().int().min(1).default(100),
});
export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema
    .refine((env) => !env.CAPTCHA_SECRET || env.PUBLIC_CAPTCHA_SITE_KEY, {
      path: ['PUBLIC_CAPTCHA_SITE_KEY'],
      message: 'is required with CAPTCHA_SECRET (the browser must send captcha tokens)',
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

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
  dev: boolean;
}

export interface AppConfig {
  env: Env;
  site: SiteSettings;
  defaults: { currency: Currency; locale: Locale; fallbackLanguageTag: string };
  currencies: Record<Currency, CurrencyConfig>;
  /** Spec §9 "Levels: minimum 100". */
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
    dev: env.NODE_ENV === 'development',
  };
}

/** Loads and validates everything; throws ConfigError naming the bad variable or file entry. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const env = parseEnv(source);
  const currencies = fillDefaults();
  if (env.BUSINESS_CONFIG_FILE) applyOverride(currencies, env.BUSINESS_CONFIG_FILE);
  return {
    env,
    site: siteSettings(env),
    defaults: {
      currency: DEFAULT_CURRENCY,
      locale: DEFAULT_LOCALE,
      fallbackLanguageTag: FALLBACK_LANGUAGE_TAG,
    },
    currencies,
    levelMinimum: 100,
    timing: TIMING,
  };
}

function applyOverride(currencies: Record<Currency, CurrencyConfig>, file: string): void {
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
    } catch (error) {
      throw new ConfigError(`BUSINESS_CONFIG_FILE=${file}: ${code}: ${(error as Error).message}`);
    }
  }
}
