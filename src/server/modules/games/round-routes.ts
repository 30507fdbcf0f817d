import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { BetAnswer, BetGame } from '../../../shared/wire/bets.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { idempotencyHeaders } from '../../http/schemas.ts';
import type { UserRow } from '../auth/repository.ts';
import type { BetRow } from './bet-repository.ts';
import * as coinflip from './coinflip.ts';
import type { GamesDeps } from './deps.ts';
import * as hilo from './hilo.ts';
import * as miner from './miner.ts';
import {
  activeSeriesResponse,
  betAnswer,
  coinflipFlipBody,
  coinflipStartBody,
  hiloStartBody,
  hiloStepBody,
  minerRevealBody,
  minerStartBody,
} from './schemas.ts';
import { betView } from './views.ts';

/** Money-moving game calls may carry the player's key for the ledger (docs/api-games.md). */
export const betHeaders = idempotencyHeaders({
  required: false,
  description: 'Unique per bet; a retry answers the first result',
});

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
  /** The step's path segment (`flip`, `reveal`, `step`) and what the calls do, for the API document. */
  step: string;
  summaries: { active: string; start: string; step: string; cashout: string };
  startBody: S;
  stepBody: M;
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
  const money = { auth: 'player' as const, response: { 200: betAnswer }, errors: ['conflict' as const] };
  api.get(
    `${base}/active`,
    {
      ...authenticated,
      schema: routeSchema({
        summary: round.summaries.active,
        auth: 'player',
        response: { 200: activeSeriesResponse },
      }),
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
      schema: routeSchema({
        summary: round.summaries.start,
        body: round.startBody,
        headers: betHeaders,
        ...money,
      }),
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
    { ...betting, schema: routeSchema({ summary: round.summaries.step, body: round.stepBody, ...money }) },
    async (request) => {
      const answer: BetAnswer = await round.move(deps, user(request), request.body as z.output<M>);
      return { data: answer };
    },
  );
  api.post(
    `${base}/cashout`,
    {
      ...betting,
      schema: routeSchema({ summary: round.summaries.cashout, headers: betHeaders, ...money }),
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
    summaries: {
      active: 'The player’s open coinflip series, or null',
      start: 'Open a coinflip series: the stake is taken, no flip yet',
      step: 'Call heads or tails for the next flip of the open series',
      cashout: 'Cash out the open series after at least one right call',
    },
    startBody: coinflipStartBody,
    stepBody: coinflipFlipBody,
    active: coinflip.activeSeries,
    start: coinflip.startSeries,
    move: coinflip.flip,
    cashout: coinflip.cashout,
  });
  roundRoutes(app, context, {
    game: 'miner',
    step: 'reveal',
    summaries: {
      active: 'The player’s open miner round (without its mines), or null',
      start: 'Open a miner round with 1-24 mines: the stake is taken, the mines are fixed',
      step: 'Open one tile of the open round (its round id and step index)',
      cashout: 'Cash out the open round after at least one gem; shows every mine',
    },
    startBody: minerStartBody,
    stepBody: minerRevealBody,
    active: miner.activeField,
    start: miner.startField,
    move: miner.revealTile,
    cashout: miner.cashoutField,
  });
  roundRoutes(app, context, {
    game: 'hilo',
    step: 'step',
    summaries: {
      active: 'The player’s open hi-lo round (the cards shown so far), or null',
      start: 'Open a hi-lo round: the stake is taken and the start card dealt',
      step: 'Guess the next card (higher, lower, …) or skip it (its round id and step index)',
      cashout: 'Cash out the open round after at least one right guess',
    },
    startBody: hiloStartBody,
    stepBody: hiloStepBody,
    active: hilo.activeHand,
    start: hilo.startHand,
    move: hilo.playStep,
    cashout: hilo.cashoutHand,
  });
}
