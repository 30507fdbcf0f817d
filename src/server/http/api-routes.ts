import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { tagged } from './openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What every API route gets when it is declared, in this order (app.ts sets them): the API's
     * rate limit (src/server/http/rate-limits.ts) and the geo check of the money and game routes
     * (src/server/http/edge/geo-guard.ts).
     */
    apiGuards: ReadonlyArray<(route: RouteOptions) => void>;
  }
}

/**
 * Registers a module's routes under /api (and so on the api. host): in a scope of their own that
 * carries the API's guards, each route tagged with `tag` in the OpenAPI document. Every module
 * plugin declares its routes through this one door.
 */
export async function registerApiRoutes<Options extends object>(
  app: FastifyInstance,
  tag: string | undefined,
  routes: FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(
    async (api) => {
      for (const guard of app.apiGuards) api.addHook('onRoute', guard);
      await api.register(tag ? tagged(tag, routes) : routes, options);
    },
    { prefix: '/api' },
  );
}
