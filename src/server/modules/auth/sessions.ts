import { sanitiseReadable } from '../../../shared/readable-text.ts';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import type { AuthDeps, RequestMeta } from './context.ts';
import type { DeviceCookies } from './device.ts';
import { FINGERPRINT_MAX, type Fingerprints } from './fingerprint.ts';
import type { UserRow } from './repository.ts';
import {
  claimRefreshToken,
  createSession,
  devicesOfPlayer,
  insertRefreshToken,
  playersOfDevices,
  refreshTokenUse,
  revokeSessions,
  type SessionOwner,
  sessionOfRefreshToken,
  touchSession,
} from './session-repository.ts';
import { hashOpaque, opaqueToken, type TokenKeys, type VerifiedAccess } from './tokens.ts';

/** A device of a player, as the operator API answers it. */
export interface PlayerDevice {
  device: string;
  /** The fingerprint as the browser sent it; null when it was sealed under an earlier key. */
  fingerprint: string | null;
  sessions: number;
  first_seen_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  other_players: { user_id: string; sessions: number; last_seen_at: Date }[];
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  user: UserRow;
  isNew: boolean;
  /** This browser's new device-cookie entry for the account (src/server/modules/auth/device.ts). */
  deviceEntry: string;
}

/**
 * A check a session must pass to start (`sessionId` null) and at every refresh: it throws a
 * DomainError to refuse. Modules above auth plug theirs in (responsible gambling: exclusions and
 * the session time limit, docs/responsible-gambling.md).
 */
export type SessionCheck = (
  db: Queryable,
  owner: { userId: string; sessionId: string | null },
) => Promise<void>;

/** Sessions and their tokens: start, refresh (rotation with reuse detection), end (docs/api-auth.md). */
export class Sessions {
  readonly #db: Database;
  readonly #keys: TokenKeys;
  readonly #env: AuthDeps['env'];
  readonly #devices: DeviceCookies;
  readonly #fingerprints: Fingerprints;
  readonly #sessionsRevoked: AuthDeps['sessionsRevoked'];
  readonly #clock: Clock;
  readonly #checks: SessionCheck[] = [];

  constructor(deps: AuthDeps) {
    this.#clock = deps.clock ?? systemClock;
    this.#db = deps.database;
    this.#keys = deps.keys;
    this.#env = deps.env;
    this.#devices = deps.devices;
    this.#fingerprints = deps.fingerprints;
    this.#sessionsRevoked = deps.sessionsRevoked;
  }

  /**
   * The devices a player's sessions came from (docs/edge.md "Device fingerprint"): each with its
   * fingerprint opened under the configured key and the other accounts seen on it; null for an
   * unknown player.
   */
  async devicesOf(userId: string): Promise<PlayerDevice[] | null> {
    const [player] = await this.#db.query<{ id: string }>('select id::text as id from users where id = $1', [
      userId,
    ]);
    if (!player) return null;
    const devices = await devicesOfPlayer(this.#db, userId);
    const others = await playersOfDevices(
      this.#db,
      devices.map((d) => d.device),
      userId,
    );
    return devices.map((d) => ({
      device: d.device,
      // One stored before `fp` held to the readable-text rules (schemas.ts) is shown without what breaks them.
      fingerprint: sanitiseReadable(this.#fingerprints.open(d.device_sealed), FINGERPRINT_MAX),
      sessions: d.sessions,
      first_seen_at: d.first_seen_at,
      last_seen_at: d.last_seen_at,
      user_agent: d.user_agent,
      other_players: others
        .filter((o) => o.device === d.device)
        .map((o) => ({ user_id: o.user_id, sessions: o.sessions, last_seen_at: o.last_seen_at })),
    }));
  }

  /** Adds a check every session start and refresh must pass. */
  addCheck(check: SessionCheck): void {
    this.#checks.push(check);
  }

  async #check(db: Queryable, owner: { userId: string; sessionId: string | null }): Promise<void> {
    for (const check of this.#checks) await check(db, owner);
  }

  /** Starts a session: its first refresh token and an access token. Throws what a check refuses. */
  async issue(user: UserRow, meta: RequestMeta, method: string): Promise<IssuedSession> {
    await this.#check(this.#db, { userId: user.id, sessionId: null });
    const refresh = opaqueToken();
    const sessionId = await this.#db.transaction(async (tx) => {
      const id = await createSession(tx, {
        userId: user.id,
        userAgent: meta.userAgent,
        ip: meta.ip,
        method,
        fingerprint: this.#fingerprints.seal(meta.fingerprint),
      });
      await insertRefreshToken(tx, id, refresh.hash, this.#env.REFRESH_TOKEN_TTL_DAYS);
      return id;
    });
    return {
      accessToken: await this.#accessToken({ user_id: user.id, session_id: sessionId }),
      refreshToken: refresh.token,
      sessionId,
      user,
      isNew: false,
      deviceEntry: this.#devices.issue(user.id),
    };
  }

  /**
   * Rotates a refresh token. The old one is marked used in the same statement that checks it, so
   * of two concurrent refreshes with one token exactly one rotates. The successor is derived from
   * the old token (TokenKeys.refreshSuccessor), so the loser of that race (two tabs refreshing at
   * once) gets the same pair: presented again within REFRESH_REUSE_GRACE_SECONDS of its use while
   * its successor is still unused, a used token answers that successor again. Any other use of a
   * used token means it leaked: the whole session is revoked (reuse detection).
   */
  async refresh(
    token: string,
    meta: RequestMeta,
  ): Promise<{ accessToken: string; refreshToken: string } | null> {
    const hash = hashOpaque(token);
    const next = this.#keys.refreshSuccessor(token);
    const outcome = await this.#db.transaction(
      async (tx): Promise<{ session: SessionOwner | null; revoked: string[] }> => {
        // A concurrent refresh with the same token waits in the claim for the row lock and, once
        // the winner commits, claims nothing: it then sees the winner's successor below.
        const claimed = await claimRefreshToken(tx, hash);
        if (claimed) {
          // A session a check refuses now (an exclusion, the session time limit) ends here.
          const refused = await this.#check(tx, {
            userId: claimed.user_id,
            sessionId: claimed.session_id,
          }).then(
            () => false,
            (err: unknown) => {
              if (err instanceof DomainError) return true;
              throw err;
            },
          );
          if (refused)
            return {
              session: null,
              revoked: await revokeSessions(tx, { sessionId: claimed.session_id }, 'refused'),
            };
          await insertRefreshToken(tx, claimed.session_id, next.hash, this.#env.REFRESH_TOKEN_TTL_DAYS);
          await touchSession(tx, claimed.session_id, meta.ip);
          return { session: claimed, revoked: [] };
        }
        const seen = await refreshTokenUse(tx, hash, next.hash, this.#env.REFRESH_REUSE_GRACE_SECONDS);
        if (!seen?.used) return { session: null, revoked: [] };
        if (seen.retry) return { session: seen, revoked: [] };
        return {
          session: null,
          revoked: await revokeSessions(tx, { sessionId: seen.session_id }, 'reuse_detected'),
        };
      },
    );
    await this.announceRevoked(outcome.revoked);
    if (!outcome.session) return null;
    return { accessToken: await this.#accessToken(outcome.session), refreshToken: next.token };
  }

  async logout(sessionId: string): Promise<void> {
    await this.announceRevoked(await revokeSessions(this.#db, { sessionId }, 'logout'));
  }

  /** Ends every session of the player but the current one; returns how many ended. */
  async logoutOthers(userId: string, currentSessionId: string): Promise<number> {
    const revoked = await revokeSessions(
      this.#db,
      { userId, exceptSessionId: currentSessionId },
      'logout_others',
    );
    await this.announceRevoked(revoked);
    return revoked.length;
  }

  /**
   * GET /profile/user's `fresh_token` (docs/api-auth.md "fresh_token"): a new access token of the
   * same session when the presented one is in the second half of its life and the request carries
   * that session's live refresh cookie (nothing rotates); null otherwise. A copied access token
   * alone never extends itself.
   */
  async freshAccessToken(access: VerifiedAccess, refreshToken: string | undefined): Promise<string | null> {
    if (!refreshToken) return null;
    const halfLifeMs = (this.#env.ACCESS_TOKEN_TTL_SECONDS * 1000) / 2;
    if (access.expiresAt - this.#clock.now() > halfLifeMs) return null;
    const owner = await sessionOfRefreshToken(this.#db, hashOpaque(refreshToken));
    if (owner?.sessionId !== access.sessionId || owner.userId !== access.userId.toString()) return null;
    return this.#accessToken({ user_id: owner.userId, session_id: owner.sessionId });
  }

  /** Tells every instance about revoked sessions; call only once the revocation has committed. */
  async announceRevoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await this.#sessionsRevoked(sessionIds);
  }

  #accessToken(owner: SessionOwner): Promise<string> {
    return this.#keys.signAccess(
      { userId: BigInt(owner.user_id), sessionId: owner.session_id },
      this.#env.ACCESS_TOKEN_TTL_SECONDS,
    );
  }
}
