import { z } from 'zod';
import { decimal, success, timestamp } from '../../shared/api/common.ts';
import { errorBody } from '../../shared/api/errors.ts';
import type { RouteSchemaInput } from './route-schema.ts';

/**
 * Building blocks of the modules' request and response schemas (each module's `schemas.ts`). Each
 * module lists its routes in a `ROUTES` table of declarations in the shape `routeSchema()` takes
 * (src/server/http/route-schema.ts), so a route is wired with `schema: routeSchema(ROUTES[key])`.
 */

/** The body of every error answer (src/shared/api/errors.ts). */
/** `{ success: true }`, timestamps (a codec: ISO string ⇄ Date) and decimal amounts (src/shared/api/common.ts). */
export { decimal, errorBody, success, timestamp };

/** A non-JSON answer: its content type and schema. */
export function content(type: string, schema: z.ZodType, description: string) {
  return { description, content: { [type]: { schema } } };
}

/** Declares a route (typed as given, checked against what `routeSchema()` takes). */
export const route = <const T extends RouteSchemaInput>(declared: T): T => declared;

/**
 * Keywords of this API's own on a schema, which the document turns into JSON Schema
 * (src/server/http/openapi.ts): the value may also be sent as null or as blank text, both meaning
 * "absent"; the value may be null (or left out, for a body), meaning empty.
 */
export const NULL_OR_BLANK_KEY = 'x-null-or-blank';
export const NULL_MEANS_EMPTY_KEY = 'x-null-means-empty';

/**
 * A body read as `schema.parse(request.body ?? {})` was: no body, or a JSON `null`, is `{}` (so a
 * missing field is named, not the body).
 */
export const orEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => body ?? {}, schema).meta({ [NULL_MEANS_EMPTY_KEY]: true });

/**
 * A query parameter a handler reads as sent: a string, or an array when it is repeated (what
 * Fastify's query parser gives), so declaring it refuses nothing.
 */
export const asSent = z.union([z.string(), z.array(z.string())]);

/**
 * An `Idempotency-Key` (docs/api-money.md, docs/api-games.md): 8-200 of A-Z a-z 0-9 _ . : -. The
 * handlers check it themselves (the money routes with `idempotencyKey`, 422 `idempotency_key:
 * required`; the games' `betKey`, 422 `idempotency_key: invalid_idempotency_key`), so the header
 * is declared optional for Fastify and documented as it is checked: required where it is.
 */
export const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;

/** The `Idempotency-Key` header of a route: `required` on the money routes, optional on bets. */
export function idempotencyHeaders({ required, description }: { required: boolean; description: string }) {
  return z
    .looseObject({
      'idempotency-key': z.string().optional().meta({ pattern: IDEMPOTENCY_KEY.source, description }),
    })
    .meta(required ? { required: ['idempotency-key'] } : {});
}
