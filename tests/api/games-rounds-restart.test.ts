import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { offeredPair, rankOf } from '../../src/games/hilo/engine.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * A miner and a hi-lo round survive a server restart: their state lives in the database (PGlite's
 * data folder, or PostgreSQL with TEST_DATABASE_URL, Redis with TEST_REDIS_URL), not in memory. The rounds are started and
 * moved once, the server is stopped and started again on the same data, and the rounds resume.
 */
let databaseUrl: string | undefined;
let drop: () => Promise<void> = async () => {};
const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-restart-'));
let server: RunningServer | undefined;

const env = () => ({
  SERVE_SITE: 'false',
  DATA_DIR: dataDir,
  SANDBOX_WEBHOOK_INTERVAL_MS: '50',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  // With TEST_REDIS_URL the server's bus (feeds, balances) is Redis, as when scaled out.
  ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
});

beforeAll(async () => {
  ({ url: databaseUrl, drop } = await freshDatabaseUrl());
});
afterAll(async () => {
  await server?.stop();
  await drop();
});

interface Answer {
  data: {
    bet: {
      id: string;
      status: string;
      params: { tiles?: number[]; actions?: string[] };
      outcome: { cards?: string[] };
      payout: string;
    };
  };
}

test(`open rounds resume after a restart (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, {
  timeout: 120_000,
}, async () => {
  server = await startServer(env());
  const { token } = await fundedPlayer(server.url, { amount: '1000' });
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
    apiCall<T>(server!.url, method, url, token, body);

  // A miner round with one mine whose first tile is a gem (24 in 25; a mine ends it: try again).
  let field: Answer['data']['bet'];
  do {
    field = (await api<Answer>('POST', '/games/miner/start', { amount: '10', mines: 1 })).data.bet;
    field = (await api<Answer>('POST', '/games/miner/reveal', { tile: 12, index: 0, bet_id: field.id })).data
      .bet;
  } while (field.status !== 'active');
  // A hi-lo round after one skip.
  let hand = (await api<Answer>('POST', '/games/hilo/start', { amount: '10' })).data.bet;
  hand = (await api<Answer>('POST', '/games/hilo/step', { action: 'skip', index: 0, bet_id: hand.id })).data
    .bet;

  expect(await server.stop()).toBe(0);
  server = await startServer(env());

  const minerAfter = await api<{ data: Answer['data']['bet'] }>('GET', '/games/miner/active');
  expect(minerAfter.data).toMatchObject({ id: field.id, status: 'active', params: { tiles: [12] } });
  const paid = await api<Answer>('POST', '/games/miner/cashout', {});
  expect(paid.data.bet).toMatchObject({ id: field.id, status: 'settled', payout: '10.31' });

  const hiloAfter = await api<{ data: Answer['data']['bet'] }>('GET', '/games/hilo/active');
  expect(hiloAfter.data).toMatchObject({ id: hand.id, params: { actions: ['skip'] } });
  expect(hiloAfter.data.outcome.cards).toEqual(hand.outcome.cards);
  const card = rankOf(hand.outcome.cards!.at(-1)!);
  const next = await api<Answer>('POST', '/games/hilo/step', {
    action: offeredPair(card)[0],
    index: 1,
    bet_id: hand.id,
  });
  expect(next.data.bet.outcome.cards).toHaveLength(3);
  expect(next.data.bet.outcome.cards!.slice(0, 2)).toEqual(hand.outcome.cards);
});
