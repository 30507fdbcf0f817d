import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Bus } from '../realtime/bus.ts';
import { isSiteRequest } from './cached-pages.ts';
import type { CrawlerDns } from './edge/crawler-check.ts';
import { frameworkErrors } from './errors.ts';
import { requestSerializer } from './log-redaction.ts';
import type { ProxyTrust } from './proxy-trust.ts';

/** What the process gives the app (server.ts; the tests give their own). */
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
  /** The time tokens, sessions, limits and deadlines read (src/server/clock.ts); default the system's. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's config, database and bus: the context every module plugin builds from. */
    deps: AppDeps;
    /** Set when SIGTERM arrived: /readyz answers 503 so balancers stop sending traffic. */
    draining: boolean;
  }
}

/** Answers a request before Fastify builds one, when it can (the cached pages, docs/performance.md). */
export interface FrontDoor {
  answer?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
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

/**
 * The Fastify instance with the server's options: the listener that lets `front` answer first,
 * logging with secrets redacted, the proxy trust, request ids and the api. host's paths.
 */
export function createFastify(deps: AppDeps, proxies: ProxyTrust, front: FrontDoor): FastifyInstance {
  const { config } = deps;
  const app = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) => {
        const answered = front.answer?.(req, res) ?? false;
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
  return app;
}

/** This server's own listening address, as a loopback URL the process can call itself on. */
export function ownAddress(app: FastifyInstance, configuredPort: number): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return `http://127.0.0.1:${configuredPort}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
