import { z } from 'zod';
import { content, route } from './declare.ts';
import { SLOT_PLATFORMS, slotGamesResponse, slotLaunchResponse, slotSlugsResponse } from './slots.ts';

/**
 * The slots lobby's routes (docs/slots.md): the catalogue, a game's launch (real money: a player;
 * demo: anybody) and the player's favourites and recently played games, kept on the server. The
 * aggregator's own calls (the Wallet API) are not the browser's and are declared apart.
 */

const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, { error: 'invalid_game' });
export const slotParams = z.object({ slug });
export const launchBody = z
  .object({
    platform: z.enum(SLOT_PLATFORMS, { error: 'invalid_platform' }).default('desktop'),
  })
  .default({ platform: 'desktop' });

export const ROUTES = {
  'GET /slots/games': route({
    summary: 'The slots catalogue from the aggregator’s Games API, kept and refreshed by the server',
    response: { 200: slotGamesResponse },
  }),
  'GET /slots/games/:slug/art': route({
    summary: 'A game’s picture, kept by the server from the aggregator’s address',
    description:
      'The catalogue’s `thumb` links here with `v` naming the picture’s source, so a browser may keep ' +
      'it. A game whose picture cannot be had gets a plain card with its name (image/svg+xml).',
    params: slotParams,
    querystring: z.object({ v: z.string().max(64).optional() }),
    response: {
      200: content(
        'image/*',
        z.string().meta({ format: 'binary' }),
        'the picture (png, jpeg, webp, avif, gif or svg)',
      ),
    },
    errors: ['not_found'],
  }),
  'POST /slots/games/:slug/launch': route({
    summary: 'Opens a game for real money: a game session in the player’s currency, and its URL',
    auth: 'player',
    params: slotParams,
    body: launchBody,
    response: { 200: slotLaunchResponse },
    errors: ['not_found', 'conflict', 'unavailable'],
  }),
  'POST /slots/games/:slug/demo': route({
    summary: 'Opens a game with fun money: no session, no wallet call',
    params: slotParams,
    body: launchBody,
    response: { 200: slotLaunchResponse },
    errors: ['not_found', 'unavailable'],
  }),
  'GET /slots/favourites': route({
    summary: 'The player’s favourite games, newest first',
    auth: 'player',
    response: { 200: slotSlugsResponse },
  }),
  'PUT /slots/favourites/:slug': route({
    summary: 'Adds a game to the player’s favourites',
    auth: 'player',
    params: slotParams,
    response: { 200: slotSlugsResponse },
    errors: ['not_found'],
  }),
  'DELETE /slots/favourites/:slug': route({
    summary: 'Removes a game from the player’s favourites',
    auth: 'player',
    params: slotParams,
    response: { 200: slotSlugsResponse },
  }),
  'GET /slots/recent': route({
    summary: 'The games the player opened last, newest first (at most 20)',
    auth: 'player',
    response: { 200: slotSlugsResponse },
  }),
} as const;
