import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES } from '../../../shared/api/crash-routes.ts';
import { fail } from '../../domain-error.ts';
import { betRateLimit } from '../../http/rate-limits.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import { requirePlayer, type SessionGate } from '../auth/session-gate.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { betKey } from '../games/pipeline.ts';
import { cashOut, placeBet } from './bets.ts';
import { chainInfo } from './chain.ts';
import { betsOfPlayer } from './repository.ts';
import { type CrashDeps, crashState, history, myBetView, roundViewById } from './state.ts';

/** The crash API (docs/api-games.md "Crash"): the game's state and history, bets and cash-outs. */
export async function crashRoutes(
  app: FastifyInstance,
  options: CrashDeps & { keys: TokenKeys; sessionGate: SessionGate },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { keys, sessionGate, ...deps } = options;
  const authenticated = { preValidation: requireUser(deps.database, keys) };
  // Like the games' bets: the session from memory, limited per player (docs/security.md).
  const playing = {
    preValidation: requirePlayer(sessionGate, keys),
    config: { rateLimit: betRateLimit(deps.config.env) },
  };
  const user = (request: FastifyRequest) => request.auth!.user;
  // The same key space as the games' bets: one key, one money move, whichever game it was for.
  const key = (request: FastifyRequest) => betKey(user(request).id, request.headers['idempotency-key']);

  api.get('/games/crash', { schema: routeSchema(ROUTES['GET /games/crash']) }, async () => ({
    data: await crashState(deps),
  }));

  api.get(
    '/games/crash/rounds',
    { schema: routeSchema(ROUTES['GET /games/crash/rounds']) },
    async (request) => {
      const [chain, rounds] = await Promise.all([
        chainInfo(deps.database),
        history(deps.database, request.query.limit),
      ]);
      return { data: { salt: chain?.salt ?? null, terminating_hash: chain?.terminating ?? null, rounds } };
    },
  );

  api.get(
    '/games/crash/rounds/:id',
    { schema: routeSchema(ROUTES['GET /games/crash/rounds/:id']) },
    async (request) => {
      const round = await roundViewById(deps, deps.database, request.params.id);
      if (!round) throw fail('not_found', 'round', 'not_found');
      return { data: round };
    },
  );

  api.get(
    '/games/crash/bets',
    { ...authenticated, schema: routeSchema(ROUTES['GET /games/crash/bets']) },
    async (request) => {
      const rows = await betsOfPlayer(deps.database, user(request).id, request.query.limit);
      return { data: rows.map((row) => myBetView(row, deps.aliasKey)) };
    },
  );

  api.post(
    '/games/crash/bet',
    { ...playing, schema: routeSchema(ROUTES['POST /games/crash/bet']) },
    async (request) => {
      const { amount, auto_cash_out, round_id } = request.body;
      return {
        data: await placeBet(
          deps,
          user(request),
          { amount, autoCashOut: auto_cash_out ?? null, roundId: round_id },
          key(request),
        ),
      };
    },
  );

  api.post(
    '/games/crash/cashout',
    { ...playing, schema: routeSchema(ROUTES['POST /games/crash/cashout']) },
    async (request) => ({
      data: await cashOut(deps, user(request), { roundId: request.body?.round_id }, key(request)),
    }),
  );
}
