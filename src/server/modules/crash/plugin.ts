import { registerApiRoutes } from '../../http/api-routes.ts';
import type { Snapshots } from '../../realtime/gateway.ts';
import { modulePlugin } from '../module.ts';
import { startCrashDriver } from './driver.ts';
import { crashRoutes } from './routes.ts';
import { crashState } from './state.ts';

/** What crash offers the realtime gateway. */
export interface CrashModule {
  /** A socket that subscribes to crash gets the game at once (the round may be mid-flight). */
  snapshots: Snapshots;
}

declare module 'fastify' {
  interface FastifyInstance {
    crash: CrashModule;
  }
}

/** Crash (docs/api-games.md "Crash"): its routes, its driver where CRASH_DRIVER, its snapshot. */
export const crashModule = modulePlugin('crash', ['auth', 'games'], async (app, { config, log }) => {
  const games = app.games;
  app.decorate('crash', {
    snapshots: {
      'game:crash': async () => {
        const state = await crashState(games);
        return { version: state.version, data: { kind: 'snapshot', state } };
      },
    },
  } satisfies CrashModule);
  await registerApiRoutes(app, 'games', crashRoutes, {
    ...games,
    keys: app.auth.keys,
    sessionGate: app.auth.sessionGate,
  });
  // One instance drives crash, among the instances that stand for it (CRASH_DRIVER).
  if (config.env.CRASH_DRIVER) {
    const driver = startCrashDriver(games, log);
    app.addHook('onClose', async () => driver.stop());
  }
});
