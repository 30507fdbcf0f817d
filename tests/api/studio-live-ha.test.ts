import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { lockKey } from '../../src/studio/db.ts';
import { type RunningStudio, startStudio } from '../../src/studio/index.ts';
import type { LiveEvent, PlaceBetsAnswer, Snapshot, WireBet } from '../../src/studio/live/protocol.ts';
import { payoutOf } from '../../src/studio/live/wire.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { type FakeWallet, operatorKeys, startFakeWallet } from '../helpers/fake-wallet.ts';
import { gamesApi } from '../helpers/studio.ts';

/**
 * Two studio instances on one PostgreSQL and one Redis share the live tables (docs/live-casino.md
 * "Several instances"): one leads each table, a bet or a chat message through either reaches the
 * viewers of both, and when the leader dies mid-round the other takes the table, voids the round
 * (each bet rolled back once) and plays the next one to its result (each win paid once).
 */
const OPERATOR = '42';
const TABLE = 'roulette-1';
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let wallet: FakeWallet;
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let a: RunningStudio;
let b: RunningStudio;
/** The instance that leads TABLE at first, and the other one. */
let leader: RunningStudio;
let follower: RunningStudio;

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('two studio instances', () => {
  beforeAll(async () => {
    wallet = await startFakeWallet({ balance: 1_000_000_000, currency: 'RUB' });
    database = await freshDatabaseUrl();
    const options = {
      walletUrl: wallet.url,
      operatorId: OPERATOR,
      operatorPublicKeyPem: wallet.operatorPublicKeyPem,
      studioPrivateKeyPem: operatorKeys().privatePem,
      databaseUrl: database.url,
      redisUrl: process.env.TEST_REDIS_URL,
      redisPrefix: `studio-ha-${randomBytes(6).toString('hex')}:`,
      retryDelaysMs: [10, 20, 40],
      walletTimeoutMs: 2000,
      clock,
      // Only `tryLead()` tries the lock here: no timer races the test for it.
      live: { schedule: false, chainLength: 3_000, leaderRetryMs: 600_000 },
    };
    // Both at once: one creates the schema and each table's chain, the other finds them.
    [a, b] = await Promise.all([startStudio(options), startStudio(options)]);
    [leader, follower] = a.live.get(TABLE)!.leading ? [a, b] : [b, a];
    wallet.setStudioKey(a.publicKeyPem);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await wallet?.close();
    await database?.drop();
  });

  async function seat(): Promise<string> {
    const response = await gamesApi(
      a.url,
      'url',
      {
        operator_id: OPERATOR,
        game_code: 'orbita_live_roulette',
        currency: 'RUB',
        lang: 'en',
        user: `p${randomBytes(4).toString('hex')}`,
        token: 'token-1234567890',
      },
      wallet.operatorPrivateKeyPem,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { url: string }).url.split('/').at(-1)!;
  }

  /** A viewer's socket on `studio` and the events it got. */
  async function watch(studio: RunningStudio, session: string) {
    const events: LiveEvent[] = [];
    const socket = new WebSocket(`${studio.url.replace('http', 'ws')}/live/${session}/ws`);
    socket.onmessage = (m) => events.push(JSON.parse(String(m.data)) as LiveEvent);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'snapshot')).toBe(true), { interval: 10 });
    return { events, close: () => socket.close() };
  }

  const state = async (studio: RunningStudio, session: string) =>
    (await (await fetch(`${studio.url}/live/${session}/state`)).json()) as Snapshot;

  async function post(studio: RunningStudio, session: string, path: 'bets' | 'chat', body: unknown) {
    const response = await fetch(`${studio.url}/live/${session}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as PlaceBetsAnswer;
  }

  /** Moves the clock to the end of the phase and lets `studio`'s table step; the round after. */
  async function next(studio: RunningStudio) {
    const table = studio.live.get(TABLE)!;
    const round = (await table.round())!;
    clock.set(new Date(Math.max(round.phaseEndsAt, clock.now())));
    await table.tick();
    return (await table.round())!;
  }

  const callsOf = (path: string, round: number) =>
    wallet.calls.filter((c) => c.path === path && c.body.round === `${TABLE}:${round}`);

  /** Each wallet call of `path` for `round`, counted by its transaction. */
  const perTransaction = (path: string, round: number) => {
    const counts = new Map<unknown, number>();
    for (const call of callsOf(path, round))
      counts.set(call.body.transaction_uuid, (counts.get(call.body.transaction_uuid) ?? 0) + 1);
    return [...counts.values()];
  };

  test('exactly one instance leads each table; the other cannot take it; both play one chain', async () => {
    for (const id of a.live.keys()) {
      const leaders = [a, b].filter((s) => s.live.get(id)!.leading);
      expect(leaders).toHaveLength(1);
      const other = leaders[0] === a ? b : a;
      expect(await other.live.get(id)!.tryLead()).toBe(false);
      expect(other.live.get(id)!.chain).toEqual(leaders[0]!.live.get(id)!.chain);
    }
  });

  let viewer: string;
  let player: string;
  let onLeader: Awaited<ReturnType<typeof watch>>;
  let onFollower: Awaited<ReturnType<typeof watch>>;

  test('a bet and a chat message through the other instance reach a viewer on the leader', async () => {
    viewer = await seat();
    player = await seat();
    onLeader = await watch(leader, viewer);
    onFollower = await watch(follower, player);
    const { round } = await state(follower, player);
    expect(round.phase).toBe('betting');
    const placed = await post(follower, player, 'bets', {
      round: round.round,
      bets: [{ kind: 'red', amount: '5000' }],
    });
    expect(placed).toMatchObject({ ok: true });
    await vi.waitFor(
      () =>
        expect(onLeader.events).toContainEqual(
          expect.objectContaining({
            type: 'seats',
            round: round.round,
            seats: [expect.objectContaining({ total: '5000', me: false })],
          }),
        ),
      { interval: 10 },
    );
    expect(await post(follower, player, 'chat', { text: 'hello from the follower' })).toMatchObject({
      ok: true,
    });
    await vi.waitFor(
      () =>
        expect(onLeader.events).toContainEqual(
          expect.objectContaining({
            type: 'chat',
            message: expect.objectContaining({ text: 'hello from the follower' }),
          }),
        ),
      { interval: 10 },
    );
  });

  test('the leader dies mid-round: the other voids it, rolls each bet back once, plays the next round', async () => {
    const oldLeader = leader.live.get(TABLE)!;
    const newLeader = follower.live.get(TABLE)!;
    const { round } = await state(leader, viewer);
    expect(
      await post(leader, viewer, 'bets', { round: round.round, bets: [{ kind: 'odd', amount: '5000' }] }),
    ).toMatchObject({
      ok: true,
    });
    const staked = callsOf('/transaction/bet', round.round).map((c) => c.body.transaction_uuid);
    expect(staked).toHaveLength(2);

    // The leader's lock connection dies (as when its process is killed): it stops at once.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const [k1, k2] = lockKey(`live:${TABLE}`);
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted
        and classid::bigint = $1 and objid::bigint = $2 and objsubid = 2`,
      [k1, k2],
    );
    await admin.end();
    expect(rowCount).toBe(1);
    await vi.waitFor(() => expect(oldLeader.leading).toBe(false), { interval: 10 });
    clock.set(new Date(round.phaseEndsAt + 1));
    await oldLeader.tick();
    expect(await oldLeader.round()).toMatchObject({ round: round.round, phase: 'betting' });

    // The other instance takes the table: the round void, each of its bets rolled back once, the next round open.
    expect(await newLeader.tryLead()).toBe(true);
    expect([oldLeader.leading, newLeader.leading]).toEqual([false, true]);
    await vi.waitFor(() => expect(callsOf('/transaction/rollback', round.round)).toHaveLength(2), {
      timeout: 10_000,
      interval: 10,
    });
    expect(
      callsOf('/transaction/rollback', round.round)
        .map((c) => c.body.reference_transaction_uuid)
        .sort(),
    ).toEqual([...staked].sort());
    const reopened = await newLeader.round();
    expect(reopened).toMatchObject({ round: round.round + 1, phase: 'betting' });
    // The new leader's round events reach the viewer on the old leader.
    await vi.waitFor(
      () => {
        const rounds = onLeader.events.flatMap((e) => (e.type === 'round' ? [e.round] : []));
        expect(rounds).toContainEqual(expect.objectContaining({ round: round.round, phase: 'void' }));
        expect(rounds).toContainEqual(expect.objectContaining({ round: round.round + 1, phase: 'betting' }));
      },
      { interval: 10 },
    );

    // The next round, bets through both instances, played by the new leader to its result.
    const mine: WireBet[] = [{ kind: 'red', amount: '5000' }];
    const theirs: WireBet[] = [{ kind: 'black', amount: '5000' }];
    expect(await post(leader, viewer, 'bets', { round: round.round + 1, bets: mine })).toMatchObject({
      ok: true,
    });
    expect(await post(follower, player, 'bets', { round: round.round + 1, bets: theirs })).toMatchObject({
      ok: true,
    });
    expect((await next(follower)).phase).toBe('closed');
    expect((await next(follower)).phase).toBe('drawing');
    const result = await next(follower);
    expect(result).toMatchObject({ round: round.round + 1, phase: 'result' });
    await vi.waitFor(() => expect(callsOf('/transaction/win', result.round)).toHaveLength(2), {
      timeout: 10_000,
      interval: 10,
    });
    // Each viewer hears its own settlement, on its own instance, and nobody else's.
    const settled = (events: LiveEvent[]) =>
      events.filter((e) => e.type === 'settled' && e.round === result.round);
    await vi.waitFor(
      () => {
        expect(settled(onLeader.events)).toEqual([
          expect.objectContaining({ payout: payoutOf('live-roulette', mine, result.result!).toString() }),
        ]);
        expect(settled(onFollower.events)).toEqual([
          expect.objectContaining({ payout: payoutOf('live-roulette', theirs, result.result!).toString() }),
        ]);
      },
      { interval: 10 },
    );

    // Stopping waits for every wallet call the tables started: the counts below are final.
    await newLeader.stop();
    await oldLeader.stop();
    expect(perTransaction('/transaction/rollback', round.round)).toEqual([1, 1]);
    expect(perTransaction('/transaction/win', result.round)).toEqual([1, 1]);
    expect(callsOf('/transaction/win', round.round)).toEqual([]);
    onLeader.close();
    onFollower.close();
  });
});
