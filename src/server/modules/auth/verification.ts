import { isUniqueViolation } from '../../db/errors.ts';
import { fail, invalid } from '../../domain-error.ts';
import { LIMITS, spend } from './attempts.ts';
import { codePurpose, consumeCode } from './codes.ts';
import type { Channel, RequestMeta } from './context.ts';
import { AuthJob } from './job.ts';
import { markContactVerified, type UserRow } from './repository.ts';

/** A logged-in player proves their e-mail address or phone number with a code sent there. */
export class ContactVerification extends AuthJob {
  async resend(user: UserRow, channel: Channel, meta: RequestMeta): Promise<void> {
    const target = contactOf(user, channel);
    await spend(this.db, LIMITS.codeSends(target));
    await this.notifier.sendCode('verify', channel, target, user, meta);
  }

  /**
   * Adds a phone number (E.164) to an account without a confirmed one (docs/api-auth.md "Display
   * names and phone numbers"): stored unconfirmed, then confirmed with the code texted to it.
   */
  async addPhone(user: UserRow, phone: string, meta: RequestMeta): Promise<void> {
    if (user.phone && user.is_phone_verified) throw fail('conflict', 'phone', 'phone_already_verified');
    await spend(this.db, LIMITS.phoneAdds(user.id));
    await spend(this.db, LIMITS.codeSends(phone));
    let changed: unknown[];
    try {
      // Conditional: a number confirmed meanwhile (another tab) is never replaced.
      changed = await this.db.query(
        `update users set phone = $2, is_phone_verified = false, updated_at = now()
          where id = $1 and (phone is null or not is_phone_verified) returning id`,
        [user.id, phone],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'users_phone_key')) throw invalid('phone', 'phone_taken');
      throw error;
    }
    if (changed.length === 0) throw fail('conflict', 'phone', 'phone_already_verified');
    await this.notifier.sendCode('verify', 'phone', phone, { ...user, phone }, meta);
  }

  async verify(user: UserRow, channel: Channel, code: string, meta: RequestMeta): Promise<void> {
    const target = contactOf(user, channel);
    await spend(this.db, LIMITS.ipChecks(meta.ip));
    await consumeCode(this.db, this.keys, codePurpose('verify', channel), target, code);
    await markContactVerified(this.db, user.id, channel, { touch: true });
  }
}

/** The player's address on `channel`; 422 `<channel>: required` when they have none. */
function contactOf(user: UserRow, channel: Channel): string {
  const target = channel === 'email' ? user.email : user.phone;
  if (!target) throw invalid(channel, 'required');
  return target;
}
