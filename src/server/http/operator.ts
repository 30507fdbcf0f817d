import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail } from '../domain-error.ts';
import { SECURITY } from './route-schema.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards an encapsulated scope with the operator API's token, sent as `Authorization: Bearer
 * <token>` (the scheme name in any letter case, as HTTP allows; nothing else is accepted). Both
 * sides are hashed first, so the comparison takes the same time whatever the given token's length.
 * The check runs before the routes' schemas validate the input (a caller without the token learns
 * nothing about it), and the scope's routes are documented as needing the operator token.
 */
export function operatorGuard(token: string) {
  const expected = digest(token);
  return (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: SECURITY.operator };
    });
    scope.addHook('preValidation', async (request) => {
      const match = /^Bearer ([\x21-\x7e]+)$/i.exec(request.headers.authorization ?? '');
      const given = digest(match?.[1] ?? '');
      if (!timingSafeEqual(given, expected) || !match) throw fail('unauthenticated', 'token', 'unauthorized');
    });
  };
}
