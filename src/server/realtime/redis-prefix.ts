import { createHash } from 'node:crypto';
import path from 'node:path';

/** What names a deployment's share of a Redis server: its settings (src/server/config.ts). */
export interface RedisPrefixSource {
  REDIS_URL?: string | undefined;
  REDIS_PREFIX?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/**
 * The prefix of this deployment's Redis channels and keys (README "Configuration"): REDIS_PREFIX
 * when set, else `casino:<redis db>:<database name>-<hash>:`. Pub/sub channels ignore the Redis
 * database number, so a fixed prefix let two deployments on one Redis hear each other's events;
 * the default is the same for the instances of one deployment (they share a database: server,
 * port and name, or a PGlite folder) and differs between deployments (another database, or
 * another Redis database number). User, password and options do not count.
 */
export function redisPrefix(env: RedisPrefixSource): string {
  if (env.REDIS_PREFIX) return env.REDIS_PREFIX.endsWith(':') ? env.REDIS_PREFIX : `${env.REDIS_PREFIX}:`;
  const redisDb = env.REDIS_URL ? Number(new URL(env.REDIS_URL).pathname.slice(1)) || 0 : 0;
  let name = 'pglite';
  let identity = `pglite:${path.resolve(env.DATA_DIR)}`;
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    name = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
    identity = `postgres:${url.hostname.toLowerCase()}:${url.port || '5432'}/${name}`;
  }
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 8);
  return `casino:${redisDb}:${name.replace(/[^\w.-]/g, '_')}-${hash}:`;
}
