import { z } from 'zod';

/**
 * The slots lobby's answers (docs/slots.md): the catalogue as the aggregator's Games API lists it,
 * kept by the server, and the launch of one game. Shared with the browser (types only there).
 */

/** The platforms a game runs on, and the layout a launch asks for. */
export const SLOT_PLATFORMS = ['desktop', 'mobile'] as const;
export type SlotPlatform = (typeof SLOT_PLATFORMS)[number];

/** One game of the catalogue. `slug` is the page's (`/games/slots/{slug}/play`). */
export const slotGame = z.object({
  slug: z.string(),
  /** The aggregator's `game_code`, as its Wallet API calls name it. */
  game_code: z.string(),
  name: z.string(),
  /** The studio or provider behind the game, as a display name. */
  provider: z.string(),
  /** `video`, `cascade`, `classic`, `live`, …: the aggregator's category, lower case. */
  category: z.string(),
  /** The theoretical return to player in per cent ("96.21"), when the aggregator states it. */
  rtp: z.string().nullable(),
  /** The art, on our own address (the server keeps the aggregator's picture, docs/slots.md "Art"). */
  thumb: z.string(),
  /** Fun-money play is offered. */
  demo: z.boolean(),
  platforms: z.array(z.enum(SLOT_PLATFORMS)),
});
export type SlotGame = z.infer<typeof slotGame>;

/** GET /slots/games: the whole catalogue (the page filters, sorts and searches it). */
export const slotGamesResponse = z.object({
  data: z.array(slotGame),
  /** When the catalogue was last read from the aggregator (it is kept while the aggregator is down). */
  updated_at: z.string().nullable(),
});
export type SlotGamesAnswer = z.infer<typeof slotGamesResponse>;

/** POST /slots/games/:slug/launch and /demo: the URL the page opens in its frame. */
export const slotLaunchResponse = z.object({
  data: z.object({
    url: z.string(),
    /** The origin the frame comes from, for the page's frame policy and messages. */
    origin: z.string(),
    mode: z.enum(['real', 'demo']),
  }),
});

/** GET /slots/favourites and /slots/recent: slugs, newest first. */
export const slotSlugsResponse = z.object({ data: z.array(z.string()) });
