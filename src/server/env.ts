import { z } from 'zod';
import { LOCALE_STRATEGIES } from '../shared/locales.ts';
import { PLAYER_FEATURES, type PlayerFeature } from '../shared/profile.ts';
import { splitHost } from './http/origin.ts';
import { parseTrustProxy } from './http/proxy-trust.ts';

// The environment the service reads (docs/configuration.md), parsed and checked in one place; the
// config built from it (site settings, currency caps, the override file) is config.ts's.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const rootPath = z
  .string()
  .regex(/^\/[^\s]*$/, 'must be a path starting with "/"')
  .refine((v) => !v.startsWith('//'), 'must not start with "//" (that is another host)');

/** A comma-separated list of `host[:port]`. */
const hostList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().refine((h) => splitHost(h) !== null, 'each entry must be host[:port]')))
  .default([]);

/** Every environment variable the service reads. Secrets come only from here. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** The prefix of this deployment's Redis channels and keys; unset: derived from the databases (src/server/realtime/redis-prefix.ts). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1-64 letters, digits, and . _ : -')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies whose X-Forwarded-* count (docs/security.md "What the server trusts"): a hop count,
   * or their addresses and ranges; `true` is one hop (src/server/http/proxy-trust.ts).
   */
  TRUST_PROXY: z
    .string()
    .transform((raw, ctx) => {
      const setting = parseTrustProxy(raw);
      if (typeof setting !== 'string') return setting;
      ctx.issues.push({ code: 'custom', input: raw, message: setting });
      return z.NEVER;
    })
    .default(0),
  /** After SIGTERM: keep serving (with /readyz at 503) this long before closing the listener. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(1_000),
  /** After SIGTERM: exit anyway (code 1) if draining has not finished in this time. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** The routes that play re-check a cached live session against the database this often; revocations arrive at once over the bus (docs/security.md "Sessions"). 0: every call. */
  SESSION_RECHECK_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** API requests a minute per player (a valid access token), else per address (docs/security.md "Rate limits"). */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Requests a minute per player to each route that plays (bets, round steps, room stakes). */
  RATE_LIMIT_BETS_PER_MINUTE: z.coerce.number().int().positive().default(15_000),
  /** Promo-code tries a minute per player and per address (docs/bonuses.md "Promo codes"). */
  PROMO_TRIES_PER_MINUTE: z.coerce.number().int().positive().default(5),
  PROMO_TRIES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  /**
   * Public bonus lookups (`GET /bonus-system/bonus/{name}`) a minute per address that find nothing;
   * past them every lookup of the address is 429 until the minute ends (docs/bonuses.md "Promo codes").
   */
  PROMO_LOOKUP_MISSES_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /**
   * The features of a profile the operator has not set (docs/api-auth.md "Features"), comma-separated
   * names of src/shared/profile.ts `PLAYER_FEATURES`; `none`: no feature.
   */
  DEFAULT_PLAYER_FEATURES: z
    .string()
    .transform((raw, ctx) => {
      if (raw.trim() === 'none') return [];
      const names = [...new Set(raw.split(',').map((name) => name.trim()))].filter(Boolean);
      const known = names.filter((name): name is PlayerFeature =>
        (PLAYER_FEATURES as readonly string[]).includes(name),
      );
      if (known.length === names.length) return known;
      ctx.issues.push({
        code: 'custom',
        input: raw,
        message: `each entry must be one of ${PLAYER_FEATURES.join(', ')}`,
      });
      return z.NEVER;
    })
    .default([...PLAYER_FEATURES]),
  /** Rendered pages kept in memory, compressed (docs/performance.md "Pages"): the byte bound, 0 turns it off. */
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** The longest a cached page is served before it is rendered again (a safety net; changes invalidate). */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** Where the browser's API client points; empty means the docs/product-rules.md §7 rule (api. subdomain). */
  PUBLIC_API_URL: z.url().optional(),
  LOCALE_STRATEGY: z.enum(LOCALE_STRATEGIES).default('prefix_except_default'),
  /** Path that `/` redirects to (docs/product-rules.md §2 "a root redirect can be configured"); unset: none. */
  ROOT_REDIRECT: rootPath.optional(),
  /** Set SameSite=None; Secure on the locale cookie when the site is embedded cross-origin (docs/product-rules.md §3). */
  LOCALE_COOKIE_CROSS_ORIGIN: bool.default(false),
  /**
   * Third parties (docs/configuration.md "Third parties"): each is off unless set, loads after the
   * page is idle, and only its host enters the CSP. The support chat is the provider's script URL.
   */
  SUPPORT_CHAT_SCRIPT_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Google Tag Manager container id (`GTM-XXXXXXX`); loads only after cookie consent. */
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a container id like GTM-ABC1234')
    .optional(),
  /** Yandex Metrica counter id (analytics with session replay); loads only after cookie consent. */
  ANALYTICS_COUNTER_ID: z
    .string()
    .regex(/^\d{4,12}$/, 'must be a numeric counter id')
    .optional(),
  /** Segment write key (the customer data platform); loads only after cookie consent. */
  CDP_WRITE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'must be a Segment write key (letters and digits)')
    .optional(),
  /** Optional JSON file overriding the business configuration (currencies). */
  BUSINESS_CONFIG_FILE: z.string().optional(),
  /** docs/product-rules.md §5: on this host (a game mirror) the crash, coinflip and cases pages redirect to /error. */
  GAME_MIRROR_HOST: z.string().min(1).optional(),
  /** Serve the built site (dist/); tests of the API alone turn it off. */
  SERVE_SITE: bool.default(true),
  /**
   * The site's public origin (`https://example.com`): links in mails, social-login callbacks,
   * checkout returns, canonical links and the webhook target are built on it or on a mirror host.
   * Unset: only this machine's addresses are trusted (docs/security.md).
   */
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => /^https?:\/\/[^/?#]+\/?$/i.test(v), 'must be an origin (scheme and host, no path)')
    .optional(),
  /** Further hosts of the same site (mirrors), comma-separated `host[:port]`; their `api.` hosts too. */
  MIRROR_HOSTS: hostList,
  /** Hosts no longer in use (`host[:port]`, comma-separated): their pages answer 301 to the current mirror (docs/edge.md). */
  RETIRED_HOSTS: hostList,
  /** Countries (ISO 3166 alpha-2, comma-separated) shown /no-access, whose wallet and game calls answer 451 (docs/edge.md). */
  GEO_BLOCKED_COUNTRIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'each entry must be a two-letter country code')))
    .default([]),
  /** A MaxMind GeoLite2/GeoIP2 country (or city) file; unset: the embedded CC0 country database. */
  GEO_DATABASE_FILE: z.string().min(1).optional(),
  /** A header a trusted front (e.g. `cf-ipcountry`) puts the visitor's country in; unset: never read. */
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Content of the `yandex-verification` meta tag (docs/product-rules.md §3); unset: none. */
  YANDEX_VERIFICATION: z.string().min(1).max(200).optional(),
  /** docs/product-rules.md §4 "special host": there a Russian locale is shown in English. */
  SPECIAL_HOST: z.string().min(1).optional(),
  /** Lifetime of the `partner` and `adplace` cookies, days (docs/product-rules.md §3 "from configuration"). */
  AFFILIATE_COOKIE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long a single-sign-on code lives before the mirror must have exchanged it. */
  SSO_CODE_TTL_SECONDS: z.coerce.number().int().min(5).max(300).default(60),
  /**
   * HMAC key of access tokens (≥ 32 characters). Unset: a random key is generated once and kept
   * in the database (settings), so instances sharing the database agree and restarts keep sessions.
   */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key the browsers' device fingerprints are kept encrypted with (docs/edge.md "Device
   * fingerprint"). Absent: one is generated on first start and kept in the database (settings).
   */
  FINGERPRINT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * A refresh token presented again this many seconds after its rotation answers the same new pair
   * (two tabs refreshing at once) instead of revoking the session as reuse; 0 turns that off.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /**
   * smtp(s)://user:pass@host:port: mails are sent and the outbox keeps only delivery metadata;
   * unset: mails go to the outbox table (the development sink), as SMS always do for now.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Orbita <no-reply@orbita.example>'),
  /** reCAPTCHA v3 secret; unset: captcha is not checked (docs/product-rules.md §7). */
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
  /**
   * Where the sandbox sends webhooks; unset: `PUBLIC_SITE_URL/api/payments/webhooks/sandbox`, or
   * this server's own listening address. Never taken from a request.
   */
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Deliveries of one webhook before it is marked failed (then only an operator re-drives it). */
  SANDBOX_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(16),
  /** How often the sandbox delivers due webhooks. */
  SANDBOX_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(50).default(500),
  /**
   * An unpaid deposit expires this many minutes after it was created: its provider checkout can
   * no longer be paid and the payment shows as `expired` (decimals allowed: 0.5 is 30 seconds).
   */
  DEPOSIT_CHECKOUT_TTL_MINUTES: z.coerce
    .number()
    .min(1 / 60, 'must be at least 1 second (0.0167 minutes)')
    .max(7 * 24 * 60, 'must be at most 7 days (10080 minutes)')
    .default(30),
  /** How often each instance sweeps unpaid deposits past their expiry to `expired`. */
  DEPOSIT_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(50).default(60_000),
  /**
   * Rooms (docs/fairness.md §5): the house commission in percent of the pot, 0 to 50 with up to two
   * decimals; each round keeps the commission it opened with (shown in the room).
   */
  ROOMS_COMMISSION_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage with at most 2 decimals, e.g. 5 or 2.5')
    .transform((v) => Math.round(Number(v) * 100))
    .refine((bps) => bps <= 5_000, 'must be at most 50')
    .default(500),
  /**
   * Instant bets (docs/performance.md "Bets"): `auto` places them with the one statement (the
   * transaction takes what it hands over), `transaction` with the multi-statement transaction only.
   * The same rules either way; the tests run the instant-bet suite on both.
   */
  INSTANT_BET_PATH: z.enum(['auto', 'transaction']).default('auto'),
  /**
   * The Wallet API's bets and wins (docs/slots.md "Money"): `auto` does each in one statement
   * (src/server/modules/slots/statements.ts; the transaction takes what it hands over),
   * `transaction` in the multi-statement transaction only. The tests run the wallet suite on both.
   */
  SLOT_WALLET_PATH: z.enum(['auto', 'transaction']).default('auto'),
  /** Rooms: how long a round counts down once a second player has joined, then it is drawn. */
  ROOMS_COUNTDOWN_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /**
   * Crash (docs/games.md "Crash"): whether this instance stands for driving the rounds (one
   * instance drives at a time, docs/fairness.md "Several instances"); off: it only takes bets and
   * cash-outs into the rounds another instance drives.
   */
  CRASH_DRIVER: bool.default(true),
  /** Crash: how long a round takes bets before its flight starts. */
  CRASH_BETTING_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Crash: the pause between a crash and the next round's betting. */
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Crash: games in the hash chain, generated once on the first start (docs/fairness.md §4). */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(100_000_000).default(10_000_000),
  /**
   * Test only (refused unless NODE_ENV=test): the crash points the next rounds end at, in order,
   * e.g. `2.00,1.00` (then the chain's own again; src/server/modules/crash/script.ts).
   */
  TEST_CRASH_POINTS: z
    .string()
    .regex(
      /^\d+\.\d\d(,\d+\.\d\d)*$/,
      'must be multipliers with two decimals, comma-separated, e.g. 2.00,1.00',
    )
    .transform((v) => v.split(',').map((point) => Math.round(Number(point) * 100)))
    .refine((points) => points.every((p) => p >= 100), 'each point must be at least 1.00')
    .optional(),
  /** Test only (refused unless NODE_ENV=test): the seat that wins every rooms draw (src/server/modules/rooms/script.ts). */
  TEST_ROOMS_WINNER_SEAT: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Bearer token of the operator API (withdrawal approval, KYC); unset: no operator API. */
  OPERATOR_API_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** KYC before the first withdrawal (docs/api-money.md: the first withdrawal, or above a configured amount). */
  KYC_ON_FIRST_WITHDRAWAL: bool.default(true),
  /** Otherwise KYC once withdrawals reach this many times the currency's min_payout. */
  KYC_THRESHOLD_MIN_PAYOUTS: z.coerce.number().int().min(1).default(100),
  /** Identity documents a player may have waiting for the operator's decision… */
  KYC_MAX_PENDING_FILES: z.coerce.number().int().min(1).max(1_000).default(10),
  /** …and their total size in bytes (default 50 MB: five documents of the 10 MB maximum). */
  KYC_MAX_PENDING_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  /**
   * Slots (docs/slots.md): the aggregator's Games API base URL; unset: the in-house studio runs in
   * this process on loopback with a key pair made at boot, and the casino points itself at it.
   */
  AGGREGATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Slots: the operator id the aggregator knows the casino by. */
  AGGREGATOR_OPERATOR_ID: z.string().min(1).max(128).default('orbita'),
  /** Slots: the aggregator's public key (PEM, or the PEM base64-encoded): verifies Wallet API calls. */
  AGGREGATOR_PUBLIC_KEY: z.string().min(1).optional(),
  /** Slots: the casino's private key (PEM, or base64 PEM): signs Wallet API answers and Games API calls. */
  OPERATOR_PRIVATE_KEY: z.string().min(1).optional(),
  /** Slots: how often the catalogue is read again from the Games API (it is kept when that fails). */
  AGGREGATOR_LIST_REFRESH_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  /** Slots: the in-house studio's port on loopback when AGGREGATOR_URL is unset (0: any free port). */
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Slots: the in-house studio's address as players' browsers reach it (default: its loopback address). */
  STUDIO_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Live casino: the in-house studio's round phases in ms, `betting,closed,drawing,result` (every
   * table); unset: each table's own (a round about every 30 s). End-to-end tests play shorter rounds.
   */
  STUDIO_LIVE_TIMING_MS: z
    .string()
    .regex(/^\d+,\d+,\d+,\d+$/, 'four lengths in ms: betting,closed,drawing,result')
    .transform((text) => {
      const [betting, closed, drawing, result] = text.split(',').map(Number) as [
        number,
        number,
        number,
        number,
      ];
      return { betting, closed, drawing, result };
    })
    .optional(),
  /** Slots: how long a game session's token takes bets (wins and rollbacks come after it too). */
  SLOT_SESSION_TTL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(12 * 3_600_000),
  /**
   * Sportsbook (docs/betting.md): the odds feed's REST base (`GET /v1/fixtures`, `/v1/events/{id}`)
   * and its shared secret (access token, and the key its pushes are signed with). Unset URL: the
   * in-house feed runs in this process on loopback (SPORTS_FEED_PORT, 0 = any free port).
   */
  SPORTS_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  SPORTS_FEED_SECRET: z.string().min(16).optional(),
  SPORTS_FEED_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Sportsbook: `false` starts no in-house feed when SPORTS_FEED_URL is unset (the book stays empty). */
  SPORTS_FEED_IN_HOUSE: bool.default(true),
  /** Sportsbook: how long a bet with a live leg waits before it is accepted (and re-checked). */
  SPORTS_LIVE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Sportsbook: the margin a cash-out offer keeps (basis points) and how long an offer holds. */
  SPORTS_CASHOUT_MARGIN_BPS: z.coerce.number().int().min(0).max(5_000).default(500),
  SPORTS_CASHOUT_OFFER_MS: z.coerce.number().int().min(1_000).max(60_000).default(8_000),
  /**
   * Sportsbook: what one outcome may stand to lose in each currency, as a multiple of crash's
   * maximum stake there (docs/configuration.md); the maximum stake of a bet follows from it.
   */
  SPORTS_LIABILITY_MULTIPLE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Sportsbook: the house edge the bonus engine and rakeback count on a sports stake (basis points). */
  SPORTS_EDGE_BPS: z.coerce.number().int().min(0).max(5_000).default(600),
  /**
   * Tournaments (docs/tournaments.md): how often this instance starts and finishes what is due and
   * pays the prizes; 0 never (tests that tick by hand; another instance must then do it).
   */
  TOURNAMENT_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
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
    .superRefine((env, ctx) => {
      // Scripted outcomes decide games: never outside the tests.
      for (const name of ['TEST_CRASH_POINTS', 'TEST_ROOMS_WINNER_SEAT'] as const)
        if (env[name] !== undefined && env.NODE_ENV !== 'test')
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `scripts the games' outcomes: refused unless NODE_ENV=test (NODE_ENV is ${env.NODE_ENV})`,
          });
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
