import { atom } from 'nanostores';

/** `idle`: nothing subscribed; `waiting`: the socket dropped and reconnects after a delay. */
export type RealtimeConnection = 'idle' | 'connecting' | 'open' | 'waiting';

/**
 * The tab's `/ws` connection (src/client/realtime.ts), for a "reconnecting" hint: `idle` while
 * nothing is subscribed, then `connecting`, `open`, or `waiting` after a drop.
 */
export const $realtime = atom<RealtimeConnection>('idle');
