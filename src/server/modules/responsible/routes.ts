import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/responsible-routes.ts';
import { toMinor } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import type { ResponsibleLimits } from './service.ts';

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** The player's responsible-gambling tools (src/shared/api/responsible-routes.ts). Under /api. */
export async function responsibleRoutes(
  app: FastifyInstance,
  deps: { database: Database; keys: TokenKeys; limits: ResponsibleLimits },
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
}
