import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { hostKey, type MirrorPolicy } from '../../http/edge/mirrors.ts';
import type { OriginPolicy } from '../../http/origin.ts';
import { secureCookies } from '../../http/request-origin.ts';
import { type UserRow, userById } from '../auth/repository.ts';
import { sessionOfRefreshToken } from '../auth/session-repository.ts';
import { hashOpaque, opaqueToken } from '../auth/tokens.ts';
import { type CodePurpose, claimSsoCode, insertSsoCode } from './sso-repository.ts';

/** The fragment parameter a mirror receives its code in: never sent to a server, nor in a Referer. */
export const SSO_CODE_PARAM = 'sso_code';
/** The fragment parameter that hands a mirror page the main host's browser key. */
export const SSO_BROWSER_PARAM = 'sso_browser';
/** The main host's cookie (on its API host, HttpOnly) holding this browser's key. */
export const SSO_BROWSER_COOKIE = 'sso_browser';

/** A browser key as `opaqueToken` makes it: 32 random bytes, base64url. */
const BROWSER_KEY = /^[\w-]{43}$/;

export interface SingleSignOnDeps {
  database: Database;
  mirrors: MirrorPolicy;
  origins: OriginPolicy;
  ttlSeconds: number;
}

/** Where a code may be exchanged: the host it is tried on, the exchange, the browser's state value. */
export interface CodeUse {
  host: string | undefined;
  purpose: CodePurpose;
  state: string | null;
}

/**
 * Single sign-on across the operator's hosts (docs/edge.md "Single sign-on across mirrors"). The
 * main host knows the player by its refresh cookie and hands a mirror a one-time code; a login on
 * a mirror hands the main host one. Every code is hashed, single use (spent at its first try),
 * bound to one host, to one exchange and to the browser it was made for (a state value only that
 * browser holds), and lives `SSO_CODE_TTL_SECONDS`. Codes are the only credential in an address;
 * tokens never are.
 */
export class SingleSignOn {
  readonly #db: Database;
  readonly #mirrors: MirrorPolicy;
  readonly #origins: OriginPolicy;
  readonly #ttl: number;

  constructor(deps: SingleSignOnDeps) {
    this.#db = deps.database;
    this.#mirrors = deps.mirrors;
    this.#origins = deps.origins;
    this.#ttl = deps.ttlSeconds;
  }

  /** Whether `request` was sent to the main host (or its `api.` host). */
  onMainHost(request: FastifyRequest): boolean {
    return this.#mirrors.main !== null && hostKey(request.host) === this.#mirrors.main;
  }

  /**
   * The address to send the browser back to: an absolute http(s) URL on one of the operator's
   * hosts, in that host's own scheme; anything else is refused (never an open redirect).
   */
  returnAddress(url: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid('url', 'sso_refused');
    }
    const origin = this.#origins.originFor(parsed.host, parsed.protocol.replace(':', ''));
    if (!origin || origin !== parsed.origin || parsed.username || parsed.password)
      throw invalid('url', 'sso_refused');
    return parsed;
  }

  /**
   * The main host's key for this browser: the one its cookie holds, else a new one (`fresh`: the
   * caller sets the cookie). Login codes are bound to it, so only this browser can use them.
   */
  browserKey(request: FastifyRequest): { key: string; fresh: boolean } {
    const held = request.cookies[SSO_BROWSER_COOKIE];
    if (held && BROWSER_KEY.test(held)) return { key: held, fresh: false };
    return { key: opaqueToken().token, fresh: true };
  }

  /**
   * Keeps the browser key for the browser session, as the mirror page keeps its copy
   * (src/client/sso.ts): both go when the browser closes, and the next visit starts again.
   */
  setBrowserCookie(reply: FastifyReply, request: FastifyRequest, key: string): void {
    reply.setCookie(SSO_BROWSER_COOKIE, key, {
      path: '/',
      httpOnly: true,
      secure: secureCookies(request),
      sameSite: 'lax',
    });
  }

  /**
   * A code `targetHost` (`host[:port]`) may exchange once for `userId`'s session, through the
   * `purpose` exchange and presenting `state` (kept hashed).
   */
  async issueCode(
    userId: string,
    targetHost: string,
    purpose: CodePurpose,
    state: string | null,
  ): Promise<string> {
    const { token, hash } = opaqueToken();
    await insertSsoCode(this.#db, {
      hash,
      userId,
      targetHost,
      purpose,
      stateHash: state === null ? null : hashOpaque(state),
      ttlSeconds: this.#ttl,
    });
    return token;
  }

  /** The player a code names when all of `use` matches how it was made; it is spent either way. */
  async redeem(code: string, use: CodeUse): Promise<UserRow> {
    const targetHost = hostKey(use.host);
    const userId = targetHost
      ? await claimSsoCode(this.#db, hashOpaque(code), {
          targetHost,
          purpose: use.purpose,
          stateHash: use.state === null ? null : hashOpaque(use.state),
        })
      : undefined;
    const user = userId ? await userById(this.#db, userId) : undefined;
    if (!user) throw invalid('code', 'sso_refused');
    return user;
  }

  /** The player and session whose refresh cookie this browser holds on this host, without rotating it. */
  async sessionOf(refreshToken: string | undefined) {
    return refreshToken ? sessionOfRefreshToken(this.#db, hashOpaque(refreshToken)) : undefined;
  }

  /**
   * `sso` of a login answer (docs/product-rules.md §4): on a mirror, the main host's sso link (the
   * page asks for a login code with `loginLink` and goes there); on the main host, or without
   * one, null.
   */
  mainLink(request: FastifyRequest): string | null {
    if (!this.#origins.originFor(request.host, request.protocol)) return null;
    return this.#mirrors.ssoLink(request.host);
  }

  /**
   * The main host's sso link with a login code for `userId`, bound to the main host and to the
   * browser key the page holds from its last visit there (`browserKey`); null on the main host.
   */
  async loginLink(request: FastifyRequest, userId: string, browserKey: string): Promise<string | null> {
    const link = this.mainLink(request);
    const main = this.#mirrors.main;
    if (!link || !main) return null;
    const url = new URL(link);
    url.searchParams.set('code', await this.issueCode(userId, main, 'login', browserKey));
    return url.href;
  }

  /** Refuses a start that did not reach the main host: only it hands out codes. */
  requireMainHost(request: FastifyRequest): void {
    if (!this.onMainHost(request)) throw fail('misdirected', 'host', 'sso_refused');
  }
}
