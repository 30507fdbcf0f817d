import { errorMessage } from '../../../shared/error-codes.ts';
import type { Queryable } from '../../db/client.ts';
import { DomainError, type ErrorMap, fail } from '../../domain-error.ts';
import { AuthJob } from './job.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { setFirstPassword, setPasswordHash, type UserRow } from './repository.ts';
import { voidResetCredentials } from './reset-repository.ts';
import { revokeSessions } from './session-repository.ts';

/**
 * A new password's problems on `field` and a mismatched confirmation on `confirmField` (the two
 * forms name their fields differently), as one 422.
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
  field: string,
  confirmField: string,
): void {
  const errors: ErrorMap = {};
  const problem = passwordProblem(password);
  if (problem) errors[field] = [problem];
  if (password !== confirmation) errors[confirmField] = [errorMessage('password_mismatch')];
  if (Object.keys(errors).length) throw new DomainError('invalid', errors);
}

/**
 * New password; every other session ends (a reset means the old password may be known) and no
 * reset code or link issued before it works any more. Returns the revoked session ids, to be
 * announced (Sessions.announceRevoked) once the caller's transaction has committed.
 */
export async function replacePassword(
  db: Queryable,
  userId: string,
  passwordHash: string,
  keepSessionId?: string,
): Promise<string[]> {
  await setPasswordHash(db, userId, passwordHash);
  await voidResetCredentials(db, userId);
  return revokeSessions(
    db,
    { userId, ...(keepSessionId ? { exceptSessionId: keepSessionId } : {}) },
    'password_changed',
  );
}

/** The passwords of a logged-in player: change one, or set the first (docs/api-auth.md). */
export class PlayerPasswords extends AuthJob {
  /** Errors on old_password, new_password and password_confirm. Other sessions end. */
  async update(
    user: UserRow,
    sessionId: string,
    oldPassword: string,
    password: string,
    confirmation: string,
  ): Promise<void> {
    const errors: ErrorMap = {};
    const problem = passwordProblem(password);
    if (problem) errors.new_password = [problem];
    if (password !== confirmation) errors.password_confirm = [errorMessage('password_mismatch')];
    if (!(await verifyPassword(user.password_hash, oldPassword)))
      errors.old_password = [errorMessage('old_password_wrong')];
    if (Object.keys(errors).length) throw new DomainError('invalid', errors);
    await this.sessions.announceRevoked(
      await replacePassword(this.db, user.id, await hashPassword(password), sessionId),
    );
  }

  /** For accounts without a password (social logins); errors on password and confirm_password. */
  async set(user: UserRow, password: string, confirmation: string): Promise<void> {
    if (user.password_hash) throw fail('conflict', 'password', 'password_exists');
    checkNewPassword(password, confirmation, 'password', 'confirm_password');
    if (!(await setFirstPassword(this.db, user.id, await hashPassword(password))))
      throw fail('conflict', 'password', 'password_exists');
  }
}
