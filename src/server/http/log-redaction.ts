import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: the social-login callback's `code` and `state`, any `token`. */
const SECRET_PARAMS = /([?&](?:code|state|token|reset_token)=)[^&#]*/gi;
/** The password-reset page carries the mailed link token in its path (`/en/reset-password/<token>`). */
const RESET_PAGE_TOKEN = /(\/reset-password\/)[^/?#]+/gi;

/** A URL as it may be logged: link tokens and credential parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(RESET_PAGE_TOKEN, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The fields of Fastify's default request serializer, with the URL redacted: the reset link
 * and the social-login callback would otherwise write a live credential into every access log line.
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
