import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseServerMessage } from './realtime.ts';
import { serverMessage } from './realtime-messages.ts';

/**
 * The browser reads server messages by hand (no zod on pages); the declaration is `serverMessage`.
 * The two accept the same messages.
 */
describe('server messages: the browser reader agrees with the declaration', () => {
  const declared = (raw: string) => {
    try {
      return serverMessage.safeParse(JSON.parse(raw)).success;
    } catch {
      return false;
    }
  };

  test('on known messages and near misses', () => {
    const samples = [
      { type: 'hello', serverTime: 1, instance: 'a' },
      { type: 'pong', serverTime: 2 },
      { type: 'subscribed', channel: 'feed:bets' },
      { type: 'subscribed', channel: 'rooms:red' },
      { type: 'subscribed', channel: 'user:5' },
      { type: 'authenticated', channel: 'user:5' },
      { type: 'authenticated', channel: 'feed:bets' },
      { type: 'unauthenticated', channel: 'user:5', reason: 'revoked' },
      { type: 'unauthenticated', channel: 'user:5', reason: 'bored' },
      { type: 'event', channel: 'game:crash', version: 3, data: { id: 1 } },
      { type: 'event', channel: 'user:7', version: 3, data: null },
      { type: 'event', channel: 'nowhere', version: 3 },
      { type: 'event', channel: 'feed:bets', version: '3' },
      { type: 'error', code: 'bad_message' },
      { type: 'error', code: 7 },
      { type: 'response', id: 2, status: 200, body: { data: {} } },
      { type: 'response', id: '2', status: 200 },
      { type: 'surprise' },
      null,
      7,
      'text',
    ];
    for (const sample of samples) {
      const raw = JSON.stringify(sample);
      expect(parseServerMessage(raw) !== null, raw).toBe(declared(raw));
    }
  });

  test('on arbitrary envelopes', () => {
    const envelope = fc.record(
      {
        type: fc.constantFrom(
          'hello',
          'pong',
          'subscribed',
          'authenticated',
          'unauthenticated',
          'event',
          'error',
          'response',
          'x',
        ),
        channel: fc.constantFrom(
          'feed:bets',
          'feed:high-rollers',
          'game:crash',
          'rooms:purple',
          'user:1',
          'user:',
          'x',
          3,
        ),
        reason: fc.constantFrom('expired', 'revoked', 'other'),
        version: fc.oneof(fc.integer(), fc.string()),
        code: fc.oneof(fc.string(), fc.integer()),
        id: fc.oneof(fc.integer(), fc.string()),
        status: fc.oneof(fc.integer(), fc.constant(null)),
        data: fc.jsonValue(),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(envelope, (message) => {
        const raw = JSON.stringify(message);
        expect(parseServerMessage(raw) !== null).toBe(declared(raw));
      }),
    );
  });
});
