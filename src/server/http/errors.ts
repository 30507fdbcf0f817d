import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { codeOf, type ErrorMessage } from '../../shared/error-codes.ts';
import { DomainError, type ErrorKind, type ErrorMap } from '../domain-error.ts';

/** The HTTP status of each kind of expected failure: the one place that maps them. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  misdirected: 421,
  rate_limited: 429,
  unavailable: 451,
};

/** The body of an error answer (docs/api-auth.md "Conventions"): field → message or messages. */
type WireErrors = Record<string, string | string[]>;

export function sendErrors(reply: FastifyReply, statusCode: number, errors: WireErrors) {
  return reply.code(statusCode).send({ errors });
}

/**
 * zod issues → field map. A schema message that is already a key (`invalid_email`), or a key with
 * its detail (`name_too_long:32`), is used as is; a missing field is `required`; anything else is
 * `validation.<zod code>:<zod text>`.
 */
export function zodToErrors(error: ZodError): ErrorMap {
  const errors: ErrorMap = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    const list = errors[field] ?? [];
    if (codeOf(issue.message)) list.push(issue.message as ErrorMessage);
    else if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) list.push('required');
    else list.push(`validation.${issue.code}:${issue.message}`);
    errors[field] = list;
  }
  return errors;
}

/**
 * Fastify's `frameworkErrors`: the router refusing a path before any route runs (bad percent
 * encoding, a parameter over the router's length limit) answers in the same shape as the rest.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // The message quotes the whole path, which may be as long as the request line allows.
  return sendErrors(reply, error.statusCode ?? 400, {
    request: [`${error.code}:${error.message.slice(0, 200)}`],
  });
}

/**
 * One error handler for the whole API: domain errors map to their kind's status, zod errors to
 * 422, Fastify's own 4xx keep their `FST_*` code, and anything else is logged and answered 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError | ZodError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendErrors(reply, STATUS_OF[error.kind], error.errors);
    }
    if (error instanceof ZodError) return sendErrors(reply, 422, zodToErrors(error));
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendErrors(reply, 429, { request: `too_many_requests:${error.message}` });
    if (status >= 400 && status < 500) {
      return sendErrors(reply, status, {
        request: `${(error as FastifyError).code ?? 'bad_request'}:${error.message}`,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendErrors(reply, 500, { server: 'server_error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = allowedMethods(app, path);
    if (allowed.length > 0)
      return sendErrors(reply.header('allow', allowed.join(', ')), 405, {
        method: [`method_not_allowed:${request.method}`],
      });
    return sendErrors(reply, 404, { path: `not_found:${path}` });
  });
}

/** The methods Fastify can route, in the order an `Allow` header lists them. */
const ROUTABLE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods a route answers at `path` (RFC 9110 §15.5.6: a known resource asked with another
 * method is 405 with `Allow`, not 404). A catch-all route (`/*`, the site's pages) does not make
 * every path known.
 */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return ROUTABLE_METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in (found.params ?? {}));
  });
}
