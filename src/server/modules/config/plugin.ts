import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { configRoutes } from './routes.ts';

/** The public configuration the pages and islands read (docs/configuration.md). */
export const configModule = modulePlugin('config', [], async (app, { config }) => {
  await registerApiRoutes(app, 'config', configRoutes, { config });
});
