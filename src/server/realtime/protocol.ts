/**
 * Messages on `/ws` (ARCHITECTURE "Realtime"). Shared by server and browser, so every send is
 * type-checked. Each channel message carries a version; a client that sees a gap refetches.
 */
export interface ServerMessages {
  hello: { serverTime: number; instance: string };
  pong: { serverTime: number };
  subscribed: { channel: string };
  event: { channel: string; version: number; data: unknown };
  error: { code: string };
}

export interface ClientMessages {
  ping: Record<never, never>;
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
    if ((value.type === 'subscribe' || value.type === 'unsubscribe') && typeof value.channel === 'string') {
      return { type: value.type, channel: value.channel };
    }
  } catch {}
  return null;
}
