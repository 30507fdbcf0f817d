import { $realtime } from '../stores/realtime.ts';
import { createRealtimeClient, socketUrl } from './realtime-client.ts';
import { clearSession, refreshProfile } from './session.ts';
import { onTokenWritten, readToken } from './token.ts';

export type { ChannelHandler, RealtimeClient } from './realtime-client.ts';

/**
 * The tab's one `/ws` socket (src/client/realtime-client.ts): the live balance, the bet feeds and
 * every later channel subscribe through it. `realtime.subscribe(channel, { event, gap })`.
 */
export const realtime = createRealtimeClient({
  connect: () => new WebSocket(socketUrl(window.location)),
  token: readToken,
  onToken: (listener) => void onTokenWritten(listener),
  reloadSession: refreshProfile,
  endSession: clearSession,
  onOnline: (listener) => window.addEventListener('online', listener),
  onConnection: (connection) => $realtime.set(connection),
});
