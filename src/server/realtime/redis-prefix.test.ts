import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { redisPrefix } from './redis-prefix.ts';

const REDIS = 'redis://cache:6379';
const pg = (database: string, user = 'casino') => `postgres://${user}:secret@db.internal:5432/${database}`;

describe('the Redis prefix', () => {
  test('REDIS_PREFIX is taken as given, ending in a colon', () => {
    expect(redisPrefix({ REDIS_URL: REDIS, REDIS_PREFIX: 'shop-a:', DATA_DIR: './data' })).toBe('shop-a:');
    expect(redisPrefix({ REDIS_URL: REDIS, REDIS_PREFIX: 'shop-a', DATA_DIR: './data' })).toBe('shop-a:');
  });

  test('by default it names the Redis database and the deployment’s database', () => {
    expect(
      redisPrefix({ REDIS_URL: 'redis://cache:6379/3', DATABASE_URL: pg('casino'), DATA_DIR: './data' }),
    ).toMatch(/^casino:3:casino-[0-9a-f]{8}:$/);
    expect(redisPrefix({ REDIS_URL: REDIS, DATA_DIR: './data' })).toMatch(/^casino:0:pglite-[0-9a-f]{8}:$/);
  });

  // Regression rows (issue 25 §5): two deployments sharing one Redis saw each other's events.
  test.each([
    ['another database on the same server', { DATABASE_URL: pg('casino_b') }],
    [
      'the same database name on another server',
      { DATABASE_URL: 'postgres://casino@db2.internal:5432/casino' },
    ],
    ['another Redis database number', { REDIS_URL: 'redis://cache:6379/1' }],
    ['PGlite', { DATABASE_URL: undefined }],
  ])('two deployments differ by default: %s', (_label, other) => {
    const base = { REDIS_URL: REDIS, DATABASE_URL: pg('casino'), DATA_DIR: './data' };
    expect(redisPrefix({ ...base, ...other })).not.toBe(redisPrefix(base));
  });

  test.each([
    ['another user or password', { DATABASE_URL: pg('casino', 'reader') }],
    [
      'the default port spelt out or not',
      { DATABASE_URL: 'postgres://casino:x@DB.internal/casino?sslmode=require' },
    ],
    ['another Redis host or password', { REDIS_URL: 'redis://:pw@cache-2:6380/0' }],
  ])('instances of one deployment agree: %s', (_label, other) => {
    const base = { REDIS_URL: REDIS, DATABASE_URL: pg('casino'), DATA_DIR: './data' };
    expect(redisPrefix({ ...base, ...other })).toBe(redisPrefix(base));
  });

  test('PGlite folders: the same folder however written agrees, another differs', () => {
    const here = redisPrefix({ REDIS_URL: REDIS, DATA_DIR: './data' });
    expect(redisPrefix({ REDIS_URL: REDIS, DATA_DIR: path.resolve('data') })).toBe(here);
    expect(redisPrefix({ REDIS_URL: REDIS, DATA_DIR: './data-b' })).not.toBe(here);
  });
});
