import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';

/**
 * Error bodies follow spec §8: `{ errors: { field: message | message[] } }`, where a message is a
 * translation key under `error.` optionally followed by `:detail` (spec §5).
 */
export type ErrorMap = Record<string, string | string[]>;

/** An expected failure with its HTTP status and field → translation-key map. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: ErrorMap;
  /** Sent as Retry-After (seconds) with 429 answers. */
  retryAfterSeconds?: number;

  constructor(statusCode: number, errors: ErrorMap) {
    super(Object.values(errors).flat().join(', '));
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** 422 with one field's message: `invalid('email', 'email_taken')`. */
export function invalid(field: string, key: string): ApiError {
  return new ApiError(422, { [field]: [key] });
}

export function sendErrors(reply: FastifyReply, statusCode: number, errors: ErrorMap) {
  return reply.code(statusCode).send({ errors });
}

/**
 * zod issues → field map. A schema message that is already a key (`invalid_email`) is used as is;
 * a missing field is `required`; anything else is `validation.<zod code>:<zod text>`.
 */
export function zodToErrors(error: ZodError): ErrorMap {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    const list = errors[field] ?? [];
    if (/^[a-z_]+$/.test(issue.message)) list.push(issue.message);
    else if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) list.push('required');
    else list.push(`validation.${issue.code}:${issue.message}`);
    errors[field] = list;
  }
  return errors;
}

/** One error handler for the whole API: typed errors map to their status, the rest is logged as 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendErrors(reply, error.statusCode, error.errors);
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
  app.setNotFoundHandler((request, reply) =>
    sendErrors(reply, 404, { path: `not_found:${request.url.split('?')[0]}` }),
  );
}
