import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validateClientSeed } from '../../../games/fair/seeds.ts';
import type { BetAnswer, BetGame } from '../../../shared/wire/bets.ts';
import { DomainError, invalid } from '../../domain-error.ts';
import { betRateLimit } from '../../http/rate-limits.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requireUser } from '../auth/http.ts';
import { requirePlayer, type SessionGate } from '../auth/session-gate.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { betOf, betsPage } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { recentFeed } from './feed.ts';
import { casesPlay, dicePlay, kenoPlay, roulettePlay, wheelPlay } from './instant.ts';
import { currencyOf } from './limits.ts';
import { autoField } from './miner.ts';
import { betKey, type NewBet, placeBet } from './pipeline.ts';
import { allRoundRoutes, betHeaders } from './round-routes.ts';
import {
  activePairResponse,
  betAnswer,
  betParams,
  betResponse,
  betsQuery,
  betsResponse,
  casesBody,
  casesQuery,
  casesResponse,
  diceBody,
  fairnessHistoryResponse,
  feedQuery,
  feedResponse,
  kenoBody,
  minerAutoBody,
  pageQuery,
  rotateBody,
  rotateResponse,
  rouletteBody,
  wheelBody,
} from './schemas.ts';
import { activePair, revealedPairs, rotate } from './seeds.ts';
import { betView, caseCatalogue } from './views.ts';

/** The originals' API (docs/api-games.md): seed pairs, bets, feeds, instant games and rounds (round-routes.ts). */
export async function gamesRoutes(
  app: FastifyInstance,
  options: Omit<GamesDeps, 'log'> & { keys: TokenKeys; sessionGate: SessionGate },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { database, keys } = options;
  const deps: GamesDeps = { ...options, log: app.log };
  // Guards run before validation, so a call without a token is a 401 whatever its body.
  const authenticated = { preValidation: requireUser(database, keys) };
  // The routes that play skip the session query of the others (docs/security.md "Sessions").
  const betting = {
    preValidation: requirePlayer(options.sessionGate, keys),
    config: { rateLimit: betRateLimit(options.config.env) },
  };
  const user = (request: FastifyRequest) => request.auth!.user;
  const key = (request: FastifyRequest) => betKey(user(request).id, request.headers['idempotency-key']);

  api.get(
    '/games/fairness/seeds',
    {
      ...authenticated,
      schema: routeSchema({
        summary: 'The active seed pair: commitment, client seed, next nonce, and the next commitment',
        auth: 'player',
        response: { 200: activePairResponse },
      }),
    },
    async (request) => ({ data: await activePair(database, user(request).id) }),
  );

  api.put(
    '/games/fairness/seeds',
    {
      ...authenticated,
      schema: routeSchema({
        summary: 'Rotate the pair (optionally with a new client seed): reveals the old server seed',
        auth: 'player',
        body: rotateBody,
        response: { 200: rotateResponse },
      }),
    },
    async (request) => {
      let clientSeed: string | undefined;
      if (request.body.client_seed !== undefined) {
        const checked = validateClientSeed(request.body.client_seed);
        if (!checked.ok) throw invalid('client_seed', 'invalid_client_seed');
        clientSeed = checked.value;
      }
      return { data: await rotate(database, user(request).id, clientSeed) };
    },
  );

  api.get(
    '/games/fairness/history',
    {
      ...authenticated,
      schema: routeSchema({
        summary: 'Revealed seed pairs, newest first',
        auth: 'player',
        querystring: pageQuery,
        response: { 200: fairnessHistoryResponse },
      }),
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await revealedPairs(database, user(request).id, page, per_page);
      return { data: rows, meta: { page, per_page, total } };
    },
  );

  api.get(
    '/games/bets/:id',
    {
      ...authenticated,
      schema: routeSchema({
        summary: 'One of the player’s bets, with everything needed to verify it',
        auth: 'player',
        params: betParams,
        response: { 200: betResponse },
        errors: ['not_found'],
      }),
    },
    async (request) => {
      const row = await betOf(database, user(request).id, request.params.id);
      if (!row) throw new DomainError('not_found', { bet: ['not_found'] });
      return { data: betView(row) };
    },
  );

  api.get(
    '/games/bets',
    {
      ...authenticated,
      schema: routeSchema({
        summary: 'The player’s bets, newest first, optionally of one game',
        auth: 'player',
        querystring: betsQuery,
        response: { 200: betsResponse },
      }),
    },
    async (request) => {
      const { game, page, per_page } = request.query;
      const { rows, total } = await betsPage(database, user(request).id, game ?? null, page, per_page);
      return { data: rows.map(betView), meta: { page, per_page, total } };
    },
  );

  api.get(
    '/games/feed',
    {
      schema: routeSchema({
        summary: 'The latest settled bets of all players (all or high rollers)',
        querystring: feedQuery,
        response: { 200: feedResponse },
      }),
    },
    async (request) => ({ data: await recentFeed(database, request.query.kind, deps.aliasKey) }),
  );

  api.get(
    '/games/cases',
    {
      schema: routeSchema({
        summary: 'The case catalogue with prices in one currency and every prize table',
        querystring: casesQuery,
        response: { 200: casesResponse },
      }),
    },
    async (request) => ({ data: caseCatalogue(request.query.currency ?? 'RUB') }),
  );

  /** A bet route: the body's schema, the summary, and how the body becomes a bet. */
  const bet = <B extends z.ZodType, G extends BetGame>(
    path: string,
    summary: string,
    body: B,
    build: (input: z.output<B>, request: FastifyRequest) => NewBet<G>,
  ) =>
    api.post(
      path,
      {
        ...betting,
        schema: routeSchema({
          summary,
          auth: 'player',
          body,
          headers: betHeaders,
          response: { 200: betAnswer },
          errors: ['conflict'],
        }),
      },
      async (request) => {
        // Widened to the union the answer schema describes (a generic G does not narrow into it).
        const answer: BetAnswer = await placeBet(
          deps,
          user(request),
          build(request.body as z.output<B>, request),
          key(request),
        );
        return { data: answer };
      },
    );
  bet('/games/dice/bet', 'Roll the dice: under or over a target', diceBody, (input) => dicePlay(input));
  bet('/games/keno/bet', 'Play keno: 1-10 picks of 40 at a risk level', kenoBody, (input) => kenoPlay(input));
  bet('/games/roulette/bet', 'Spin the roulette with up to 50 bets', rouletteBody, (input) =>
    roulettePlay(input),
  );
  bet('/games/wheel/bet', 'Spin the wheel of fortune', wheelBody, (input) => wheelPlay(input));
  bet('/games/cases/open', 'Open a case at its price', casesBody, (input, request) =>
    casesPlay(input, currencyOf(user(request))),
  );
  bet(
    '/games/miner/auto',
    'Play a whole miner round at once, opening a pattern of tiles',
    minerAutoBody,
    (input) => autoField(input),
  );

  allRoundRoutes(app, { deps, authenticated, betting, user, key });
}
