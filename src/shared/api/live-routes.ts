import { route } from './declare.ts';
import { liveTablesResponse } from './live.ts';
import { slotGamesResponse, slotLaunchResponse } from './slots.ts';
import { launchBody, slotParams } from './slots-routes.ts';

/**
 * The live casino's routes (docs/live-casino.md): the live tables of the aggregator's catalogue
 * (its `live` category) and a table's launch, for real money (a player, seated under their display
 * name unless they hide their statistics) or demo. The same catalogue, sessions and Wallet API as
 * the slots (src/shared/api/slots-routes.ts).
 */
export const ROUTES = {
  'GET /live/games': route({
    summary: 'The live tables of the aggregator’s catalogue, kept and refreshed by the server',
    response: { 200: slotGamesResponse },
  }),
  'GET /live/tables': route({
    summary: 'What each live table is doing now: round, phase and time left, viewers, last results, limits',
    response: { 200: liveTablesResponse },
  }),
  'POST /live/games/:slug/launch': route({
    summary: 'Opens a seat at a live table for real money: a game session in the player’s currency',
    auth: 'player',
    params: slotParams,
    body: launchBody,
    response: { 200: slotLaunchResponse },
    errors: ['not_found', 'conflict', 'unavailable'],
  }),
  'POST /live/games/:slug/demo': route({
    summary: 'Opens a seat at a live table with fun money: no session, no wallet call',
    params: slotParams,
    body: launchBody,
    response: { 200: slotLaunchResponse },
    errors: ['not_found', 'unavailable'],
  }),
} as const;
