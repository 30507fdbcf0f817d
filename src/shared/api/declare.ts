import type { ZodType } from 'zod';

/**
 * What a route declares (docs/api-contract.md "Declaring a route"). Each module lists its routes
 * in a `ROUTES` table keyed `'METHOD /path'` (src/shared/api/*-routes.ts), read by both sides: the
 * server wires a route with `schema: routeSchema(ROUTES[key])` (src/server/http/route-schema.ts),
 * which also feeds the OpenAPI document, and the browser's typed client (src/client/call.ts) takes
 * its input and answer types from the same entry.
 */

/** The kinds of expected failure a route may declare; the server maps each to its status. */
export const ERROR_KINDS = [
  'invalid',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'misdirected',
  'rate_limited',
  /** Kept out for legal reasons: a blocked country (docs/edge.md). */
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Who may call a route: the player's access token, or the operator API's token (docs/api-money.md). */
export type Caller = 'player' | 'operator';

/** A body documented only: its content type and the zod schema of what it carries. */
export interface DocumentedBody {
  type: string;
  schema: ZodType;
}

/** A non-JSON answer: a description and the schema of each content type. */
export interface ContentAnswer {
  description?: string;
  content: Record<string, { schema: ZodType }>;
}

/** What a route declares; everything but `summary` and `response` is optional. */
export interface RouteSchemaInput {
  /** One line: what the operation does. */
  summary: string;
  description?: string;
  /** Defaults to the module's tag (`tagged` in src/server/http/openapi.ts). */
  tags?: readonly string[];
  /** Who must call it; absent: anybody. */
  auth?: Caller;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
  /** Parsed headers replace `request.headers` on the server: declare them with `z.looseObject`. */
  headers?: ZodType;
  /**
   * A body the handler reads itself (a multipart stream, a form read leniently), documented with
   * its content type but never validated by Fastify; a route declares `body` or this, not both.
   */
  documentedBody?: DocumentedBody;
  /** Success answers by status; a non-JSON answer as `{ description, content: { type: { schema } } }`. */
  response: Record<number, ZodType | ContentAnswer>;
  /**
   * The expected failures besides validation (422), as their kinds; documented as `{ errors: {…} }`
   * answers with their status (STATUS_OF in src/server/http/errors.ts).
   */
  errors?: readonly ErrorKind[];
}

/** Declares a route (typed as given, checked against the shape above). */
export const route = <const T extends RouteSchemaInput>(declared: T): T => declared;

/** A non-JSON answer: its content type and schema. */
export function content(type: string, schema: ZodType, description: string) {
  return { description, content: { [type]: { schema } } };
}
