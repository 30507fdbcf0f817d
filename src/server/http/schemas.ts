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
 * A body read as `schema.parse(request.body ?? {})` was: no body, or a JSON `null`, is `{}` (so a
 * missing field is named, not the body).
 */
export const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((body) => body ?? {}, schema);

/**
 * A query parameter a handler reads as sent: a string, or an array when it is repeated (what
 * Fastify's query parser gives), so declaring it refuses nothing.
 */
export const asSent = z.union([z.string(), z.array(z.string())]);
