import { createSecretKey, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandling } from './http/errors.ts';
import { operatorGuard } from './http/operator.ts';
import { serveSite } from './http/site.ts';
import { Messenger } from './modules/auth/messenger.ts';
import { sessionIsLive } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { resolveSecret, resolveTokenSecret } from './modules/auth/secret.ts';
import { AuthService } from './modules/auth/service.ts';
import { parseProviders, SocialLogin } from './modules/auth/social.ts';
import { TokenKeys } from './modules/auth/tokens.ts';
import { configRoutes } from './modules/config/routes.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { KycService } from './modules/kyc/service.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { SandboxProvider } from './modules/payments/sandbox.ts';
import { PaymentsService } from './modules/payments/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { WalletEvents } from './modules/wallet/events.ts';
import type { Bus } from './realtime/bus.ts';
import { realtimeGateway } from './realtime/gateway.ts';
import { LocalDiskStorage } from './storage/storage.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  bus: Bus;
  /** Built site folder (dist/); the site is served only when `config.env.SERVE_SITE`. */
  distDir?: string;
  /** Where log lines go (default stdout); tests read them to prove secrets are never logged. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Set when SIGTERM arrived: /readyz answers 503 so balancers stop sending traffic. */
    draining: boolean;
    /** The built-in sandbox payment provider (tests drive its webhook dispatcher). */
    sandbox: SandboxProvider;
  }
}

/**
 * On an `api.` host the spec's paths (spec §7: `/profile/user`, `/api/v2/auth/…`) sit at the root;
 * internally every API route lives under `/api`, so the host's paths are prefixed once.
 */
export function apiHostRewrite(url: string, host: string | undefined): string {
  if (!host?.toLowerCase().startsWith('api.') || /^\/(ws|healthz|readyz)(\?|$)/.test(url)) return url;
  return `/api${url === '/' ? '' : url}`;
}

/** Builds the whole HTTP service: API under /api (and on the api. host), /ws, health, the site. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.env.LOG_LEVEL,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          // Database errors carry the failed statement's parameters (PGlite) or row (PostgreSQL);
          // they may hold a secret, e.g. an unrevealed server seed (FAIRNESS.md §1).
          'err.params',
          'err.query',
          'err.detail',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: config.env.TRUST_PROXY,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    rewriteUrl: (req) => apiHostRewrite(req.url ?? '/', req.headers.host),
    // Shutdown is server.ts's job: requests already on an open connection are still served while
    // draining (a 503 or a reset would fail requests that were sent before SIGTERM).
    forceCloseConnections: false,
    return503OnClosing: false,
  });
  app.decorate('deps', deps);
  app.decorate('draining', false);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

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
          'ws:',
          'wss:',
          ...(config.env.PUBLIC_API_URL ? [new URL(config.env.PUBLIC_API_URL).origin] : []),
        ],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Social login opens the provider in a popup that must keep its opener (spec §4).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandling(app);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await Promise.all([deps.database.ping(), deps.bus.ping()]);
      return { status: 'ready', database: deps.database.kind, bus: deps.bus.kind };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  const keys = new TokenKeys(await resolveTokenSecret(deps.database, config.env.JWT_SECRET));
  const messenger = new Messenger({ smtpUrl: config.env.SMTP_URL, from: config.env.MAIL_FROM, log: app.log });
  app.addHook('onClose', async () => messenger.close());
  const auth = new AuthService({ database: deps.database, keys, messenger, env: config.env });
  const social = new SocialLogin(parseProviders(config.env.OIDC_PROVIDERS), {
    database: deps.database,
    auth,
  });

  const walletEvents = new WalletEvents(deps.database, deps.bus);
  // The sandbox signs with this secret and the casino verifies with it: two parties, one shared key.
  const webhookSecret = await resolveSecret(
    deps.database,
    'sandbox_webhook_secret',
    config.env.SANDBOX_WEBHOOK_SECRET,
  );
  const sandbox = new SandboxProvider({ database: deps.database, webhookSecret, log: app.log });
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
  const operatorScope = config.env.OPERATOR_API_TOKEN
    ? operatorGuard(config.env.OPERATOR_API_TOKEN)
    : undefined;
  sandbox.start(config.env.SANDBOX_WEBHOOK_INTERVAL_MS);
  app.addHook('onClose', async () => sandbox.stop());
  app.decorate('sandbox', sandbox);

  const authenticateSocket = async (token: string) => {
    const claims = await keys.verifyAccess(token);
    return claims && (await sessionIsLive(deps.database, claims.sessionId, claims.userId))
      ? claims.userId.toString()
      : null;
  };
  await app.register(realtimeGateway, { bus: deps.bus, authenticate: authenticateSocket });
  await app.register(
    async (api) => {
      await api.register(fastifyRateLimit, { max: 600, timeWindow: '1 minute' });
      await api.register(configRoutes, { config });
      await api.register(authRoutes, { config, database: deps.database, auth, social });
      await api.register(profileRoutes, { config, database: deps.database, auth, kyc });
      await api.register(paymentRoutes, {
        config,
        database: deps.database,
        keys,
        payments,
        sandbox,
        operatorScope,
      });
      await api.register(kycRoutes, { database: deps.database, keys, kyc, operatorScope });
      await api.register(historyRoutes, { database: deps.database, keys });
      await api.register(gamesRoutes, {
        config,
        database: deps.database,
        bus: deps.bus,
        keys,
        aliasKey: createSecretKey(
          await resolveSecret(deps.database, 'player_alias_secret', undefined),
          'utf8',
        ),
        publishBalances: (userId, currency, cash, bonus) =>
          walletEvents.publishBalances(userId, currency, cash, bonus),
      });
    },
    { prefix: '/api' },
  );

  if (config.env.SERVE_SITE) {
    await serveSite(app, {
      distDir: deps.distDir ?? fileURLToPath(new URL('../../dist', import.meta.url)),
      site: config.site,
    });
  }
  return app;
}
