/**
 * The baseline of `npm run bench:crash`: a plain `ws` server that broadcasts, to every client, the
 * frames its parent sends it over IPC, and answers each with the time it started the broadcast.
 */
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => {
  const address = server.address();
  process.send?.({ port: address && typeof address === 'object' ? address.port : 0 });
});
process.on('message', (message: { index: number; frame: string }) => {
  const sentAt = Date.now();
  for (const client of server.clients) client.send(message.frame);
  process.send?.({ index: message.index, sentAt, rss: process.memoryUsage().rss });
});
