/**
 * The in-house odds feed (docs/betting.md "The in-house feed"): the provider's side of the
 * sportsbook's feed, as its own Fastify server, so the book works offline, in tests and on
 * `npm start` exactly as it would with an outside feed. Its events are simulated (model.ts). It
 * pushes every event's messages to the casino (signed POSTs, push.ts) and answers the casino's
 * fixtures and recovery calls (REST, the shared secret in `x-access-token`). It reaches the casino
 * only over HTTP and imports only src/shared, never src/server.
 */
import Fastify from 'fastify';
import type { EventSnapshot, Fixture } from '../shared/sports/feed.ts';
import { FeedModel, type FeedModelOptions } from './model.ts';
import { FeedPusher } from './push.ts';
import { DAY } from './schedule.ts';
import { FEED_TOKEN_HEADER, tokenMatches } from './signing.ts';

/** The signature helpers, for a receiver that imports the feed's entry point. */
export { FEED_SIGNATURE_HEADER, FEED_TOKEN_HEADER, signFeedBody, verifyFeedSignature } from './signing.ts';

/** The time the feed runs on (the casino's `Clock` fits). */
export interface FeedClock {
  now(): number;
}

/** How to run the feed: where it listens, where it pushes, its secret, its clock and its model. */
export interface SportsFeedOptions extends FeedModelOptions {
  host?: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  /** The casino's feed endpoint, e.g. `http://127.0.0.1:4321/api/sports/feed`. */
  pushUrl: string;
  /** Signs the pushes (HMAC) and is the REST API's access token. */
  secret: string;
  clock?: FeedClock;
  /** true (the default): a timer ticks every `tickMs`; false: the caller calls `tick()`. */
  schedule?: boolean;
  /** The timer's period (1000 ms). */
  tickMs?: number;
  /** One POST's time limit (10 s). */
  pushTimeoutMs?: number;
  /** Messages (at most 500) and bytes of the body (1 000 000) per POST. */
  maxBatchMessages?: number;
  maxBatchBytes?: number;
  /** An event's undelivered messages beyond which they are dropped for a recovery (1000). */
  maxBacklog?: number;
  /** A push that failed (its messages wait for the next tick). */
  onPushError?: (error: Error) => void;
}

/** A running feed: its address and the handles the casino's process and tests drive it with. */
export interface RunningSportsFeed {
  url: string;
  model: FeedModel;
  /** Gathers what was published since the last tick and pushes it; joins a tick in flight. */
  tick(): Promise<void>;
  /** The published events scheduled in [from, to], with those live now. */
  fixtures(from: number, to: number): Fixture[];
  /** An event now (the REST recovery answer), or undefined when unknown or unpublished. */
  snapshot(id: string): EventSnapshot | undefined;
  /** Messages gathered and not yet delivered. */
  pending(): number;
  close(): Promise<void>;
}

const PAST_LIVE_MS = 3 * 3_600_000;

/** A query's time (ms), the default when absent, undefined when not a non-negative integer. */
function timeParam(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Starts the feed: listens (loopback, any free port by default), and unless `schedule` is false
 * ticks every second, pushing what each event published since the last tick. Rejects when the port
 * cannot be bound or the secret is empty.
 */
export async function startSportsFeed(options: SportsFeedOptions): Promise<RunningSportsFeed> {
  if (!options.secret) throw new Error('The sports feed needs a secret');
  const clock = options.clock ?? { now: () => Date.now() };
  const model = new FeedModel(options);
  const pusher = new FeedPusher({
    model,
    pushUrl: options.pushUrl,
    secret: options.secret,
    clock,
    maxBatchMessages: options.maxBatchMessages,
    maxBatchBytes: options.maxBatchBytes,
    maxBacklog: options.maxBacklog,
    timeoutMs: options.pushTimeoutMs,
    onError: options.onPushError,
  });
  const fixtures = (from: number, to: number) => model.fixtures(from, to, clock.now());
  const snapshot = (id: string) => {
    const now = clock.now();
    const fixture = model.fixture(id, now);
    return fixture ? model.snapshot(fixture, now) : undefined;
  };

  const app = Fastify({ logger: false });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    reply.code(status).send({ error: status === 500 ? 'Internal error' : error.message });
  });
  app.get('/healthz', async () => ({ ok: true }));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (!tokenMatches(options.secret, request.headers[FEED_TOKEN_HEADER]))
      return reply.code(401).send({ error: 'Unauthorized' });
  });
  app.get('/v1/fixtures', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const now = clock.now();
    const from = timeParam(query.from, now - PAST_LIVE_MS);
    const to = timeParam(query.to, now + model.options.daysAhead * DAY);
    if (from === undefined || to === undefined || to < from)
      return reply.code(400).send({ error: 'from and to are times in ms, from ≤ to' });
    return { fixtures: fixtures(from, to) };
  });
  app.get('/v1/events/:id', async (request, reply) => {
    const found = snapshot((request.params as { id: string }).id);
    if (!found) return reply.code(404).send({ error: 'Unknown event' });
    return found;
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  const timer =
    (options.schedule ?? true)
      ? setInterval(() => {
          void pusher.tick();
        }, options.tickMs ?? 1_000)
      : undefined;

  return {
    url,
    model,
    tick: () => pusher.tick(),
    fixtures,
    snapshot,
    pending: () => pusher.pending,
    async close() {
      if (timer) clearInterval(timer);
      await pusher.idle();
      await app.close();
    },
  };
}
