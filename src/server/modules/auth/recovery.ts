import { localizePath } from '../../../i18n/routing.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import { assertAllowed, LIMITS, record, spend } from './attempts.ts';
import { codePurpose, consumeCode } from './codes.ts';
import type { Channel, RequestMeta } from './context.ts';
import { AuthJob } from './job.ts';
import { messageLocale } from './notifier.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword, replacePassword } from './player-passwords.ts';
import { type UserRow, userByContact, userById } from './repository.ts';
import {
  consumeResetToken,
  insertResetToken,
  resetTokenChannel,
  resetTokenIsLive,
  voidResetCredentials,
} from './reset-repository.ts';
import type { IssuedSession } from './sessions.ts';
import { hashOpaque, opaqueToken } from './tokens.ts';

/** How long a reset link (and a reset token) lives. */
const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Password recovery by a mailed or texted code and link, with one live reset credential per
 * account (docs/api-auth.md "Password recovery"); also the login data a player asks to be sent.
 */
export class PasswordRecovery extends AuthJob {
  async forgot(channel: Channel, target: string, meta: RequestMeta): Promise<void> {
    await spend(this.db, LIMITS.codeSends(target));
    const user = await userByContact(this.db, channel, target);
    if (!user) return;
    // One live reset credential per account: this request's code and link replace all earlier ones.
    await voidResetCredentials(this.db, user.id);
    const link = await this.#issueResetToken(user.id, channel);
    await this.notifier.sendCode('reset', channel, target, user, meta, {
      link: resetLink(meta, messageLocale(user, meta.locale), link, channel, target),
    });
  }

  /** A confirmed recovery code becomes a reset token (the answer's `data.reset_token`). */
  async confirmCode(channel: Channel, target: string, code: string, meta: RequestMeta): Promise<string> {
    await spend(this.db, LIMITS.ipChecks(meta.ip));
    const userId = await consumeCode(
      this.db,
      this.keys,
      codePurpose('reset', channel),
      target,
      code,
      this.#voidWhenBurnt,
    );
    if (!userId) throw invalid('code', 'invalid_code');
    // The reset token replaces the code and the link mailed with it.
    await voidResetCredentials(this.db, userId);
    return this.#issueResetToken(userId, channel);
  }

  /** Exchanges the mailed link token for a fresh reset token; the link stops working. */
  async exchangeLinkToken(token: string, meta: RequestMeta): Promise<string> {
    const userId = await this.#limitedTokenCheck(meta, () => this.#takeResetToken(this.db, token));
    const channel = await resetTokenChannel(this.db, hashOpaque(token));
    // The reset token replaces the link and the code mailed with it.
    await voidResetCredentials(this.db, userId);
    return this.#issueResetToken(userId, channel ?? 'email');
  }

  async tokenIsValid(token: string, channel: Channel, meta: RequestMeta): Promise<boolean> {
    await spend(this.db, LIMITS.ipChecks(meta.ip));
    return resetTokenIsLive(this.db, hashOpaque(token), channel);
  }

  async resetWithToken(
    token: string,
    password: string,
    confirmation: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const passwordHash = await newPasswordHash(password, confirmation);
    const { userId, revoked } = await this.#limitedTokenCheck(meta, () =>
      this.db.transaction(async (tx) => {
        const id = await this.#takeResetToken(tx, token);
        return { userId: id, revoked: await replacePassword(tx, id, passwordHash) };
      }),
    );
    return this.#sessionAfterReset(userId, revoked, meta, () => invalid('token', 'token_invalid'));
  }

  async resetWithCode(
    target: string,
    code: string,
    password: string,
    confirmation: string,
    meta: RequestMeta,
  ): Promise<IssuedSession> {
    const passwordHash = await newPasswordHash(password, confirmation);
    // Consumed outside a transaction: a wrong guess must count even though the request fails.
    const userId = await this.#limitedTokenCheck(meta, () =>
      consumeCode(this.db, this.keys, 'reset_email', target, code, this.#voidWhenBurnt),
    );
    if (!userId) throw invalid('code', 'invalid_code');
    const revoked = await replacePassword(this.db, userId, passwordHash);
    return this.#sessionAfterReset(userId, revoked, meta, () => invalid('code', 'invalid_code'));
  }

  /** After a reset: the revoked sessions announced, a new session for the player. */
  async #sessionAfterReset(
    userId: string,
    revoked: string[],
    meta: RequestMeta,
    gone: () => Error,
  ): Promise<IssuedSession> {
    await this.sessions.announceRevoked(revoked);
    const user = await userById(this.db, userId);
    if (!user) throw gone();
    return this.sessions.issue(user, meta, 'reset');
  }

  /** Sends the player's login and a link to set a password to their contact. */
  async sendLoginData(user: UserRow, meta: RequestMeta): Promise<void> {
    const channel: Channel = user.email ? 'email' : 'phone';
    const target = user.email ?? user.phone;
    if (!target) throw invalid('email', 'required');
    await spend(this.db, LIMITS.codeSends(target));
    // The link is a reset credential: it replaces every earlier one (one live per account).
    await voidResetCredentials(this.db, user.id);
    const token = await this.#issueResetToken(user.id, channel);
    const locale = messageLocale(user, meta.locale);
    const link = resetLink(meta, locale, token, channel, target);
    await this.notifier.deliver('login_data', channel, target, user, { login: target, link }, locale);
  }

  async #issueResetToken(userId: string, channel: Channel): Promise<string> {
    const { token, hash } = opaqueToken();
    await insertResetToken(this.db, { hash, userId, channel, ttlMinutes: RESET_TOKEN_TTL_MINUTES });
    return token;
  }

  /** Marks a reset token used (single use) and returns its user; 422 `token_invalid` otherwise. */
  async #takeResetToken(db: Queryable, token: string): Promise<string> {
    const userId = await consumeResetToken(db, hashOpaque(token));
    if (!userId) throw invalid('token', 'token_invalid');
    return userId;
  }

  /** A reset code burnt by wrong guesses takes the link mailed with it (and any other credential). */
  readonly #voidWhenBurnt = async (userId: string | null): Promise<void> => {
    if (userId) await voidResetCredentials(this.db, userId);
  };

  /** Runs a token check under the per-IP limit; failures count towards it. */
  async #limitedTokenCheck<T>(meta: RequestMeta, check: () => Promise<T>): Promise<T> {
    await assertAllowed(this.db, LIMITS.ipChecks(meta.ip));
    try {
      return await check();
    } catch (error) {
      await record(this.db, LIMITS.ipChecks(meta.ip));
      throw error;
    }
  }
}

/** The new password's hash, once it and its confirmation pass (422 on password, password_confirmation). */
async function newPasswordHash(password: string, confirmation: string): Promise<string> {
  checkNewPassword(password, confirmation, 'password', 'password_confirmation');
  return hashPassword(password);
}

/**
 * The page that sets a new password with `token` (a phone flow carries `phone` in its query), in
 * `locale`: the language of the message that carries it, so the page speaks as the mail did.
 */
function resetLink(
  meta: RequestMeta,
  locale: Locale,
  token: string,
  channel: Channel,
  target: string,
): string {
  // Routes that mail links require a trusted host first (requireTrustedHost); this is the backstop.
  if (!meta.siteUrl) throw fail('misdirected', 'host', 'untrusted_host');
  const page = localizePath(`/reset-password/${token}`, locale, meta.strategy);
  return `${meta.siteUrl}${page}${channel === 'phone' ? `?phone=${encodeURIComponent(target)}` : ''}`;
}
