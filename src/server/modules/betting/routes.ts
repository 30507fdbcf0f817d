import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyKey as idempotencyKeyField } from '../../../shared/api/payments-routes.ts';
import { ROUTES } from '../../../shared/api/sports-routes.ts';
import { feedBatch } from '../../../shared/sports/feed.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import type { Balances } from '../wallet/stakes.ts';
import { acceptCashout, type BookDeps, betView, cashoutOffer, myBets, placeBet, quote } from './bets.ts';
import { type FeedConsumer, type FeedLink, verifySignature } from './feed.ts';
import type { Manual } from './manual.ts';
import { eventDetail, listEvents, sportTree } from './store.ts';

interface Deps {
  book: BookDeps;
  database: Database;
  keys: TokenKeys;
  clock: Clock;
  link: FeedLink;
  consumer: FeedConsumer;
  manual: Manual;
  /** Pushes a player's balances after their money moved (the move answered them: no query). */
  balances: (userId: string, currency: string, balances: Balances | null) => void;
  operatorScope: ((scope: FastifyInstance) => void) | undefined;
}

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

function idempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKeyField.safeParse(request.headers['idempotency-key']);
  if (!key.success) throw invalid('idempotency_key', 'required');
  return key.data;
}

/** The sportsbook's routes (src/shared/api/sports-routes.ts, docs/betting.md). */
export async function bettingRoutes(app: FastifyInstance, deps: Deps) {
  const { database, clock, book } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(database, deps.keys);

  api.get('/sports/tree', { schema: declared('GET /sports/tree') }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=10');
    return { data: await sportTree(database, clock.date()) };
  });
  api.get('/sports/events', { schema: declared('GET /sports/events') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await listEvents(database, request.query, clock.date()) };
  });
  api.get('/sports/events/:id', { schema: declared('GET /sports/events/:id') }, async (request, reply) => {
    const event = await eventDetail(database, request.params.id);
    if (!event) throw fail('not_found', 'event', 'event_not_found');
    reply.header('cache-control', 'no-store');
    return { data: event };
  });
  api.post('/sports/slip', { preValidation, schema: declared('POST /sports/slip') }, async (request) => ({
    data: await quote(book, request.auth!.user, request.body.kind, request.body.system, request.body.legs),
  }));
  api.post(
    '/sports/bets',
    { preValidation, schema: declared('POST /sports/bets') },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const placed = await placeBet(book, request.auth!.user, request.body, key, clock.date());
      deps.balances(request.auth!.user.id, placed.bet.currency, placed.balances);
      reply.code(placed.bet.status === 'pending' ? 202 : 200);
      return { data: placed.bet };
    },
  );
  api.get('/sports/bets', { preValidation, schema: declared('GET /sports/bets') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await myBets(database, request.auth!.user, request.query) };
  });
  api.get(
    '/sports/bets/:id',
    { preValidation, schema: declared('GET /sports/bets/:id') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await betView(database, request.auth!.user, request.params.id) };
    },
  );
  api.post(
    '/sports/bets/:id/cashout/offer',
    { preValidation, schema: declared('POST /sports/bets/:id/cashout/offer') },
    async (request) => ({
      data: await cashoutOffer(book, request.auth!.user, request.params.id, clock.date()),
    }),
  );
  api.post(
    '/sports/bets/:id/cashout',
    { preValidation, schema: declared('POST /sports/bets/:id/cashout') },
    async (request) => {
      const done = await acceptCashout(
        book,
        request.auth!.user,
        request.params.id,
        request.body.offer,
        clock.date(),
      );
      deps.balances(request.auth!.user.id, done.bet.currency, done.balances);
      return { data: done.bet };
    },
  );

  // The feed pushes here; its signature covers the exact bytes, so the body stays a string.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 4 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const feed = scope.withTypeProvider<ZodTypeProvider>();
    feed.post(
      '/sports/feed',
      { config: { geo: 'open', rateLimit: false }, schema: declared('POST /sports/feed') },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const secret = deps.link.secret;
        if (!secret || !verifySignature(secret, request.headers['x-feed-signature'], body, clock.now()))
          throw fail('unauthenticated', 'signature', 'unauthorized');
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          throw fail('bad_request', 'body', 'bad_request');
        }
        const batch = feedBatch.safeParse(json);
        if (!batch.success) throw fail('bad_request', 'body', 'bad_request');
        return deps.consumer.ingest(batch.data.messages);
      },
    );
  });

  if (!deps.operatorScope) return;
  const operatorScope = deps.operatorScope;
  await app.register(async (scope) => {
    operatorScope(scope);
    const op = scope.withTypeProvider<ZodTypeProvider>();
    const { manual } = deps;
    op.post(
      '/operator/sports/events',
      { schema: declared('POST /operator/sports/events') },
      async (request) => ({
        data: await manual.createEvent(request.body),
      }),
    );
    op.put(
      '/operator/sports/events/:id/markets',
      { schema: declared('PUT /operator/sports/events/:id/markets') },
      async (request) => ({
        data: await manual.price(request.params.id, request.body.markets),
      }),
    );
    op.post(
      '/operator/sports/events/:id/suspend',
      { schema: declared('POST /operator/sports/events/:id/suspend') },
      async (request) => ({
        data: await manual.suspend(request.params.id, request.body.markets),
      }),
    );
    op.post(
      '/operator/sports/events/:id/settle',
      { schema: declared('POST /operator/sports/events/:id/settle') },
      async (request) => ({
        data: await manual.settle(request.params.id, request.body),
      }),
    );
    op.post(
      '/operator/sports/events/:id/rollback',
      { schema: declared('POST /operator/sports/events/:id/rollback') },
      async (request) => ({
        data: await manual.rollback(request.params.id, request.body.markets),
      }),
    );
    op.post(
      '/operator/sports/events/:id/cancel',
      { schema: declared('POST /operator/sports/events/:id/cancel') },
      async (request) => ({
        data: await manual.cancel(request.params.id, request.body),
      }),
    );
    op.get(
      '/operator/sports/exposures',
      { schema: declared('GET /operator/sports/exposures') },
      async (request) => ({
        data: await manual.exposures(request.query),
      }),
    );
  });
}
