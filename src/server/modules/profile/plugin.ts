import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { profileRoutes } from './routes.ts';

/** The player's profile and settings (docs/api-auth.md); no services of its own. */
export const profileModule = modulePlugin('profile', ['auth', 'bonus', 'kyc'], async (app, context) => {
  await registerApiRoutes(app, 'profile', profileRoutes, {
    config: context.config,
    database: context.database,
    auth: app.auth.service,
    kyc: app.kyc.service,
    bonus: app.bonus.service,
    sessionGate: app.auth.sessionGate,
    operatorScope: context.operatorScope,
  });
});
