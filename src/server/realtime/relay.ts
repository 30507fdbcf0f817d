import type { FastifyInstance } from 'fastify';
import { isRelayedPath } from '../../shared/wire/realtime.ts';
import type { Relay } from './gateway.ts';

/** Headers of the socket's own request that describe the connection, not one call. */
const DROPPED = new Set([
  'connection',
  'upgrade',
  'cookie',
  'authorization',
  'content-length',
  'content-type',
  'transfer-encoding',
  // The answer goes back inside a socket frame (permessage-deflate compresses frames), never encoded.
  'accept-encoding',
  'idempotency-key',
]);

/**
 * Bets over `/ws` (docs/api-money.md "Bets over the socket"): a socket's `request` runs as the very same POST
 * through Fastify (`app.inject`: routing, hooks, rate limits, validation, the handler), with the
 * socket's address and headers (so the geo and proxy rules see what the socket's own request
 * showed), the access token the socket authenticated with, and the message's Idempotency-Key. Only
 * the instant bet paths are relayed; anything else is a 404 and changes nothing.
 */
export function socketRelay(app: FastifyInstance): Relay {
  return async (request, upgrade, token) => {
    if (!isRelayedPath(request.path)) return { status: 404, body: '{"errors":{"path":["not_found"]}}' };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(upgrade.headers)) {
      if (typeof value !== 'string' || DROPPED.has(name) || name.startsWith('sec-websocket-')) continue;
      headers[name] = value;
    }
    Object.assign(headers, request.headers, {
      authorization: `Bearer ${token}`,
      'idempotency-key': request.key,
      'content-type': 'application/json',
    });
    const answer = await app.inject({
      method: 'POST',
      url: `/api${request.path}`,
      headers,
      payload: JSON.stringify(request.body),
      remoteAddress: upgrade.socket.remoteAddress,
    });
    const json = String(answer.headers['content-type'] ?? '').includes('json');
    return { status: answer.statusCode, body: json ? answer.payload : '' };
  };
}
