/**
 * The baseline of `npm run bench:betting`: a plain `ws` server whose clients each join one group
 * (`ws://…/?group=<n>`, one group per sports event). Each IPC message from the parent,
 * `{ frames: [[group, frame], …] }`, sends every frame to every client of its group (the frames are
 * the very text the casino's viewers received); `{ stats: true }` answers the RSS and CPU time.
 */
import { type WebSocket, WebSocketServer } from 'ws';

const groups = new Map<number, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
server.on('connection', (socket, request) => {
  const group = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('group') ?? 0);
  let members = groups.get(group);
  if (!members) {
    members = new Set();
    groups.set(group, members);
  }
  const set = members;
  set.add(socket);
  socket.on('close', () => set.delete(socket));
});
server.on('listening', () => {
  const address = server.address();
  process.send?.({ port: address && typeof address === 'object' ? address.port : 0 });
});
process.on('message', (message: { frames?: [number, string][]; stats?: boolean }) => {
  for (const [group, frame] of message.frames ?? [])
    for (const client of groups.get(group) ?? []) client.send(frame);
  if (message.stats) {
    const cpu = process.cpuUsage();
    process.send?.({ rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
