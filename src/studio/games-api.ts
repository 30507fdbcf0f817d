/**
 * The Games API the casino calls (docs/slots.md): the catalogue and a game's launch URL. Requests
 * are signed by the casino (checked with its public key); every answer is signed with the studio key.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SLOT_INFO } from '../games/slots/index.ts';
import { SLOT_SLUGS } from '../games/slots/types.ts';
import { DEMO_CURRENCY, DEMO_START_BALANCE, gameCodeOf, langOf, REAL_CURRENCIES, slugOf } from './bets.ts';
import type { LiveTable } from './live/table.ts';
import { LIVE_TABLES, tableByCode } from './live/tables.ts';
import { SIGNATURE_HEADER, type StudioKeys, sign256, verify256 } from './signing.ts';
import type { StudioStore } from './store.ts';

/** The live tables' return to player for the catalogue: roulette's 36/37; baccarat's banker bet. */
const LIVE_RTP = { 'live-roulette': '97.30', 'live-baccarat': '98.94' } as const;

export const PRODUCT = 'Orbita Studio';

export interface GamesApiContext {
  keys: StudioKeys;
  store: StudioStore;
  operatorId: string;
  publicUrl: () => string;
  /** The live tables, for the lobby's table states. */
  tables: ReadonlyMap<string, LiveTable>;
}

/** Sends `body` as JSON with the studio's signature over the exact bytes sent. */
export function sendSigned(
  reply: FastifyReply,
  keys: StudioKeys,
  status: number,
  body: unknown,
): FastifyReply {
  const text = JSON.stringify(body);
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header(SIGNATURE_HEADER, sign256(keys.privateKey, text))
    .send(text);
}

const listRequest = z.object({ operator_id: z.union([z.string(), z.number()]) });

const urlRequest = z.object({
  user: z.string().min(1).max(200).optional(),
  token: z.string().min(1).max(500).optional(),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']).default('GPL_DESKTOP'),
  operator_id: z.union([z.string(), z.number()]),
  lobby_url: z.string().max(2000).optional().nullable(),
  lang: z.string().max(10).optional(),
  ip: z.string().max(100).optional(),
  game_code: z.string().max(100),
  currency: z.string().max(3),
  country: z.string().max(3).optional().nullable(),
  /**
   * Our extension: the name other players at a live table see for this player (the casino leaves
   * it out when the player hides their statistics; the table then shows a masked name).
   */
  nickname: z.string().min(1).max(100).optional().nullable(),
});

/** A lobby URL the page may send the player to: http(s) only. */
function safeLobby(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export function registerGamesApi(app: FastifyInstance, ctx: GamesApiContext): void {
  const { keys } = ctx;
  /** The parsed body when the casino signed it, else a 401 already sent. */
  const signedBody = (request: FastifyRequest, reply: FastifyReply): unknown => {
    const raw = (request as FastifyRequest & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    if (!verify256(keys.operatorKey, raw, request.headers[SIGNATURE_HEADER])) {
      sendSigned(reply, keys, 401, { error: 'Invalid or missing X-Hub88-Signature' });
      return undefined;
    }
    return request.body ?? {};
  };
  const wrongOperator = (id: string | number) => String(id) !== ctx.operatorId;
  /** A signed `{ operator_id }` of our operator: true, else false with the refusal sent. */
  const operatorCall = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const body = signedBody(request, reply);
    if (body === undefined) return false;
    const parsed = listRequest.safeParse(body);
    if (!parsed.success) sendSigned(reply, keys, 400, { error: 'Expected { operator_id }' });
    else if (wrongOperator(parsed.data.operator_id))
      sendSigned(reply, keys, 403, { error: 'Unknown operator_id' });
    else return true;
    return false;
  };

  app.post('/operator/generic/v2/game/list', async (request, reply) => {
    if (!operatorCall(request, reply)) return reply;
    const base = ctx.publicUrl();
    const slots = SLOT_SLUGS.map((slug) => {
      const info = SLOT_INFO[slug];
      return {
        name: info.name,
        game_code: gameCodeOf(slug),
        game_id: gameCodeOf(slug),
        category: info.category,
        product: PRODUCT,
        url_thumb: `${base}/static/art/${slug}.svg`,
        url_background: `${base}/static/art/${slug}-background.svg`,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        enabled: true,
        freebet_support: false,
        demo_game_support: true,
        rtp: info.rtp,
      };
    });
    const live = LIVE_TABLES.map((table) => ({
      name: table.name,
      game_code: table.code,
      game_id: table.code,
      category: 'Live',
      product: PRODUCT,
      url_thumb: `${base}/static/art/${table.id}.svg`,
      url_background: null,
      platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
      enabled: true,
      freebet_support: false,
      demo_game_support: true,
      rtp: LIVE_RTP[table.game],
    }));
    return sendSigned(reply, keys, 200, [...slots, ...live]);
  });

  // Our extension: the live tables' states for the casino's lobby (round, phase, players, results).
  app.post('/operator/generic/v2/live/tables', async (request, reply) => {
    if (!operatorCall(request, reply)) return reply;
    const tables = await Promise.all([...ctx.tables.values()].map((table) => table.lobby()));
    return sendSigned(reply, keys, 200, tables);
  });

  app.post('/operator/generic/v2/game/url', async (request, reply) => {
    const body = signedBody(request, reply);
    if (body === undefined) return reply;
    const parsed = urlRequest.safeParse(body);
    if (!parsed.success)
      return sendSigned(reply, keys, 400, {
        error: `Invalid request: ${parsed.error.issues[0]?.path.join('.')}`,
      });
    const input = parsed.data;
    if (wrongOperator(input.operator_id))
      return sendSigned(reply, keys, 403, { error: 'Unknown operator_id' });
    const live = tableByCode(input.game_code);
    const game = live ? live.code : slugOf(input.game_code);
    if (!game) return sendSigned(reply, keys, 404, { error: `Unknown game_code ${input.game_code}` });
    const demo = input.currency === DEMO_CURRENCY;
    if (!demo && !(REAL_CURRENCIES as readonly string[]).includes(input.currency))
      return sendSigned(reply, keys, 400, { error: `Unsupported currency ${input.currency}` });
    if (!demo && (!input.user || !input.token))
      return sendSigned(reply, keys, 400, { error: 'A real-money session needs user and token' });
    const id = randomBytes(18).toString('base64url');
    await ctx.store.createSession({
      id,
      mode: demo ? 'demo' : 'real',
      operatorId: String(input.operator_id),
      player: demo ? null : (input.user ?? null),
      token: demo ? null : (input.token ?? null),
      currency: input.currency,
      lang: langOf(input.lang),
      platform: input.platform,
      lobbyUrl: safeLobby(input.lobby_url),
      game,
      demoBalance: demo ? DEMO_START_BALANCE : undefined,
      nickname: demo ? null : (input.nickname ?? null),
    });
    const path = live ? 'live' : 'play';
    return sendSigned(reply, keys, 200, { url: `${ctx.publicUrl()}/${path}/${id}` });
  });
}
