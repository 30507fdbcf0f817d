import { CONTENT_TAGS } from '../../../shared/wire/site-content.ts';
import { DomainError } from '../../domain-error.ts';
import { registerApiRoutes } from '../../http/api-routes.ts';
import { Periodic } from '../../periodic.ts';
import { type Election, elect, sleep } from '../../realtime/leader.ts';
import { modulePlugin } from '../module.ts';
import { announcePrizes } from './announce.ts';
import { tournamentRoutes } from './routes.ts';
import { Tournaments, type Winner } from './service.ts';
import { luckiestCrashRounds, topWins } from './top.ts';

/** What the tournaments offer the server (the pages read `content`; tests tick and publish). */
export interface TournamentsModule {
  service: Tournaments;
  /** Starts and finishes what is due and pays the prizes (also every second). */
  tick(): Promise<{ finished: string[]; paid: Winner[] }>;
  /** Pushes the running tournaments' boards that changed (the leader also does every second). */
  publish(): Promise<number>;
  /** Adds the scoring outbox to the standings (the leader also does every second). */
  fold(): Promise<number>;
  content: {
    list: Tournaments['list'];
    detail: (
      id: string,
      locale: Parameters<Tournaments['detail']>[1],
    ) => Promise<Awaited<ReturnType<Tournaments['detail']>> | null>;
    winners: Tournaments['winners'];
    top: (q: Parameters<typeof topWins>[2]) => ReturnType<typeof topWins>;
    topCrash: (q: Parameters<typeof luckiestCrashRounds>[1]) => ReturnType<typeof luckiestCrashRounds>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    tournaments: TournamentsModule;
  }
}

/** The advisory lock of the instance that pushes the boards (docs/games.md "Rounds" for the idea). */
export const TOURNAMENTS_LEADER_LOCK = 7_240_519;
/** How often the leader folds the scoring outbox, reads the running boards and pushes those that changed. */
const BOARD_PUSH_MS = 1_000;

/**
 * Tournaments and the top (docs/tournaments.md). Every settled stake writes its event to the
 * scoring outbox in its own transaction; one instance at a time folds the outbox into the
 * standings and pushes the boards that changed, every second. This module shows the standings,
 * lets players join and runs the life of a tournament (every instance may: finishing folds the
 * rest first, and finishing and paying lock what they touch).
 */
export const tournamentsModule = modulePlugin(
  'tournaments',
  ['auth', 'ledger', 'games'],
  async (app, { config, database, bus, clock, log, operatorScope }) => {
    const aliasKey = app.games.aliasKey;
    const service = new Tournaments({
      database,
      clock,
      bus,
      aliasKey,
      log,
      balanceChanged: (userId) => app.ledger.events.balanceChanged(userId),
      // The site is registered after the modules (src/server/app.ts): looked up when it is needed.
      pagesChanged: async () => {
        if (app.hasDecorator('invalidatePages')) await app.invalidatePages([CONTENT_TAGS.tournaments]);
      },
    });
    const announce = (paid: readonly Winner[]) =>
      announcePrizes(paid, {
        database,
        notifier: app.auth.service.notifier,
        siteUrl: config.env.PUBLIC_SITE_URL,
        log,
      });
    service.onPaid = announce;
    const tick = async () => {
      const moved = await service.advance();
      for (const id of moved.finished) log.info({ tournament: id }, 'tournament finished');
      return moved;
    };
    app.decorate('tournaments', {
      service,
      tick,
      publish: () => service.publishRunning(),
      fold: () => service.fold(),
      content: {
        list: (status, locale, user, limit) => service.list(status, locale, user, limit),
        detail: async (id, locale) => {
          try {
            return await service.detail(id, locale, null);
          } catch (err) {
            if (err instanceof DomainError && err.kind === 'not_found') return null;
            throw err;
          }
        },
        winners: (locale, limit) => service.winners(locale, limit),
        top: (q) => topWins(database, aliasKey, q, clock.date()),
        topCrash: (q) => luckiestCrashRounds(database, q, clock.date()),
      },
    } satisfies TournamentsModule);

    await registerApiRoutes(app, 'tournaments', tournamentRoutes, {
      database,
      keys: app.auth.keys,
      clock,
      tournaments: service,
      aliasKey,
      operatorScope,
    });

    const advancing = new Periodic(tick, log, 'tournaments not advanced');
    let pushing: Election | null = null;
    app.addHook('onReady', async () => {
      if (config.env.TOURNAMENT_TICK_MS > 0) advancing.start(config.env.TOURNAMENT_TICK_MS);
      pushing = elect(
        database,
        TOURNAMENTS_LEADER_LOCK,
        async (signal) => {
          while (!signal.aborted) {
            await service
              .fold()
              .then(() => service.publishRunning())
              .catch((err: unknown) => log.warn({ err }, 'tournament boards not pushed'));
            await sleep(BOARD_PUSH_MS, signal);
          }
        },
        { name: 'tournaments', log },
      );
    });
    app.addHook('onClose', async () => {
      await pushing?.stop();
      await advancing.stop();
    });
  },
);
