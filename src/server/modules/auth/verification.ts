import { invalid } from '../../domain-error.ts';
import { LIMITS, spend } from './attempts.ts';
import { codePurpose, consumeCode } from './codes.ts';
import { AuthJob, type Channel, type RequestMeta } from './context.ts';
import { markContactVerified, type UserRow } from './repository.ts';

/** A logged-in player proves their e-mail address or phone number with a code sent there. */
export class ContactVerification extends AuthJob {
  async resend(user: UserRow, channel: Channel, meta: RequestMeta): Promise<void> {
    const target = contactOf(user, channel);
    await spend(this.db, LIMITS.codeSends(target));
    await this.notifier.sendCode('verify', channel, target, user, meta);
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
