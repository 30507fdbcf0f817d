import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { historyRoutes } from './routes.ts';

/** The player's history (docs/api-money.md): statements and their CSV; no services of its own. */
export const historyModule = modulePlugin('history', ['auth'], async (app, { database }) => {
  await registerApiRoutes(app, 'history', historyRoutes, { database, keys: app.auth.keys });
});
