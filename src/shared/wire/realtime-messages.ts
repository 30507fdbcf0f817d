import { z } from 'zod';
import {
  type Channel,
  type ClientMessage,
  isPublicChannel,
  isUserChannel,
  type PublicChannel,
  type UserChannel,
} from './realtime.ts';

/**
 * The `/ws` messages (src/shared/wire/realtime.ts) declared as zod schemas, once: the server's
 * gateway (src/server/realtime/gateway.ts) parses every client message with `clientMessage`, and
 * `serverMessage` states the envelope the browser's reader (`parseServerMessage`) accepts, which
 * src/shared/wire/realtime-messages.test.ts holds it to. This file is not imported by the browser:
 * the socket client runs on every page, which ships no zod (its reader checks the envelope by hand).
 */

/** A channel name as sent: any text parses; the gateway refuses one that is not public. */
const anyChannel = <C extends Channel>() => z.custom<C>((value) => typeof value === 'string');

/** The API client's own headers that the server reads; others, and values that are not short text, are dropped. */
const relayHeader = z.string().max(200).optional().catch(undefined);
const relayHeaders = z
  .record(z.string(), z.unknown())
  .transform((sent) => {
    const picked: { 'accept-language'?: string; region?: string } = {};
    for (const name of ['accept-language', 'region'] as const) {
      const value = relayHeader.parse(sent[name]);
      if (value !== undefined) picked[name] = value;
    }
    return picked;
  })
  .optional()
  .catch(undefined);

/** A `request`: a POST with a whole id, a path, an Idempotency-Key and an object body. */
const relayRequest = z.object({
  type: z.literal('request'),
  id: z.number().int().min(0),
  method: z.literal('POST'),
  path: z.string().max(200),
  key: z.string().min(1).max(200),
  body: z.record(z.string(), z.unknown()),
  headers: relayHeaders,
});

/** What a browser sends; unknown fields are dropped. */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('auth'), token: z.string().max(4095) }),
  z.object({ type: z.literal('subscribe'), channel: anyChannel<PublicChannel>() }),
  z.object({ type: z.literal('unsubscribe'), channel: anyChannel<Channel>() }),
  relayRequest,
]);

/** A client message from the wire, or null for anything else (the server answers `bad_message`). */
export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = clientMessage.safeParse(value);
  if (!parsed.success) return null;
  const message = parsed.data;
  // A request without usable headers carries none (not `headers: undefined`).
  if (message.type === 'request' && message.headers === undefined) {
    const { headers: _none, ...bare } = message;
    return bare;
  }
  return message;
}

const publicChannel = z.custom<PublicChannel>((value) => typeof value === 'string' && isPublicChannel(value));
const userChannel = z.custom<UserChannel>((value) => typeof value === 'string' && isUserChannel(value));

/**
 * What the server sends, as the browser checks it: the envelope (type, channel, version); an
 * event's `data` is for the channel's reader to narrow.
 */
export const serverMessage = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('hello') }),
  z.looseObject({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), channel: publicChannel }),
  z.object({ type: z.literal('authenticated'), channel: userChannel }),
  z.object({
    type: z.literal('unauthenticated'),
    channel: userChannel,
    reason: z.enum(['expired', 'revoked']),
  }),
  z.object({
    type: z.literal('event'),
    channel: z.union([publicChannel, userChannel]),
    version: z.number(),
    data: z.unknown().optional(),
  }),
  z.object({ type: z.literal('error'), code: z.string() }),
  z.object({ type: z.literal('response'), id: z.number(), status: z.number(), body: z.unknown().optional() }),
]);
