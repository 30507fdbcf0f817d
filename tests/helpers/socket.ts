import WebSocket from 'ws';

export type SocketMessage = Record<string, unknown>;

/**
 * A `/ws` client for API tests: opens the socket (with the upgrade request's `options`, e.g. its
 * headers), keeps every message, and `next` takes the first one of a type (or matching a
 * predicate) out of them, waiting for it when none arrived yet.
 */
export async function openSocket(url: string, options?: WebSocket.ClientOptions) {
  const socket = new WebSocket(url, options);
  const messages: SocketMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (match: string | ((m: SocketMessage) => boolean)) => {
    const test = typeof match === 'string' ? (m: SocketMessage) => m.type === match : match;
    for (;;) {
      const index = messages.findIndex(test);
      if (index >= 0) return messages.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, messages, next };
}
