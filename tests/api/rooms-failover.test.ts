import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import type { RoomEvent, RoomRound, RoomState } from '../../src/shared/api/rooms.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { independentDraw, minor } from '../helpers/rooms.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const run = promisify(execFile);

/**
 * Rooms on several instances (docs/fairness.md "Several instances"): two server processes on one
 * PostgreSQL database and one Redis. Both take joins; one leads (draws rounds); its events reach
 * the other's sockets through Redis. The leader is killed with SIGKILL while a round counts down:
 * the other instance takes the lock, draws the round from the stored state once, and the ledger
 * checks clean.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('rooms failover', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const servers: RunningServer[] = [];
  const env = () => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    SERVE_SITE: 'false',
    LOG_LEVEL: 'info',
    ROOMS_COUNTDOWN_MS: '5000',
    SANDBOX_WEBHOOK_INTERVAL_MS: '50',
    SANDBOX_WEBHOOK_SECRET: 'rooms-failover-webhook-secret',
    JWT_SECRET: 'rooms-failover-jwt-secret-0123456789abcdef',
  });

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = (await freshDatabaseUrl()) as { url: string; drop: () => Promise<void> });
  });
  afterAll(async () => {
    // The killed leader has exited already: only the others are stopped.
    for (const server of servers) if (server.process.signalCode === null) await server.stop('SIGKILL');
    await drop?.();
  });

  /** Whether the server's log says it leads the rooms driver. */
  const leadsRooms = (server: RunningServer) =>
    server
      .output()
      .split('\n')
      .some((line) => line.includes('"election":"rooms"') && line.includes('"msg":"leading"'));

  test('the leader dies mid-countdown; the other instance draws the round once', {
    timeout: 120_000,
  }, async () => {
    servers.push(await startServer(env()));
    await expect.poll(() => leadsRooms(servers[0]!), { timeout: 15_000 }).toBe(true);
    servers.push(await startServer(env()));
    const [leader, follower] = servers as [RunningServer, RunningServer];
    expect(leadsRooms(follower)).toBe(false);

    // A socket on the follower: the events of joins on either instance and of the draw reach it.
    const events: RoomEvent[] = [];
    const socket = new WebSocket(`${follower.url.replace('http', 'ws')}/ws`);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data?: RoomEvent };
      if (message.type === 'event' && message.data?.room === 'red') events.push(message.data);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', channel: 'rooms:red' }));

    const players = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        fundedPlayer(leader.url, { amount: '100', prefix: `failover${i}` }),
      ),
    );
    const state = await apiCall<{ data: RoomState }>(
      follower.url,
      'GET',
      '/games/rooms/red?currency=RUB',
      '',
    );
    const roundId = state.data.round.id;
    // Joins on both instances: two through the leader, two through the follower.
    for (const [i, { token }] of players.entries()) {
      const base = i % 2 === 0 ? leader.url : follower.url;
      await apiCall(base, 'POST', '/games/rooms/red/join', token, {
        amount: String(10 * (i + 1)),
        round_id: roundId,
      });
    }
    await expect.poll(() => events.filter((e) => e.kind === 'joined').length).toBe(4);

    // kill -9 during the countdown: the draw is due in a few seconds and nobody leads.
    const countdown = events.at(-1)!.round.countdown_ends_at!;
    expect(Date.parse(countdown)).toBeGreaterThan(Date.now());
    await leader.stop('SIGKILL');
    await expect.poll(() => leadsRooms(follower), { timeout: 15_000 }).toBe(true);

    let round: RoomRound | undefined;
    await expect
      .poll(
        async () => {
          const rounds = await apiCall<{ data: RoomRound[] }>(
            follower.url,
            'GET',
            '/games/rooms/red/rounds?currency=RUB',
            '',
          );
          round = rounds.data.find((r) => r.id === roundId);
          return round?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('settled');
    const expected = independentDraw(round!);
    expect(round!.result).toMatchObject({ winner_seat: expected.seat, prize: '95.00', commission: '5.00' });
    await expect.poll(() => events.some((e) => e.kind === 'drawn' && e.round.id === roundId)).toBe(true);
    socket.close();

    // Every stake once, one prize, balances that add up: 4 × 100 deposited, 5 kept by the house.
    const balances = await Promise.all(
      players.map(async ({ token }) =>
        minor(
          (await apiCall<{ user: { balance: string } }>(follower.url, 'GET', '/profile/user', token)).user
            .balance,
        ),
      ),
    );
    expect(balances.reduce((sum, b) => sum + b, 0n)).toBe(400_00n - 5_00n);
    expect(balances[expected.seat]).toBe(100_00n - BigInt(1_000 * (expected.seat + 1)) + expected.prize);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select (select count(*)::int from ledger_transactions where kind = 'room_win') as wins,
                (select count(*)::int from ledger_transactions where kind = 'room_stake') as stakes,
                (select count(*)::int from room_rounds where status = 'settled') as settled`,
      );
      expect(rows[0]).toEqual({ wins: 1, stakes: 4, settled: 1 });
    } finally {
      await db.end();
    }
    const check = await run(process.execPath, ['scripts/ledger-check.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      cwd: process.cwd(),
    });
    expect(check.stdout).toMatch(/^ledger ok: \d+ transactions/m);
  });
});
