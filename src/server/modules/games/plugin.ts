import { createSecretKey } from 'node:crypto';
import type { Currency } from '../../../shared/currencies.ts';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { resolveSecret } from '../auth/secret.ts';
import { modulePlugin } from '../module.ts';
import type { GamesDeps } from './deps.ts';
import { gamesRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the games, the rooms and crash work with (their dependency bag, deps.ts). */
    games: GamesDeps;
  }
}

/** The originals (docs/games.md): seed pairs, bets, feeds, instant games and rounds. */
export const gamesModule = modulePlugin('games', ['auth', 'ledger'], async (app, context) => {
  const { config, database, bus, log } = context;
  const events = app.ledger.events;
  const games: GamesDeps = {
    config,
    database,
    bus,
    aliasKey: createSecretKey(await resolveSecret(database, 'player_alias_secret', undefined), 'utf8'),
    publishBalances: (userId: string, currency: Currency, cash: bigint, bonus: bigint) =>
      events.publishBalances(userId, currency, cash, bonus),
    log,
  };
  app.decorate('games', games);
  const { log: _log, ...routeDeps } = games;
  await registerApiRoutes(app, 'games', gamesRoutes, {
    ...routeDeps,
    keys: app.auth.keys,
    sessionGate: app.auth.sessionGate,
  });
});
