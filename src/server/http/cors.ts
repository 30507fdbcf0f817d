import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OriginPolicy } from './origin.ts';

/**
 * Cross-origin calls from the site's pages to the API on its `api.` host (docs/security.md "Calls
 * from the pages", docs/product-rules.md §7): only the operator's own site origins may read the
 * answers, with credentials (the refresh cookie lives on the API host).
 */

/** The request headers the browser client sends (src/client/api.ts, src/client/money.ts). */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'Region',
  'Accept-Language',
];
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Answer headers the client reads beyond the safelisted ones (src/client/errors.ts: Retry-After). */
export const CORS_EXPOSED_HEADERS = ['Retry-After'];
/** How long a browser may reuse a preflight's answer: two hours, Chromium's own ceiling. */
export const CORS_MAX_AGE_SECONDS = 7200;

/**
 * Whether `origin` (an Origin header) is a site origin of the operator: it must be exactly the
 * origin the trusted-host list gives for its host, scheme included. An `api.` origin maps to its
 * site and so never equals itself; `null` and anything unparsable are refused.
 */
export function isTrustedOrigin(origins: OriginPolicy, origin: string | undefined): boolean {
  if (!origin || origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin) return false;
  return origins.originFor(parsed.host, parsed.protocol.replace(':', '')) === origin;
}

/** The CORS headers of an answer to `origin`: none for an untrusted one (`Vary: Origin` always). */
export function corsHeaders(
  origins: OriginPolicy,
  origin: string | undefined,
  preflight: boolean,
): Record<string, string> {
  if (!isTrustedOrigin(origins, origin)) return {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin as string,
    'access-control-allow-credentials': 'true',
  };
  if (preflight) {
    headers['access-control-allow-methods'] = CORS_ALLOWED_METHODS.join(', ');
    headers['access-control-allow-headers'] = CORS_ALLOWED_HEADERS.join(', ');
    headers['access-control-max-age'] = String(CORS_MAX_AGE_SECONDS);
  } else {
    headers['access-control-expose-headers'] = CORS_EXPOSED_HEADERS.join(', ');
  }
  return headers;
}

const API_PATH = /^\/api(\/|\?|$)/;

/**
 * onRequest hook (before the API's rate limit and geo check, so that their answers are readable
 * too): every API answer varies with Origin and carries the CORS headers a trusted origin gets;
 * a preflight is answered here, 204 without a body, and counts against no limit.
 */
export function corsHook(origins: OriginPolicy) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // request.url is already rewritten: an api. host's paths sit under /api (src/server/http/fastify.ts).
    if (!API_PATH.test(request.url)) return;
    const origin = request.headers.origin;
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    reply.header('vary', 'Origin');
    reply.headers(corsHeaders(origins, origin, preflight));
    if (preflight) return reply.code(204).send();
  };
}
