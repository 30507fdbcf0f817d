import type { Queryable } from '../../db/client.ts';

/** The player's own settings on their users row. */

/** The columns PUT /profile/settings may change, by the request field that names them. */
const SETTING_COLUMNS = {
  name: 'name',
  locale: 'locale',
  timezone: 'timezone',
  is_avatar_hidden: 'is_avatar_hidden',
  is_statistics_hidden: 'is_statistics_hidden',
} as const;
export type Setting = keyof typeof SETTING_COLUMNS;

export async function updateSetting(
  db: Queryable,
  userId: string,
  setting: Setting,
  value: string | boolean | null,
): Promise<void> {
  await db.query(`update users set ${SETTING_COLUMNS[setting]} = $2, updated_at = now() where id = $1`, [
    userId,
    value,
  ]);
}

/**
 * Sets the player's currency unless one is set: false when it was (the conditional update makes
 * two concurrent first choices settle on one).
 */
export async function setCurrencyOnce(db: Queryable, userId: string, currency: string): Promise<boolean> {
  const rows = await db.query(
    'update users set currency = $2, updated_at = now() where id = $1 and currency is null returning id',
    [userId, currency],
  );
  return rows.length > 0;
}

/** Adds attribution sources; values already recorded are kept (first touch wins). */
export async function addAttribution(
  db: Queryable,
  userId: string,
  sources: Record<string, string>,
): Promise<void> {
  await db.query(
    'update users set attribution = $2::jsonb || attribution, updated_at = now() where id = $1',
    [userId, JSON.stringify(sources)],
  );
}
