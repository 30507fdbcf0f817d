import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Locale, localeFromLanguages } from '../../../shared/locales.ts';
import type { Env } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { type UserRow, userOfLiveSession } from './repository.ts';
import type { IssuedSession, RequestMeta } from './service.ts';
import type { TokenKeys } from './tokens.ts';

export const REFRESH_COOKIE = 'refresh_token';

declare module 'fastify' {
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
    siteUrl: env.PUBLIC_SITE_URL?.replace(/\/+$/, '') ?? siteOrigin(request),
    strategy: env.LOCALE_STRATEGY,
    country: (request.headers['cf-ipcountry'] as string | undefined) ?? null,
  };
}

/** The site's origin as seen by this request (an api. host maps back to the site host). */
function siteOrigin(request: FastifyRequest): string {
  const host =
    (request.headers['x-forwarded-host'] as string | undefined) ?? request.headers.host ?? 'localhost';
  return `${request.protocol}://${host.replace(/^api\./i, '')}`;
}

/** preHandler: a valid access token of a live session, else 401 (the client then refreshes). */
export function requireUser(database: Database, keys: TokenKeys) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const claims = token ? await keys.verifyAccess(token) : null;
    const user = claims ? await userOfLiveSession(database, claims.sessionId, claims.userId) : undefined;
    if (!claims || !user) throw new ApiError(401, { token: ['unauthorized'] });
    request.auth = { user, sessionId: claims.sessionId };
  };
}

export function setRefreshCookie(reply: FastifyReply, token: string, env: Env, request: FastifyRequest) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: '/',
    httpOnly: true,
    // Behind a TLS-terminating proxy set TRUST_PROXY so the protocol reads https.
    secure: request.protocol === 'https',
    sameSite: 'lax',
    maxAge: env.REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

/** The session answer of docs/api-auth.md, with the refresh cookie. */
export function sendSession(reply: FastifyReply, request: FastifyRequest, env: Env, session: IssuedSession) {
  setRefreshCookie(reply, session.refreshToken, env, request);
  return reply.send({ success: true, token: session.accessToken, sso: null, is_new: session.isNew });
}
