import type { Queryable } from '../../db/client.ts';
import { invalid } from '../../domain-error.ts';
import {
  type CodePurpose,
  countWrongGuess,
  markCodeUsed,
  newestCode,
  replaceCode,
} from './code-repository.ts';
import type { Channel } from './repository.ts';
import { sixDigitCode, type TokenKeys } from './tokens.ts';

export type { CodePurpose } from './code-repository.ts';

/** The purpose of a code of `use` sent over `channel`: `codePurpose('login', 'phone')` is login_phone. */
export function codePurpose(use: 'verify' | 'login' | 'reset', channel: Channel): CodePurpose {
  return `${use}_${channel}`;
}

export const CODE_TTL_MINUTES = 10;
/** Wrong guesses a single code survives before it is burnt. */
export const CODE_MAX_ATTEMPTS = 5;

/** Issues a fresh code for (purpose, target); earlier unused codes for the same pair stop working. */
export async function issueCode(
  db: Queryable,
  keys: TokenKeys,
  purpose: CodePurpose,
  target: string,
  userId: string | null,
): Promise<string> {
  const code = sixDigitCode();
  await replaceCode(db, {
    purpose,
    target,
    userId,
    codeHash: keys.codeHash(purpose, target, code),
    ttlMinutes: CODE_TTL_MINUTES,
  });
  return code;
}

/**
 * Consumes the live code for (purpose, target) if `code` matches: single use (a conditional
 * update, so two concurrent uses cannot both succeed), 10 minutes, at most 5 wrong guesses.
 * Returns the user the code was issued for. Throws 422 `code: invalid_code | code_expired`.
 * `onBurnt` runs when this guess burnt the code (what was issued with it goes too).
 */
export async function consumeCode(
  db: Queryable,
  keys: TokenKeys,
  purpose: CodePurpose,
  target: string,
  code: string,
  onBurnt?: (userId: string | null) => Promise<void>,
): Promise<string | null> {
  const live = await newestCode(db, purpose, target);
  if (!live) throw invalid('code', 'invalid_code');
  if (live.expired) throw invalid('code', 'code_expired');
  if (!/^\d{6}$/.test(code) || keys.codeHash(purpose, target, code) !== live.code_hash) {
    // Burn the code after too many wrong guesses: a 6-digit space must not be searchable.
    if (await countWrongGuess(db, live.id, CODE_MAX_ATTEMPTS)) await onBurnt?.(live.user_id);
    throw invalid('code', 'invalid_code');
  }
  if (!(await markCodeUsed(db, live.id))) throw invalid('code', 'invalid_code');
  return live.user_id;
}
