import type { Queryable } from '../../db/client.ts';
import type { Channel } from './repository.ts';

/** Password reset tokens (the mailed link, and what a confirmed code is exchanged for), as hashes. */

export async function insertResetToken(
  db: Queryable,
  token: { hash: Buffer; userId: string; channel: Channel; ttlMinutes: number },
): Promise<void> {
  await db.query(
    `insert into password_reset_tokens (token_hash, user_id, channel, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [token.hash, token.userId, token.channel, token.ttlMinutes],
  );
}

/** Marks a live reset token used (single use); its player, or undefined when it was not live. */
export async function consumeResetToken(db: Queryable, hash: Buffer): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    'update password_reset_tokens set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id::text',
    [hash],
  );
  return row?.user_id;
}

/** Which restore flow issued the token (used or not). */
export async function resetTokenChannel(db: Queryable, hash: Buffer): Promise<Channel | undefined> {
  const [row] = await db.query<{ channel: Channel }>(
    'select channel from password_reset_tokens where token_hash = $1',
    [hash],
  );
  return row?.channel;
}

/** Whether the token is unused, unexpired and was issued by the `channel` flow. */
export async function resetTokenIsLive(db: Queryable, hash: Buffer, channel: Channel): Promise<boolean> {
  const rows = await db.query(
    'select 1 from password_reset_tokens where token_hash = $1 and channel = $2 and used_at is null and expires_at > now()',
    [hash, channel],
  );
  return rows.length > 0;
}

/**
 * Voids every unused reset code and reset token (mailed links and confirmed-code tokens) of the
 * account, so at most one reset credential is ever live: the one issued next.
 */
export async function voidResetCredentials(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth_codes set used_at = now()
      where user_id = $1 and purpose in ('reset_email', 'reset_phone') and used_at is null`,
    [userId],
  );
  await db.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [
    userId,
  ]);
}
