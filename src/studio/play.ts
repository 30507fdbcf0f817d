/**
 * The game client's side of the studio: the page (GET /play/:session), its state, spins and the
 * provably fair seed pair, plus the client's script and the generated art under /static/.
 */

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CLIENT_SEED } from '../games/fair/seeds.ts';
import { SLOT_SLUGS, type SlotSlug } from '../games/slots/types.ts';
import { backgroundSvg, symbolSvg, thumbnailSvg } from './art.ts';
import { BET_LEVELS, DEFAULT_BET_INDEX, gameCodeOf } from './bets.ts';
import { liveThumbnailSvg } from './live/art.ts';
import { tableById } from './live/tables.ts';
import { gamePage } from './page.ts';
import { balanceOf, demoSpin, fairOf, KeyedQueue, ownerOf, realSpin } from './spin.ts';
import type { Session, StudioStore } from './store.ts';
import type { WalletClient } from './wallet.ts';

export interface PlayContext {
  store: StudioStore;
  wallet: WalletClient;
  /** Who may frame the page: a CSP frame-ancestors source list. */
  frameAncestors: string;
}

const CLIENT_DIR = path.join(import.meta.dirname, 'client');
const CLIENT_FILE = /^[a-z0-9-]+\.ts$/;

const spinBody = z.object({ bet: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive()]) });
const rotateBody = z.object({ client_seed: z.string().regex(CLIENT_SEED).optional() }).default({});

const ERROR_STATUS: Record<string, number> = {
  NOT_ENOUGH_MONEY: 402,
  SESSION_EXPIRED: 401,
  WALLET_UNAVAILABLE: 502,
  WALLET_REFUSED: 409,
};

const fail = (reply: FastifyReply, status: number, code: string, error: string, extra: object = {}) =>
  reply.code(status).send({ error, code, ...extra });

export function registerPlay(app: FastifyInstance, ctx: PlayContext): void {
  const { store, wallet } = ctx;
  const queue = new KeyedQueue();
  const clientCache = new Map<string, string>();

  const sessionOr404 = async (id: string, reply: FastifyReply): Promise<Session | undefined> => {
    const found = /^[\w-]{10,64}$/.test(id) ? await store.session(id) : undefined;
    // A live table's seat is not a slot's (src/studio/live/routes.ts serves it).
    const session = found && (SLOT_SLUGS as readonly string[]).includes(found.game) ? found : undefined;
    if (!session) fail(reply, 404, 'SESSION_NOT_FOUND', 'Unknown game session');
    return session;
  };

  app.get<{ Params: { session: string } }>('/play/:session', async (request, reply) => {
    const session = await sessionOr404(request.params.session, reply);
    if (!session) return reply;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors ${ctx.frameAncestors}`,
      )
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(gamePage(session));
  });

  app.get<{ Params: { session: string } }>('/play/:session/state', async (request, reply) => {
    const session = await sessionOr404(request.params.session, reply);
    if (!session) return reply;
    let balance = session.demoBalance ?? 0n;
    if (session.mode === 'real') {
      const answer = await wallet.call('/user/balance', {
        user: session.player,
        token: session.token,
        request_uuid: randomUUID(),
        game_code: gameCodeOf(session.game),
      });
      if (!answer) return fail(reply, 502, 'WALLET_UNAVAILABLE', 'The casino’s wallet did not answer');
      if (answer.status === 'RS_ERROR_INVALID_TOKEN' || answer.status === 'RS_ERROR_TOKEN_EXPIRED')
        return fail(reply, 401, 'SESSION_EXPIRED', 'The game session has expired', { status: answer.status });
      if (answer.status !== 'RS_OK')
        return fail(reply, 409, 'WALLET_REFUSED', 'The casino’s wallet refused', { status: answer.status });
      balance = balanceOf(answer) ?? 0n;
    }
    const pair = await store.activePair(ownerOf(session));
    const levels = BET_LEVELS[session.currency] ?? BET_LEVELS.USD!;
    return {
      mode: session.mode,
      game: session.game,
      currency: session.currency,
      lang: session.lang,
      balance: balance.toString(),
      bet_levels: levels.map(String),
      default_bet: String(levels[DEFAULT_BET_INDEX] ?? levels[0]),
      lobby_url: session.lobbyUrl,
      fair: fairOf(pair),
    };
  });

  app.post<{ Params: { session: string } }>('/play/:session/spin', async (request, reply) => {
    const session = await sessionOr404(request.params.session, reply);
    if (!session) return reply;
    const parsed = spinBody.safeParse(request.body);
    const bet = parsed.success ? BigInt(parsed.data.bet) : -1n;
    const levels = BET_LEVELS[session.currency] ?? [];
    if (!levels.includes(bet)) return fail(reply, 400, 'INVALID_BET', 'The bet is not one of the levels');
    const outcome = await queue.run(ownerOf(session), async () => {
      const fresh = (await store.session(session.id)) ?? session;
      return fresh.mode === 'demo' ? demoSpin(store, fresh, bet) : realSpin(store, wallet, fresh, bet);
    });
    if (!outcome.ok) {
      const messages: Record<string, string> = {
        NOT_ENOUGH_MONEY: 'Not enough money for this bet',
        SESSION_EXPIRED: 'The game session has expired',
        WALLET_UNAVAILABLE: 'The casino’s wallet did not answer; the bet was cancelled',
        WALLET_REFUSED: 'The casino’s wallet refused the bet; it was cancelled',
      };
      return fail(reply, ERROR_STATUS[outcome.code] ?? 500, outcome.code, messages[outcome.code] ?? 'Error', {
        ...(outcome.status ? { status: outcome.status } : {}),
        ...(outcome.balance !== undefined ? { balance: outcome.balance.toString() } : {}),
      });
    }
    return {
      result: outcome.result,
      balance: outcome.balance.toString(),
      payout: outcome.payout.toString(),
      currency: session.currency,
      round: outcome.round,
      fair: outcome.fair,
    };
  });

  app.get<{ Params: { session: string } }>('/play/:session/fairness', async (request, reply) => {
    const session = await sessionOr404(request.params.session, reply);
    if (!session) return reply;
    return { current: fairOf(await store.activePair(ownerOf(session))) };
  });

  /** Reveals the server seed and starts a new pair (a new client seed, when given, also rotates). */
  app.post<{ Params: { session: string } }>('/play/:session/fairness/rotate', async (request, reply) => {
    const session = await sessionOr404(request.params.session, reply);
    if (!session) return reply;
    const parsed = rotateBody.safeParse(request.body ?? {});
    if (!parsed.success)
      return fail(reply, 400, 'INVALID_CLIENT_SEED', 'A client seed is 1–64 printable characters');
    const { revealed, current } = await queue.run(ownerOf(session), () =>
      store.rotate(ownerOf(session), parsed.data.client_seed),
    );
    return {
      revealed: {
        server_seed: revealed.serverSeed,
        server_seed_hash: revealed.serverSeedHash,
        client_seed: revealed.clientSeed,
        /** The next nonce the pair would have used: its bets had 0 … nonce − 1. */
        nonce: revealed.nonce,
      },
      current: fairOf(current),
    };
  });

  app.get<{ Params: { file: string } }>('/static/client/:file', async (request, reply) => {
    const file = request.params.file;
    if (!CLIENT_FILE.test(file)) return fail(reply, 404, 'NOT_FOUND', 'Not found');
    let code = clientCache.get(file);
    if (code === undefined) {
      try {
        code = stripTypeScriptTypes(await readFile(path.join(CLIENT_DIR, file), 'utf8'));
      } catch {
        return fail(reply, 404, 'NOT_FOUND', 'Not found');
      }
      clientCache.set(file, code);
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(code);
  });

  app.get<{ Params: { name: string } }>('/static/art/:name', async (request, reply) => {
    const match = /^([a-z0-9-]+?)(-background)?\.svg$/.exec(request.params.name);
    const slug = match?.[1] as SlotSlug | undefined;
    const live = match && !match[2] ? tableById(match[1] ?? '') : undefined;
    if (live)
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(liveThumbnailSvg(live));
    if (!match || !slug || !(SLOT_SLUGS as readonly string[]).includes(slug))
      return fail(reply, 404, 'NOT_FOUND', 'Not found');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(match[2] ? backgroundSvg(slug) : thumbnailSvg(slug));
  });

  app.get<{ Params: { game: string; symbol: string } }>(
    '/static/symbol/:game/:symbol',
    async (request, reply) => {
      const slug = request.params.game as SlotSlug;
      const symbol = request.params.symbol.replace(/\.svg$/, '');
      if (!(SLOT_SLUGS as readonly string[]).includes(slug) || !/^\w{1,8}$/.test(symbol))
        return fail(reply, 404, 'NOT_FOUND', 'Not found');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(symbolSvg(slug, symbol));
    },
  );
}
