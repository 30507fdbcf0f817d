import { localizePath, type Strategy } from '../../../i18n/routing.ts';
import { isLocale, type Locale } from '../../../shared/locales.ts';
import { regionForCountry } from '../../../shared/region.ts';
import type { Env } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import { assertAllowed, clear, LIMITS, record } from './attempts.ts';
import { type CodePurpose, consumeCode, issueCode } from './codes.ts';
import { type MessageKind, renderMessage } from './messages.ts';
import type { Messenger } from './messenger.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import {
  createSession,
  insertRefreshToken,
  insertUser,
  isUniqueViolation,
  revokeSessions,
  type UserRow,
  userByEmail,
  userById,
  userByPhone,
} from './repository.ts';
import { hashOpaque, opaqueToken, type TokenKeys } from './tokens.ts';

export type Channel = 'email' | 'phone';

/** Who is asking: used for sessions, limits and links. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  locale: Locale;
  /** Origin of the site for links in messages (https://example.com). */
  siteUrl: string;
  /** The locale prefix strategy, for localized links in messages. */
  strategy: Strategy;
  country?: string | null;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  user: UserRow;
  isNew: boolean;
}

const RESET_TOKEN_TTL_MINUTES = 60;

/** Registration, login, codes, recovery and session tokens (spec §4, §5, §7). */
export class AuthService {
  readonly #db: Database;
  readonly #keys: TokenKeys;
  readonly #messenger: Messenger;
  readonly #env: Env;

  constructor(deps: { database: Database; keys: TokenKeys; messenger: Messenger; env: Env }) {
    this.#db = deps.database;
    this.#keys = deps.keys;
    this.#messenger = deps.messenger;
    this.#env = deps.env;
  }

  get keys(): TokenKeys {
    return this.#keys;
  }

  // ── registration and login ──────────────────────────────────────────────

  async register(
    input: {
      channel: Channel;
      target: string;
      password: string;
      name?: string | undefined;
      currency?: string | undefined;
      timezone?: string | undefined;
      attribution: Record<string, string | null>;
    },
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const problem = passwordProblem(input.password);
    if (problem) throw invalid('password', problem);
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await insertUser(this.#db, {
        email: input.channel === 'email' ? input.target : null,
        phone: input.channel === 'phone' ? input.target : null,
        name: input.name ?? null,
        passwordHash,
        currency: input.currency ?? null,
        locale: meta.locale,
        timezone: input.timezone ?? null,
        registerMethod: input.channel,
        region: regionForCountry(meta.country),
        attribution: input.attribution,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw invalid('email', 'email_taken');
      if (isUniqueViolation(error, 'users_phone_key')) throw invalid('phone', 'phone_taken');
      throw error;
    }
    await this.sendCode(
      input.channel === 'email' ? 'verify_email' : 'verify_phone',
      input.channel,
      input.target,
      user,
      meta,
    );
    return { ...(await this.issueSession(user, meta, 'register')), isNew: true };
  }

  async loginWithPassword(
    channel: Channel,
    target: string,
    password: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const accountLimit = LIMITS.accountFailures(`${channel}:${target}`);
    const ipLimit = LIMITS.ipFailures(meta.ip);
    await assertAllowed(this.#db, accountLimit, ipLimit);
    const user =
      channel === 'email' ? await userByEmail(this.#db, target) : await userByPhone(this.#db, target);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      await record(this.#db, accountLimit);
      await record(this.#db, ipLimit);
      throw new ApiError(422, { credentials: ['invalid_credentials'] });
    }
    await clear(this.#db, accountLimit);
    return this.issueSession(user, meta, 'password');
  }

  /** Sends a login code. Unknown addresses get the same answer and no message (no enumeration). */
  async requestLoginCode(channel: Channel, target: string, meta: RequestMeta): Promise<void> {
    const user =
      channel === 'email' ? await userByEmail(this.#db, target) : await userByPhone(this.#db, target);
    await assertAllowed(this.#db, LIMITS.codeSends(target));
    await record(this.#db, LIMITS.codeSends(target));
    if (!user) return;
    await this.sendCode(channel === 'email' ? 'login_email' : 'login_phone', channel, target, user, meta);
  }

  async loginWithCode(
    channel: Channel,
    target: string,
    code: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const accountLimit = LIMITS.accountFailures(`${channel}:${target}`);
    await assertAllowed(this.#db, accountLimit, LIMITS.ipFailures(meta.ip));
    let userId: string | null;
    try {
      userId = await consumeCode(
        this.#db,
        this.#keys,
        channel === 'email' ? 'login_email' : 'login_phone',
        target,
        code,
      );
    } catch (error) {
      await record(this.#db, accountLimit);
      await record(this.#db, LIMITS.ipFailures(meta.ip));
      throw error;
    }
    const user = userId ? await userById(this.#db, userId) : undefined;
    if (!user) throw invalid('code', 'invalid_code');
    // A code delivered to the address proves the player controls it.
    await this.#db.query(
      `update users set ${channel === 'email' ? 'is_email_verified' : 'is_phone_verified'} = true where id = $1`,
      [user.id],
    );
    await clear(this.#db, accountLimit);
    return this.issueSession(user, meta, 'code');
  }

  // ── contact verification ────────────────────────────────────────────────

  async resendVerification(user: UserRow, channel: Channel, meta: RequestMeta): Promise<void> {
    const target = channel === 'email' ? user.email : user.phone;
    if (!target) throw invalid(channel, 'required');
    await assertAllowed(this.#db, LIMITS.codeSends(target));
    await record(this.#db, LIMITS.codeSends(target));
    await this.sendCode(channel === 'email' ? 'verify_email' : 'verify_phone', channel, target, user, meta);
  }

  async verifyContact(user: UserRow, channel: Channel, code: string, meta: RequestMeta): Promise<void> {
    const target = channel === 'email' ? user.email : user.phone;
    if (!target) throw invalid(channel, 'required');
    await assertAllowed(this.#db, LIMITS.ipChecks(meta.ip));
    await record(this.#db, LIMITS.ipChecks(meta.ip));
    await consumeCode(
      this.#db,
      this.#keys,
      channel === 'email' ? 'verify_email' : 'verify_phone',
      target,
      code,
    );
    await this.#db.query(
      `update users set ${channel === 'email' ? 'is_email_verified' : 'is_phone_verified'} = true, updated_at = now() where id = $1`,
      [user.id],
    );
  }

  // ── password recovery ───────────────────────────────────────────────────

  async forgotPassword(channel: Channel, target: string, meta: RequestMeta): Promise<void> {
    await assertAllowed(this.#db, LIMITS.codeSends(target));
    await record(this.#db, LIMITS.codeSends(target));
    const user =
      channel === 'email' ? await userByEmail(this.#db, target) : await userByPhone(this.#db, target);
    if (!user) return;
    const link = await this.issueResetToken(user.id, channel);
    const linkUrl = resetLink(meta, link, channel, target);
    await this.sendCode(channel === 'email' ? 'reset_email' : 'reset_phone', channel, target, user, meta, {
      link: linkUrl,
    });
  }

  /** A confirmed recovery code becomes a reset token (spec §7 `data.reset_token`). */
  async confirmResetCode(channel: Channel, target: string, code: string, meta: RequestMeta): Promise<string> {
    await assertAllowed(this.#db, LIMITS.ipChecks(meta.ip));
    await record(this.#db, LIMITS.ipChecks(meta.ip));
    const userId = await consumeCode(
      this.#db,
      this.#keys,
      channel === 'email' ? 'reset_email' : 'reset_phone',
      target,
      code,
    );
    if (!userId) throw invalid('code', 'invalid_code');
    return this.issueResetToken(userId, channel);
  }

  /** Exchanges the mailed link token for a fresh reset token; the link stops working. */
  async exchangeLinkToken(token: string, meta: RequestMeta): Promise<string> {
    const userId = await this.limitedTokenCheck(meta, () => this.useResetToken(this.#db, token));
    const [row] = await this.#db.query<{ channel: string }>(
      'select channel from password_reset_tokens where token_hash = $1',
      [hashOpaque(token)],
    );
    return this.issueResetToken(userId, (row?.channel as Channel) ?? 'email');
  }

  async resetTokenIsValid(token: string, channel: Channel, meta: RequestMeta): Promise<boolean> {
    await assertAllowed(this.#db, LIMITS.ipChecks(meta.ip));
    await record(this.#db, LIMITS.ipChecks(meta.ip));
    const rows = await this.#db.query(
      'select 1 from password_reset_tokens where token_hash = $1 and channel = $2 and used_at is null and expires_at > now()',
      [hashOpaque(token), channel],
    );
    return rows.length > 0;
  }

  async resetWithToken(
    token: string,
    password: string,
    confirmation: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    checkNewPassword(password, confirmation, 'password', 'password_confirmation');
    const passwordHash = await hashPassword(password);
    const userId = await this.limitedTokenCheck(meta, () =>
      this.#db.transaction(async (tx) => {
        const id = await this.useResetToken(tx, token);
        await this.replacePassword(tx, id, passwordHash);
        return id;
      }),
    );
    const user = await userById(this.#db, userId);
    if (!user) throw invalid('token', 'token_invalid');
    return this.issueSession(user, meta, 'reset');
  }

  async resetWithCode(
    target: string,
    code: string,
    password: string,
    confirmation: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    checkNewPassword(password, confirmation, 'password', 'password_confirmation');
    const passwordHash = await hashPassword(password);
    // Consumed outside a transaction: a wrong guess must count even though the request fails.
    const userId = await this.limitedTokenCheck(meta, () =>
      consumeCode(this.#db, this.#keys, 'reset_email', target, code),
    );
    if (!userId) throw invalid('code', 'invalid_code');
    await this.replacePassword(this.#db, userId, passwordHash);
    const user = await userById(this.#db, userId);
    if (!user) throw invalid('code', 'invalid_code');
    return this.issueSession(user, meta, 'reset');
  }

  // ── passwords of a logged-in player ─────────────────────────────────────

  /** spec §5: errors on old_password, new_password, password_confirm. Other sessions end. */
  async updatePassword(
    user: UserRow,
    sessionId: string,
    oldPassword: string,
    password: string,
    confirmation: string,
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    const problem = passwordProblem(password);
    if (problem) errors.new_password = [problem];
    if (password !== confirmation) errors.password_confirm = ['password_mismatch'];
    if (!(await verifyPassword(user.password_hash, oldPassword)))
      errors.old_password = ['old_password_wrong'];
    if (Object.keys(errors).length) throw new ApiError(422, errors);
    await this.replacePassword(this.#db, user.id, await hashPassword(password), sessionId);
  }

  /** spec §5: for accounts without a password (social logins); errors on password, confirm_password. */
  async setPassword(user: UserRow, password: string, confirmation: string): Promise<void> {
    if (user.password_hash) throw new ApiError(409, { password: ['password_exists'] });
    checkNewPassword(password, confirmation, 'password', 'confirm_password');
    const rows = await this.#db.query(
      'update users set password_hash = $2, updated_at = now() where id = $1 and password_hash is null returning id',
      [user.id, await hashPassword(password)],
    );
    if (rows.length === 0) throw new ApiError(409, { password: ['password_exists'] });
  }

  /** Sends the player's login and a link to set a password to their contact. */
  async sendLoginData(user: UserRow, meta: RequestMeta): Promise<void> {
    const channel: Channel = user.email ? 'email' : 'phone';
    const target = user.email ?? user.phone;
    if (!target) throw invalid('email', 'required');
    await assertAllowed(this.#db, LIMITS.codeSends(target));
    await record(this.#db, LIMITS.codeSends(target));
    const token = await this.issueResetToken(user.id, channel);
    const link = resetLink(meta, token, channel, target);
    await this.deliver('login_data', channel, target, user, { login: target, link });
  }

  // ── sessions ────────────────────────────────────────────────────────────

  /** Starts a session: its first refresh token and an access token. */
  async issueSession(user: UserRow, meta: RequestMeta, method: string): Promise<IssuedSession> {
    const refresh = opaqueToken();
    const sessionId = await this.#db.transaction(async (tx) => {
      const id = await createSession(tx, { userId: user.id, userAgent: meta.userAgent, ip: meta.ip, method });
      await insertRefreshToken(tx, id, refresh.hash, this.#env.REFRESH_TOKEN_TTL_DAYS);
      return id;
    });
    const accessToken = await this.#keys.signAccess(
      { userId: BigInt(user.id), sessionId },
      this.#env.ACCESS_TOKEN_TTL_SECONDS,
    );
    return { accessToken, refreshToken: refresh.token, sessionId, user, isNew: false };
  }

  /**
   * Rotates a refresh token. The old one is marked used in the same statement that checks it, so
   * of two concurrent refreshes with one token exactly one wins. A token presented again after use
   * means it leaked: the whole session is revoked (reuse detection).
   */
  async refresh(
    token: string,
    meta: RequestMeta,
  ): Promise<{ accessToken: string; refreshToken: string } | null> {
    const hash = hashOpaque(token);
    const next = opaqueToken();
    const outcome = await this.#db.transaction(async (tx) => {
      const [claimed] = await tx.query<{ session_id: string; user_id: string }>(
        `update refresh_tokens r set used_at = now()
           from sessions s
          where r.token_hash = $1 and r.used_at is null and r.expires_at > now()
            and s.id = r.session_id and s.revoked_at is null
          returning r.session_id, s.user_id::text`,
        [hash],
      );
      if (!claimed) {
        const [seen] = await tx.query<{ session_id: string; used: boolean }>(
          'select session_id, used_at is not null as used from refresh_tokens where token_hash = $1',
          [hash],
        );
        if (seen?.used) await revokeSessions(tx, { sessionId: seen.session_id }, 'reuse_detected');
        return null;
      }
      await insertRefreshToken(tx, claimed.session_id, next.hash, this.#env.REFRESH_TOKEN_TTL_DAYS);
      await tx.query('update sessions set last_used_at = now(), ip = $2 where id = $1', [
        claimed.session_id,
        meta.ip,
      ]);
      return claimed;
    });
    if (!outcome) return null;
    const accessToken = await this.#keys.signAccess(
      { userId: BigInt(outcome.user_id), sessionId: outcome.session_id },
      this.#env.ACCESS_TOKEN_TTL_SECONDS,
    );
    return { accessToken, refreshToken: next.token };
  }

  async logout(sessionId: string): Promise<void> {
    await revokeSessions(this.#db, { sessionId }, 'logout');
  }

  async logoutOthers(userId: string, currentSessionId: string): Promise<number> {
    return revokeSessions(this.#db, { userId, exceptSessionId: currentSessionId }, 'logout_others');
  }

  // ── internals ───────────────────────────────────────────────────────────

  private async sendCode(
    purpose: CodePurpose,
    channel: Channel,
    target: string,
    user: UserRow,
    meta: RequestMeta,
    extra: Record<string, string> = {},
  ) {
    const code = await issueCode(this.#db, this.#keys, purpose, target, user.id);
    const kind: MessageKind = purpose.startsWith('verify')
      ? 'verify'
      : purpose.startsWith('login')
        ? 'login'
        : 'reset';
    await this.deliver(kind, channel, target, user, { code, ...extra }, meta.locale);
  }

  private async deliver(
    kind: MessageKind,
    channel: Channel,
    target: string,
    user: UserRow,
    values: Record<string, string>,
    fallback: Locale = 'ru',
  ) {
    const locale = isLocale(user.locale) ? user.locale : fallback;
    const text = renderMessage(kind, locale, values);
    await this.#messenger.send(
      this.#db,
      channel === 'email'
        ? { channel: 'email', recipient: target, subject: text.subject, body: text.body }
        : { channel: 'sms', recipient: target, body: text.sms },
    );
  }

  private async issueResetToken(userId: string, channel: Channel): Promise<string> {
    const { token, hash } = opaqueToken();
    await this.#db.query(
      `insert into password_reset_tokens (token_hash, user_id, channel, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hash, userId, channel, RESET_TOKEN_TTL_MINUTES],
    );
    return token;
  }

  /** Marks a reset token used (single use) and returns its user; 422 `token_invalid` otherwise. */
  private async useResetToken(db: Queryable, token: string): Promise<string> {
    const [row] = await db.query<{ user_id: string }>(
      'update password_reset_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id::text',
      [hashOpaque(token)],
    );
    if (!row) throw invalid('token', 'token_invalid');
    return row.user_id;
  }

  /** Runs a token check under the per-IP limit; failures count towards it. */
  private async limitedTokenCheck<T>(meta: RequestMeta, check: () => Promise<T>): Promise<T> {
    await assertAllowed(this.#db, LIMITS.ipChecks(meta.ip));
    try {
      return await check();
    } catch (error) {
      await record(this.#db, LIMITS.ipChecks(meta.ip));
      throw error;
    }
  }

  /** New password; every other session ends (a reset means the old password may be known). */
  private async replacePassword(db: Queryable, userId: string, passwordHash: string, keepSessionId?: string) {
    await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [
      userId,
      passwordHash,
    ]);
    await revokeSessions(
      db,
      { userId, ...(keepSessionId ? { exceptSessionId: keepSessionId } : {}) },
      'password_changed',
    );
  }
}

function checkNewPassword(password: string, confirmation: string, field: string, confirmField: string): void {
  const errors: Record<string, string[]> = {};
  const problem = passwordProblem(password);
  if (problem) errors[field] = [problem];
  if (password !== confirmation) errors[confirmField] = ['password_mismatch'];
  if (Object.keys(errors).length) throw new ApiError(422, errors);
}

/** The page that sets a new password with `token` (spec §5: a phone flow carries `phone`). */
function resetLink(meta: RequestMeta, token: string, channel: Channel, target: string): string {
  const page = localizePath(`/reset-password/${token}`, meta.locale, meta.strategy);
  return `${meta.siteUrl}${page}${channel === 'phone' ? `?phone=${encodeURIComponent(target)}` : ''}`;
}
