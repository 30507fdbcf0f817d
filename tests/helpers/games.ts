import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { floats } from '../../src/games/fair/node.ts';
import { ensurePairs } from '../../src/server/modules/games/seeds.ts';
import { balanceOf, post } from '../../src/server/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, register } from './auth.ts';

/**
 * The games API on a test app of its own, for one test file: players funded through the ledger,
 * calls that keep every answer, and the secrecy test over those answers and every log line
 * (docs/fairness.md §1: no answer or log line carries a server seed before its rotation).
 */

export interface Player {
  id: string;
  headers: Record<string, string>;
}

/** What identifies a bet's stream. */
export interface SeededBet {
  seed_pair_id: string;
  client_seed: string;
  nonce: string;
}

export interface GamesBench {
  /** The app (set once the file's `beforeAll` has run). */
  readonly t: TestApp;
  /** Every log line of the app so far (JSON, level trace and up). */
  readonly logs: readonly string[];
  /** The body of every answer `call` received so far. */
  readonly answers: readonly string[];
  /** A registered player in `currency` holding `balanceRub` minor units of cash. */
  player(balanceRub: bigint, currency?: string): Promise<Player>;
  /** One API call as the player (`/api` is prepended), with an `Idempotency-Key` when given. */
  call(
    p: Player,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    key?: string,
  ): Promise<LightMyRequestResponse>;
  /** The player's cash in minor units. */
  cash(p: Player, currency?: string): Promise<bigint>;
  /** The first `count` flips of a coinflip series, from its (still secret) server seed in the database. */
  flipsOf(bet: SeededBet, count: number): Promise<string[]>;
  /** The first `count` floats of a bet's stream, from its (still secret) server seed in the database. */
  floatsOf(bet: SeededBet, count: number): Promise<number[]>;
  /** Asserts that a refused call changed nothing: the cash, the nonce, no bet. */
  expectNothingChanged(p: Player, cash: bigint, currency?: string): Promise<void>;
  /** Registers the secrecy test over every answer and log line of the file: call it last. */
  secrecyTest(): void;
}

/**
 * The environment of an app whose maximum profit per bet is `caps` (major units per currency), through
 * a business configuration file (docs/configuration.md).
 */
export function maxProfitEnv(caps: Record<string, string>): Record<string, string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'caps-')), 'business.json');
  const currencies = Object.fromEntries(
    Object.entries(caps).map(([code, cap]) => [code, { max_profit: cap }]),
  );
  writeFileSync(file, JSON.stringify({ currencies }));
  return { BUSINESS_CONFIG_FILE: file };
}

/** The games API of one test file; `env` adds to the app's environment (e.g. `maxProfitEnv`, a short room countdown). */
export function gamesBench(env: Record<string, string> = {}): GamesBench {
  let app: TestApp | undefined;
  const logLines: string[] = [];
  const responses: string[] = [];

  beforeAll(async () => {
    app = await createTestApp(
      { LOG_LEVEL: 'trace', ...env },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const bench: GamesBench = {
    get t() {
      if (!app) throw new Error('the games test app starts in beforeAll');
      return app;
    },
    logs: logLines,
    answers: responses,

    async player(balanceRub, currency = 'RUB') {
      const { t } = bench;
      const { token } = await register(t, { currency });
      const headers = bearer(token);
      const id = String((await t.app.inject({ url: '/api/profile/user', headers })).json().user.id);
      if (balanceRub > 0n) {
        await post(t.database, {
          idempotencyKey: `seed:${id}`,
          kind: 'adjustment',
          currency: currency as 'RUB',
          request: { id, balanceRub },
          postings: [
            { account: { system: 'house' }, amount: -balanceRub },
            { account: { userId: id, kind: 'cash' }, amount: balanceRub },
          ],
          answer: () => null,
        });
      }
      return { id, headers };
    },

    async call(p, method, url, payload, key) {
      const res = await bench.t.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      responses.push(res.body);
      return res;
    },

    cash: (p, currency = 'RUB') =>
      balanceOf(bench.t.database, { userId: p.id, kind: 'cash' }, currency as 'RUB'),

    async floatsOf(bet, count) {
      const [pair] = await bench.t.database.query<{ server_seed: string }>(
        'select server_seed from seed_pairs where id = $1',
        [bet.seed_pair_id],
      );
      return floats(
        { serverSeed: pair!.server_seed, clientSeed: bet.client_seed, nonce: BigInt(bet.nonce) },
        count,
      );
    },

    async flipsOf(bet, count) {
      return (await bench.floatsOf(bet, count)).map((f) => (Math.floor(f * 2) === 1 ? 'heads' : 'tails'));
    },

    async expectNothingChanged(p, cash, currency = 'RUB') {
      expect(await bench.cash(p, currency)).toBe(cash);
      expect((await bench.call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('0');
      expect((await bench.call(p, 'GET', '/games/bets')).json().meta.total).toBe(0);
    },

    secrecyTest: () =>
      describe('secrecy', () => {
        test('no response or log line contains a server seed before its rotation', async () => {
          const { call, player, t } = bench;
          const p = await player(100_00n);
          await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' });
          await call(p, 'POST', '/games/keno/bet', { amount: '1', risk: 'low', picks: [3] });
          await call(p, 'POST', '/games/dice/bet', { amount: '-1', target: '50', direction: 'under' });
          await call(p, 'POST', '/games/coinflip/start', { amount: '1' });
          await call(p, 'POST', '/games/coinflip/flip', { side: 'heads' });
          const field = (await call(p, 'POST', '/games/miner/start', { amount: '1', mines: 3 })).json().data
            .bet;
          await call(p, 'POST', '/games/miner/reveal', { tile: 7, index: 0, bet_id: field.id });
          const hand = (await call(p, 'POST', '/games/hilo/start', { amount: '1' })).json().data.bet;
          await call(p, 'POST', '/games/hilo/step', { action: 'skip', index: 0, bet_id: hand.id });
          await call(p, 'GET', '/games/bets');
          await call(p, 'GET', '/games/fairness/seeds');
          const secrets = (await secretSeeds()).map((s) => s.server_seed);
          expect(secrets.length).toBeGreaterThan(10);
          expect(logLines.length).toBeGreaterThan(10);
          // A database error carries its statement's parameters: the seeds of a failed insert.
          const failed = await ensurePairs(t.database, '999999999').catch((error: unknown) => error);
          expect(failed).toBeInstanceOf(Error);
          t.app.log.error({ err: failed }, 'seed insert failed');
          expect(logLines.at(-1)).toContain('[redacted]');
          expect(logLines.at(-1)).not.toMatch(/[0-9a-f]{64}/);
          for (const secret of secrets) {
            expect(responses.filter((body) => body.includes(secret))).toEqual([]);
            expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
          }
        });
      }),
  };

  /** Every server seed not yet revealed, of every player of this file. */
  const secretSeeds = () =>
    bench.t.database.query<{ server_seed: string }>(
      `select server_seed from seed_pairs where status <> 'revealed'`,
    );
  return bench;
}
