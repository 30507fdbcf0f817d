import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { PlayerControls } from './controls.ts';
import { sessionCheck } from './exclusions.ts';
import { responsibleRoutes } from './routes.ts';
import { ResponsibleLimits } from './service.ts';

/** What responsible gambling offers the modules above it (payments checks a deposit with it). */
export interface ResponsibleModule {
  limits: ResponsibleLimits;
  controls: PlayerControls;
}

declare module 'fastify' {
  interface FastifyInstance {
    responsible: ResponsibleModule;
  }
}

/** Responsible gambling (docs/responsible-gambling.md): the player's own limits and exclusions. */
export const responsibleModule = modulePlugin('responsible', ['auth'], async (app, context) => {
  const { database, clock, operatorScope } = context;
  const limits = new ResponsibleLimits({ database, clock });
  const sessions = app.auth.service.sessions;
  const controls = new PlayerControls({ database, sessions });
  // Exclusions refuse a login and a refresh; the session time limit a refresh.
  sessions.addCheck(sessionCheck);
  app.decorate('responsible', { limits, controls } satisfies ResponsibleModule);
  await registerApiRoutes(app, 'responsible', responsibleRoutes, {
    database,
    clock,
    keys: app.auth.keys,
    limits,
    controls,
    operatorScope,
  });
});
