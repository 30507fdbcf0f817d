import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import {
  betRequest,
  ROUTES,
  rollbackRequest,
  userBalanceRequest,
  userInfoRequest,
  type WalletAnswer,
  winRequest,
} from '../../../shared/api/aggregator-routes.ts';
import type { Database } from '../../db/client.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { playerBalances } from '../ledger/balances.ts';
import type { WalletEvents } from '../ledger/events.ts';
import type { AggregatorLink } from './link.ts';
import { SIGNATURE_HEADER, signOffLoop, verify } from './signature.ts';
import type { FastAnswer } from './statements.ts';
import { storeAnswer, storedAnswer, storeRefusal } from './store.ts';
import { answerOf, Refusal, unitsOf } from './units.ts';
import type { Prepared, SlotWallet } from './wallet.ts';

interface Deps {
  database: Database;
  link: AggregatorLink;
  wallet: SlotWallet;
  events: WalletEvents;
  /** Bets and wins try their one statement first (`SLOT_WALLET_PATH=auto`). */
  oneStatement: boolean;
}

/** Thrown inside a call's transaction when a twin of its request_uuid committed first. */
class Answered extends Error {}

/**
 * The Wallet API (docs/slots.md "Wallet API"), under /api/aggregator/wallet: the raw body is kept
 * for the signature, checked with the aggregator's key before anything is read; then the body is
 * parsed, and the call runs with its request record in one transaction. A repeated request_uuid
 * gets the stored bytes. Every answer is HTTP 200, its exact bytes signed with the casino's key.
 */
export async function walletRoutes(
  app: FastifyInstance,
  { database, link, wallet, events, oneStatement }: Deps,
) {
  // The exact bytes, whatever the content type says: the signature covers them, then zod reads them.
  for (const type of ['application/json', 'text/plain', '*'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

  const send = async (reply: FastifyReply, text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    return reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header(SIGNATURE_HEADER, await signOffLoop(bytes, link.operatorKey))
      .header('cache-control', 'no-store')
      .send(bytes);
  };

  /** Runs a prepared call with its request record in one transaction; answers the bytes to send. */
  async function answered(
    requestUuid: string,
    start: () => Promise<Prepared>,
    echo: WalletAnswer,
  ): Promise<string> {
    // No read of the stored answer first: a repeat is found where it would write (a refusal's
    // insert, or the request's record at the end of the transaction) and answers the stored bytes.
    try {
      const prepared = await start();
      const done = await database.transaction(async (tx) => {
        const { answer, balances } = await prepared.run(tx);
        const bytes = JSON.stringify(answerOf(answer));
        // Its key taken last, in the same transaction: a twin that committed first makes this one
        // roll back whole (its money too) and answer the twin's bytes.
        await storeAnswer(tx, requestUuid, bytes).catch((error: unknown) => {
          throw (error as { code?: unknown }).code === '23505' ? new Answered() : error;
        });
        return { bytes, balances };
      });
      const { player } = prepared;
      if (done.balances)
        events.publishBalances(player.id, player.currency, done.balances.cash, done.balances.bonus);
      return done.bytes;
    } catch (error) {
      if (error instanceof Answered) return (await storedAnswer(database, requestUuid)) ?? '';
      if (!(error instanceof Refusal)) throw error;
      const answer: WalletAnswer = { ...echo, status: error.status };
      if (error.withBalance) {
        const b = await playerBalances(database, error.withBalance.userId, error.withBalance.currency);
        answer.currency = error.withBalance.currency;
        answer.balance = unitsOf(b.cash + b.bonus);
      }
      const bytes = JSON.stringify(answerOf(answer));
      // The refusal is the request's answer from now on; a twin that answered first wins.
      if (await storeRefusal(database, requestUuid, bytes)) return bytes;
      return (await storedAnswer(database, requestUuid)) ?? bytes;
    }
  }

  /**
   * One call: the fast path's one statement first when the call has one (a bet, a win), and the
   * transaction when that hands it over (statements.ts).
   */
  function handle<S extends z.ZodType<{ user: string; request_uuid: string }>>(
    key: keyof typeof ROUTES,
    schema: S,
    start: (body: z.infer<S>) => Promise<Prepared>,
    fast?: (body: z.infer<S>) => Promise<FastAnswer | null>,
  ) {
    const url = key.slice('POST '.length);
    app.post(
      url,
      // The aggregator's servers call it from wherever they are: no geo check (docs/edge.md "Geo"),
      // and at the pace of all its players' spins from a few addresses: no per-address limit (its
      // signature authenticates every call).
      { config: { geo: 'open', rateLimit: false }, schema: routeSchema(ROUTES[key]) },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = null;
        }
        const echo: WalletAnswer = { status: 'RS_OK' };
        if (json && typeof json === 'object') {
          const { user, request_uuid } = json as Record<string, unknown>;
          if (typeof user === 'string' && user.length <= 255) echo.user = user;
          if (typeof request_uuid === 'string' && request_uuid.length <= 255)
            echo.request_uuid = request_uuid;
        }
        const key = link.aggregatorKey;
        if (!key || !verify(raw, request.headers[SIGNATURE_HEADER], key)) {
          request.log.warn({ route: url }, 'aggregator call refused: bad signature');
          return send(reply, JSON.stringify(answerOf({ ...echo, status: 'RS_ERROR_INVALID_SIGNATURE' })));
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success)
          return send(reply, JSON.stringify(answerOf({ ...echo, status: 'RS_ERROR_UNKNOWN' })));
        try {
          const quick = fast && oneStatement ? await fast(parsed.data) : null;
          if (quick) {
            events.publishBalances(parsed.data.user, quick.currency, quick.cash, quick.bonus);
            return await send(reply, quick.bytes);
          }
          return await send(reply, await answered(parsed.data.request_uuid, () => start(parsed.data), echo));
        } catch (err) {
          // Not stored: the aggregator retries (a rollback of a bet it could not place).
          request.log.error({ err, route: url }, 'aggregator call failed');
          return send(reply, JSON.stringify(answerOf({ ...echo, status: 'RS_ERROR_UNKNOWN' })));
        }
      },
    );
  }

  handle('POST /aggregator/wallet/user/info', userInfoRequest, (b) => wallet.info(b));
  handle('POST /aggregator/wallet/user/balance', userBalanceRequest, (b) => wallet.balance(b));
  handle(
    'POST /aggregator/wallet/transaction/bet',
    betRequest,
    (b) => wallet.bet(b),
    (b) => wallet.fastBet(b),
  );
  handle(
    'POST /aggregator/wallet/transaction/win',
    winRequest,
    (b) => wallet.win(b),
    (b) => wallet.fastWin(b),
  );
  handle('POST /aggregator/wallet/transaction/rollback', rollbackRequest, (b) => wallet.rollback(b));
}
