import { invalid } from '../../domain-error.ts';
import { LIMITS, spend } from './attempts.ts';
import { codePurpose, consumeCode } from './codes.ts';
import type { AuthDeps, Channel, RequestMeta } from './context.ts';
import type { DeviceCookies } from './device.ts';
import { AuthJob, type AuthParts } from './job.ts';
import { verifyPassword } from './passwords.ts';
import { markContactVerified, type UserRow, userByContact, userById } from './repository.ts';
import type { IssuedSession } from './sessions.ts';
import type { LoginAttempt, LoginThrottle } from './throttle.ts';

/** What a login request brings besides the credentials. */
export interface LoginClient {
  /** The `device` cookie, if the browser has one. */
  deviceCookie?: string | undefined;
  /** Checks the captcha; run only once the throttle lets the attempt through. */
  checkCaptcha?: () => Promise<void>;
}

/** Login by password or by a mailed or texted code, under the login throttle. */
export class Logins extends AuthJob {
  readonly #devices: DeviceCookies;
  readonly #throttle: LoginThrottle;

  constructor(deps: AuthDeps, parts: AuthParts & { throttle: LoginThrottle }) {
    super(deps, parts);
    this.#devices = deps.devices;
    this.#throttle = parts.throttle;
  }

  /** Password login under the login throttle (src/server/modules/auth/throttle.ts). */
  async withPassword(
    channel: Channel,
    target: string,
    password: string,
    meta: RequestMeta,
    client: LoginClient = {},
  ): Promise<IssuedSession> {
    const user = await userByContact(this.db, channel, target);
    const known = await this.#throttle.run(
      this.#attempt('password', channel, target, user, meta, client),
      async () => {
        if (!(await verifyPassword(user?.password_hash, password)) || !user)
          throw invalid('credentials', 'invalid_credentials');
        return user;
      },
      client.checkCaptcha,
    );
    return this.sessions.issue(known, meta, 'password');
  }

  /** Sends a login code. Unknown addresses get the same answer and no message (no enumeration). */
  async requestCode(channel: Channel, target: string, meta: RequestMeta): Promise<void> {
    const user = await userByContact(this.db, channel, target);
    await spend(this.db, LIMITS.codeSends(target));
    if (!user) return;
    await this.notifier.sendCode('login', channel, target, user, meta);
  }

  /** Login with a mailed or texted code, under the login throttle (its own per-account counter). */
  async withCode(
    channel: Channel,
    target: string,
    code: string,
    meta: RequestMeta,
    client: LoginClient = {},
  ): Promise<IssuedSession> {
    const owner = await userByContact(this.db, channel, target);
    const user = await this.#throttle.run(
      this.#attempt('code', channel, target, owner, meta, client),
      async () => {
        const userId = await consumeCode(this.db, this.keys, codePurpose('login', channel), target, code);
        const found = userId ? await userById(this.db, userId) : undefined;
        if (!found) throw invalid('code', 'invalid_code');
        return found;
      },
    );
    // A code delivered to the address proves the player controls it.
    await markContactVerified(this.db, user.id, channel, { touch: false });
    return this.sessions.issue(user, meta, 'code');
  }

  /** How the throttle sees a login: the account (or the bare address) and whether the device is known. */
  #attempt(
    secret: 'password' | 'code',
    channel: Channel,
    target: string,
    user: UserRow | undefined,
    meta: RequestMeta,
    client: LoginClient,
  ): LoginAttempt {
    return {
      account: user ? `user:${user.id}` : `${channel}:${target}`,
      ip: meta.ip,
      device: user ? this.#devices.deviceOf(client.deviceCookie, user.id) : null,
      secret,
    };
  }
}
