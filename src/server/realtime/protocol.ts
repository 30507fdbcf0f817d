/**
 * Messages on `/ws` (ARCHITECTURE "Realtime"). Shared by server and browser, so every send is
 * type-checked. Each channel message carries a version; a client that sees a gap refetches.
 */
export interface ServerMessages {
  hello: { serverTime: number; instance: string };
  pong: { serverTime: number };
  subscribed: { channel: string };
  /** The socket now receives the player's own channel `user:<id>` (balance changes). */
  authenticated: { channel: string };
  event: { channel: string; version: number; data: unknown };
  error: { code: string };
}

export interface ClientMessages {
  ping: Record<never, never>;
  /** Sends the access token; the socket joins the player's channel. */
  auth: { token: string };
  subscribe: { channel: string };
  unsubscribe: { channel: string };
}

export type ServerMessage = {
  [K in keyof ServerMessages]: { type: K } & ServerMessages[K];
}[keyof ServerMessages];
export type ClientMessage = {
  [K in keyof ClientMessages]: { type: K } & ClientMessages[K];
}[keyof ClientMessages];

/** Public channels a guest may join; per-user channels are added by the auth layer later. */
export const PUBLIC_CHANNEL = /^(feed:bets|feed:high-rollers|game:crash|rooms:(red|yellow|purple))$/;

export function parseClientMessage(raw: string): ClientMessage | null {
  try {
    const value = JSON.parse(raw) as { type?: unknown; channel?: unknown };
    if (value.type === 'ping') return { type: 'ping' };
    const token = (value as { token?: unknown }).token;
    if (value.type === 'auth' && typeof token === 'string' && token.length < 4096)
      return { type: 'auth', token };
    if ((value.type === 'subscribe' || value.type === 'unsubscribe') && typeof value.channel === 'string') {
      return { type: value.type, channel: value.channel };
    }
  } catch {}
  return null;
}
