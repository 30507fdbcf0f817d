import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { fail } from '../../domain-error.ts';
import type { GeoGate } from './geo.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The licence boundary (docs/edge.md "Geo"): `guarded` routes answer 451 to a blocked or
     * unknown country before anything runs; `open` ones never do (a route the payment provider
     * calls, not a player). Unset: decided by the route's path (`GEO_GUARDED_PREFIXES`).
     */
    geo?: 'guarded' | 'open';
  }
}

/**
 * The API's money and game routes, by their declared path (docs/edge.md "Geo"): payments, games
 * (crash and rooms included), bonuses and promo codes, the VIP club's claims. A route added under
 * one of them is guarded without saying so.
 */
export const GEO_GUARDED_PREFIXES = ['/api/payments/', '/api/games/', '/api/bonus/', '/api/vip/'] as const;

/** Whether a route, as declared (its path template and config), is behind the licence boundary. */
export function isGeoGuarded(route: Pick<RouteOptions, 'url' | 'config'>): boolean {
  const marked = route.config?.geo;
  if (marked) return marked === 'guarded';
  return GEO_GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix));
}

/**
 * The onRoute hook of the API scope: each guarded route gets the geo check as its first onRequest
 * hook. It belongs to the route the router matched, so a path spelt another way
 * (`/api/p%61yments/deposits`) or a call relayed over `/ws` (src/server/realtime/relay.ts) meets
 * the same check; and it runs before the body is read, so a refused call changes nothing.
 */
export function guardMoneyRoutes(geo: GeoGate): (route: RouteOptions) => void {
  const check: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    // `request.ip` is the visitor's address under TRUST_PROXY (src/server/http/proxy-trust.ts).
    if (geo.refuses(geo.locate(request.ip, request.headers).country))
      throw fail('unavailable', 'geo', 'geo_blocked');
  };
  return (route) => {
    if (!isGeoGuarded(route)) return;
    const hooks = [route.onRequest ?? []].flat();
    if (hooks.includes(check)) return; // the HEAD route Fastify derives from a GET
    route.config = { ...route.config, geo: 'guarded' };
    route.onRequest = [check, ...hooks];
  };
}
