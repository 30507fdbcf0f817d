import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Locale, localeFromLanguages } from '../../../shared/locales.ts';
import type { Env } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fail } from '../../domain-error.ts';
import { secureCookies, siteOrigin } from '../../http/request-origin.ts';
import type { RequestMeta } from './context.ts';
import { setDeviceCookie } from './device.ts';
import type { UserRow } from './repository.ts';
import { userOfLiveSession } from './session-repository.ts';
import type { IssuedSession } from './sessions.ts';
import type { TokenKeys, VerifiedAccess } from './tokens.ts';

export const REFRESH_COOKIE = 'refresh_token';

declare module 'fastify' {
  interface FastifyInstance {
    /** The `sso` link of a login answer on a mirror (src/server/modules/edge/sso.ts); unset: none. */
    loginSsoLink?: (request: FastifyRequest) => string | null;
    /** The caller's country (src/server/http/edge/geo.ts); unset: unknown. */
    countryOf?: (request: FastifyRequest) => string | null;
  }
  interface FastifyRequest {
    /** Set by `requireUser`. */
    auth?: { user: UserRow; sessionId: string };
  }
}

/** Who is asking, for sessions, limits and the links in messages. */
export function requestMeta(request: FastifyRequest, env: Env, bodyLocale?: string): RequestMeta {
  const locale: Locale =
    localeFromLanguages(bodyLocale ?? null) ??
    localeFromLanguages(request.headers['accept-language'] ?? null) ??
    'ru';
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    locale,
    siteUrl: siteOrigin(request),
    strategy: env.LOCALE_STRATEGY,
    // From the edge's geo lookup: a country header counts only when configured (docs/edge.md).
    country: request.server.countryOf?.(request) ?? null,
    fingerprint: fingerprintOf(request.body),
  };
}

/** The `fp` a login or registration body carries (its schema bounds it), else null. */
function fingerprintOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('fp' in body)) return null;
  return typeof body.fp === 'string' && body.fp !== '' ? body.fp : null;
}

const verified = new WeakMap<FastifyRequest, Promise<VerifiedAccess | null>>();

/**
 * The verified claims of the request's bearer token, or null; verified once per request (the rate
 * limit keys on the player before `requireUser` runs).
 */
export function accessClaimsOf(request: FastifyRequest, keys: TokenKeys): Promise<VerifiedAccess | null> {
  let claims = verified.get(request);
  if (!claims) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    claims = token ? keys.verifyAccess(token) : Promise.resolve(null);
    verified.set(request, claims);
  }
  return claims;
}

/** preHandler: a valid access token of a live session, else 401 (the client then refreshes). */
export function requireUser(database: Database, keys: TokenKeys) {
  return async (request: FastifyRequest) => {
    const claims = await accessClaimsOf(request, keys);
    const user = claims ? await userOfLiveSession(database, claims.sessionId, claims.userId) : undefined;
    if (!claims || !user) throw fail('unauthenticated', 'token', 'unauthorized');
    request.auth = { user, sessionId: claims.sessionId };
  };
}

export function setRefreshCookie(reply: FastifyReply, token: string, env: Env, request: FastifyRequest) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: secureCookies(request),
    sameSite: 'lax',
    maxAge: env.REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

/**
 * The session answer of docs/api-auth.md, with the refresh cookie and the device cookie. On a
 * mirror it carries `sso`, the main host's link, where the page goes with a login code to log the
 * player in there too (docs/edge.md).
 */
export async function sendSession(
  reply: FastifyReply,
  request: FastifyRequest,
  env: Env,
  session: IssuedSession,
  { sso = true }: { sso?: boolean } = {},
) {
  setRefreshCookie(reply, session.refreshToken, env, request);
  setDeviceCookie(reply, request, session.deviceEntry);
  const link = sso ? (request.server.loginSsoLink?.(request) ?? null) : null;
  return reply.send({ success: true, token: session.accessToken, sso: link, is_new: session.isNew });
}
