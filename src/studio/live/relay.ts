/**
 * Carries the live tables' events between studio instances (docs/live-casino.md "Several
 * instances"): Redis pub/sub, one channel per table under a prefix (deployments sharing one Redis
 * never hear each other). Every instance, the publisher too, hears each event back from Redis and
 * hands it to its own viewers, so all of them see one order. Without Redis a table hands its events
 * straight to its viewers (src/studio/live/table.ts).
 */
import { Redis } from 'ioredis';

export interface Relay {
  publish(channel: string, payload: string): Promise<void>;
  /** `handler` gets each payload published on `channel` (one handler a channel) until the returned stop. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function redisRelay(url: string, prefix: string): Promise<Relay> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // A connection that subscribes can send nothing else: a second one publishes.
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Map<string, (payload: string) => void>();
  subscriber.on('message', (channel: string, payload: string) => handlers.get(channel)?.(payload));
  return {
    async publish(channel, payload) {
      await publisher.publish(prefix + channel, payload);
    },
    async subscribe(channel, handler) {
      handlers.set(prefix + channel, handler);
      await subscriber.subscribe(prefix + channel);
      return async () => {
        handlers.delete(prefix + channel);
        await subscriber.unsubscribe(prefix + channel);
      };
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
