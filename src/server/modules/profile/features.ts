import type { Database } from '../../db/client.ts';
import type { UserRow } from '../auth/repository.ts';
import { audit } from '../bonus/repository.ts';

/**
 * The features of a profile (docs/api-auth.md "Features"): the ones the operator set for the
 * player, else the default set (DEFAULT_PLAYER_FEATURES).
 */
export function featuresOf(user: Pick<UserRow, 'features'>, defaults: readonly string[]): string[] {
  return [...(user.features ?? defaults)];
}

/**
 * Sets a player's features (null: back to the default set) and writes the change to the operator's
 * audit log (docs/bonuses.md "Operator API and audit"), in one transaction. Answers the stored
 * features before and after, or undefined when there is no such player.
 */
export async function setPlayerFeatures(
  db: Database,
  userId: string,
  features: readonly string[] | null,
): Promise<{ before: string[] | null; after: string[] | null } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ features: string[] | null }>(
      'select features from users where id = $1 for update',
      [userId],
    );
    if (!row) return undefined;
    const next = features === null ? null : [...new Set(features)].sort();
    await tx.query('update users set features = $2, updated_at = now() where id = $1', [userId, next]);
    await audit(tx, 'player_features', `user:${userId}`, { features: next, before: row.features });
    return { before: row.features, after: next };
  });
}
