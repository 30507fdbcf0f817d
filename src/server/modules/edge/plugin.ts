import type { FastifyRequest } from 'fastify';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { PAGES_CHANGED_CHANNEL } from '../../page-cache.ts';
import { modulePlugin } from '../module.ts';
import { edgeRoutes } from './routes.ts';
import { SiteContent } from './site-content.ts';
import { SingleSignOn } from './sso.ts';

/** What the edge module offers the modules above it and the site. */
export interface EdgeModule {
  /** The operator's settings and search-engine data (docs/edge.md), read by every page. */
  content: SiteContent;
}

declare module 'fastify' {
  interface FastifyInstance {
    edge: EdgeModule;
  }
}

/**
 * The operator's side of the site's edge (docs/edge.md): mirrors' single sign-on, the settings and
 * search-engine data, attribution. The edge itself (hosts, geo, redirects) is the core's
 * (src/server/http/site-edge.ts).
 */
export const edgeModule = modulePlugin('edge', ['auth'], async (app, context) => {
  const { config, database, bus } = context;
  // Forgotten with the pages, on every instance (src/server/http/site-edge.ts invalidates those).
  const content = new SiteContent(database);
  const stopInvalidations = await bus.subscribe(PAGES_CHANGED_CHANNEL, () => content.forget());
  app.addHook('onClose', async () => stopInvalidations());
  const sso = new SingleSignOn({
    database,
    mirrors: app.mirrors,
    origins: app.origins,
    ttlSeconds: config.env.SSO_CODE_TTL_SECONDS,
  });
  app.decorate('loginSsoLink', (request: FastifyRequest) => sso.mainLink(request));
  app.decorate('edge', { content } satisfies EdgeModule);
  await registerApiRoutes(app, 'edge', edgeRoutes, {
    config,
    database,
    auth: app.auth.service,
    geo: app.geo,
    mirrors: app.mirrors,
    sso,
    content,
    operatorScope: context.operatorScope,
  });
});
