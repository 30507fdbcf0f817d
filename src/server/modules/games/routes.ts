import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CASES, casePrice } from '../../../games/cases/catalogue.ts';
import { rowProbabilities, tableOf } from '../../../games/cases/engine.ts';
import { validateClientSeed } from '../../../games/fair/seeds.ts';
import { toDecimal } from '../../../games/ratio.ts';
import { CURRENCIES, type Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import { ApiError, invalid } from '../../http/errors.ts';
import { requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import {
  BET_SELECT,
  type BetRow,
  betKey,
  betOf,
  betView,
  GAME_NAMES,
  type GamesDeps,
  type InstantPlay,
  placeInstantBet,
  recentFeed,
} from './bets.ts';
import { activeSeries, cashout, flip, startSeries } from './coinflip.ts';
import { casesPlay, dicePlay, kenoPlay, roulettePlay, wheelPlay } from './instant.ts';
import { activePair, revealedPairs, rotate } from './seeds.ts';

const page = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const betsQuery = page.extend({ game: z.enum(GAME_NAMES, { error: 'invalid_game' }).optional() });
const rotateBody = z
  .object({ client_seed: z.string({ error: 'invalid_client_seed' }).optional() })
  .default({});

/** The originals' API (docs/api-games.md): seed pairs, bets, feeds, coinflip series. */
export async function gamesRoutes(app: FastifyInstance, options: GamesDeps & { keys: TokenKeys }) {
  const { database, keys } = options;
  const deps: GamesDeps = options;
  const authenticated = { preHandler: requireUser(database, keys) };
  // Bets are limited per player (after authentication, keyed on the verified user id) rather than
  // per address: many players share an address behind NAT, and auto-bet plays several bets a
  // second. The address limit stays, only higher on these routes.
  const perPlayer = app.rateLimit({
    max: 3_000,
    timeWindow: '1 minute',
    keyGenerator: (request) => `player:${request.auth?.user.id ?? request.ip}`,
  });
  const betting = {
    preHandler: [requireUser(database, keys), perPlayer],
    config: { rateLimit: { max: 20_000, timeWindow: '1 minute' } },
  };
  const user = (request: FastifyRequest) => request.auth!.user;
  const key = (request: FastifyRequest) => betKey(user(request).id, request.headers['idempotency-key']);

  app.get('/games/fairness/seeds', authenticated, async (request) => ({
    data: await activePair(database, user(request).id),
  }));

  app.put('/games/fairness/seeds', authenticated, async (request) => {
    const body = rotateBody.parse(request.body ?? {});
    let clientSeed: string | undefined;
    if (body.client_seed !== undefined) {
      const checked = validateClientSeed(body.client_seed);
      if (!checked.ok) throw invalid('client_seed', 'invalid_client_seed');
      clientSeed = checked.value;
    }
    return { data: await rotate(database, user(request).id, clientSeed) };
  });

  app.get('/games/fairness/history', authenticated, async (request) => {
    const q = page.parse(request.query);
    const { rows, total } = await revealedPairs(database, user(request).id, q.page, q.per_page);
    return { data: rows, meta: { page: q.page, per_page: q.per_page, total } };
  });

  app.get<{ Params: { id: string } }>('/games/bets/:id', authenticated, async (request) => {
    const row = await betOf(database, user(request).id, request.params.id);
    if (!row) throw new ApiError(404, { bet: ['not_found'] });
    return { data: betView(row) };
  });

  app.get('/games/bets', authenticated, async (request) => {
    const q = betsQuery.parse(request.query);
    const args = [user(request).id, q.game ?? null];
    const where = 'where b.user_id = $1 and ($2::text is null or b.game = $2)';
    const [rows, [count]] = await Promise.all([
      database.query<BetRow>(`${BET_SELECT} ${where} order by b.id desc limit $3 offset $4`, [
        ...args,
        q.per_page,
        (q.page - 1) * q.per_page,
      ]),
      database.query<{ total: number }>(`select count(*)::int as total from bets b ${where}`, args),
    ]);
    return {
      data: rows.map(betView),
      meta: { page: q.page, per_page: q.per_page, total: count?.total ?? 0 },
    };
  });

  app.get('/games/feed', async (request) => {
    const { kind } = z
      .object({ kind: z.enum(['all', 'high-rollers'], { error: 'invalid_kind' }).default('all') })
      .parse(request.query);
    return { data: await recentFeed(database, kind, deps.aliasKey) };
  });

  app.get('/games/cases', async (request) => {
    const { currency } = z
      .object({ currency: z.enum(CURRENCIES, { error: 'invalid_currency' }).optional() })
      .parse(request.query);
    const priced: Currency = currency ?? 'RUB';
    return {
      data: CASES.map((info) => {
        const table = tableOf(info.slug);
        const rows = table.ok ? table.value.table : [];
        const chances = rowProbabilities(rows);
        return {
          slug: info.slug,
          currency: priced,
          price: fromMinor(casePrice(info, priced)),
          top_multiplier: String(info.topMultiplier),
          rows: rows.map((row, i) => ({
            min: row.min,
            multiplier: row.multiplier,
            chance: toDecimal(chances[i]!, 8),
          })),
        };
      }),
    };
  });

  const instant = (path: string, build: (request: FastifyRequest) => InstantPlay) =>
    app.post(path, betting, async (request) => ({
      data: await placeInstantBet(deps, user(request), build(request), key(request)),
    }));
  instant('/games/dice/bet', (r) => dicePlay(r.body));
  instant('/games/keno/bet', (r) => kenoPlay(r.body));
  instant('/games/roulette/bet', (r) => roulettePlay(r.body));
  instant('/games/wheel/bet', (r) => wheelPlay(r.body));
  instant('/games/cases/open', (r) => {
    const currency = user(r).currency;
    if (!currency) throw invalid('currency', 'currency_required');
    return casesPlay(r.body, currency as Currency);
  });

  app.get('/games/coinflip/active', authenticated, async (request) => {
    const row = await activeSeries(deps, user(request).id);
    return { data: row ? betView(row) : null };
  });
  app.post('/games/coinflip/start', betting, async (request) => ({
    data: await startSeries(deps, user(request), request.body, key(request)),
  }));
  app.post('/games/coinflip/flip', betting, async (request) => ({
    data: await flip(deps, user(request), request.body),
  }));
  app.post('/games/coinflip/cashout', betting, async (request) => ({
    data: await cashout(deps, user(request), key(request)),
  }));
}
