import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Caller, DocumentedBody, RouteSchemaInput } from '../../shared/api/declare.ts';
import { STATUS_OF } from './errors.ts';

/**
 * Route schemas are zod schemas, declared once per route (docs/api-contract.md "Declaring a
 * route"): Fastify validates the request with them, the `ZodTypeProvider` types the handler with
 * them, and the OpenAPI document (src/server/http/openapi.ts) is generated from them.
 */

/** Stands for "no body was sent" while Fastify validates: it hands a validator `null` for both. */
const NO_BODY: unique symbol = Symbol('no body');

/**
 * The validator: zod parses the part and its output replaces it. A failure is the `ZodError`
 * itself, which the error handler (src/server/http/errors.ts) answers 422 through `zodToErrors`,
 * exactly as when a handler called `schema.parse` itself: issue paths stay whole (the provider's
 * own validator joins them with `/` into one string), and a missing body is validated as
 * `undefined` (a `required` error, or the schema's default), a JSON `null` as `null`.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data === NO_BODY ? undefined : data);
    return result.success ? { value: result.data } : { error: result.error };
  };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** The first field (`data.0.name`) of `sent` that `answered` lacks: the serializer dropped it. */
export function droppedField(sent: unknown, answered: unknown, path = ''): string | null {
  if (Array.isArray(sent) && Array.isArray(answered)) {
    for (let i = 0; i < Math.min(sent.length, answered.length); i++) {
      const found = droppedField(sent[i], answered[i], `${path}.${i}`);
      if (found) return found;
    }
  } else if (isPlainObject(sent) && isPlainObject(answered)) {
    for (const [key, value] of Object.entries(sent)) {
      if (value === undefined) continue;
      if (!(key in answered)) return `${path}.${key}`.slice(1);
      const found = droppedField(value, answered[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The provider's serializer, which also fails an answer carrying a field its response schema does
 * not declare (instead of dropping it silently), so that a test finds an incomplete schema.
 */
const checkedSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const serialize = serializerCompiler(route);
  return (data) => {
    const json = serialize(data);
    const dropped = droppedField(data, JSON.parse(json));
    if (dropped) throw new Error(`${route.method} ${route.url}: "${dropped}" is not in the response schema`);
    return json;
  };
};

/**
 * Sets the zod validator and the provider's serializer (a reply is encoded with the route's
 * response schema for its status: in production a field the schema does not declare is dropped,
 * with `checkAnswers` it fails the reply), and marks a missing body for the validator. Call before
 * any route is registered.
 */
export function registerRouteSchemas(app: FastifyInstance, { checkAnswers }: { checkAnswers: boolean }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkAnswers ? checkedSerializerCompiler : serializerCompiler);
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) {
      (request as { body: unknown }).body = NO_BODY;
    }
  });
}

/** The OpenAPI security requirement of each kind of caller (schemes in src/server/http/openapi.ts). */
export const SECURITY = {
  /** The player's access token: `Authorization: Bearer <JWT>` (docs/api-auth.md). */
  player: [{ player: [] }],
  /** The operator API's token: `Authorization: Bearer $OPERATOR_API_TOKEN` (docs/api-money.md). */
  operator: [{ operator: [] }],
} as const satisfies Record<Caller, unknown>;

/** The declaration's shape (src/shared/api/declare.ts), shared with the browser's typed client. */
export type { DocumentedBody, RouteSchemaInput };

/** The key of a route's schema under which its documentation-only body travels to the document. */
export const DOCUMENTED_BODY_KEY = 'documentedBody';

/** The declared statuses of expected failures, carried to the document as an extension. */
export const ERRORS_KEY = 'x-errors';

/**
 * A route's `schema` option from its declaration: `auth` becomes the OpenAPI `security`, `errors`
 * their statuses; the zod schemas are kept as they are, so the type provider types the handler.
 */
export function routeSchema<const S extends RouteSchemaInput>(declared: S) {
  const { auth, errors, ...schema } = declared;
  return {
    ...schema,
    ...(auth ? { security: SECURITY[auth] } : {}),
    ...(errors ? { [ERRORS_KEY]: errors.map((kind) => STATUS_OF[kind]) } : {}),
  } as Omit<S, 'auth' | 'errors'> & {
    security?: (typeof SECURITY)[keyof typeof SECURITY];
    [ERRORS_KEY]?: number[];
  };
}
