/**
 * The in-house studio (docs/slots.md): the aggregator's side of the slots integration, as its own
 * Fastify server. It serves the Games API the casino calls (signed both ways), the game client the
 * casino frames, and calls the casino's Wallet API for every paid spin. It reaches the casino only
 * over HTTP; it imports the pure slot maths and shared helpers, never src/server.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import { lockKey, tryLock } from './db.ts';
import { registerGamesApi } from './games-api.ts';
import { CHAIN_SCHEMA } from './live/chain.ts';
import { type Relay, redisRelay } from './live/relay.ts';
import { registerLive } from './live/routes.ts';
import { LIVE_SCHEMA, LiveTable } from './live/table.ts';
import { LIVE_TABLES, type TableTiming } from './live/tables.ts';
import { registerPlay } from './play.ts';
import { loadKeys } from './signing.ts';
import { StudioStore } from './store.ts';
import { WalletClient } from './wallet.ts';

/** The time the studio stamps its records with (the casino's `Clock` fits). */
export interface StudioClock {
  now(): number;
}

export interface StudioOptions {
  host?: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  /** The casino's Wallet API base, e.g. `http://127.0.0.1:4321/api/aggregator/wallet`. */
  walletUrl: string;
  operatorId: string;
  /** Verifies the casino's Games API requests and Wallet API answers. */
  operatorPublicKeyPem: string;
  /** Signs the studio's Wallet API requests and Games API answers; made at start when absent. */
  studioPrivateKeyPem?: string;
  /** The studio's address as the player's browser reaches it (default: the address it listens on). */
  publicUrl?: string;
  /** A folder for the studio's PGlite data; in memory when absent. */
  dataDir?: string;
  /**
   * A PostgreSQL server instead of PGlite (`postgres://…`): several instances share it, and each
   * live table is led by the instance holding its advisory lock (docs/live-casino.md).
   */
  databaseUrl?: string;
  /** Redis (`redis://…`) carrying the live tables' events to every instance's viewers. */
  redisUrl?: string;
  /** The start of the studio's Redis channels (default `studio:`; deployments sharing a Redis differ). */
  redisPrefix?: string;
  clock?: StudioClock;
  /** Who may frame the game page (a CSP frame-ancestors value); any origin by default. */
  frameAncestors?: string;
  /** How long one Wallet API call waits, and the pauses between retries of a rollback or a win. */
  walletTimeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /**
   * The live tables (docs/live-casino.md): `schedule` false leaves the rounds to the caller's
   * `tick()` (tests move their clock); `chainLength` is each table's hash chain (100 000 rounds);
   * `timing` replaces every table's phase lengths (tables.ts; shorter rounds for end-to-end tests);
   * `leaderRetryMs` (1000) is how often an instance that does not lead a table tries its lock.
   */
  live?: { schedule?: boolean; chainLength?: number; timing?: TableTiming; leaderRetryMs?: number };
}

export interface RunningStudio {
  url: string;
  publicKeyPem: string;
  /** The live tables by id. */
  live: Map<string, LiveTable>;
  close(): Promise<void>;
}

export async function startStudio(options: StudioOptions): Promise<RunningStudio> {
  const keys = loadKeys(options.operatorPublicKeyPem, options.studioPrivateKeyPem);
  const clock = options.clock ?? { now: () => Date.now() };
  const store = await StudioStore.open(options, () => new Date(clock.now()));
  const relay: Relay | undefined = options.redisUrl
    ? await redisRelay(options.redisUrl, options.redisPrefix ?? 'studio:')
    : undefined;
  const databaseUrl = options.databaseUrl;
  const wallet = new WalletClient({
    url: options.walletUrl,
    privateKey: keys.privateKey,
    operatorKey: keys.operatorKey,
    timeoutMs: options.walletTimeoutMs,
    retryDelaysMs: options.retryDelaysMs,
  });
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // Signatures cover the raw bytes: keep them beside the parsed body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    (request as FastifyRequest & { rawBody?: Buffer }).rawBody = body as Buffer;
    if ((body as Buffer).length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      const error = new Error('Invalid JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    reply.code(status).send({ error: status === 500 ? 'Internal error' : error.message });
  });
  app.get('/healthz', async () => ({ ok: true }));

  let publicUrl = options.publicUrl?.replace(/\/$/, '') ?? '';
  const timing = options.live?.timing;
  const live = new Map(
    LIVE_TABLES.map((def) => [
      def.id,
      new LiveTable(timing ? { ...def, timing: { ...timing } } : def, {
        query: (sql, params) => store.query(sql, params),
        wallet,
        clock,
        moveDemoBalance: (id, delta) => store.moveDemoBalance(id, delta),
        chainLength: options.live?.chainLength ?? 100_000,
        lock: databaseUrl ? (tableId) => tryLock(databaseUrl, lockKey(`live:${tableId}`)) : undefined,
        leaderRetryMs: options.live?.leaderRetryMs,
        relay,
      }),
    ]),
  );
  registerGamesApi(app, {
    keys,
    store,
    operatorId: options.operatorId,
    publicUrl: () => publicUrl,
    tables: live,
  });
  registerPlay(app, { store, wallet, frameAncestors: options.frameAncestors ?? '*' });
  await store.exec(CHAIN_SCHEMA + LIVE_SCHEMA);
  await registerLive(app, {
    store,
    wallet,
    tables: live,
    operatorKey: keys.operatorKey,
    operatorId: options.operatorId,
    frameAncestors: options.frameAncestors ?? '*',
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  if (!publicUrl) publicUrl = url;
  for (const table of live.values()) await table.start({ schedule: options.live?.schedule ?? true });

  return {
    url,
    publicKeyPem: keys.publicKeyPem,
    live,
    async close() {
      // The wallet first: its retry loops (wins, rollbacks) end, and the tables stop after them.
      await wallet.close();
      for (const table of live.values()) await table.stop();
      await app.close();
      await relay?.close();
      await store.close();
    },
  };
}
