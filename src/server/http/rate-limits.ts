import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../config.ts';
import { accessClaimsOf } from '../modules/auth/http.ts';
import type { TokenKeys } from '../modules/auth/tokens.ts';

/**
 * The API's request limits (docs/security.md "Rate limits"). A request with a valid access token
 * counts against its player, whatever address it comes from; anything else against its address.
 * Players behind one carrier NAT or one proxy therefore never share a budget, and a forged token
 * buys nothing (it does not verify, so it counts against the address). With Redis the counters
 * live there and every instance enforces the same limit.
 */
export function apiRateLimits(
  env: Env,
  keys: TokenKeys,
  redis?: Redis,
  keyPrefix = '',
): RateLimitPluginOptions {
  return {
    max: env.RATE_LIMIT_API_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: async (request: FastifyRequest) => {
      const claims = await accessClaimsOf(request, keys);
      return claims ? `player:${claims.userId}` : `ip:${request.ip}`;
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
