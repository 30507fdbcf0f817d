import { regionForCountry } from '../../../shared/region.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { DomainError, invalid } from '../../domain-error.ts';
import type { Channel, RequestMeta } from './context.ts';
import { AuthJob } from './job.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { insertUser, type UserRow } from './repository.ts';
import type { IssuedSession } from './sessions.ts';

export interface Registration {
  channel: Channel;
  /** The normalised e-mail address or phone number. */
  target: string;
  password: string;
  name?: string | undefined;
  currency?: string | undefined;
  timezone?: string | undefined;
  attribution: Record<string, string | null>;
}

/** Registration by e-mail or phone: the account, a verification code to the address, a session. */
export class Registrations extends AuthJob {
  async register(input: Registration, meta: RequestMeta): Promise<IssuedSession> {
    const problem = passwordProblem(input.password);
    if (problem) throw new DomainError('invalid', { password: [problem] });
    const passwordHash = await hashPassword(input.password);
    let user: UserRow;
    try {
      user = await insertUser(this.db, {
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
    await this.notifier.sendCode('verify', input.channel, input.target, user, meta);
    return { ...(await this.sessions.issue(user, meta, 'register')), isNew: true };
  }
}
