import type { SlotPlatform } from '../shared/api/slots.ts';
import { call } from './api.ts';

/** Browser side of the slots lobby API (src/shared/api/slots-routes.ts, docs/slots.md). */
export const slotsApi = {
  games: () => call('GET /slots/games'),
  launch: (slug: string, platform: SlotPlatform) =>
    call('POST /slots/games/:slug/launch', { params: { slug }, body: { platform } }),
  demo: (slug: string, platform: SlotPlatform) =>
    call('POST /slots/games/:slug/demo', { params: { slug }, body: { platform } }),
  favourites: () => call('GET /slots/favourites'),
  addFavourite: (slug: string) => call('PUT /slots/favourites/:slug', { params: { slug } }),
  removeFavourite: (slug: string) => call('DELETE /slots/favourites/:slug', { params: { slug } }),
  recent: () => call('GET /slots/recent'),
};

/** Browser side of the live lobby API (src/shared/api/live-routes.ts, docs/live-casino.md). */
export const liveApi = {
  games: () => call('GET /live/games'),
  tables: () => call('GET /live/tables'),
  launch: (slug: string, platform: SlotPlatform) =>
    call('POST /live/games/:slug/launch', { params: { slug }, body: { platform } }),
  demo: (slug: string, platform: SlotPlatform) =>
    call('POST /live/games/:slug/demo', { params: { slug }, body: { platform } }),
};

/** Whether the screen asks for a game's phone layout (narrow, or touch only). */
export function wantsMobileLayout(): boolean {
  return window.matchMedia('(max-width: 760px), (pointer: coarse)').matches;
}
