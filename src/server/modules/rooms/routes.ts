import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/rooms-routes.ts';
import { ROOMS } from '../../../shared/currencies.ts';
import { betRateLimit } from '../../http/rate-limits.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import { requirePlayer, type SessionGate } from '../auth/session-gate.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { currencyOf } from '../games/limits.ts';
import { betKey } from '../games/pipeline.ts';
import { leaveRound, placeStake } from './stakes.ts';
import { type RoomsDeps, recentRounds, roomState, seatInLiveRound } from './state.ts';

/** The rooms API (docs/api-games.md "Rooms"): public views of the rooms, joins, additions, leaving. */
export async function roomsRoutes(
  app: FastifyInstance,
  options: RoomsDeps & { keys: TokenKeys; sessionGate: SessionGate },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { keys, sessionGate, ...deps } = options;
  const authenticated = { preValidation: requireUser(deps.database, keys) };
  const staking = {
    preValidation: requirePlayer(sessionGate, keys),
    config: { rateLimit: betRateLimit(deps.config.env) },
  };
  const user = (request: FastifyRequest) => request.auth!.user;
  // The same key space as the games' bets: one key, one money move, whichever game it was for.
  const key = (request: FastifyRequest) => betKey(user(request).id, request.headers['idempotency-key']);

  api.get('/games/rooms', { schema: routeSchema(ROUTES['GET /games/rooms']) }, async (request) => {
    const { currency } = request.query;
    const rooms = await Promise.all(ROOMS.map((room) => roomState(deps, room, currency)));
    return { data: { server_time: Date.now(), rooms } };
  });

  api.get(
    '/games/rooms/:room',
    { schema: routeSchema(ROUTES['GET /games/rooms/:room']) },
    async (request) => {
      const state = await roomState(deps, request.params.room, request.query.currency);
      return { data: { ...state, server_time: Date.now() } };
    },
  );

  api.get(
    '/games/rooms/:room/rounds',
    { schema: routeSchema(ROUTES['GET /games/rooms/:room/rounds']) },
    async (request) => {
      const { currency, limit } = request.query;
      return { data: await recentRounds(deps, request.params.room, currency, limit) };
    },
  );

  api.get(
    '/games/rooms/:room/mine',
    { ...authenticated, schema: routeSchema(ROUTES['GET /games/rooms/:room/mine']) },
    async (request) => {
      const player = user(request);
      return { data: await seatInLiveRound(deps, request.params.room, player.id, currencyOf(player)) };
    },
  );

  api.post(
    '/games/rooms/:room/join',
    { ...staking, schema: routeSchema(ROUTES['POST /games/rooms/:room/join']) },
    async (request) => ({
      data: await placeStake(deps, user(request), request.params.room, 'join', request.body, key(request)),
    }),
  );

  api.post(
    '/games/rooms/:room/add',
    { ...staking, schema: routeSchema(ROUTES['POST /games/rooms/:room/add']) },
    async (request) => ({
      data: await placeStake(deps, user(request), request.params.room, 'add', request.body, key(request)),
    }),
  );

  api.post(
    '/games/rooms/:room/leave',
    { ...staking, schema: routeSchema(ROUTES['POST /games/rooms/:room/leave']) },
    async (request) => ({
      data: await leaveRound(deps, user(request), request.params.room, request.body.round_id, key(request)),
    }),
  );
}
