import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { responsibleRoutes } from './routes.ts';
import { ResponsibleLimits } from './service.ts';

/** What responsible gambling offers the modules above it (payments checks a deposit with it). */
export interface ResponsibleModule {
  limits: ResponsibleLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    responsible: ResponsibleModule;
  }
}

/** Responsible gambling (docs/responsible-gambling.md): the player's own limits. */
export const responsibleModule = modulePlugin('responsible', ['auth'], async (app, { database, clock }) => {
  const limits = new ResponsibleLimits({ database, clock });
  app.decorate('responsible', { limits } satisfies ResponsibleModule);
  await registerApiRoutes(app, 'responsible', responsibleRoutes, { database, keys: app.auth.keys, limits });
});
