import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus.ts';
import { PUBLIC_CHANNEL, parseClientMessage, type ServerMessage } from './protocol.ts';

const INSTANCE = randomUUID().slice(0, 8);

function encode(message: ServerMessage): string {
  return JSON.stringify(message);
}

/** `/ws`: one socket per tab; subscriptions to public channels fan out through the bus. */
export async function realtimeGateway(
  app: FastifyInstance,
  { bus, authenticate }: { bus: Bus; authenticate: (token: string) => Promise<string | null> },
) {
  app.get('/ws', { websocket: true }, (socket) => {
    const subscriptions = new Map<string, Promise<() => Promise<void>>>();
    socket.send(encode({ type: 'hello', serverTime: Date.now(), instance: INSTANCE }));
    socket.on('message', (raw: Buffer) => {
      const message = parseClientMessage(raw.toString());
      if (!message) return socket.send(encode({ type: 'error', code: 'bad_message' }));
      switch (message.type) {
        case 'ping':
          return socket.send(encode({ type: 'pong', serverTime: Date.now() }));
        case 'auth': {
          void authenticate(message.token).then((userId) => {
            if (!userId) return socket.send(encode({ type: 'error', code: 'unauthorized' }));
            const channel = `user:${userId}`;
            if (!subscriptions.has(channel))
              subscriptions.set(
                channel,
                bus.subscribe(channel, (payload) => socket.send(payload)),
              );
            socket.send(encode({ type: 'authenticated', channel }));
          });
          return;
        }
        case 'subscribe': {
          if (!PUBLIC_CHANNEL.test(message.channel))
            return socket.send(encode({ type: 'error', code: 'forbidden_channel' }));
          if (!subscriptions.has(message.channel)) {
            // The bus payload is already a serialized frame: forward it without re-encoding.
            subscriptions.set(
              message.channel,
              bus.subscribe(message.channel, (payload) => socket.send(payload)),
            );
          }
          return socket.send(encode({ type: 'subscribed', channel: message.channel }));
        }
        case 'unsubscribe': {
          const off = subscriptions.get(message.channel);
          subscriptions.delete(message.channel);
          void off?.then((fn) => fn());
          return;
        }
      }
    });
    socket.on('close', () => {
      for (const off of subscriptions.values()) void off.then((fn) => fn());
      subscriptions.clear();
    });
  });
}

/** Publishes a versioned channel event, serialized once for every receiver on every instance. */
export function publishEvent(bus: Bus, channel: string, version: number, data: unknown) {
  return bus.publish(channel, encode({ type: 'event', channel, version, data }));
}
