import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { type RedisPrefixSource, redisPrefix } from './redis-prefix.ts';

/**
 * Fan-out between instances: in-process without Redis, Redis pub/sub with `REDIS_URL`.
 * Payloads are strings (already serialized once by the publisher).
 */
export interface Bus {
  kind: 'memory' | 'redis';
  /**
   * With Redis: a command connection (not a subscriber) that other shared state may use, such as
   * the rate-limit counters; its keys start with `keyPrefix`.
   */
  redis?: Redis;
  keyPrefix?: string;
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The bus of a deployment: Redis with REDIS_URL, its channels and keys under `redisPrefix` (so
 * deployments sharing one Redis never hear each other), else in-process.
 */
export async function openBus(env: RedisPrefixSource): Promise<Bus> {
  return env.REDIS_URL ? createRedisBus(env.REDIS_URL, redisPrefix(env)) : createMemoryBus();
}

/** A Redis bus whose channels and keys start with `prefix` (tests give each run its own). */
export async function createRedisBus(url: string, prefix: string): Promise<Bus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createMemoryBus();
  const counts = new Map<string, number>();
  subscriber.on('message', (channel: string, payload: string) => {
    void local.publish(channel.slice(prefix.length), payload);
  });
  return {
    kind: 'redis',
    redis: publisher,
    keyPrefix: prefix,
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      if (count === 0) await subscriber.subscribe(prefix + channel);
      const off = await local.subscribe(channel, handler);
      return async () => {
        await off();
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) await subscriber.unsubscribe(prefix + channel);
      };
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      await local.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
