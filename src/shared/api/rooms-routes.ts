import { z } from 'zod';
import { CURRENCIES, ROOMS } from '../currencies.ts';
import { route } from './declare.ts';
import { idempotencyHeaders } from './fields.ts';
import { amountField } from './games-routes.ts';
import {
  leaveResponse,
  mineResponse,
  roomResponse,
  roomsResponse,
  roundsResponse,
  stakeResponse,
} from './rooms.ts';

/** The rooms API's requests (docs/api-games.md "Rooms"); the answers are in src/shared/api/rooms.ts. */

/** A round id as the answers give it. */
const roundId = z.string({ error: 'invalid_round' }).regex(/^\d{1,18}$/, { error: 'invalid_round' });

export const roomParams = z.object({ room: z.enum(ROOMS, { error: 'invalid_room' }) });

/** The currency the public views are in: the player's, or the one the guest's locale suggests. */
export const currencyQuery = z.object({
  currency: z.enum(CURRENCIES, { error: 'invalid_currency' }).default('RUB'),
});

export const roundsQuery = currencyQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** `join`: the stake, and the round the player sees (a round drawn since is not joined). */
export const joinBody = z.object({ amount: amountField, round_id: roundId.optional() });
/** `add`: more stake in the round the player is in. */
export const addBody = z.object({ amount: amountField, round_id: roundId });
/** `leave`: the round the player leaves, before it starts. */
export const leaveBody = z.object({ round_id: roundId });

/** Money-moving calls may carry the player's key for the ledger (docs/api-games.md). */
const headers = idempotencyHeaders({
  required: false,
  description: 'Unique per call; a retry answers the first result',
});

export const ROUTES = {
  'GET /games/rooms': route({
    summary: 'The three rooms in one currency: each live round and the last drawn one',
    querystring: currencyQuery,
    response: { 200: roomsResponse },
  }),
  'GET /games/rooms/:room': route({
    summary: 'One room in one currency: its stake band, live round and last drawn round',
    params: roomParams,
    querystring: currencyQuery,
    response: { 200: roomResponse },
  }),
  'GET /games/rooms/:room/rounds': route({
    summary: 'The room’s newest drawn rounds with their revealed seeds, to verify',
    params: roomParams,
    querystring: roundsQuery,
    response: { 200: roundsResponse },
  }),
  'GET /games/rooms/:room/mine': route({
    summary: 'The player’s seat and stake in the room’s live round, or null',
    auth: 'player',
    params: roomParams,
    response: { 200: mineResponse },
  }),
  'POST /games/rooms/:room/join': route({
    summary: 'Join the room’s live round with a stake (one ticket per minor unit)',
    auth: 'player',
    params: roomParams,
    body: joinBody,
    headers,
    response: { 200: stakeResponse },
    errors: ['conflict'],
  }),
  'POST /games/rooms/:room/add': route({
    summary: 'Add to the player’s stake in the live round before the draw',
    auth: 'player',
    params: roomParams,
    body: addBody,
    headers,
    response: { 200: stakeResponse },
    errors: ['conflict'],
  }),
  'POST /games/rooms/:room/leave': route({
    summary: 'Leave a round nobody else has joined yet; the stake comes back',
    auth: 'player',
    params: roomParams,
    body: leaveBody,
    headers,
    response: { 200: leaveResponse },
    errors: ['conflict'],
  }),
};
