import type { Queryable } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { sixDigitCode, type TokenKeys } from './tokens.ts';

/** What a code is for; a code of one purpose never works for another. */
export type CodePurpose =
  | 'verify_email'
  | 'verify_phone'
  | 'login_email'
  | 'login_phone'
  | 'reset_email'
  | 'reset_phone';

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
  await db.query(
    'update auth_codes set used_at = now() where purpose = $1 and target = $2 and used_at is null',
    [purpose, target],
  );
  await db.query(
    `insert into auth_codes (purpose, target, user_id, code_hash, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [purpose, target, userId, keys.codeHash(purpose, target, code), CODE_TTL_MINUTES],
  );
  return code;
}

/**
 * Consumes the live code for (purpose, target) if `code` matches: single use (a conditional
 * update, so two concurrent uses cannot both succeed), 10 minutes, at most 5 wrong guesses.
 * Returns the user the code was issued for. Throws 422 `code: invalid_code | code_expired`.
 */
export async function consumeCode(
  db: Queryable,
  keys: TokenKeys,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<string | null> {
  const [live] = await db.query<{
    id: string;
    code_hash: string;
    expired: boolean;
    attempts: number;
    user_id: string | null;
  }>(
    `select id::text, code_hash, expires_at <= now() as expired, attempts, user_id::text from auth_codes
      where purpose = $1 and target = $2 and used_at is null order by id desc limit 1`,
    [purpose, target],
  );
  if (!live) throw new ApiError(422, { code: ['invalid_code'] });
  if (live.expired) throw new ApiError(422, { code: ['code_expired'] });
  if (!/^\d{6}$/.test(code) || keys.codeHash(purpose, target, code) !== live.code_hash) {
    // Burn the code after too many wrong guesses: a 6-digit space must not be searchable.
    await db.query(
      `update auth_codes set attempts = attempts + 1, used_at = case when attempts + 1 >= $2 then now() else used_at end where id = $1`,
      [live.id, CODE_MAX_ATTEMPTS],
    );
    throw new ApiError(422, { code: ['invalid_code'] });
  }
  const used = await db.query(
    'update auth_codes set used_at = now() where id = $1 and used_at is null and expires_at > now() returning id',
    [live.id],
  );
  if (used.length === 0) throw new ApiError(422, { code: ['invalid_code'] });
  return live.user_id;
}
