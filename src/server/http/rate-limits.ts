import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../config.ts';

/**
 * The API's request limits (docs/security.md "Rate limits"). A request with a valid access token
 * counts against its player, whatever address it comes from; anything else against its address.
 * Players behind one carrier NAT or one proxy therefore never share a budget, and a forged token
 * buys nothing (it does not verify, so it counts against the address). With Redis the counters
 * live there and every instance enforces the same limit. `playerOf` is the auth module's reading of
 * the access token (src/server/modules/auth/plugin.ts): injected, since http sits below modules.
 */
export function apiRateLimits(
  env: Env,
  playerOf: (request: FastifyRequest) => Promise<string | undefined>,
  redis?: Redis,
  keyPrefix = '',
): RateLimitPluginOptions {
  return {
    max: env.RATE_LIMIT_API_PER_MINUTE,
    timeWindow: 60_000,
    // Registered once at the root, for the API routes only (`everyApiRoute`); the routes that play
    // declare their own limit (`betRateLimit`), counted apart.
    global: false,
    keyGenerator: async (request: FastifyRequest) => {
      const player = await playerOf(request);
      return player ? `player:${player}` : `ip:${request.ip}`;
    },
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate:`, skipOnError: true } : {}),
  };
}

/**
 * The limit of each route that plays (a bet, a round step, a room stake), per player and route:
 * higher than the API's because auto-bet plays several times a second.
 */
export function betRateLimit(env: Env) {
  return { max: env.RATE_LIMIT_BETS_PER_MINUTE, timeWindow: 60_000 };
}

/**
 * The API's limit for every API route that declares none of its own, as an `apiGuards` hook: the
 * limiter `@fastify/rate-limit` gives (`app.rateLimit()`) shares the plugin's one store, so every
 * module's routes count against one budget per player or address, as they would in one scope.
 */
export function everyApiRoute(app: FastifyInstance): (route: RouteOptions) => void {
  const limit = app.rateLimit();
  return (route) => {
    if (route.config?.rateLimit != null) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), limit];
  };
}
