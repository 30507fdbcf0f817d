import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Bus } from '../realtime/bus.ts';
import { routeSchema } from './route-schema.ts';

/** /healthz and /readyz (docs/operations.md): at the root of every host, never under /api. */
export async function healthRoutes(
  app: FastifyInstance,
  { database, bus }: { database: Database; bus: Bus },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/healthz',
    {
      schema: routeSchema({
        summary: 'Liveness: the process answers',
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      }),
    },
    async () => ({ status: 'ok' as const }),
  );
  api.get(
    '/readyz',
    {
      schema: routeSchema({
        summary: 'Readiness: the database and the bus answer, and no shutdown has begun',
        description: 'A balancer sends traffic here only while this answers 200 (docs/operations.md).',
        tags: ['health'],
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.enum(['pglite', 'postgres']),
            bus: z.enum(['memory', 'redis']),
          }),
          503: z
            .object({ status: z.enum(['draining', 'unavailable']) })
            .describe('Draining after SIGTERM, or the database or the bus does not answer'),
        },
      }),
    },
    async (request, reply) => {
      if (app.draining) return reply.code(503).send({ status: 'draining' });
      try {
        await Promise.all([database.ping(), bus.ping()]);
        return { status: 'ready' as const, database: database.kind, bus: bus.kind };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
}
