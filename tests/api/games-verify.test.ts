import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CASES } from '../../src/games/cases/catalogue.ts';
import { offeredPair, rankOf } from '../../src/games/hilo/engine.ts';
import { post } from '../../src/server/modules/ledger/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, register } from '../helpers/auth.ts';

/**
 * The check: `npm run -s verify` agrees with the server for 1,000 random settled bets of
 * each game. The bets are played through the API with random inputs, the pair is rotated to
 * reveal its seed, and the CLI (one process, --batch) recomputes every bet.
 */
// 1,000 per game on PGlite and on PostgreSQL (about a minute each here); VERIFY_BETS_PER_GAME overrides.
const PER_GAME = Number(process.env.VERIFY_BETS_PER_GAME ?? 1_000);
let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await register(t, { currency: 'RUB' });
  headers = bearer(token);
  const id = String((await t.app.inject({ url: '/api/profile/user', headers })).json().user.id);
  await post(t.database, {
    idempotencyKey: `seed:${id}`,
    kind: 'adjustment',
    currency: 'RUB',
    request: { id },
    postings: [
      { account: { system: 'house' }, amount: -100_000_000_00n },
      { account: { userId: id, kind: 'cash' }, amount: 100_000_000_00n },
    ],
    answer: () => null,
  });
});
afterAll(async () => {
  await t?.close();
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200)
    throw new Error(`${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`);
  return res.json().data;
}

function randomPicks(): number[] {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1);
  return Array.from({ length: int(1, 10) }, () => pool.splice(int(0, pool.length - 1), 1)[0]!);
}

function randomRouletteBet() {
  const kind = pick([
    'straight',
    'split',
    'street',
    'dozen',
    'column',
    'red',
    'black',
    'odd',
    'even',
    'low',
    'high',
  ]);
  const amount = String(int(1, 20));
  if (kind === 'straight') return { kind, numbers: [int(0, 36)], amount };
  if (kind === 'split') {
    const n = int(1, 33);
    return { kind, numbers: [n, n + 3], amount };
  }
  if (kind === 'street') {
    const first = 3 * int(0, 11) + 1;
    return { kind, numbers: [first, first + 1, first + 2], amount };
  }
  if (kind === 'dozen' || kind === 'column') return { kind, index: int(1, 3), amount };
  return { kind, amount };
}

const instant: Record<string, () => [string, object]> = {
  dice: () => {
    const direction = pick(['under', 'over']);
    const target = direction === 'under' ? int(1, 9800) : int(200, 9999);
    return ['/games/dice/bet', { amount: '1', target: (target / 100).toFixed(2), direction }];
  },
  keno: () => [
    '/games/keno/bet',
    { amount: '1', risk: pick(['classic', 'low', 'medium', 'high']), picks: randomPicks() },
  ],
  roulette: () => ['/games/roulette/bet', { bets: Array.from({ length: int(1, 4) }, randomRouletteBet) }],
  wheel: () => [
    '/games/wheel/bet',
    { amount: '1', risk: pick(['low', 'medium', 'high']), segments: pick([10, 20, 30, 40, 50]) },
  ],
  cases: () => ['/games/cases/open', { slug: pick(CASES.map((c) => c.slug)) }],
};

async function coinflipSeries() {
  await api('POST', '/games/coinflip/start', { amount: '1' });
  const stopAfter = int(1, 6);
  for (let i = 0; ; i += 1) {
    const { bet } = await api('POST', '/games/coinflip/flip', { side: pick(['heads', 'tails']), index: i });
    if (bet.status === 'settled') return;
    if (i + 1 >= stopAfter) {
      await api('POST', '/games/coinflip/cashout');
      return;
    }
  }
}

/** A miner round: 1-24 mines, random tiles until a mine, a cash-out or the last gem; or an auto-bet. */
async function minerRound() {
  const mines = int(1, 24);
  const order = Array.from({ length: 25 }, (_, i) => i).sort(() => Math.random() - 0.5);
  if (Math.random() < 0.3) {
    await api('POST', '/games/miner/auto', { amount: '1', mines, tiles: order.slice(0, int(1, 25 - mines)) });
    return;
  }
  const { bet } = await api('POST', '/games/miner/start', { amount: '1', mines });
  const stopAfter = int(1, 25 - mines);
  for (let i = 0; ; i += 1) {
    const step = await api('POST', '/games/miner/reveal', { tile: order[i], index: i, bet_id: bet.id });
    if (step.bet.status === 'settled') return;
    if (i + 1 >= stopAfter) {
      await api('POST', '/games/miner/cashout');
      return;
    }
  }
}

/** A hi-lo round: random guesses of the offered pair and a few skips, until a loss or a cash-out. */
async function hiloRound() {
  let { bet } = await api('POST', '/games/hilo/start', { amount: '1' });
  const stopAfter = int(1, 6);
  for (let i = 0, wins = 0; ; i += 1) {
    const card = rankOf(bet.outcome.cards.at(-1));
    const skips = bet.params.actions.filter((a: string) => a === 'skip').length;
    const action = skips < 3 && Math.random() < 0.15 ? 'skip' : pick(offeredPair(card));
    ({ bet } = await api('POST', '/games/hilo/step', { action, index: i, bet_id: bet.id }));
    if (bet.status === 'settled') return;
    if (action !== 'skip') wins += 1;
    if (wins >= stopAfter) {
      await api('POST', '/games/hilo/cashout');
      return;
    }
  }
}

interface StoredBet {
  id: string;
  status: string;
  game: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  multiplier: string;
  nonce: string;
  client_seed: string;
  server_seed: string | null;
}

function verifyArgs(bet: StoredBet): string[] {
  const base = ['--server-seed', bet.server_seed!, '--client-seed', bet.client_seed, '--nonce', bet.nonce];
  switch (bet.game) {
    case 'wheel':
      return ['wheel', ...base, '--risk', String(bet.params.risk), '--segments', String(bet.params.segments)];
    case 'cases':
      return ['cases', ...base, '--case', String(bet.params.slug)];
    case 'coinflip':
      return ['coinflip', ...base, '--count', String((bet.outcome.flips as string[]).length)];
    case 'miner':
      return ['miner', ...base, '--mines', String(bet.params.mines)];
    case 'hilo':
      return ['hilo', ...base, '--count', String((bet.outcome.cards as string[]).length)];
    default:
      return [bet.game, ...base];
  }
}

function expectAgreement(bet: StoredBet, cli: Record<string, unknown>) {
  switch (bet.game) {
    case 'dice':
      return expect(cli.roll).toBe(Number(bet.outcome.roll));
    case 'keno':
      return expect(cli.drawn).toEqual(bet.outcome.drawn);
    case 'roulette':
      return expect(cli.pocket).toBe(bet.outcome.pocket);
    case 'wheel':
      expect(cli.segment).toBe(bet.outcome.segment);
      return expect(Number(cli.multiplier)).toBe(Number(bet.outcome.multiplier));
    case 'cases':
      return expect(Number(cli.multiplier)).toBe(Number(bet.outcome.multiplier));
    case 'coinflip':
      return expect(cli.flips).toEqual(bet.outcome.flips);
    case 'miner':
      return expect(cli.mines).toEqual(bet.outcome.mines);
    case 'hilo':
      return expect(cli.cards).toEqual(bet.outcome.cards);
  }
}

function runBatch(lines: string[][]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'verify', '--', '--batch'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`verify exited with ${code}`));
      else
        resolve(
          out
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
        );
    });
    child.stdin.end(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  });
}

const ROUNDS = ['coinflip', 'miner', 'hilo'];

test(`the verify CLI agrees with the server for ${PER_GAME} random settled bets of each game`, {
  timeout: 600_000,
}, async () => {
  const games = Object.keys(instant);
  for (const game of games) {
    for (let i = 0; i < PER_GAME; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, PER_GAME - i) }, () => {
          const [url, body] = instant[game]!();
          return api('POST', url, body);
        }),
      );
    }
  }
  for (let i = 0; i < PER_GAME; i += 1) await coinflipSeries();
  for (let i = 0; i < PER_GAME; i += 1) await minerRound();
  for (let i = 0; i < PER_GAME; i += 1) await hiloRound();
  await api('PUT', '/games/fairness/seeds', {});

  const bets: StoredBet[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = (
      await t.app.inject({ url: `/api/games/bets?per_page=100&page=${page}`, headers })
    ).json();
    bets.push(...data);
    if (data.length < 100) break;
  }
  const counts = Object.fromEntries(
    [...games, ...ROUNDS].map((g) => [g, bets.filter((b) => b.game === g).length]),
  );
  expect(counts).toEqual(Object.fromEntries([...games, ...ROUNDS].map((g) => [g, PER_GAME])));
  expect(bets.every((b) => b.status === 'settled')).toBe(true);
  expect(bets.every((b) => b.server_seed !== null)).toBe(true);

  const results = await runBatch(bets.map(verifyArgs));
  expect(results).toHaveLength(bets.length);
  for (const [i, bet] of bets.entries()) expectAgreement(bet, results[i]!);
});
