import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ROUNDS } from '../../../shared/api/games-routes.ts';
import type { BetAnswer, BetGame } from '../../../shared/wire/bets.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BetRow } from './bet-repository.ts';
import * as coinflip from './coinflip.ts';
import type { GamesDeps } from './deps.ts';
import * as hilo from './hilo.ts';
import * as miner from './miner.ts';
import { betView } from './views.ts';

/** What the games routes share with the round routes. */
export interface RouteContext {
  deps: GamesDeps;
  /** Guards of a read: the player's token. */
  authenticated: RouteShorthandOptions;
  /** Guards of a bet: the token and the per-player rate limit. */
  betting: RouteShorthandOptions;
  user: (request: FastifyRequest) => UserRow;
  key: (request: FastifyRequest) => string;
}

/** One round game's four calls (docs/api-games.md "Rounds across requests"). */
interface RoundApi<G extends BetGame, S extends z.ZodType, M extends z.ZodType> {
  game: G;
  /** The step's path segment (`flip`, `reveal`, `step`). */
  step: string;
  /** The four calls' declarations (ROUNDS in src/shared/api/games-routes.ts). */
  declared: Omit<(typeof ROUNDS)[keyof typeof ROUNDS], 'start' | 'step'> & {
    start: Omit<(typeof ROUNDS)[keyof typeof ROUNDS]['start'], 'body'> & { body: S };
    step: Omit<(typeof ROUNDS)[keyof typeof ROUNDS]['step'], 'body'> & { body: M };
  };
  active: (deps: GamesDeps, userId: string) => Promise<BetRow | undefined>;
  start: (deps: GamesDeps, user: UserRow, input: z.output<S>, key: string) => Promise<BetAnswer<G>>;
  move: (deps: GamesDeps, user: UserRow, input: z.output<M>) => Promise<BetAnswer<G>>;
  cashout: (deps: GamesDeps, user: UserRow, key: string) => Promise<BetAnswer<G>>;
}

/** `GET /games/<game>/active`, `POST /games/<game>/start`, `/<step>` and `/cashout`. */
function roundRoutes<G extends BetGame, S extends z.ZodType, M extends z.ZodType>(
  app: FastifyInstance,
  { deps, authenticated, betting, user, key }: RouteContext,
  round: RoundApi<G, S, M>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = `/games/${round.game}`;
  api.get(
    `${base}/active`,
    {
      ...authenticated,
      schema: routeSchema(round.declared.active),
    },
    async (request) => {
      const row = await round.active(deps, user(request).id);
      return { data: row ? betView(row) : null };
    },
  );
  api.post(
    `${base}/start`,
    {
      ...betting,
      schema: routeSchema(round.declared.start),
    },
    async (request) => {
      const answer: BetAnswer = await round.start(
        deps,
        user(request),
        request.body as z.output<S>,
        key(request),
      );
      return { data: answer };
    },
  );
  api.post(
    `${base}/${round.step}`,
    { ...betting, schema: routeSchema(round.declared.step) },
    async (request) => {
      const answer: BetAnswer = await round.move(deps, user(request), request.body as z.output<M>);
      return { data: answer };
    },
  );
  api.post(
    `${base}/cashout`,
    {
      ...betting,
      schema: routeSchema(round.declared.cashout),
    },
    async (request) => {
      const answer: BetAnswer = await round.cashout(deps, user(request), key(request));
      return { data: answer };
    },
  );
}

/** The rounds of coinflip, miner and hi-lo. */
export function allRoundRoutes(app: FastifyInstance, context: RouteContext) {
  roundRoutes(app, context, {
    game: 'coinflip',
    step: 'flip',
    declared: ROUNDS.coinflip,
    active: coinflip.activeSeries,
    start: coinflip.startSeries,
    move: coinflip.flip,
    cashout: coinflip.cashout,
  });
  roundRoutes(app, context, {
    game: 'miner',
    step: 'reveal',
    declared: ROUNDS.miner,
    active: miner.activeField,
    start: miner.startField,
    move: miner.revealTile,
    cashout: miner.cashoutField,
  });
  roundRoutes(app, context, {
    game: 'hilo',
    step: 'step',
    declared: ROUNDS.hilo,
    active: hilo.activeHand,
    start: hilo.startHand,
    move: hilo.playStep,
    cashout: hilo.cashoutHand,
  });
}
