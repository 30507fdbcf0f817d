import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { gameNumber } from '../../src/games/crash/chain.ts';
import { floats, sha256Hex } from '../../src/games/fair/node.ts';
import { rouletteRound } from '../../src/games/live/node.ts';
import { replayBaccarat } from '../../src/games/live/verify.ts';
import { ManualClock } from '../../src/server/clock.ts';
import { startStudio } from '../../src/studio/index.ts';
import type {
  BaccaratResult,
  LiveEvent,
  LobbyTable,
  PlaceBetsAnswer,
  Snapshot,
  WireBet,
} from '../../src/studio/live/protocol.ts';
import { payoutOf } from '../../src/studio/live/wire.ts';
import { type FakeWallet, signBody, startFakeWallet } from '../helpers/fake-wallet.ts';
import { gamesApi } from '../helpers/studio.ts';

/**
 * The studio's live tables (docs/live-casino.md) against the signed fake Wallet API: rounds driven
 * by a clock the test moves (`tick()`), results from each round's chain link, bets refused after
 * "no more bets", every bet paid once at the result or rolled back once when a restart voids its
 * round, demo money, and the chat's rules.
 */
const OPERATOR = '42';
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let wallet: FakeWallet;
let studio: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  wallet = await startFakeWallet({ balance: 1_000_000_000, currency: 'RUB' });
  studio = await startStudio({
    walletUrl: wallet.url,
    operatorId: OPERATOR,
    operatorPublicKeyPem: wallet.operatorPublicKeyPem,
    retryDelaysMs: [10, 20, 40],
    walletTimeoutMs: 2000,
    clock,
    live: { schedule: false, chainLength: 3_000 },
  });
  wallet.setStudioKey(studio.publicKeyPem);
});

afterAll(async () => {
  await studio?.close();
  await wallet?.close();
});

const roulette = () => studio.live.get('roulette-1')!;
const baccarat = () => studio.live.get('baccarat-1')!;

async function seat(game: string, real: boolean, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await gamesApi(
    studio.url,
    'url',
    {
      operator_id: OPERATOR,
      game_code: game,
      currency: real ? 'RUB' : 'XXX',
      lang: 'en',
      ...(real ? { user: `p${Math.random().toString(36).slice(2, 10)}`, token: 'token-1234567890' } : {}),
      ...extra,
    },
    wallet.operatorPrivateKeyPem,
  );
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(new RegExp(`^${studio.url}/live/[\\w-]+$`));
  return url.split('/').at(-1)!;
}

const state = async (session: string) =>
  (await (await fetch(`${studio.url}/live/${session}/state`)).json()) as Snapshot;

async function bet(session: string, round: number, bets: WireBet[]) {
  const response = await fetch(`${studio.url}/live/${session}/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ round, bets }),
  });
  return { status: response.status, answer: (await response.json()) as PlaceBetsAnswer };
}

/** Moves the clock to the end of the current phase and lets the table step; the round after. */
async function next(table = roulette()) {
  const round = await table.round();
  clock.set(new Date(Math.max(round?.phaseEndsAt ?? clock.now(), clock.now())));
  await table.tick();
  return (await table.round())!;
}

/** Waits until the studio (retrying in the background) made `count` calls of `path`. */
async function untilWalletCalls(path: string, count: number) {
  await vi.waitFor(
    () => expect(wallet.calls.filter((c) => c.path === path).length).toBeGreaterThanOrEqual(count),
    {
      timeout: 10_000,
      interval: 10,
    },
  );
}

describe('the live tables', () => {
  test('are in the catalogue as Live games, and a launch opens a seat at the table', async () => {
    const response = await gamesApi(
      studio.url,
      'list',
      { operator_id: OPERATOR },
      wallet.operatorPrivateKeyPem,
    );
    const list = (await response.json()) as { game_code: string; category: string; rtp: string }[];
    expect(list.filter((g) => g.category === 'Live')).toEqual([
      expect.objectContaining({ game_code: 'orbita_live_roulette', rtp: '97.30' }),
      expect.objectContaining({ game_code: 'orbita_live_baccarat', rtp: '98.94' }),
    ]);
    const id = await seat('orbita_live_roulette', true, { nickname: 'Lucky <b>Sam</b>' });
    const page = await fetch(`${studio.url}/live/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The page's client, file by file; its tests are not served.
    const script = await fetch(`${studio.url}/static/live/table.ts`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).not.toMatch(/^import type /m);
    expect((await fetch(`${studio.url}/static/live/bets.test.ts`)).status).toBe(404);
    // An unknown seat, and a slot's session, are no seat at a table.
    expect((await fetch(`${studio.url}/live/no-such-session-00/state`)).status).toBe(404);
    // A live seat is not a slot's session.
    expect((await fetch(`${studio.url}/play/${id}`)).status).toBe(404);
    const snapshot = await state(id);
    expect(snapshot.table).toMatchObject({
      id: 'roulette-1',
      game: 'live-roulette',
      currency: 'RUB',
      dealer: 'Anna',
      dealerHair: 'bun',
    });
    expect(snapshot.viewer.name).toBe('Lucky <b>Sam</b>');
    expect(snapshot.round.phase).toBe('betting');
  });

  test('a roulette round: bets while betting, none after; the pocket of its link; each bet paid once', async () => {
    const a = await seat('orbita_live_roulette', true);
    const b = await seat('orbita_live_roulette', true);
    const { round } = await state(a);
    const mineA: WireBet[] = [
      { kind: 'red', amount: '5000' },
      { kind: 'straight', numbers: [17], amount: '1000' },
    ];
    const mineB: WireBet[] = [{ kind: 'voisins', chip: '1000' }];
    expect((await bet(a, round.round, mineA)).answer).toMatchObject({ ok: true, round: round.round });
    expect((await bet(b, round.round, mineB)).answer).toMatchObject({ ok: true });
    // Over the table's limit, and a bet the engine refuses: nothing staked.
    expect(
      (await bet(a, round.round, [{ kind: 'straight', numbers: [5], amount: '999999999' }])).answer,
    ).toMatchObject({
      ok: false,
      code: 'LIMIT',
    });
    expect(
      (await bet(a, round.round, [{ kind: 'split', numbers: [1, 5], amount: '1000' }])).answer,
    ).toMatchObject({
      ok: false,
      code: 'INVALID_BET',
    });
    const seen = (await state(a)).seats;
    expect(seen.map((s) => s.total)).toEqual(['6000', '9000']);
    expect(seen.find((s) => s.me)?.total).toBe('6000');

    const closed = await next();
    expect(closed.phase).toBe('closed');
    const late = await bet(a, round.round, [{ kind: 'black', amount: '5000' }]);
    expect(late.status).toBe(409);
    expect(late.answer).toMatchObject({ ok: false, code: 'NO_MORE_BETS' });

    const drawing = await next();
    expect(drawing.phase).toBe('drawing');
    expect(drawing.hash).toBeNull();
    const result = await next();
    expect(result.phase).toBe('result');
    // The revealed link hashes down to the published terminating hash in `round` steps.
    const chain = roulette().chain;
    expect(gameNumber(result.hash!, chain.terminatingHash, 3_000)).toBe(round.round);
    expect(result.result).toEqual(rouletteRound(result.hash!, chain.salt));

    await untilWalletCalls('/transaction/win', 2);
    const wins = wallet.calls.filter((c) => c.path === '/transaction/win');
    const byBet = new Map(
      wallet.calls.filter((c) => c.path === '/transaction/bet').map((c) => [c.body.transaction_uuid, c.body]),
    );
    expect(wins).toHaveLength(2);
    for (const win of wins) {
      const placed = byBet.get(win.body.reference_transaction_uuid)!;
      const mine = placed.amount === 6_000_000 ? mineA : mineB;
      expect(win.body.amount).toBe(Number(payoutOf('live-roulette', mine, result.result!)) * 1000);
      expect(win.body.round_closed).toBe(true);
    }
    // The lobby's feed (our Games API extension): the round's state, the pocket first, the limits.
    const feed = await fetch(`${studio.url}/operator/generic/v2/live/tables`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': signBody(
          wallet.operatorPrivateKeyPem,
          JSON.stringify({ operator_id: OPERATOR }),
        ),
      },
      body: JSON.stringify({ operator_id: OPERATOR }),
    });
    expect(feed.status).toBe(200);
    const tables = (await feed.json()) as LobbyTable[];
    expect(tables.find((t) => t.table_id === 'roulette-1')).toMatchObject({
      game_code: 'orbita_live_roulette',
      round: round.round,
      phase: 'result',
      phase_ends_at: result.phaseEndsAt,
      server_time: clock.now(),
      dealer: 'Anna',
      results: [String((result.result as { pocket: number }).pocket)],
      // 1 to 5,000 base chips of RUB 10, in the Wallet API's units.
      limits: expect.objectContaining({ RUB: { min: 10_00 * 1000, max: 50_000_00 * 1000 } }),
    });
    // Unsigned, or for another operator: refused.
    const unsigned = await fetch(`${studio.url}/operator/generic/v2/live/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operator_id: OPERATOR }),
    });
    expect(unsigned.status).toBe(401);
    expect((await next()).phase).toBe('betting');
  });

  test('a restart mid-round voids it: each bet rolled back once, the next round opens', async () => {
    const a = await seat('orbita_live_roulette', true);
    const { round } = await state(a);
    await bet(a, round.round, [{ kind: 'odd', amount: '5000' }]);
    await bet(a, round.round, [{ kind: 'even', amount: '5000' }]);
    const before = wallet.calls.filter((c) => c.path === '/transaction/rollback').length;
    await roulette().stop();
    await roulette().start({ schedule: false });
    await untilWalletCalls('/transaction/rollback', before + 2);
    const after = await state(a);
    expect(after.round).toMatchObject({ round: round.round + 1, phase: 'betting' });
    // Twice more: nothing rolled back again (the rounds it voids had no bets); `stop` waits for every
    // wallet call the table started, so the count below is final. Each restart voids one round.
    await roulette().stop();
    await roulette().start({ schedule: false });
    await roulette().stop();
    await roulette().start({ schedule: false });
    const rollbacks = wallet.calls.filter((c) => c.path === '/transaction/rollback').slice(before);
    expect(rollbacks).toHaveLength(2);
    expect(new Set(rollbacks.map((c) => c.body.transaction_uuid)).size).toBe(2);
    expect((await state(a)).round).toMatchObject({ round: round.round + 3, phase: 'betting' });
  });

  test('100 players for real money in one roulette round: each bet one call, each win its exact payout, the balance to the unit', async () => {
    for (let i = 0; i < 5 && (await next()).phase !== 'betting'; i += 1);
    const players = await Promise.all(Array.from({ length: 100 }, () => seat('orbita_live_roulette', true)));
    const { round } = await state(players[0]!);
    expect(round.phase).toBe('betting');
    // A straight, a split, a dozen, red and even in turn, each its own amount (minor units).
    const shapes: ((amount: string) => WireBet)[] = [
      (amount) => ({ kind: 'straight', numbers: [17], amount }),
      (amount) => ({ kind: 'split', numbers: [0, 3], amount }),
      (amount) => ({ kind: 'dozen', index: 2, amount }),
      (amount) => ({ kind: 'red', amount }),
      (amount) => ({ kind: 'even', amount }),
    ];
    const amountOf = (i: number) => 5_000 + i * 100;
    const placed = players.map((_, i): WireBet[] => [shapes[i % 5]!(String(amountOf(i)))]);
    // The fake wallet keeps one balance for everyone: enough for a hundred stakes.
    wallet.balance += 100_000_000_000;
    const before = wallet.balance;
    const calls = (path: string) =>
      wallet.calls.filter((c) => c.path === path && c.body.round === `roulette-1:${round.round}`);
    const answers = await Promise.all(players.map((p, i) => bet(p, round.round, placed[i]!)));
    expect(answers.filter((a) => !a.answer.ok)).toEqual([]);
    expect(calls('/transaction/bet')).toHaveLength(100);
    await next();
    await next();
    const result = await next();
    expect(result.phase).toBe('result');
    await vi.waitFor(() => expect(calls('/transaction/win')).toHaveLength(100), {
      timeout: 10_000,
      interval: 10,
    });
    const stakes = players.reduce((sum, _, i) => sum + BigInt(amountOf(i)), 0n);
    let paid = 0n;
    const byBet = new Map(calls('/transaction/bet').map((c) => [c.body.transaction_uuid, c.body]));
    for (const win of calls('/transaction/win')) {
      const staked = byBet.get(win.body.reference_transaction_uuid)?.amount;
      const i = players.findIndex((_, j) => amountOf(j) * 1000 === staked);
      const payout = payoutOf('live-roulette', placed[i]!, result.result!);
      expect(win.body.amount).toBe(Number(payout) * 1000);
      paid += payout;
    }
    expect(BigInt(wallet.balance)).toBe(BigInt(before) - (stakes - paid) * 1000n);
    expect((await next()).phase).toBe('betting');
  });

  test('100 demo players in one baccarat round settle exactly; the hand is the link’s', async () => {
    // The table catches up with the clock the other tests moved, to a round taking bets.
    for (let i = 0; i < 5 && (await next(baccarat())).phase !== 'betting'; i += 1);
    const players = await Promise.all(Array.from({ length: 100 }, () => seat('orbita_live_baccarat', false)));
    const { round } = await state(players[0]!);
    expect(round.phase).toBe('betting');
    const kinds = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
    const placed = players.map((_, i): WireBet[] => [{ kind: kinds[i % 5]!, amount: String(500 + i * 100) }]);
    const answers = await Promise.all(players.map((p, i) => bet(p, round.round, placed[i]!)));
    expect(answers.filter((a) => !a.answer.ok)).toEqual([]);
    // One seat of each kind watches its own settlement (player and banker never both win).
    const settled = new Map<number, LiveEvent[]>();
    const sockets = [0, 1, 2, 3, 4].map((i) => {
      const socket = new WebSocket(`${studio.url.replace('http', 'ws')}/live/${players[i]}/ws`);
      settled.set(i, []);
      socket.onmessage = (m) => settled.get(i)!.push(JSON.parse(String(m.data)) as LiveEvent);
      return socket;
    });
    await vi.waitFor(
      () => expect([...settled.values()].every((e) => e.some((x) => x.type === 'snapshot'))).toBe(true),
      {
        interval: 10,
      },
    );
    await next(baccarat());
    await next(baccarat());
    const result = await next(baccarat());
    // The verifier replays the shoe from its first hand down the chain and deals the same hand.
    const hand = result.result as BaccaratResult;
    const replayed = await replayBaccarat(result.hash!, baccarat().chain.salt, hand.shoeHand, {
      floats,
      sha256Hex,
    });
    if (!replayed.ok) throw new Error(replayed.message);
    expect(hand).toMatchObject({
      player: replayed.value.player,
      banker: replayed.value.banker,
      winner: replayed.value.winner,
    });
    for (let i = 0; i < 100; i += 1) {
      const expected =
        100_000n - BigInt(500 + i * 100) + payoutOf('live-baccarat', placed[i]!, result.result!);
      await vi.waitFor(
        async () => expect((await state(players[i]!)).viewer.balance).toBe(expected.toString()),
        { timeout: 5_000, interval: 10 },
      );
    }
    // The settlement event carries the balance, a lost bet's too (it once said 0).
    for (const [i, events] of settled) {
      const expected =
        100_000n - BigInt(500 + i * 100) + payoutOf('live-baccarat', placed[i]!, result.result!);
      await vi.waitFor(() => expect(events.some((e) => e.type === 'settled')).toBe(true), { interval: 10 });
      expect(events.find((e) => e.type === 'settled')).toMatchObject({ balance: expected.toString() });
    }
    for (const socket of sockets) socket.close();
  });

  test('the chat: plain text within the rules, events to the table, the operator’s mute', async () => {
    const a = await seat('orbita_live_baccarat', true, { user: 'chatter-1', nickname: 'Chatty' });
    const events: LiveEvent[] = [];
    const socket = new WebSocket(`${studio.url.replace('http', 'ws')}/live/${a}/ws`);
    socket.onmessage = (m) => events.push(JSON.parse(String(m.data)) as LiveEvent);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'snapshot')).toBe(true), { interval: 10 });
    const say = async (session: string, text: string) =>
      (
        await fetch(`${studio.url}/live/${session}/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        })
      ).json();
    expect(await say(a, '<img src=x onerror=alert(1)> good luck')).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(events.some((e) => e.type === 'chat')).toBe(true), { interval: 10 });
    expect(events.find((e) => e.type === 'chat')).toMatchObject({
      message: { name: 'Chatty', text: '<img src=x onerror=alert(1)> good luck' },
    });
    expect(await say(a, 'again')).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    clock.advance(3_000);
    expect(await say(a, 'x'.repeat(201))).toMatchObject({ ok: false, code: 'TOO_LONG' });
    expect(await say(a, '   ')).toMatchObject({ ok: false, code: 'EMPTY' });
    expect(await say(a, 'join https://spam.example')).toMatchObject({ ok: false, code: 'BLOCKED' });
    expect(await say(await seat('orbita_live_baccarat', false), 'hi')).toMatchObject({
      ok: false,
      code: 'DEMO',
    });
    const mute = JSON.stringify({ operator_id: OPERATOR, user: 'chatter-1', until: clock.now() + 60_000 });
    const muted = await fetch(`${studio.url}/operator/generic/v2/live/mute`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': signBody(wallet.operatorPrivateKeyPem, mute),
      },
      body: mute,
    });
    expect(muted.status).toBe(200);
    expect(await say(a, 'hello')).toMatchObject({ ok: false, code: 'MUTED' });
    expect((await state(a)).viewer.mutedUntil).toBe(clock.now() + 60_000);
    socket.close();
  });
});
