import { createRedisBus } from '../../src/server/realtime/bus.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Two instances of the server on one database and one Redis (the scale-out path), for `run`;
 * closed after it, whatever it did. Needs TEST_REDIS_URL; each call has a bus prefix of its own.
 */
export async function withTwoInstances(run: (one: TestApp, two: TestApp) => Promise<void>): Promise<void> {
  const redis = process.env.TEST_REDIS_URL as string;
  const prefix = `test-${Date.now()}-${Math.random().toString(36).slice(2)}:`;
  const buses = [await createRedisBus(redis, prefix), await createRedisBus(redis, prefix)];
  const one = await createTestApp({}, { bus: buses[0] });
  const two = await createTestApp({}, { database: one.database, bus: buses[1] });
  try {
    await run(one, two);
  } finally {
    await two.close();
    await one.close();
    for (const bus of buses) await bus.close();
  }
}
