import type { Queryable } from '../../db/client.ts';

/** One-time codes, stored as HMACs (src/server/modules/auth/codes.ts has the rules). */

/** What a code is for; a code of one purpose never works for another. */
export type CodePurpose =
  | 'verify_email'
  | 'verify_phone'
  | 'login_email'
  | 'login_phone'
  | 'reset_email'
  | 'reset_phone';

/** Voids the live codes for (purpose, target) and stores a new one. */
export async function replaceCode(
  db: Queryable,
  code: { purpose: CodePurpose; target: string; userId: string | null; codeHash: string; ttlMinutes: number },
): Promise<void> {
  await db.query(
    'update auth_codes set used_at = now() where purpose = $1 and target = $2 and used_at is null',
    [code.purpose, code.target],
  );
  await db.query(
    `insert into auth_codes (purpose, target, user_id, code_hash, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [code.purpose, code.target, code.userId, code.codeHash, code.ttlMinutes],
  );
}

export interface LiveCode {
  id: string;
  code_hash: string;
  expired: boolean;
  attempts: number;
  user_id: string | null;
}

/** The newest unused code for (purpose, target), expired or not. */
export async function newestCode(
  db: Queryable,
  purpose: CodePurpose,
  target: string,
): Promise<LiveCode | undefined> {
  const [live] = await db.query<LiveCode>(
    `select id::text, code_hash, expires_at <= now() as expired, attempts, user_id::text from auth_codes
      where purpose = $1 and target = $2 and used_at is null order by id desc limit 1`,
    [purpose, target],
  );
  return live;
}

/**
 * Counts a wrong guess; the guess that reaches `maxAttempts` also uses the code up. True when this
 * guess burnt it, undefined when the code was no longer live.
 */
export async function countWrongGuess(
  db: Queryable,
  codeId: string,
  maxAttempts: number,
): Promise<boolean | undefined> {
  const [guessed] = await db.query<{ burnt: boolean }>(
    `update auth_codes set attempts = attempts + 1, used_at = case when attempts + 1 >= $2 then now() else used_at end
      where id = $1 and used_at is null returning attempts >= $2 as burnt`,
    [codeId, maxAttempts],
  );
  return guessed?.burnt;
}

/** Uses a live, unexpired code (single use: of two concurrent uses one succeeds). */
export async function markCodeUsed(db: Queryable, codeId: string): Promise<boolean> {
  const used = await db.query(
    'update auth_codes set used_at = now() where id = $1 and used_at is null and expires_at > now() returning id',
    [codeId],
  );
  return used.length > 0;
}
