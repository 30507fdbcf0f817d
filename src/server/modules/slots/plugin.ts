import { CONTENT_TAGS } from '../../../shared/wire/site-content.ts';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { Periodic } from '../../periodic.ts';
import { modulePlugin } from '../module.ts';
import { ArtStore } from './art.ts';
import { GamesClient } from './catalogue.ts';
import { AggregatorLink } from './link.ts';
import { liveRoutes, lobbyRoutes } from './lobby-routes.ts';
import { SlotWallet } from './wallet.ts';
import { walletRoutes } from './wallet-routes.ts';

/** What slots offer: the link to the aggregator and the Games API client (server.ts, tests). */
export interface SlotsModule {
  link: AggregatorLink;
  games: GamesClient;
  /** Reads the catalogue again now (also on the schedule); false when the aggregator failed. */
  refresh(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    slots: SlotsModule;
  }
}

/**
 * Slots (docs/slots.md): the Wallet API the aggregator calls (wallet-routes.ts, money through the
 * wallet's stakes.ts), the Games API client and its kept catalogue (catalogue.ts), and the lobby's
 * routes (lobby-routes.ts).
 */
export const slotsModule = modulePlugin(
  'slots',
  ['auth', 'ledger', 'wallet'],
  async (app, { config, database, clock, log }) => {
    const env = config.env;
    const link = new AggregatorLink(env);
    const games = new GamesClient(link, database, clock);
    const refresh = async () => {
      try {
        const before = JSON.stringify((await games.games()).games);
        const count = await games.refresh();
        log.info({ games: count }, 'slots catalogue read from the aggregator');
        // Pages that show the catalogue (the home row, the lobby, a game's facts) render again.
        if (JSON.stringify((await games.games()).games) !== before && app.hasDecorator('invalidatePages'))
          await app.invalidatePages([CONTENT_TAGS.slots]);
        return true;
      } catch (err) {
        // The kept catalogue stays as it was.
        log.warn({ err }, 'slots catalogue not refreshed: the aggregator failed');
        return false;
      }
    };
    app.decorate('slots', { link, games, refresh } satisfies SlotsModule);
    const wallet = new SlotWallet({
      database,
      clock,
      edgeBps: (code) => games.edgeBps(code),
      productOf: (code) => games.productOf(code),
    });
    await registerApiRoutes(app, 'aggregator', walletRoutes, {
      database,
      link,
      wallet,
      events: app.ledger.events,
      oneStatement: env.SLOT_WALLET_PATH === 'auto',
    });
    const lobby = {
      env,
      database,
      keys: app.auth.keys,
      clock,
      games,
      art: new ArtStore(database, clock),
      link,
    };
    await registerApiRoutes(app, 'slots', lobbyRoutes, lobby);
    await registerApiRoutes(app, 'live', liveRoutes, lobby);

    const job = new Periodic(refresh, log, 'slots catalogue refresh failed');
    app.addHook('onReady', async () => {
      if (link.url) void refresh();
      job.start(env.AGGREGATOR_LIST_REFRESH_MS);
    });
    app.addHook('onClose', async () => job.stop());
  },
);

/**
 * The integration point of the in-house studio (docs/slots.md "The in-house studio"): with no
 * AGGREGATOR_URL, server.ts calls this after listen with the casino's own URL; it starts the
 * studio on loopback (src/studio/index.ts `startStudio`), points the casino at it, reads the
 * catalogue, and answers the studio's `close` for shutdown. `start` is the studio's entry, passed
 * in so that the server's modules never import the studio.
 */
export async function inHouseAggregator(
  app: { slots: SlotsModule },
  casinoUrl: string,
  start: (options: {
    casinoUrl: string;
    operatorId: string;
    operatorPublicKeyPem: string;
  }) => Promise<{ url: string; publicKeyPem: string; close(): Promise<void> }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const { link } = app.slots;
  const studio = await start({
    casinoUrl,
    operatorId: link.operatorId,
    operatorPublicKeyPem: link.operatorPublicKeyPem,
  });
  link.connect(studio);
  await app.slots.refresh();
  return studio;
}
