import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/tournaments-routes.ts';
import { type Locale, localeFromLanguages } from '../../../shared/locales.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { accessClaimsOf, requireUser } from '../auth/http.ts';
import type { UserRow } from '../auth/repository.ts';
import { userOfLiveSession } from '../auth/session-repository.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import type { Tournaments } from './service.ts';
import { luckiestCrashRounds, topWins } from './top.ts';

interface Deps {
  database: Database;
  keys: TokenKeys;
  clock: Clock;
  tournaments: Tournaments;
  aliasKey: import('node:crypto').KeyObject;
  operatorScope: ((scope: FastifyInstance) => void) | undefined;
}

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** The request's locale: the query's, else the browser's languages, else English. */
const localeOf = (request: FastifyRequest, query?: Locale): Locale =>
  query ?? localeFromLanguages(request.headers['accept-language'] ?? null) ?? 'en';

/** Tournaments and the top (src/shared/api/tournaments-routes.ts, docs/tournaments.md). */
export async function tournamentRoutes(app: FastifyInstance, deps: Deps) {
  const { database, tournaments, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(database, deps.keys);
  /** The player when the request carries a valid token; the public answer otherwise. */
  const caller = async (request: FastifyRequest): Promise<UserRow | null> => {
    const claims = await accessClaimsOf(request, deps.keys);
    return (claims && (await userOfLiveSession(database, claims.sessionId, claims.userId))) || null;
  };

  api.get('/tournaments', { schema: declared('GET /tournaments') }, async (request, reply) => {
    const user = await caller(request);
    reply.header('cache-control', user ? 'private, no-store' : 'public, max-age=10');
    return {
      data: await tournaments.list(
        request.query.status,
        localeOf(request, request.query.locale),
        user,
        request.query.limit,
      ),
    };
  });
  api.get(
    '/tournaments/winners',
    { schema: declared('GET /tournaments/winners') },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return {
        data: await tournaments.winners(localeOf(request, request.query.locale), request.query.limit),
      };
    },
  );
  api.get('/tournaments/:id', { schema: declared('GET /tournaments/:id') }, async (request, reply) => {
    const user = await caller(request);
    reply.header('cache-control', 'private, no-store');
    return {
      data: await tournaments.detail(request.params.id, localeOf(request, request.query.locale), user),
    };
  });
  api.get(
    '/tournaments/:id/board',
    { schema: declared('GET /tournaments/:id/board') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await tournaments.board(request.params.id) };
    },
  );
  api.get(
    '/tournaments/:id/me',
    { preValidation, schema: declared('GET /tournaments/:id/me') },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await tournaments.me(request.params.id, request.auth!.user) };
    },
  );
  api.post(
    '/tournaments/:id/join',
    { preValidation, schema: declared('POST /tournaments/:id/join') },
    async (request) => ({ data: await tournaments.join(request.params.id, request.auth!.user) }),
  );
  api.get('/top', { schema: declared('GET /top') }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { data: await topWins(database, deps.aliasKey, request.query, clock.date()) };
  });
  api.get('/top/crash', { schema: declared('GET /top/crash') }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=30');
    return { data: await luckiestCrashRounds(database, request.query, clock.date()) };
  });

  if (!deps.operatorScope) return;
  const operatorScope = deps.operatorScope;
  await app.register(async (scope) => {
    operatorScope(scope);
    const op = scope.withTypeProvider<ZodTypeProvider>();
    op.get('/operator/tournaments', { schema: declared('GET /operator/tournaments') }, async (request) => ({
      data: await tournaments.operatorList(request.query.status, request.query.limit),
    }));
    op.post('/operator/tournaments', { schema: declared('POST /operator/tournaments') }, async (request) => {
      const id = await tournaments.create(request.body);
      return { data: await tournaments.operatorOne(id) };
    });
    op.put(
      '/operator/tournaments/:id',
      { schema: declared('PUT /operator/tournaments/:id') },
      async (request) => {
        await tournaments.update(request.params.id, request.body);
        return { data: await tournaments.operatorOne(request.params.id) };
      },
    );
    op.post(
      '/operator/tournaments/:id/cancel',
      { schema: declared('POST /operator/tournaments/:id/cancel') },
      async (request) => {
        await tournaments.cancel(request.params.id);
        return { success: true as const };
      },
    );
    op.post(
      '/operator/tournaments/:id/end',
      { schema: declared('POST /operator/tournaments/:id/end') },
      async (request) => {
        await tournaments.endNow(request.params.id);
        return { data: await tournaments.operatorStandings(request.params.id) };
      },
    );
    op.get(
      '/operator/tournaments/:id/standings',
      { schema: declared('GET /operator/tournaments/:id/standings') },
      async (request) => ({ data: await tournaments.operatorStandings(request.params.id) }),
    );
  });
}
