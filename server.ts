import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildApp } from './src/server/app.ts';
import { ConfigError, loadConfig } from './src/server/config.ts';
import { openDatabase } from './src/server/db/client.ts';
import { inHouseAggregator } from './src/server/modules/slots/plugin.ts';
import { openBus } from './src/server/realtime/bus.ts';
import { startSportsFeed } from './src/sportsfeed/index.ts';
import { startStudio } from './src/studio/index.ts';

/** Process entry: config → database (migrated) → bus → Fastify (API, /ws, site) → listen. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const { env } = config;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const bus = await openBus(env);
  const app = await buildApp({ config, database, bus });
  const studio = await slotsAggregator(app, config);
  const sportsFeed = await oddsFeed(app, config);

  // While draining, a keep-alive socket is closed once its response is sent; otherwise sockets
  // that were busy when close() began would hold the server open until their idle timeout.
  // A response written while draining also says `Connection: close`, so that the client does not
  // send its next request on a socket about to close (that request would meet a reset).
  app.server.on('request', (_request, response) => {
    const writeHead = response.writeHead;
    response.writeHead = function (this: typeof response, ...args: Parameters<typeof writeHead>) {
      if (app.draining && !response.headersSent) response.setHeader('connection', 'close');
      return writeHead.apply(this, args);
    } as typeof writeHead;
    response.once('finish', () => {
      if (app.draining) response.socket?.end();
    });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.draining = true;
    app.log.info({ signal }, 'shutting down: draining connections');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Keep listening for a grace period while /readyz says 503: balancers stop routing here,
      // and requests already written to open sockets get read and served. Then close: Node drops
      // idle sockets, busy ones close after their response (see the 'request' hook above).
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_GRACE_MS));
      // The in-process feed first: its pushes stop before the server they go to closes.
      await sportsFeed?.close();
      await app.close();
      await studio?.close();
      await bus.close();
      await database.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(
    { database: database.kind, bus: bus.kind, redisPrefix: bus.keyPrefix, strategy: config.site.strategy },
    'ready',
  );
}

/**
 * Slots (docs/slots.md): the aggregator's origin may frame our game pages. With no AGGREGATOR_URL
 * the in-house studio runs in this process on loopback (its own port, STUDIO_PORT) and the casino
 * points itself at it; it calls back the Wallet API on this process's port.
 */
async function slotsAggregator(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof loadConfig>,
): Promise<{ close(): Promise<void> } | undefined> {
  const { env } = config;
  if (env.AGGREGATOR_URL) {
    config.site.frameOrigins.push(new URL(env.AGGREGATOR_URL).origin);
    return undefined;
  }
  const studio = await inHouseAggregator(app, `http://127.0.0.1:${env.PORT}`, (link) =>
    startStudio({
      host: '127.0.0.1',
      port: env.STUDIO_PORT,
      walletUrl: `${link.casinoUrl}/api/aggregator/wallet`,
      operatorId: link.operatorId,
      operatorPublicKeyPem: link.operatorPublicKeyPem,
      publicUrl: env.STUDIO_PUBLIC_URL,
      dataDir: env.DATA_DIR && !env.DATABASE_URL ? path.join(env.DATA_DIR, 'studio') : undefined,
      ...(env.STUDIO_LIVE_TIMING_MS ? { live: { timing: env.STUDIO_LIVE_TIMING_MS } } : {}),
    }),
  );
  config.site.frameOrigins.push(new URL(env.STUDIO_PUBLIC_URL ?? studio.url).origin);
  return studio;
}

/**
 * The sportsbook's odds feed (docs/betting.md): with no SPORTS_FEED_URL the in-house feed (its
 * events simulated) runs in this process on loopback (SPORTS_FEED_PORT) and pushes its messages
 * to this process's port; the book learns its events once both listen.
 */
async function oddsFeed(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: ReturnType<typeof loadConfig>,
): Promise<{ close(): Promise<void> } | undefined> {
  const { env } = config;
  if (env.SPORTS_FEED_URL || !env.SPORTS_FEED_IN_HOUSE) return undefined;
  const secret = env.SPORTS_FEED_SECRET ?? randomBytes(32).toString('hex');
  const feed = await startSportsFeed({
    host: '127.0.0.1',
    port: env.SPORTS_FEED_PORT,
    pushUrl: `http://127.0.0.1:${env.PORT}/api/sports/feed`,
    secret,
    onPushError: (err) => app.log.warn({ err }, 'odds feed push failed'),
  });
  // Learning the feed's events takes a while on a fresh database: the server listens meanwhile.
  void app.betting
    .connect(feed.url, secret)
    .catch((err: unknown) => app.log.warn({ err }, 'odds feed not read'));
  return feed;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
