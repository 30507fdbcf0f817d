import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { OriginPolicy } from '../../http/origin.ts';
import { userById } from '../auth/repository.ts';
import { hashOpaque, opaqueToken } from '../auth/tokens.ts';
import { hostKey, type MirrorPolicy } from './mirrors.ts';
import { claimSsoCode, insertSsoCode, userOfRefreshToken } from './sso-repository.ts';

/** The fragment parameter a mirror receives its code in: never sent to a server, nor in a Referer. */
export const SSO_CODE_PARAM = 'sso_code';

export interface SingleSignOnDeps {
  database: Database;
  mirrors: MirrorPolicy;
  origins: OriginPolicy;
  ttlSeconds: number;
}

/**
 * Single sign-on across the operator's hosts (docs/edge.md): the main host knows the player by its
 * refresh cookie and hands a mirror a one-time code (hashed, single use, bound to that mirror's
 * host, `SSO_CODE_TTL_SECONDS`), which the mirror exchanges for a session of its own. Codes are
 * the only credential in an address; tokens never are.
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

  /** A code the host `targetHost` (`host[:port]`) may exchange once for `userId`'s session. */
  async issueCode(userId: string, targetHost: string): Promise<string> {
    const { token, hash } = opaqueToken();
    await insertSsoCode(this.#db, { hash, userId, targetHost, ttlSeconds: this.#ttl });
    return token;
  }

  /** The player a code names, if it is unused, unexpired and meant for `host`; it is spent either way. */
  async redeem(code: string, host: string | undefined) {
    const key = hostKey(host);
    const userId = key ? await claimSsoCode(this.#db, hashOpaque(code), key) : undefined;
    const user = userId ? await userById(this.#db, userId) : undefined;
    if (!user) throw invalid('code', 'sso_refused');
    return user;
  }

  /** The player whose refresh cookie this browser holds on this host, without rotating it. */
  async playerOf(refreshToken: string | undefined): Promise<string | undefined> {
    return refreshToken ? userOfRefreshToken(this.#db, hashOpaque(refreshToken)) : undefined;
  }

  /**
   * `sso` of a login answer (docs/product-rules.md §4): on a mirror, the main host's start link
   * with a code for the main host, so the player is logged in there too (and through it on every
   * other mirror); on the main host, or without one, null.
   */
  async loginLink(request: FastifyRequest, userId: string): Promise<string | null> {
    const link = this.#mirrors.ssoLink(request.host);
    const main = this.#mirrors.main;
    if (!link || !main || !this.#origins.originFor(request.host, request.protocol)) return null;
    const url = new URL(link);
    url.searchParams.set('code', await this.issueCode(userId, main));
    return url.href;
  }

  /** Refuses a start that did not reach the main host: only it hands out codes. */
  requireMainHost(request: FastifyRequest): void {
    if (!this.onMainHost(request)) throw fail('misdirected', 'host', 'sso_refused');
  }
}
