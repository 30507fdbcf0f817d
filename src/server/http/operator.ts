import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Guards an encapsulated scope with the operator API's bearer token (constant-time compare). */
export function operatorGuard(token: string) {
  const expected = Buffer.from(token);
  return (scope: FastifyInstance) => {
    scope.addHook('preHandler', async (request) => {
      const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new ApiError(401, { token: ['unauthorized'] });
    });
  };
}
