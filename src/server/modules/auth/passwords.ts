import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { type ErrorMessage, errorMessage } from '../../../shared/error-codes.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/password-rules.ts';

/** argon2id with OWASP's minimum parameters: 19 MiB memory, 2 iterations, 1 lane. */
// Algorithm is a const enum (not importable under verbatimModuleSyntax): 2 is Argon2id.
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export { PASSWORD_MAX, PASSWORD_MIN };

let common: Set<string> | undefined;

/**
 * What is wrong with a new password (a wire message: the length ones name the limit,
 * `password_too_short:8`), or null when it is acceptable.
 */
export function passwordProblem(password: string): ErrorMessage | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return errorMessage('password_too_short', PASSWORD_MIN);
  if (length > PASSWORD_MAX) return errorMessage('password_too_long', PASSWORD_MAX);
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  if (common.has(password.toLowerCase())) return errorMessage('password_common');
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verified when the account does not exist, so a miss costs as long as a hit (no user enumeration).
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
