import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validateClientSeed } from '../../../games/fair/seeds.ts';
import { ROUTES } from '../../../shared/api/games-routes.ts';
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
import { allRoundRoutes } from './round-routes.ts';
import { activePair, revealedPairs, rotate } from './seeds.ts';
import { betView, caseCatalogue } from './views.ts';

/** The bet routes: a body, an answer of the bet and the balance. */
type BetRoute =
  | 'POST /games/dice/bet'
  | 'POST /games/keno/bet'
  | 'POST /games/roulette/bet'
  | 'POST /games/wheel/bet'
  | 'POST /games/cases/open'
  | 'POST /games/miner/auto';

/** A bet route's declaration, its body widened to a schema (the handler reads it as `build` takes it). */
const declared = (route: BetRoute): Omit<(typeof ROUTES)[BetRoute], 'body'> & { body: z.ZodType } =>
  ROUTES[route];

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
      schema: routeSchema(ROUTES['GET /games/fairness/seeds']),
    },
    async (request) => ({ data: await activePair(database, user(request).id) }),
  );

  api.put(
    '/games/fairness/seeds',
    {
      ...authenticated,
      schema: routeSchema(ROUTES['PUT /games/fairness/seeds']),
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
      schema: routeSchema(ROUTES['GET /games/fairness/history']),
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
      schema: routeSchema(ROUTES['GET /games/bets/:id']),
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
      schema: routeSchema(ROUTES['GET /games/bets']),
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
      schema: routeSchema(ROUTES['GET /games/feed']),
    },
    async (request) => ({ data: await recentFeed(database, request.query.kind, deps.aliasKey) }),
  );

  api.get(
    '/games/cases',
    {
      schema: routeSchema(ROUTES['GET /games/cases']),
    },
    async (request) => ({ data: caseCatalogue(request.query.currency ?? 'RUB') }),
  );

  /** A bet route: its declaration (the body's schema, the summary), and how the body becomes a bet. */
  const bet = <K extends BetRoute, G extends BetGame>(
    route: K,
    build: (input: z.output<(typeof ROUTES)[K]['body']>, request: FastifyRequest) => NewBet<G>,
  ) =>
    api.post(
      route.slice('POST '.length),
      { ...betting, schema: routeSchema(declared(route)) },
      async (request) => {
        // Widened to the union the answer schema describes (a generic G does not narrow into it).
        const answer: BetAnswer = await placeBet(
          deps,
          user(request),
          build(request.body as z.output<(typeof ROUTES)[K]['body']>, request),
          key(request),
        );
        return { data: answer };
      },
    );
  bet('POST /games/dice/bet', (input) => dicePlay(input));
  bet('POST /games/keno/bet', (input) => kenoPlay(input));
  bet('POST /games/roulette/bet', (input) => roulettePlay(input));
  bet('POST /games/wheel/bet', (input) => wheelPlay(input));
  bet('POST /games/cases/open', (input, request) => casesPlay(input, currencyOf(user(request))));
  bet('POST /games/miner/auto', (input) => autoField(input));

  allRoundRoutes(app, { deps, authenticated, betting, user, key });
}
