import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { keepFirstTextSetting, textSetting } from './settings-repository.ts';

/**
 * The access-token key: `JWT_SECRET` when set; otherwise one generated on first start and kept in
 * `settings`, so every instance on the database agrees and restarts keep sessions valid.
 */
export function resolveTokenSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  return resolveSecret(db, 'jwt_secret', fromEnv);
}

/** A secret from the environment, else generated once and kept in `settings` under `key`. */
export async function resolveSecret(
  db: Queryable,
  key: string,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  await keepFirstTextSetting(db, key, randomBytes(48).toString('base64url'));
  const value = await textSetting(db, key);
  if (!value) throw new Error(`could not read the generated ${key} setting`);
  return value;
}
