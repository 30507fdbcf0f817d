import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { httpCore } from './http/core.ts';
import { type AppDeps, createFastify, type FrontDoor } from './http/fastify.ts';
import { ProxyTrust } from './http/proxy-trust.ts';
import { serveSite } from './http/site.ts';
import { siteEdge } from './http/site-edge.ts';
import { authModule } from './modules/auth/plugin.ts';
import { bettingModule } from './modules/betting/plugin.ts';
import { bonusModule } from './modules/bonus/plugin.ts';
import { configModule } from './modules/config/plugin.ts';
import { crashModule } from './modules/crash/plugin.ts';
import { edgeModule } from './modules/edge/plugin.ts';
import { gamesModule } from './modules/games/plugin.ts';
import { historyModule } from './modules/history/plugin.ts';
import { kycModule } from './modules/kyc/plugin.ts';
import { ledgerModule } from './modules/ledger/plugin.ts';
import { SERVER_MODULES, type ServerModule } from './modules/order.ts';
import { paymentsModule } from './modules/payments/plugin.ts';
import { profileModule } from './modules/profile/plugin.ts';
import { responsibleModule } from './modules/responsible/plugin.ts';
import { roomsModule } from './modules/rooms/plugin.ts';
import { slotsModule } from './modules/slots/plugin.ts';
import { tournamentsModule } from './modules/tournaments/plugin.ts';
import { walletModule } from './modules/wallet/plugin.ts';
import { realtimeGateway } from './realtime/gateway.ts';
import { socketRelay } from './realtime/relay.ts';

export { type AppDeps, apiHostRewrite } from './http/fastify.ts';

/** Each module's plugin (src/server/modules/module.ts), registered in SERVER_MODULES order. */
const MODULE_PLUGINS: Record<ServerModule, FastifyPluginAsync> = {
  auth: authModule,
  responsible: responsibleModule,
  ledger: ledgerModule,
  edge: edgeModule,
  bonus: bonusModule,
  wallet: walletModule,
  kyc: kycModule,
  payments: paymentsModule,
  history: historyModule,
  profile: profileModule,
  games: gamesModule,
  rooms: roomsModule,
  crash: crashModule,
  slots: slotsModule,
  betting: bettingModule,
  tournaments: tournamentsModule,
  config: configModule,
};

/**
 * Builds the whole HTTP service (docs/architecture.md): the site's edge and the HTTP core, then
 * the modules from the bottom up (each one's API under /api and on the api. host), `/ws`, and the
 * site. It only composes; each part is its own plugin.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const proxies = new ProxyTrust(config.env.TRUST_PROXY);
  // Cached pages are answered before Fastify builds a request (docs/performance.md "Pages").
  const front: FrontDoor = {};
  const app = createFastify(deps, proxies, front);
  await app.register(siteEdge, { proxies, front });
  // The API's rate limit counts by player: the auth module reads the token once it is registered.
  await app.register(httpCore, { playerOf: (request) => app.auth.playerOf(request) });
  for (const name of SERVER_MODULES) await app.register(MODULE_PLUGINS[name]);

  await app.register(realtimeGateway, {
    bus: deps.bus,
    authenticator: app.auth.socketAuthenticator,
    relay: socketRelay(app),
    snapshots: app.crash.snapshots,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  if (config.env.SERVE_SITE) {
    await serveSite(app, {
      distDir: deps.distDir ?? fileURLToPath(new URL('../../dist', import.meta.url)),
      site: config.site,
      pages: app.cachedPages,
      content: {
        offers: () => app.bonus.service.offers(),
        slots: async () => {
          const { games, updatedAt } = await app.slots.games.lobby('slots');
          return { data: games, updated_at: updatedAt?.toISOString() ?? null };
        },
        live: async () => {
          const { games, updatedAt } = await app.slots.games.lobby('live');
          return { data: games, updated_at: updatedAt?.toISOString() ?? null };
        },
        sports: app.betting.content,
        tournaments: {
          list: (status, locale) => app.tournaments.content.list(status, locale, null),
          detail: (id, locale) => app.tournaments.content.detail(id, locale),
          winners: (locale, limit) => app.tournaments.content.winners(locale, limit),
          top: (q) => app.tournaments.content.top(q),
          topCrash: (q) => app.tournaments.content.topCrash(q),
        },
      },
      siteContent: app.edge.content,
      isRetired: (hostname) => app.mirrors.isRetiredHost(hostname),
    });
  }
  return app;
}
