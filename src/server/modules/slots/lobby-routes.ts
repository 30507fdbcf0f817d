import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTES as LIVE_ROUTES } from '../../../shared/api/live-routes.ts';
import type { SlotGame, SlotPlatform } from '../../../shared/api/slots.ts';
import { ROUTES } from '../../../shared/api/slots-routes.ts';
import { isCurrency } from '../../../shared/currencies.ts';
import { sanitiseDisplayName } from '../../../shared/display-name.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { Env } from '../../env.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { requestMeta, requireUser } from '../auth/http.ts';
import type { TokenKeys } from '../auth/tokens.ts';
import { type ArtStore, placeholderArt } from './art.ts';
import { AggregatorUnavailable, type GamesClient } from './catalogue.ts';
import type { AggregatorLink } from './link.ts';
import { insertSession } from './store.ts';

interface Deps {
  env: Env;
  database: Database;
  keys: TokenKeys;
  clock: Clock;
  games: GamesClient;
  art: ArtStore;
  link: AggregatorLink;
}

const declared = <K extends keyof typeof ROUTES>(key: K) => routeSchema(ROUTES[key]);

/** The most recent games a player's list keeps. */
const RECENT_KEPT = 20;

const notFound = () => fail('not_found', 'game', 'invalid_game');

/** The Games API failed: the player may try again (409 `provider_failed`). */
function unavailable(error: unknown): never {
  if (error instanceof AggregatorUnavailable) throw fail('conflict', 'game', 'provider_failed');
  throw error;
}

/**
 * The slots lobby (src/shared/api/slots-routes.ts, docs/slots.md "Lobby"): the kept catalogue, a
 * game's launch (a game session for real money, or demo), favourites and recently played games.
 */
export async function lobbyRoutes(
  app: FastifyInstance,
  { env, database, keys, clock, games, art, link }: Deps,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(database, keys);

  api.get('/slots/games', { schema: declared('GET /slots/games') }, async (_request, reply) => {
    const { games: list, updatedAt } = await games.lobby('slots');
    reply.header('cache-control', 'public, max-age=30');
    return { data: list, updated_at: updatedAt?.toISOString() ?? null };
  });

  /** Kept and served from here; SVG sandboxed so that a picture opened on its own runs nothing. */
  api.get(
    '/slots/games/:slug/art',
    { schema: declared('GET /slots/games/:slug/art') },
    async (request, reply) => {
      const source = await games.artSource(request.params.slug);
      if (!source) throw notFound();
      const kept = source.source ? await art.art(source.gameCode, source.source, link.url) : null;
      const picture = kept ?? placeholderArt(source.name);
      return reply
        .type(picture.contentType)
        .header('cache-control', picture.current ? 'public, max-age=604800' : 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(picture.body);
    },
  );

  const { real, demo } = launcher({ env, database, clock, games }, 'slots');

  api.post(
    '/slots/games/:slug/launch',
    // A game is money: refused from a blocked country (docs/edge.md "Geo"), like the originals.
    { preValidation, config: { geo: 'guarded' }, schema: declared('POST /slots/games/:slug/launch') },
    async (request) => {
      const answer = await real(request, request.params.slug, request.body.platform);
      const user = request.auth!.user;
      await database.query(
        `insert into slot_recent (user_id, slug, opened_at) values ($1, $2, $3)
         on conflict (user_id, slug) do update set opened_at = excluded.opened_at`,
        [user.id, request.params.slug, new Date(clock.now())],
      );
      await database.query(
        `delete from slot_recent where user_id = $1 and slug not in
           (select slug from slot_recent where user_id = $1 order by opened_at desc limit ${RECENT_KEPT})`,
        [user.id],
      );
      return answer;
    },
  );

  api.post(
    '/slots/games/:slug/demo',
    { config: { geo: 'guarded' }, schema: declared('POST /slots/games/:slug/demo') },
    async (request) => demo(request, request.params.slug, request.body.platform),
  );

  const favourites = async (userId: string) => ({
    data: (
      await database.query<{ slug: string }>(
        'select slug from slot_favourites where user_id = $1 order by created_at desc, slug',
        [userId],
      )
    ).map((r) => r.slug),
  });

  api.get(
    '/slots/favourites',
    { preValidation, schema: declared('GET /slots/favourites') },
    async (request) => favourites(request.auth!.user.id),
  );

  api.put(
    '/slots/favourites/:slug',
    { preValidation, schema: declared('PUT /slots/favourites/:slug') },
    async (request) => {
      const game = await games.gameBySlug(request.params.slug);
      if (!game) throw notFound();
      await database.query(
        `insert into slot_favourites (user_id, slug, created_at) values ($1, $2, $3) on conflict do nothing`,
        [request.auth!.user.id, game.slug, new Date(clock.now())],
      );
      return favourites(request.auth!.user.id);
    },
  );

  api.delete(
    '/slots/favourites/:slug',
    { preValidation, schema: declared('DELETE /slots/favourites/:slug') },
    async (request) => {
      await database.query('delete from slot_favourites where user_id = $1 and slug = $2', [
        request.auth!.user.id,
        request.params.slug,
      ]);
      return favourites(request.auth!.user.id);
    },
  );

  api.get('/slots/recent', { preValidation, schema: declared('GET /slots/recent') }, async (request) => ({
    data: (
      await database.query<{ slug: string }>(
        `select slug from slot_recent where user_id = $1 order by opened_at desc limit ${RECENT_KEPT}`,
        [request.auth!.user.id],
      )
    ).map((r) => r.slug),
  }));
}

/**
 * A game's launch for one lobby (`slots`, or the live casino's `live`): real money opens a game
 * session in the player's currency and asks the Games API for its URL (a live table also gets the
 * player's display name for its seat, none when they hide their statistics); demo asks for a
 * fun-money URL and makes no wallet call. 409 `provider_failed` when the aggregator fails.
 */
function launcher(
  { env, database, clock, games }: Pick<Deps, 'env' | 'database' | 'clock' | 'games'>,
  kind: 'slots' | 'live',
) {
  const gameFor = async (slug: string, platform: SlotPlatform, demo: boolean): Promise<SlotGame> => {
    const game = await games.gameBySlug(slug, kind);
    if (!game?.platforms.includes(platform) || (demo && !game.demo)) throw notFound();
    return game;
  };
  /** What every launch sends: the page's language, our lobby, the player's address and country. */
  const where = (request: FastifyRequest, platform: SlotPlatform) => {
    const meta = requestMeta(request, env);
    return {
      platform,
      locale: meta.locale,
      lobbyUrl: `${meta.siteUrl}/${meta.locale}/games/${kind === 'live' ? 'live-casino' : 'slots'}`,
      ip: meta.ip,
      country: meta.country ?? null,
    };
  };
  return {
    async real(request: FastifyRequest, slug: string, platform: SlotPlatform) {
      const user = request.auth!.user;
      if (!isCurrency(user.currency)) throw invalid('currency', 'currency_not_set');
      const game = await gameFor(slug, platform, false);
      const token = randomBytes(32).toString('base64url');
      await insertSession(database, {
        token,
        userId: user.id,
        currency: user.currency,
        gameCode: game.game_code,
        platform,
        now: new Date(clock.now()),
        ttlMs: env.SLOT_SESSION_TTL_MS,
      });
      const nickname = kind === 'live' && !user.is_statistics_hidden ? sanitiseDisplayName(user.name) : null;
      const url = await games
        .gameUrl({
          game,
          ...where(request, platform),
          session: { user: user.id, token, currency: user.currency },
          ...(kind === 'live' ? { nickname } : {}),
        })
        .catch(unavailable);
      return { data: { url, origin: new URL(url).origin, mode: 'real' as const } };
    },
    async demo(request: FastifyRequest, slug: string, platform: SlotPlatform) {
      const game = await gameFor(slug, platform, true);
      const url = await games
        .gameUrl({ game, ...where(request, platform), session: null })
        .catch(unavailable);
      return { data: { url, origin: new URL(url).origin, mode: 'demo' as const } };
    },
  };
}

const declaredLive = <K extends keyof typeof LIVE_ROUTES>(key: K) => routeSchema(LIVE_ROUTES[key]);

/** The live casino's lobby (src/shared/api/live-routes.ts, docs/live-casino.md). */
export async function liveRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireUser(deps.database, deps.keys);
  const { real, demo } = launcher(deps, 'live');

  api.get('/live/games', { schema: declaredLive('GET /live/games') }, async (_request, reply) => {
    const { games: list, updatedAt } = await deps.games.lobby('live');
    reply.header('cache-control', 'public, max-age=30');
    return { data: list, updated_at: updatedAt?.toISOString() ?? null };
  });

  api.get('/live/tables', { schema: declaredLive('GET /live/tables') }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await deps.games.liveTables() };
  });

  api.post(
    '/live/games/:slug/launch',
    { preValidation, config: { geo: 'guarded' }, schema: declaredLive('POST /live/games/:slug/launch') },
    async (request) => real(request, request.params.slug, request.body.platform),
  );

  api.post(
    '/live/games/:slug/demo',
    { config: { geo: 'guarded' }, schema: declaredLive('POST /live/games/:slug/demo') },
    async (request) => demo(request, request.params.slug, request.body.platform),
  );
}
