import type { FastifyRequest } from 'fastify';
import { fail } from '../domain-error.ts';

/**
 * The site origin of the host this request was sent to, when that host is trusted (an `api.` host
 * maps to its site host); null otherwise. `request.host` reads X-Forwarded-Host only with
 * TRUST_PROXY (Fastify's trustProxy), and the result is checked against the configured hosts.
 */
export function siteOrigin(request: FastifyRequest): string | null {
  return request.server.origins.originFor(request.host, request.protocol);
}

/** preHandler of routes that put the site origin into a link: an untrusted host gets 421, no link. */
export async function requireTrustedHost(request: FastifyRequest): Promise<void> {
  if (siteOrigin(request)) return;
  request.log.warn({ host: request.host, url: request.url.split('?')[0] }, 'untrusted host: no link built');
  throw fail('misdirected', 'host', 'untrusted_host');
}

/**
 * Whether cookies set for this request need `Secure`: the request came over TLS (directly, or
 * through a proxy that says so with TRUST_PROXY), or the site's public origin is https.
 */
export function secureCookies(request: FastifyRequest): boolean {
  const origin = siteOrigin(request) ?? request.server.origins.canonical;
  return request.protocol === 'https' || origin.startsWith('https:');
}
