import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerApiRoutes } from './api-routes.ts';
import { corsHook } from './cors.ts';
import { docsRoutes } from './docs-routes.ts';
import { guardMoneyRoutes } from './edge/geo-guard.ts';
import { registerErrorHandling } from './errors.ts';
import { healthRoutes } from './health-routes.ts';
import { registerOpenApi } from './openapi.ts';
import { sharedPlugin } from './plugin.ts';
import { apiRateLimits, everyApiRoute } from './rate-limits.ts';
import { registerRouteSchemas } from './route-schema.ts';
import { registerTextGuard } from './text-guard.ts';

/**
 * The HTTP service every module stands on: request ids, CORS for the operator's origins, security
 * headers, compression, cookies, websockets, the error answers, the text guard, the route schemas
 * and their OpenAPI document, /healthz and /readyz, and the API's guards (`apiGuards`: its rate
 * limit and the geo check) with its docs. `playerOf` reads the access token for the rate limit:
 * the auth module's, late-bound since auth registers after this (it is asked per request).
 */
export const httpCore = sharedPlugin(
  'http-core',
  async (
    app: FastifyInstance,
    { playerOf }: { playerOf: (request: FastifyRequest) => Promise<string | undefined> },
  ) => {
    const { config, database, bus, onRoute } = app.deps;
    if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    // The pages call the API on its api. host: CORS for the operator's origins only (docs/security.md).
    app.addHook('onRequest', corsHook(app.origins));

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

    await app.register(healthRoutes, { database, bus });

    await app.register(fastifyRateLimit, apiRateLimits(config.env, playerOf, bus.redis, bus.keyPrefix));
    // Money and game routes answer 451 to a blocked or unknown country before anything runs
    // (docs/edge.md "Geo"): decided on the route the router matched, not on the URL as sent.
    app.decorate('apiGuards', [everyApiRoute(app), guardMoneyRoutes(app.geo)]);
    await registerApiRoutes(app, undefined, docsRoutes, {});
  },
  ['site-edge'],
);
