import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id with OWASP's minimum parameters: 19 MiB memory, 2 iterations, 1 lane. */
// Algorithm is a const enum (not importable under verbatimModuleSyntax): 2 is Argon2id.
const ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let common: Set<string> | undefined;

/** Translation key of what is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(
  password: string,
): 'password_too_short' | 'password_too_long' | 'password_common' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'password_too_short';
  if (length > PASSWORD_MAX) return 'password_too_long';
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  if (common.has(password.toLowerCase())) return 'password_common';
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
