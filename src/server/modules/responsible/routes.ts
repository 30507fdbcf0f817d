import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/responsible-routes.ts';
import { isCurrency } from '../../../shared/currencies.ts';
import { toMinor } from '../../../shared/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { clearRefreshCookie, requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import type { PlayerControls } from './controls.ts';
import type { ResponsibleLimits } from './service.ts';

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** The player's responsible-gambling tools (src/shared/api/responsible-routes.ts). Under /api. */
export async function responsibleRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    keys: TokenKeys;
    clock: Clock;
    limits: ResponsibleLimits;
    controls: PlayerControls;
    operatorScope: ((scope: FastifyInstance) => void) | undefined;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(deps.database, deps.keys);
  const noStore = { 'cache-control': 'private, no-store' };

  api.get(
    '/responsible/limits',
    { preValidation, schema: declared('GET /responsible/limits') },
    async (request, reply) => {
      reply.headers(noStore);
      return { data: await deps.limits.view(request.auth!.user) };
    },
  );
  api.put(
    '/responsible/limits',
    { preValidation, schema: declared('PUT /responsible/limits') },
    async (request, reply) => {
      reply.headers(noStore);
      const { kind, period, amount } = request.body;
      return {
        data: await deps.limits.set(
          request.auth!.user,
          kind,
          period,
          amount === null ? null : toMinor(amount),
        ),
      };
    },
  );
  api.post(
    '/responsible/limits/confirm',
    { preValidation, schema: declared('POST /responsible/limits/confirm') },
    async (request, reply) => {
      reply.headers(noStore);
      return { data: await deps.limits.confirm(request.auth!.user, request.body.kind, request.body.period) };
    },
  );

  const { controls } = deps;
  const player = <K extends keyof typeof ROUTES>(key: K) => ({ preValidation, schema: declared(key) });

  api.get('/responsible/status', player('GET /responsible/status'), async (request, reply) => {
    reply.headers(noStore);
    return { data: await controls.status(request.auth!.user, request.auth!.sessionId) };
  });
  api.put('/responsible/session', player('PUT /responsible/session'), async (request, reply) => {
    reply.headers(noStore);
    return { data: await controls.setSession(request.auth!.user, request.auth!.sessionId, request.body) };
  });
  api.post('/responsible/prompts', player('POST /responsible/prompts'), async (request, reply) => {
    reply.headers(noStore);
    return {
      data: await controls.answered(request.auth!.user, request.auth!.sessionId, request.body.prompt),
    };
  });
  api.post('/responsible/time-out', player('POST /responsible/time-out'), async (request, reply) => {
    reply.headers(noStore);
    return { data: await controls.timeOut(request.auth!.user, request.auth!.sessionId, request.body.days) };
  });
  api.post(
    '/responsible/self-exclusion',
    player('POST /responsible/self-exclusion'),
    async (request, reply) => {
      reply.headers(noStore);
      const answer = await controls.exclude(request.auth!.user, 'self_exclusion', request.body.months, null);
      clearRefreshCookie(reply);
      return answer;
    },
  );
  api.post('/responsible/close', player('POST /responsible/close'), async (request, reply) => {
    reply.headers(noStore);
    const answer = await controls.exclude(request.auth!.user, 'closure', null, request.body.reason);
    clearRefreshCookie(reply);
    return answer;
  });
  api.post('/responsible/reopen', player('POST /responsible/reopen'), async (request, reply) => {
    reply.headers(noStore);
    return { data: await controls.reopen(request.auth!.user, request.auth!.sessionId) };
  });

  // ── operator API: a player's limits and exclusions (docs/responsible-gambling.md "Operator") ──
  const { operatorScope } = deps;
  if (!operatorScope) return;
  await app.register(async (scope) => {
    operatorScope(scope);
    const op = scope.withTypeProvider<ZodTypeProvider>();
    op.get(
      '/operator/players/:userId/responsible',
      { schema: declared('GET /operator/players/:userId/responsible') },
      async (request) => {
        const { userId } = request.params;
        const seen = await controls.operatorView(userId);
        if (!seen) throw fail('not_found', 'user', 'not_found');
        const currency = isCurrency(seen.currency) ? seen.currency : null;
        const limits = currency ? (await deps.limits.view({ id: userId, currency })).limits : [];
        return { data: { user_id: userId, ...seen, currency, limits } };
      },
    );
    op.post(
      '/operator/players/:userId/exclusions',
      { schema: declared('POST /operator/players/:userId/exclusions') },
      async (request) => {
        const until = request.body.until === null ? null : new Date(request.body.until);
        if (until && until.getTime() <= deps.clock.now()) throw invalid('until', 'invalid_date');
        const row = await controls.operatorExclude(request.params.userId, request.body.reason, until);
        if (!row) throw fail('not_found', 'user', 'not_found');
        return { data: row };
      },
    );
    op.post(
      '/operator/players/:userId/exclusions/:exclusionId/lift',
      { schema: declared('POST /operator/players/:userId/exclusions/:exclusionId/lift') },
      async (request) => {
        const { userId, exclusionId } = request.params;
        const row = await controls.operatorLift(userId, exclusionId, request.body.reason);
        if (!row) throw fail('not_found', 'exclusion', 'not_found');
        return { data: row };
      },
    );
  });
}
