import { describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { previousPeriods } from '../../src/server/modules/bonus/service.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { CrashEvent, CrashRound, CrashState } from '../../src/shared/api/crash.ts';
import {
  crashed,
  flownTo,
  holdBetting,
  independentCrashPoint,
  inFlight,
  release,
  sha256,
  waitForState,
} from '../helpers/crash.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/**
 * Crash through the real API with the driver on (docs/api-games.md "Crash", docs/fairness.md §4):
 * short betting and pauses; a round under test is held in betting while players bet, its crash
 * point set in the database, then released to fly.
 */
const g = gamesBench({
  CRASH_DRIVER: 'true',
  CRASH_BETTING_MS: '400',
  CRASH_PAUSE_MS: '50',
  CRASH_CHAIN_LENGTH: '25000',
});
const { player, call, cash } = g;

/** Polls come from addresses of their own, so they never meet the API's rate limit. */
let poll = 0;
const pollAddress = () => `10.77.${(poll >> 8) & 255}.${poll++ & 255}`;
const stateOf = async (): Promise<CrashState> => {
  const res = await g.t.app.inject({ url: '/api/games/crash', remoteAddress: pollAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const bet = (p: Player, body: Record<string, unknown>, key?: string) =>
  call(p, 'POST', '/games/crash/bet', body, key);
const cashOut = (p: Player, body: Record<string, unknown> = {}, key?: string) =>
  call(p, 'POST', '/games/crash/cashout', body, key);
const roundOf = async (id: number): Promise<CrashRound> =>
  (await g.t.app.inject({ url: `/api/games/crash/rounds/${id}`, remoteAddress: pollAddress() })).json().data;
/** Rounds whose crash point a test replaced: their crash point is not their hash's. */
const manipulated = new Set<number>();
const hold = (crashPoint?: number) => holdBetting(stateOf, g.t.database, crashPoint, manipulated);
/** Ends a flight soon: its crash point 1.01 (or now, when it is past that). */
const land = async (id: number) => {
  manipulated.add(id);
  await g.t.database.query('update crash_rounds set crash_point = 101 where id = $1', [id]);
  await crashed(stateOf, id);
};

describe('crash', () => {
  test('the live round keeps its hash and crash point secret until it crashed', async () => {
    const state = await waitForState(stateOf, (s) => s.round?.status === 'flight');
    expect(state.round).toMatchObject({ hash: null, crash_point: null });
    expect(JSON.stringify(state)).not.toContain(
      (
        await g.t.database.query<{ hash: string }>('select hash from crash_rounds where id = $1', [
          state.round!.id,
        ])
      )[0]!.hash,
    );
  });

  test('a bet, then a manual cash-out pays the multiplier on the server clock', async () => {
    const p = await player(1_000_00n);
    const id = await hold(100_000);
    const placed = await bet(p, { amount: '10', round_id: id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ queued: false, balance: '990.00' });
    expect(placed.json().data.bet).toMatchObject({
      round_id: id,
      stake: '10.00',
      status: 'open',
      auto_cash_out: null,
    });
    expect(await cash(p)).toBe(990_00n);
    const early = await cashOut(p);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.round_id).toEqual(['not_in_flight']);
    await release(g.t.database, id);
    await inFlight(stateOf, id);
    // Past 1.03× on the server's clock (0.5 s of flight), not a fixed pause.
    await flownTo(stateOf, id, 104);
    const out = await cashOut(p, { round_id: id });
    expect(out.statusCode, out.body).toBe(200);
    const settled = out.json().data.bet;
    const m = Math.round(Number(settled.cash_out) * 100);
    expect(m).toBeGreaterThanOrEqual(103);
    expect(m).toBeLessThan(200);
    const payout = (1_000n * BigInt(m)) / 100n;
    expect(settled).toMatchObject({
      status: 'cashed',
      payout: money(payout),
      profit: money(payout - 1_000n),
    });
    expect(await cash(p)).toBe(990_00n + payout);
    // The site-wide feed shows crash bets too.
    const feed = (
      await g.t.app.inject({ url: '/api/games/feed?kind=all', remoteAddress: pollAddress() })
    ).json().data;
    expect(feed.find((item: { id: string }) => item.id === `crash-${settled.id}`)).toMatchObject({
      game: 'crash',
      amount: '10.00',
      payout: money(payout),
      multiplier: (m / 100).toFixed(4),
    });
    const line = async () =>
      (await call(p, 'GET', '/profile/history?type=bet'))
        .json()
        .data.find((l: { game: string }) => l.game === 'crash');
    // In flight the round's hash is secret: no verify link yet.
    expect((await line()).verify).toBeNull();
    await land(id);
    // Once crashed, the history line opens the verifier on the round's hash and the chain's salt.
    const verify = new URLSearchParams((await line()).verify);
    const [round] = await g.t.database.query<{ hash: string }>(
      'select hash from crash_rounds where id = $1',
      [id],
    );
    const [chain] = await g.t.database.query<{ salt: string }>('select salt from crash_chain');
    expect(Object.fromEntries(verify)).toEqual({
      game: 'crash',
      hash: round!.hash,
      salt: chain!.salt,
      round_id: String(id),
    });
  });

  test('crash stakes count toward the weekly VIP bonus of their week', async () => {
    const p = await player(1_000_00n);
    const id = await hold(100);
    expect((await bet(p, { amount: '200', round_id: id })).statusCode).toBe(200);
    await release(g.t.database, id);
    await crashed(stateOf, id);
    // The stake, settled when the round crashed, moves into last week: 200 RUB at level 0's 0.05 % is 0.10.
    const lastWeek = new Date(previousPeriods(new Date()).weekly.from.getTime() + 86_400_000);
    await g.t.database.query('update crash_bets set created_at = $1, settled_at = $1 where round_id = $2', [
      lastWeek,
      id,
    ]);
    await g.t.database.query(
      `update wagers set settled_at = $1 where ref in (select 'crash:' || id from crash_bets where round_id = $2)`,
      [lastWeek, id],
    );
    const vip = (await call(p, 'GET', '/vip/status')).json().data;
    expect(vip).toMatchObject({ level: 0, weekly: { amount: '0.10', claimed: false } });
  });

  test('auto cash-outs at or below the crash point pay exactly their target; above it the bet is lost', async () => {
    const low = await player(100_00n);
    const at = await player(100_00n);
    const high = await player(100_00n);
    const id = await hold(130);
    expect((await bet(low, { amount: '10', auto_cash_out: '1.05' })).statusCode).toBe(200);
    expect((await bet(at, { amount: '10', auto_cash_out: 1.3 })).statusCode).toBe(200);
    expect((await bet(high, { amount: '10', auto_cash_out: '1.31' })).statusCode).toBe(200);
    await release(g.t.database, id);
    await crashed(stateOf, id);
    const round = await roundOf(id);
    expect(round).toMatchObject({ status: 'crashed', crash_point: '1.30' });
    expect(await cash(low)).toBe(90_00n + 10_50n);
    expect(await cash(at)).toBe(90_00n + 13_00n);
    expect(await cash(high)).toBe(90_00n);
    expect(round.bets.map((b) => [b.status, b.cash_out, b.profit])).toEqual([
      ['cashed', '1.05', '0.50'],
      ['cashed', '1.30', '3.00'],
      ['lost', null, '-10.00'],
    ]);
    const history = (await call(at, 'GET', '/profile/history')).json().data;
    expect(history).toContainEqual(
      expect.objectContaining({ type: 'bet', game: 'crash', amount: '3.00', status: 'completed' }),
    );
    const mine = (await call(at, 'GET', '/games/crash/bets')).json().data;
    expect(mine[0]).toMatchObject({ round_id: id, auto_cash_out: '1.30', cash_out: '1.30', payout: '13.00' });
  });

  test('a cash-out after the crash is too late: 422 with the crash point, the bet lost', async () => {
    const p = await player(100_00n);
    const id = await hold(100);
    await bet(p, { amount: '5' });
    await release(g.t.database, id);
    await crashed(stateOf, id);
    const late = await cashOut(p, { round_id: id });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.round_id).toEqual(['cash_out_late:1.00']);
    expect(await cash(p)).toBe(95_00n);
  });

  test('20 cash-outs at once: one pays, the others are refused; a retry of its key answers the same', async () => {
    const p = await player(100_00n);
    const id = await hold(100_000);
    await bet(p, { amount: '10' });
    await release(g.t.database, id);
    await inFlight(stateOf, id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cashOut(p, { round_id: id }, `cash-out-${id}-${i}`)),
    );
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(422);
      expect(a.json().errors.round_id[0]).toMatch(/^already_cashed_out:/);
    }
    const winner = answers.indexOf(paid[0]!);
    const retry = await cashOut(p, { round_id: id }, `cash-out-${id}-${winner}`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.bet).toEqual(paid[0]!.json().data.bet);
    const payout = BigInt(paid[0]!.json().data.bet.payout.replace('.', ''));
    expect(await cash(p)).toBe(90_00n + payout);
    const [row] = await g.t.database.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
      [`crash-cashout:${paid[0]!.json().data.bet.id}`],
    );
    expect(row?.n).toBe(1);
    await land(id);
  });

  test('a retried bet answers the first bet and takes the stake once', async () => {
    const p = await player(100_00n);
    const id = await hold(100);
    const first = await bet(p, { amount: '7', auto_cash_out: '3' }, 'crash-bet-retry-1');
    const again = await bet(p, { amount: '7', auto_cash_out: '3' }, 'crash-bet-retry-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await cash(p)).toBe(93_00n);
    const other = await bet(p, { amount: '8' }, 'crash-bet-retry-1');
    expect(other.statusCode).toBe(409);
    await release(g.t.database, id);
    await crashed(stateOf, id);
  });

  test('200 players in one round: each auto cash-out at or below the crash point (1.50) pays its target, the rest lose', async () => {
    const players = await Promise.all(Array.from({ length: 200 }, () => player(100_00n)));
    const id = await hold(150);
    const targets = players.map((_, i) => (i % 4 === 3 ? null : 101 + ((i * 37) % 200)));
    const stakes = players.map((_, i) => 100n + BigInt(i));
    const placed = await Promise.all(
      players.map((p, i) =>
        bet(p, { amount: money(stakes[i]!), ...(targets[i] ? { auto_cash_out: fmt(targets[i]!) } : {}) }),
      ),
    );
    expect(placed.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    await release(g.t.database, id);
    await crashed(stateOf, id);
    const round = await roundOf(id);
    expect(round.bets).toHaveLength(200);
    for (const [i, p] of players.entries()) {
      const target = targets[i] ?? null;
      const stake = stakes[i]!;
      const payout = target !== null && target <= 150 ? (stake * BigInt(target)) / 100n : 0n;
      expect(await cash(p)).toBe(100_00n - stake + payout);
    }
    expect(await checkLedger(g.t.database)).toEqual([]);
  }, 120_000);

  test('a bet during the flight joins the next round', async () => {
    const p = await player(100_00n);
    const id = await hold(100_000);
    await release(g.t.database, id);
    await inFlight(stateOf, id);
    const queued = await bet(p, { amount: '3' });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().data).toMatchObject({ queued: true, bet: { round_id: id + 1 } });
    const state = await stateOf();
    expect(state.next?.id).toBe(id + 1);
    expect(state.next?.bets.map((b) => b.stake)).toContain('3.00');
    // Naming the round in flight is refused.
    const named = await bet(await player(10_00n), { amount: '3', round_id: id });
    expect(named.json().errors.round_id).toEqual(['betting_closed']);
    await land(id);
  });

  test('bad input: each a translated 422 that changes nothing', async () => {
    const p = await player(100_00n);
    const id = await hold(101);
    const refused: [Record<string, unknown>, string, string][] = [
      [{ amount: '10', auto_cash_out: '1.00' }, 'auto_cash_out', 'auto_cash_out_too_low'],
      [{ amount: '10', auto_cash_out: '1.005' }, 'auto_cash_out', 'auto_cash_out_decimals'],
      [{ amount: '10', auto_cash_out: 'x' }, 'auto_cash_out', 'invalid_auto_cash_out'],
      [{ amount: '0.50' }, 'amount', 'bet_below_min:1.00'],
      [{ amount: '50000.01' }, 'amount', 'bet_above_max:50000.00'],
      [{ amount: '100.01' }, 'amount', 'insufficient_funds'],
      [{ amount: 'abc' }, 'amount', 'invalid_amount'],
      [{ amount: '10', round_id: id + 5 }, 'round_id', 'betting_closed'],
    ];
    for (const [body, field, code] of refused) {
      const res = await bet(p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([code]);
    }
    expect(await cash(p)).toBe(100_00n);
    expect((await call(p, 'GET', '/games/crash/bets')).json().data).toEqual([]);
    const none = await cashOut(p, { round_id: id });
    expect(none.json().errors.round_id).toEqual(['no_bet']);
    expect((await bet(p, { amount: '10' })).statusCode).toBe(200);
    const second = await bet(p, { amount: '10' });
    expect(second.json().errors.round_id).toEqual(['already_bet']);
    expect(await cash(p)).toBe(90_00n);
    await release(g.t.database, id);
    await crashed(stateOf, id);
  });

  test('the /ws events of a round: opened, bet, started, cashed_out, crashed, in version order', async () => {
    const events: { version: number; data: CrashEvent }[] = [];
    const off = await g.t.bus.subscribe('game:crash', (payload) => {
      const message = JSON.parse(payload) as { version: number; data: CrashEvent };
      events.push({ version: message.version, data: message.data });
    });
    const p = await player(100_00n);
    const id = await hold(120);
    await bet(p, { amount: '2', auto_cash_out: '1.10' });
    await release(g.t.database, id);
    await crashed(stateOf, id);
    await waitForState(stateOf, (s) => s.round?.id === id + 1 && s.round.status !== 'queued');
    await off();
    const kinds = events
      .filter((e) => roundIdOf(e.data) === id || roundIdOf(e.data) === id + 1)
      .map((e) => e.data.kind);
    expect(kinds.slice(kinds.indexOf('bet'))).toEqual(['bet', 'started', 'cashed_out', 'crashed', 'opened']);
    const versions = events.map((e) => e.version);
    for (let i = 1; i < versions.length; i += 1) expect(versions[i]).toBe(versions[i - 1]! + 1);
    const crash = events.find((e) => e.data.kind === 'crashed')!.data as Extract<
      CrashEvent,
      { kind: 'crashed' }
    >;
    expect(crash.round).toMatchObject({ id, crash_point: '1.20' });
    expect(crash.round.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the history: newest first, each hash links to the one before and to the terminating hash', async () => {
    const first = await stateOf();
    const res = await g.t.app.inject({ url: '/api/games/crash/rounds?limit=100' });
    expect(res.statusCode).toBe(200);
    const { salt, terminating_hash, rounds } = res.json().data;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(first.chain).toMatchObject({ salt, terminating_hash, length: 25_000 });
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    const ids = rounds.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const [i, round] of rounds.entries()) {
      expect(round.hash).toMatch(/^[0-9a-f]{64}$/);
      if (!manipulated.has(round.id))
        expect(round.crash_point).toBe(fmt(independentCrashPoint(round.hash, salt)));
      const older = rounds[i + 1];
      if (older?.id === round.id - 1) expect(sha256(round.hash)).toBe(older.hash);
    }
    // Round i is h_i: hashing its hash i times gives the terminating hash.
    const oldest = rounds.at(-1)!;
    let h = oldest.hash;
    for (let i = 0; i < oldest.id; i += 1) h = sha256(h);
    expect(h).toBe(terminating_hash);
    expect((await g.t.app.inject({ url: '/api/games/crash/rounds?limit=101' })).statusCode).toBe(422);
  });

  test('a socket that subscribes to game:crash gets the snapshot at once, then the events', async () => {
    const address = await g.t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const messages: { type: string; version?: number; data?: CrashEvent }[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'game:crash' }));
    await expect.poll(() => messages.some((m) => m.data?.kind === 'snapshot')).toBe(true);
    const snapshot = messages.find((m) => m.data?.kind === 'snapshot')!;
    const state = (snapshot.data as Extract<CrashEvent, { kind: 'snapshot' }>).state;
    expect(state.version).toBe(snapshot.version);
    expect(state.chain?.length).toBe(25_000);
    await expect
      .poll(() => messages.some((m) => m.type === 'event' && (m.version ?? 0) > state.version), {
        timeout: 15_000,
      })
      .toBe(true);
    socket.close();
  });

  test('ledger:check: every crash bet posted its stake and its payout once', async () => {
    expect(await checkLedger(g.t.database)).toEqual([]);
  });

  test('no answer or log line carries the hash of a round that has not crashed, nor a checkpoint', async () => {
    const secrets = await g.t.database.query<{ hash: string }>(
      `select hash from crash_rounds where status <> 'crashed' union all select hash from crash_checkpoints`,
    );
    expect(secrets.length).toBeGreaterThan(2);
    for (const { hash } of secrets) {
      expect(g.answers.filter((body) => body.includes(hash))).toEqual([]);
      expect(g.logs.filter((line) => line.includes(hash))).toEqual([]);
    }
  });
});

function roundIdOf(event: CrashEvent): number | undefined {
  if (event.kind === 'opened' || event.kind === 'crashed') return event.round.id;
  if (event.kind === 'snapshot') return undefined;
  return event.round_id;
}

function fmt(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

function money(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
