/**
 * The live tables' routes on the studio (src/studio/live/protocol.ts): the table page, its
 * snapshot, the socket of events, bets and chat, and the operator's chat mute (signed like the
 * Games API). A session opened by `game/url` for a live table's `game_code` is a seat at it.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNATURE_HEADER, verify256 } from '../signing.ts';
import type { Session, StudioStore } from '../store.ts';
import { fromWire, type WalletClient } from '../wallet.ts';
import { livePage } from './page.ts';
import type { LiveEvent } from './protocol.ts';
import type { LiveTable } from './table.ts';
import { tableByCode } from './tables.ts';

export interface LiveRoutesContext {
  store: StudioStore;
  wallet: WalletClient;
  tables: Map<string, LiveTable>;
  operatorKey: Parameters<typeof verify256>[0];
  operatorId: string;
  frameAncestors: string;
}

const CLIENT_DIR = path.join(import.meta.dirname, 'client');
/** A client module (tests, `*.test.ts`, never match: one dot only). */
const CLIENT_FILE = /^[a-z0-9-]+\.ts$/;

const wireBet = z.looseObject({ kind: z.string().max(20) });
const betsBody = z.object({ round: z.number().int().min(1), bets: z.array(wireBet).min(1).max(200) });
const chatBody = z.object({ text: z.string().max(2_000) });
const muteBody = z.object({
  operator_id: z.union([z.string(), z.number()]),
  user: z.string().min(1).max(200),
  until: z.number().int().min(0),
});

export async function registerLive(app: FastifyInstance, ctx: LiveRoutesContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });

  /** A session's seat: the session and its live table, or undefined. */
  const seatOf = async (id: string): Promise<{ session: Session; table: LiveTable } | undefined> => {
    const session = /^[\w-]{10,64}$/.test(id) ? await ctx.store.session(id) : undefined;
    const table = session ? ctx.tables.get(tableByCode(session.game)?.id ?? '') : undefined;
    return session && table ? { session, table } : undefined;
  };

  /** The seat, or a 404 sent. */
  const seat = async (id: string, reply: FastifyReply) => {
    const found = await seatOf(id);
    if (!found) reply.code(404).send({ error: 'Unknown table session', code: 'SESSION_NOT_FOUND' });
    return found;
  };

  /** The viewer's balance: the casino's (one `user/balance` call) or the demo's. */
  const balanceOf = async (session: Session): Promise<bigint> => {
    if (session.mode === 'demo') return session.demoBalance ?? 0n;
    const answer = await ctx.wallet.call('/user/balance', {
      user: session.player,
      token: session.token,
      request_uuid: randomUUID(),
      game_code: session.game,
    });
    return answer && typeof answer.balance === 'number' ? fromWire(answer.balance) : 0n;
  };

  type Params = { Params: { session: string } };
  /** Each event's JSON, made once however many viewers it goes to. */
  const frames = new WeakMap<object, string>();

  // The game client, file by file as TypeScript stripped of its types (like the slots' client).
  const clientCache = new Map<string, string>();
  app.get<{ Params: { file: string } }>('/static/live/:file', async (request, reply) => {
    const file = request.params.file;
    if (!CLIENT_FILE.test(file)) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    let code = clientCache.get(file);
    if (code === undefined) {
      try {
        code = stripTypeScriptTypes(await readFile(path.join(CLIENT_DIR, file), 'utf8'));
      } catch {
        return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
      }
      clientCache.set(file, code);
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(code);
  });

  app.get<Params>('/live/:session', async (request, reply) => {
    const found = await seat(request.params.session, reply);
    if (!found) return reply;
    const { session, table } = found;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors ${ctx.frameAncestors}`,
      )
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(
        livePage({
          session: session.id,
          table: table.def.id,
          game: table.def.game,
          name: table.def.name,
          mode: session.mode,
          lang: session.lang,
          lobbyUrl: session.lobbyUrl,
        }),
      );
  });

  app.get<Params>('/live/:session/state', async (request, reply) => {
    const found = await seat(request.params.session, reply);
    if (!found) return reply;
    reply.header('cache-control', 'no-store');
    return found.table.snapshot(found.session, await balanceOf(found.session));
  });

  app.get<Params>(
    '/live/:session/ws',
    { websocket: true },
    async (socket, request: FastifyRequest<Params>) => {
      const found = await seatOf(request.params.session);
      if (!found) {
        socket.close(4404, 'unknown session');
        return;
      }
      const { session, table } = found;
      const send = (event: LiveEvent) => {
        if (socket.readyState !== socket.OPEN) return;
        // One serialisation per event for every viewer that gets it as it is.
        let frame = frames.get(event);
        if (frame === undefined) {
          frame = JSON.stringify(event);
          frames.set(event, frame);
        }
        socket.send(frame);
      };
      const stop = table.watch(session.id, (event, seatSessions) => {
        if (event.type === 'seats' && seatSessions) {
          send({
            ...event,
            seats: event.seats.map((s, i) => ({ ...s, me: seatSessions[i] === session.id })),
          });
          return;
        }
        send(event);
      });
      socket.on('close', stop);
      // Messages from the client are not used (actions go by POST): the socket only listens.
      socket.on('message', () => {});
      send(await table.snapshot(session, await balanceOf(session)));
    },
  );

  app.post<Params>('/live/:session/bets', async (request, reply) => {
    const found = await seat(request.params.session, reply);
    if (!found) return reply;
    const parsed = betsBody.safeParse(request.body);
    if (!parsed.success)
      return reply
        .code(422)
        .send({ ok: false, code: 'INVALID_BET', error: 'Expected { round, bets: [...] }' });
    const { status, answer } = await found.table.place(
      found.session,
      parsed.data.round,
      parsed.data.bets as never,
    );
    return reply.code(status).send(answer);
  });

  app.post<Params>('/live/:session/chat', async (request, reply) => {
    const found = await seat(request.params.session, reply);
    if (!found) return reply;
    const parsed = chatBody.safeParse(request.body);
    if (!parsed.success)
      return reply.code(422).send({ ok: false, code: 'EMPTY', error: 'Expected { text }' });
    const answer = await found.table.chat(found.session, parsed.data.text);
    return reply.code(answer.ok ? 200 : answer.code === 'RATE_LIMITED' ? 429 : 422).send(answer);
  });

  /** The operator mutes a player in every table's chat until `until` (epoch ms; 0 lifts it). */
  app.post('/operator/generic/v2/live/mute', async (request, reply) => {
    const raw = (request as FastifyRequest & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    if (!verify256(ctx.operatorKey, raw, request.headers[SIGNATURE_HEADER]))
      return reply.code(401).send({ error: 'Invalid or missing X-Hub88-Signature' });
    const parsed = muteBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'Expected { operator_id, user, until }' });
    if (String(parsed.data.operator_id) !== ctx.operatorId)
      return reply.code(403).send({ error: 'Unknown operator_id' });
    const first = ctx.tables.values().next().value;
    if (first) await first.mute(ctx.operatorId, parsed.data.user, parsed.data.until);
    return { ok: true };
  });
}
