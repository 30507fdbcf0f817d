import { backoffMs, socketUrl } from './live-balance.ts';

/**
 * Public `/ws` channels for guests and players alike (src/server/realtime/protocol.ts): one socket
 * per tab, shared by every subscriber, reconnecting with backoff. After a reconnect the subscriber
 * is told to refetch its snapshot. Versions are not checked for gaps: the feeds' versions are bet
 * ids, increasing but not contiguous (a coinflip series settles after later bets), so subscribers
 * dedupe by item id instead.
 */

export interface ChannelListener {
  /** One event's `data`. */
  onEvent: (data: unknown) => void;
  /** Events may have been missed (the socket reconnected): reload the snapshot. */
  onGap?: () => void;
}

type Incoming = { type?: unknown; channel?: unknown; version?: unknown; data?: unknown };

const listeners = new Map<string, Set<ChannelListener>>();
let socket: WebSocket | null = null;
let attempts = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let connectedOnce = false;

function send(message: { type: 'subscribe' | 'unsubscribe'; channel: string }): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function onMessage(event: MessageEvent): void {
  let message: Incoming;
  try {
    message = JSON.parse(String(event.data)) as Incoming;
  } catch {
    return;
  }
  if (message.type !== 'event' || typeof message.channel !== 'string') return;
  for (const listener of listeners.get(message.channel) ?? []) listener.onEvent(message.data);
}

function connect(): void {
  if (socket || listeners.size === 0) return;
  const ws = new WebSocket(socketUrl(window.location));
  socket = ws;
  ws.addEventListener('open', () => {
    attempts = 0;
    for (const channel of listeners.keys()) send({ type: 'subscribe', channel });
    // Whatever happened while the socket was down was not delivered.
    if (connectedOnce) for (const set of listeners.values()) for (const l of set) l.onGap?.();
    connectedOnce = true;
  });
  ws.addEventListener('message', onMessage);
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    clearTimeout(timer);
    if (listeners.size > 0) timer = setTimeout(connect, backoffMs(attempts++));
  });
}

/** Follows a public channel (`feed:bets`, `feed:high-rollers`, …); returns the unsubscribe. */
export function subscribeChannel(channel: string, listener: ChannelListener): () => void {
  let set = listeners.get(channel);
  if (!set) {
    set = new Set();
    listeners.set(channel, set);
    send({ type: 'subscribe', channel });
  }
  set.add(listener);
  connect();
  return () => {
    const current = listeners.get(channel);
    current?.delete(listener);
    if (current && current.size === 0) {
      listeners.delete(channel);
      send({ type: 'unsubscribe', channel });
    }
    if (listeners.size === 0) {
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      connectedOnce = false;
      ws?.close(1000);
    }
  };
}
