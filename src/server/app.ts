import { createSecretKey, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { Currency } from '../shared/currencies.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { CachedPages, isSiteRequest } from './http/cached-pages.ts';
import { corsHook } from './http/cors.ts';
import { docsRoutes } from './http/docs-routes.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health-routes.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { registerOpenApi, tagged } from './http/openapi.ts';
import { operatorGuard } from './http/operator.ts';
import { OriginPolicy } from './http/origin.ts';
import { ProxyTrust } from './http/proxy-trust.ts';
import { apiRateLimits } from './http/rate-limits.ts';
import { registerRouteSchemas } from './http/route-schema.ts';
import { serveSite } from './http/site.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { DeviceCookies } from './modules/auth/device.ts';
import { Fingerprints } from './modules/auth/fingerprint.ts';
import { Messenger } from './modules/auth/messenger.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { resolveSecret, resolveTokenSecret } from './modules/auth/secret.ts';
import { AuthService } from './modules/auth/service.ts';
import { SessionGate } from './modules/auth/session-gate.ts';
import { sessionIsLive } from './modules/auth/session-repository.ts';
import { parseProviders, SocialLogin } from './modules/auth/social.ts';
import { TokenKeys } from './modules/auth/tokens.ts';
import { BonusOperator } from './modules/bonus/operator.ts';
import { bonusRoutes } from './modules/bonus/routes.ts';
import { BonusService } from './modules/bonus/service.ts';
import { configRoutes } from './modules/config/routes.ts';
import { startCrashDriver } from './modules/crash/driver.ts';
import { crashRoutes } from './modules/crash/routes.ts';
import { crashState } from './modules/crash/state.ts';
import { CrawlerCheck, type CrawlerDns } from './modules/edge/crawler-check.ts';
import { GeoGate, GeoLocator } from './modules/edge/geo.ts';
import { guardMoneyRoutes } from './modules/edge/geo-guard.ts';
import { MirrorPolicy } from './modules/edge/mirrors.ts';
import { pageEdge } from './modules/edge/page-edge.ts';
import { edgeRoutes } from './modules/edge/routes.ts';
import { SiteContent } from './modules/edge/site-content.ts';
import { SingleSignOn } from './modules/edge/sso.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { KycService } from './modules/kyc/service.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { SandboxProvider } from './modules/payments/sandbox.ts';
import { PaymentsService } from './modules/payments/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { startRoomsDriver } from './modules/rooms/driver.ts';
import { roomsRoutes } from './modules/rooms/routes.ts';
import { WalletEvents } from './modules/wallet/events.ts';
import { PAGES_CHANGED_CHANNEL, PageCache } from './page-cache.ts';
import { Periodic } from './periodic.ts';
import type { Bus } from './realtime/bus.ts';
import { publishSessionsRevoked, realtimeGateway, type SocketAuthenticator } from './realtime/gateway.ts';
import { socketRelay } from './realtime/relay.ts';
import { LocalDiskStorage } from './storage/storage.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  bus: Bus;
  /** Built site folder (dist/); the site is served only when `config.env.SERVE_SITE`. */
  distDir?: string;
  /** Where log lines go (default stdout); tests read them to prove secrets are never logged. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered: the API fuzz test enumerates the API with it. */
  onRoute?: (route: RouteOptions) => void;
  /** The DNS that verifies claimed crawlers (docs/edge.md "Geo"); default the system's. Tests fake it. */
  crawlerDns?: CrawlerDns;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Set when SIGTERM arrived: /readyz answers 503 so balancers stop sending traffic. */
    draining: boolean;
    /** The built-in sandbox payment provider (tests drive its webhook dispatcher). */
    sandbox: SandboxProvider;
    /** Deposits, webhooks, withdrawals and the deposit expiry sweep (tests drive the sweep). */
    payments: PaymentsService;
    /** The hosts links may point to, and the site origin of a request (docs/security.md). */
    origins: OriginPolicy;
    /** Rendered pages (docs/performance.md "Pages"); `invalidatePages` drops them on every instance. */
    pageCache: PageCache;
    invalidatePages(tags?: readonly string[]): Promise<void>;
    /** The operator's hosts: main, mirrors, retired ones (docs/edge.md); `isRetiredHost` for robots.txt. */
    mirrors: MirrorPolicy;
  }
}

/**
 * On an `api.` host the API's paths (`/profile/user`, `/api/v2/auth/…`, docs/api-auth.md) sit at
 * the root; internally every API route lives under `/api`, so the host's paths are prefixed once
 * (its robots.txt, which closes the host to crawlers, excepted).
 */
export function apiHostRewrite(url: string, host: string | undefined): string {
  if (!host?.toLowerCase().startsWith('api.') || /^\/(ws|healthz|readyz|robots\.txt)(\?|$)/.test(url))
    return url;
  return `/api${url === '/' ? '' : url}`;
}

/** This server's own listening address, as a loopback URL the process can call itself on. */
function ownAddress(app: FastifyInstance, configuredPort: number): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `http://127.0.0.1:${configuredPort}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Builds the whole HTTP service: API under /api (and on the api. host), /ws, health, the site. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Cached pages are answered before Fastify builds a request (docs/performance.md "Pages").
  let cachedPages: CachedPages | undefined;
  const proxies = new ProxyTrust(config.env.TRUST_PROXY);
  const app = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) => {
        const answered = cachedPages?.answer(req, res) ?? false;
        if (answered === false) handler(req, res);
        else if (answered !== true)
          // Only a claimed crawler from a blocked country waits here, for DNS (docs/edge.md "Geo").
          void answered.then(
            (done) => {
              if (!done) handler(req, res);
            },
            () => handler(req, res),
          );
      }),
    logger: {
      level: config.env.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      serializers: { req: requestSerializer },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          // Database errors carry the failed statement's parameters (PGlite) or row (PostgreSQL);
          // they may hold a secret, e.g. an unrevealed server seed (docs/fairness.md).
          'err.params',
          'err.query',
          'err.detail',
        ],
        censor: '[redacted]',
      },
    },
    // Pages and static files are not logged one line per request (a proxy's access log does that);
    // API calls are. Errors are logged either way.
    logController: new LogController({
      disableRequestLogging: (req: FastifyRequest | IncomingMessage) =>
        isSiteRequest('raw' in req ? req.raw : req),
    }),
    // One trust function for Fastify and the page path before it (src/server/http/proxy-trust.ts).
    trustProxy: proxies.fastifyOption,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    rewriteUrl: (req) => apiHostRewrite(req.url ?? '/', req.headers.host),
    // Shutdown is server.ts's job: requests already on an open connection are still served while
    // draining (a 503 or a reset would fail requests that were sent before SIGTERM).
    forceCloseConnections: false,
    return503OnClosing: false,
    frameworkErrors,
  });
  app.decorate('deps', deps);
  app.decorate('draining', false);
  const origins = new OriginPolicy({
    publicSiteUrl: config.env.PUBLIC_SITE_URL,
    mirrorHosts: config.env.MIRROR_HOSTS,
    listenHost: config.env.HOST,
    listenPort: config.env.PORT,
  });
  app.decorate('origins', origins);
  const pageCache = new PageCache({
    maxBytes: config.env.PAGE_CACHE_MAX_BYTES,
    ttlMs: config.env.PAGE_CACHE_TTL_SECONDS * 1000,
  });
  app.decorate('pageCache', pageCache);
  cachedPages = new CachedPages(pageCache, config.site, origins, proxies);
  // The edge (docs/edge.md): retired hosts and blocked countries are redirected before the cache.
  const mirrors = new MirrorPolicy({
    publicSiteUrl: config.env.PUBLIC_SITE_URL,
    mirrorHosts: config.env.MIRROR_HOSTS,
    retiredHosts: config.env.RETIRED_HOSTS,
  });
  app.decorate('mirrors', mirrors);
  const geo = new GeoGate({
    locator: new GeoLocator(config.env.GEO_DATABASE_FILE),
    blocked: config.env.GEO_BLOCKED_COUNTRIES,
    countryHeader: config.env.GEO_COUNTRY_HEADER,
    proxies,
    crawlers: new CrawlerCheck(deps.crawlerDns ? { dns: deps.crawlerDns } : {}),
  });
  app.decorate('countryOf', (request: FastifyRequest) => geo.locate(request.ip, request.headers).country);
  cachedPages.setEdge(
    (req, host, cookieLocale) => pageEdge(req, host, cookieLocale, { mirrors, geo, site: config.site }),
    config.env.RETIRED_HOSTS.length > 0 || config.env.GEO_BLOCKED_COUNTRIES.length > 0,
  );
  // The server's listener asks before Fastify; this hook answers the same for injected requests.
  const pages = cachedPages;
  app.addHook('onRequest', async (request, reply) => {
    const redirect = await pages.edgeRedirect(request.raw);
    if (redirect)
      return reply
        .code(redirect.status)
        .header('cache-control', 'no-store')
        .redirect(redirect.location, redirect.status);
  });
  // The operator's settings and search-engine data (docs/edge.md), forgotten with the pages.
  const content = new SiteContent(deps.database);
  const stopInvalidations = await deps.bus.subscribe(PAGES_CHANGED_CHANNEL, (payload) => {
    const tags = JSON.parse(payload) as string[] | null;
    pageCache.invalidate(tags ?? undefined);
    content.forget();
  });
  app.addHook('onClose', async () => stopInvalidations());
  app.decorate('invalidatePages', async (tags?: readonly string[]) => {
    pageCache.invalidate(tags); // this instance at once; the others through the bus
    await deps.bus.publish(PAGES_CHANGED_CHANNEL, JSON.stringify(tags ?? null));
  });
  app.log.info(
    { trustedHosts: origins.describe(), trustProxy: proxies.describe() },
    origins.configured
      ? 'links are built for these hosts only'
      : 'PUBLIC_SITE_URL is unset: links are built only for this machine’s own addresses',
  );
  const { onRoute } = deps;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // The pages call the API on its api. host: CORS for the operator's origins only (docs/security.md).
  app.addHook('onRequest', corsHook(origins));

  await app.register(fastifyHelmet, {
    // API replies and static files. Pages replace it with Astro's CSP (astro.config.mjs), which
    // lists the hash of every inline script and style the page carries.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': [
          "'self'",
          ...(config.env.PUBLIC_API_URL ? [new URL(config.env.PUBLIC_API_URL).origin] : []),
        ],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Social login opens the provider in a popup that must keep its opener (docs/api-auth.md).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandling(app);
  registerTextGuard(app);

  registerRouteSchemas(app, { checkAnswers: config.env.NODE_ENV !== 'production' });
  await registerOpenApi(app);

  await app.register(healthRoutes, { database: deps.database, bus: deps.bus });

  const keys = new TokenKeys(await resolveTokenSecret(deps.database, config.env.JWT_SECRET));
  const messenger = new Messenger({
    smtpUrl: config.env.SMTP_URL,
    from: config.env.MAIL_FROM,
    log: app.log,
    production: config.env.NODE_ENV === 'production',
  });
  app.addHook('onClose', async () => messenger.close());
  // Device cookies are signed with their own key, generated once and kept in the database.
  const devices = new DeviceCookies(await resolveSecret(deps.database, 'device_cookie_secret', undefined));
  const fingerprints = new Fingerprints(
    await resolveSecret(deps.database, 'fingerprint_key', config.env.FINGERPRINT_KEY),
  );
  // The routes that play check sessions through this cache (docs/security.md "Sessions").
  const sessionGate = new SessionGate(deps.database, deps.bus, config.env.SESSION_RECHECK_SECONDS * 1000);
  await sessionGate.start();
  app.addHook('onClose', async () => sessionGate.stop());
  const auth = new AuthService({
    database: deps.database,
    keys,
    messenger,
    env: config.env,
    // The revocation is committed either way; sockets of other instances that miss the message
    // still lose the private channel when their access token expires (gateway.ts).
    sessionsRevoked: (sessionIds) => {
      sessionGate.sessionsRevoked(sessionIds);
      return publishSessionsRevoked(deps.bus, sessionIds).catch((err: unknown) => {
        app.log.error({ err, sessions: sessionIds.length }, 'could not publish revoked sessions');
      });
    },
    devices,
    fingerprints,
    log: app.log,
  });
  const social = new SocialLogin(parseProviders(config.env.OIDC_PROVIDERS), {
    database: deps.database,
    sessions: auth.sessions,
  });

  const sso = new SingleSignOn({
    database: deps.database,
    mirrors,
    origins,
    ttlSeconds: config.env.SSO_CODE_TTL_SECONDS,
  });
  app.decorate('loginSsoLink', (request: FastifyRequest) => sso.mainLink(request));

  const walletEvents = new WalletEvents(deps.database, deps.bus, app.log);
  // The sandbox signs with this secret and the casino verifies with it: two parties, one shared key.
  const webhookSecret = await resolveSecret(
    deps.database,
    'sandbox_webhook_secret',
    config.env.SANDBOX_WEBHOOK_SECRET,
  );
  const sandbox = new SandboxProvider({
    database: deps.database,
    webhookSecret,
    log: app.log,
    // The merchant's endpoint is configuration, never a request's Host (docs/security.md).
    webhookUrl: () =>
      config.env.SANDBOX_WEBHOOK_URL ??
      `${origins.configured ? origins.canonical : ownAddress(app, config.env.PORT)}/api/payments/webhooks/sandbox`,
    maxAttempts: config.env.SANDBOX_WEBHOOK_MAX_ATTEMPTS,
  });
  const kyc = new KycService({
    database: deps.database,
    storage: new LocalDiskStorage(path.join(config.env.DATA_DIR, 'private')),
    config,
  });
  const payments = new PaymentsService({
    database: deps.database,
    config,
    sandbox,
    webhookSecret,
    events: walletEvents,
    kyc,
    log: app.log,
  });
  const bonus = new BonusService(deps.database, {
    perPlayer: config.env.PROMO_TRIES_PER_MINUTE,
    perAddress: config.env.PROMO_TRIES_PER_MINUTE_PER_ADDRESS,
    lookupMissesPerAddress: config.env.PROMO_LOOKUP_MISSES_PER_MINUTE_PER_ADDRESS,
  });
  // Forfeits bonuses past their deadline (reads of a player's bonuses do it for them as well).
  const bonusExpiry = new Periodic(() => bonus.expireDue(null), app.log, 'bonus expiry sweep failed');
  bonusExpiry.start(60_000);
  app.addHook('onClose', async () => bonusExpiry.stop());
  const operatorScope = config.env.OPERATOR_API_TOKEN
    ? operatorGuard(config.env.OPERATOR_API_TOKEN)
    : undefined;
  sandbox.start(config.env.SANDBOX_WEBHOOK_INTERVAL_MS);
  app.addHook('onClose', async () => sandbox.stop());
  app.decorate('sandbox', sandbox);
  payments.expiry.start(config.env.DEPOSIT_EXPIRY_INTERVAL_MS);
  app.addHook('onClose', async () => payments.expiry.stop());
  app.decorate('payments', payments);

  const socketAuthenticator: SocketAuthenticator = {
    async verify(token) {
      const claims = await keys.verifyAccess(token);
      return (
        claims && {
          userId: claims.userId.toString(),
          sessionId: claims.sessionId,
          expiresAt: claims.expiresAt,
        }
      );
    },
    isLive: ({ userId, sessionId }) => sessionIsLive(deps.database, sessionId, BigInt(userId)),
  };
  const gamesDeps = {
    config,
    database: deps.database,
    bus: deps.bus,
    aliasKey: createSecretKey(await resolveSecret(deps.database, 'player_alias_secret', undefined), 'utf8'),
    publishBalances: (userId: string, currency: Currency, cash: bigint, bonus: bigint) =>
      walletEvents.publishBalances(userId, currency, cash, bonus),
  };
  await app.register(realtimeGateway, {
    bus: deps.bus,
    authenticator: socketAuthenticator,
    relay: socketRelay(app),
    // A socket that subscribes to crash gets the game at once (the round may be mid-flight).
    snapshots: {
      'game:crash': async () => {
        const state = await crashState({ ...gamesDeps, log: app.log });
        return { version: state.version, data: { kind: 'snapshot', state } };
      },
    },
  });
  await app.register(
    async (api) => {
      await api.register(
        fastifyRateLimit,
        apiRateLimits(config.env, keys, deps.bus.redis, deps.bus.keyPrefix),
      );
      // Money and game routes answer 451 to a blocked or unknown country before anything runs
      // (docs/edge.md "Geo"): decided on the route the router matched, not on the URL as sent.
      api.addHook('onRoute', guardMoneyRoutes(geo));
      await api.register(docsRoutes);
      // Each module's routes carry its name as their tag in the OpenAPI document.
      await api.register(tagged('config', configRoutes), { config });
      await api.register(tagged('auth', authRoutes), {
        config,
        database: deps.database,
        auth,
        social,
        operatorScope,
        bonus,
      });
      await api.register(tagged('profile', profileRoutes), {
        config,
        database: deps.database,
        auth,
        kyc,
        bonus,
        sessionGate,
        operatorScope,
      });
      await api.register(tagged('bonus', bonusRoutes), {
        database: deps.database,
        keys,
        bonus,
        operator: new BonusOperator(deps.database),
        events: walletEvents,
        operatorScope,
      });
      await api.register(tagged('edge', edgeRoutes), {
        config,
        database: deps.database,
        auth,
        geo,
        mirrors,
        sso,
        content,
        operatorScope,
      });
      await api.register(tagged('payments', paymentRoutes), {
        config,
        database: deps.database,
        keys,
        payments,
        sandbox,
        operatorScope,
      });
      await api.register(tagged('kyc', kycRoutes), { database: deps.database, keys, kyc, operatorScope });
      await api.register(tagged('history', historyRoutes), { database: deps.database, keys });
      await api.register(tagged('games', gamesRoutes), { ...gamesDeps, keys, sessionGate });
      await api.register(tagged('games', roomsRoutes), { ...gamesDeps, log: app.log, keys, sessionGate });
      await api.register(tagged('games', crashRoutes), { ...gamesDeps, log: app.log, keys, sessionGate });
    },
    { prefix: '/api' },
  );
  // One instance at a time draws the rooms' rounds (docs/fairness.md "Several instances").
  const roomsDriver = startRoomsDriver({ ...gamesDeps, log: app.log }, app.log);
  app.addHook('onClose', async () => roomsDriver.stop());
  // And one drives crash, among the instances that stand for it (CRASH_DRIVER).
  if (config.env.CRASH_DRIVER) {
    const crashDriver = startCrashDriver({ ...gamesDeps, log: app.log }, app.log);
    app.addHook('onClose', async () => crashDriver.stop());
  }

  if (config.env.SERVE_SITE) {
    await serveSite(app, {
      distDir: deps.distDir ?? fileURLToPath(new URL('../../dist', import.meta.url)),
      site: config.site,
      pages: cachedPages,
      content: { offers: () => bonus.offers() },
      siteContent: content,
      isRetired: (hostname) => mirrors.isRetiredHost(hostname),
    });
  }
  return app;
}
