import { registerApiRoutes } from '../../http/api-routes.ts';
import { modulePlugin } from '../module.ts';
import { startRoomsDriver } from './driver.ts';
import { roomsRoutes } from './routes.ts';

/** The rooms (docs/api-games.md "Rooms"): shared rounds, and their driver. */
export const roomsModule = modulePlugin('rooms', ['auth', 'games'], async (app, { log }) => {
  await registerApiRoutes(app, 'games', roomsRoutes, {
    ...app.games,
    keys: app.auth.keys,
    sessionGate: app.auth.sessionGate,
  });
  // One instance at a time draws the rooms' rounds (docs/fairness.md "Several instances").
  const driver = startRoomsDriver(app.games, log);
  app.addHook('onClose', async () => driver.stop());
});
