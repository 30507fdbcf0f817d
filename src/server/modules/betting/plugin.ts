import { sportsEventChannel } from '../../../shared/wire/realtime.ts';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { Periodic } from '../../periodic.ts';
import { publishEvent } from '../../realtime/gateway.ts';
import { resolveSecret } from '../auth/secret.ts';
import { modulePlugin } from '../module.ts';
import type { ApplyContext, Touched } from './apply.ts';
import { acceptDue, type BookDeps } from './bets.ts';
import { FeedConsumer, FeedLink } from './feed.ts';
import { Manual } from './manual.ts';
import { bettingRoutes } from './routes.ts';
import { eventDetail, listEvents, sportTree } from './store.ts';

/** What the sportsbook offers the server (server.ts connects the feed; tests tick it). */
export interface BettingModule {
  link: FeedLink;
  consumer: FeedConsumer;
  /** Points the book at a feed (its REST base and shared secret) and learns its events. */
  connect(url: string, secret: string): Promise<void>;
  /** Decides the pending live bets now due (also on the schedule). */
  tick(): Promise<void>;
  /** Re-reads the events the feed went quiet about (also every minute); answers how many. */
  sweep(): Promise<number>;
  /** What the pages render from (src/server/http/site.ts). */
  content: {
    tree: () => ReturnType<typeof sportTree>;
    events: (q: Parameters<typeof listEvents>[1]) => ReturnType<typeof listEvents>;
    event: (id: string) => ReturnType<typeof eventDetail>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    betting: BettingModule;
  }
}

/** How far back and ahead the book learns the feed's events. */
const SYNC_BACK_MS = 4 * 3_600_000;
const SYNC_AHEAD_MS = 3 * 86_400_000;

/**
 * The sportsbook (docs/betting.md): the feed's consumer and link (feed.ts), the book's state
 * (store.ts, apply.ts), bets and cash-out through the wallet (bets.ts, money.ts), the operator's
 * tools (manual.ts) and the routes (routes.ts).
 */
export const bettingModule = modulePlugin(
  'betting',
  ['auth', 'ledger', 'wallet'],
  async (app, { config, database, bus, clock, log, operatorScope }) => {
    const env = config.env;
    const link = new FeedLink();
    const context = (): ApplyContext => ({ now: clock.date(), edgeBps: BigInt(env.SPORTS_EDGE_BPS) });
    const changed = (t: Touched) => void publishChange(t);
    async function publishChange(t: Touched): Promise<void> {
      try {
        for (const userId of t.users) await app.ledger.events.balanceChanged(userId);
        if (t.markets.size === 0 && !t.event) return;
        const detail = await eventDetail(database, t.eventId);
        if (!detail) return;
        const { markets, ...rest } = detail;
        const changedMarkets = markets.filter((m) => t.markets.has(`${m.id}|${m.specifiers}`));
        // A wire version, not a deadline: real time orders it on every instance, as the balance
        // channel's does (the `time` order of src/shared/wire/realtime.ts); a test's stopped clock
        // would give two updates one version and the second would be dropped.
        const version = Date.now();
        await publishEvent(bus, sportsEventChannel(t.eventId), version, {
          type: 'sports',
          event: rest,
          markets: changedMarkets,
        });
        if (rest.phase === 'live' || t.event)
          await publishEvent(bus, 'sports:live', version, { type: 'sports', event: rest, markets: [] });
      } catch (err) {
        log.warn({ err, event: t.eventId }, 'sports update not published');
      }
    }
    const consumer = new FeedConsumer({ database, link, context, changed });
    const manual = new Manual({ database, clock, context, changed });
    const book: BookDeps = {
      config,
      database,
      offerKey: await resolveSecret(database, 'sports_offer_secret', undefined),
    };
    const tick = async () => {
      const { userIds } = await acceptDue(book, clock.date());
      for (const userId of userIds) await app.ledger.events.balanceChanged(userId);
    };
    let closing = false;
    let connecting: Promise<void> = Promise.resolve();
    const sync = async () => {
      if (!link.url) return;
      const now = clock.now();
      const added = await consumer.sync(now - SYNC_BACK_MS, now + SYNC_AHEAD_MS, () => closing);
      if (added > 0) log.info({ added }, 'sports events learnt from the feed');
    };
    app.decorate('betting', {
      link,
      consumer,
      connect: (url: string, secret: string) => {
        link.connect(url, secret);
        // Kept so that closing waits for it (it stops between two events).
        connecting = sync();
        return connecting;
      },
      tick,
      sweep: () => consumer.sweep(clock.date()),
      content: {
        tree: () => sportTree(database, clock.date()),
        events: (q) => listEvents(database, q, clock.date()),
        event: (id) => eventDetail(database, id),
      },
    } satisfies BettingModule);

    await registerApiRoutes(app, 'sports', bettingRoutes, {
      book,
      database,
      keys: app.auth.keys,
      clock,
      link,
      consumer,
      manual,
      balances: (userId, currency, balances) => {
        if (balances) app.ledger.events.publishBalances(userId, currency, balances.cash, balances.bonus);
      },
      operatorScope,
    });

    const accepting = new Periodic(tick, log, 'pending sports bets not decided');
    const syncing = new Periodic(sync, log, 'sports events not learnt from the feed');
    const sweeping = new Periodic(() => consumer.sweep(clock.date()), log, 'quiet sports events not re-read');
    app.addHook('onReady', async () => {
      accepting.start(500);
      syncing.start(10 * 60_000);
      sweeping.start(60_000);
    });
    app.addHook('onClose', async () => {
      closing = true;
      await connecting.catch(() => {});
      await accepting.stop();
      await syncing.stop();
      await sweeping.stop();
    });
    if (env.SPORTS_FEED_URL && env.SPORTS_FEED_SECRET)
      link.connect(env.SPORTS_FEED_URL, env.SPORTS_FEED_SECRET);
  },
);
