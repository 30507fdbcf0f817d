import { createSecretKey } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { previousPeriods } from '../../src/server/modules/bonus/service.ts';
import { drawRound } from '../../src/server/modules/rooms/draw.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { RoomEvent, RoomRound, RoomState } from '../../src/shared/api/rooms.ts';
import type { Room } from '../../src/shared/games.ts';
import { bearer, register } from '../helpers/auth.ts';
import { gamesBench, type Player } from '../helpers/games.ts';
import { independentDraw, minor, sha256 } from '../helpers/rooms.ts';

/**
 * Rooms through the real API (docs/api-games.md "Rooms", docs/fairness.md §5): joins, additions,
 * leaving, the draw by the leader (a short countdown), the prize, idempotent retries, refusals that
 * change nothing, one draw per round under concurrency, the `/ws` events and the seed's secrecy.
 */
const g = gamesBench({ ROOMS_COUNTDOWN_MS: '1000' });
const { player, call, cash } = g;

const join = (p: Player, room: Room, amount: string, extra: Record<string, unknown> = {}, key?: string) =>
  call(p, 'POST', `/games/rooms/${room}/join`, { amount, ...extra }, key);
const add = (p: Player, room: Room, amount: string, roundId: string, key?: string) =>
  call(p, 'POST', `/games/rooms/${room}/add`, { amount, round_id: roundId }, key);

async function state(room: Room, currency = 'RUB'): Promise<RoomState> {
  const res = await g.t.app.inject({ url: `/api/games/rooms/${room}?currency=${currency}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Waits for the leader to draw `roundId` and answers it as the room's history shows it. */
async function drawn(room: Room, roundId: string, currency = 'RUB'): Promise<RoomRound> {
  let found: RoomRound | undefined;
  await expect
    .poll(
      async () => {
        const res = await g.t.app.inject({ url: `/api/games/rooms/${room}/rounds?currency=${currency}` });
        found = (res.json().data as RoomRound[]).find((round) => round.id === roundId);
        return found?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe('settled');
  return found!;
}

/** Moves a round's stored deadline: far away (to seat many players), or to now (due at once). */
async function setDeadline(roundId: string, when: 'later' | 'now') {
  const at = when === 'later' ? "now() + interval '1 hour'" : "now() - interval '1 millisecond'";
  await g.t.database.query(`update room_rounds set countdown_ends_at = ${at} where id = $1`, [roundId]);
}

/** Every room event published on the bus from now on. */
async function recordEvents(room: Room) {
  const events: { version: number; data: RoomEvent }[] = [];
  const off = await g.t.bus.subscribe(`rooms:${room}`, (payload) => {
    const message = JSON.parse(payload) as { version: number; data: RoomEvent };
    events.push({ version: message.version, data: message.data });
  });
  return { events, off };
}

describe('rooms', () => {
  test('two players: the second starts the countdown; the leader draws; the winner gets the pot less 5 %', async () => {
    const recording = await recordEvents('red');
    const a = await player(1_000_00n);
    const b = await player(1_000_00n);
    const before = await state('red');
    expect(before.round).toMatchObject({ status: 'open', pot: '0.00', players: [], server_seed: null });
    expect(before).toMatchObject({ min_bet: '1.00', max_bet: '10000.00', commission_percent: '5.00' });

    const first = await join(a, 'red', '30', { round_id: before.round.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ seat: 0, stake: '30.00', balance: '970.00' });
    expect(first.json().data.round).toMatchObject({ status: 'open', pot: '30.00', countdown_ends_at: null });

    const second = await join(b, 'red', '10');
    expect(second.json().data.round).toMatchObject({
      id: before.round.id,
      status: 'countdown',
      pot: '40.00',
    });
    expect(second.json().data.round.players).toEqual([
      expect.objectContaining({
        seat: 0,
        stake: '30.00',
        chance: '75.00',
        tickets: [{ from: '0', to: '2999' }],
      }),
      expect.objectContaining({
        seat: 1,
        stake: '10.00',
        chance: '25.00',
        tickets: [{ from: '3000', to: '3999' }],
      }),
    ]);
    expect(await cash(b)).toBe(990_00n);

    const round = await drawn('red', before.round.id);
    expect(sha256(round.server_seed!)).toBe(before.round.commitment);
    const expected = independentDraw(round);
    expect(round.result).toMatchObject({
      winning_ticket: expected.ticket.toString(),
      winner_seat: expected.seat,
      prize: '38.00',
      commission: '2.00',
    });
    const [winner, loser] = expected.seat === 0 ? [a, b] : [b, a];
    const winnerStake = expected.seat === 0 ? 30_00n : 10_00n;
    expect(await cash(winner)).toBe(1_000_00n - winnerStake + 38_00n);
    expect(await cash(loser)).toBe(1_000_00n - (40_00n - winnerStake));
    // The site-wide feed shows each player's stake in the round, the winner's paid.
    const feed = (await g.t.app.inject({ url: '/api/games/feed?kind=all' })).json().data as {
      game: string;
      amount: string;
      payout: string;
    }[];
    expect(
      feed
        .filter((item) => item.game === 'rooms')
        .slice(0, 2)
        .map((item) => [item.amount, item.payout])
        .sort(),
    ).toEqual(
      [
        [expected.seat === 0 ? '30.00' : '10.00', '38.00'],
        [expected.seat === 0 ? '10.00' : '30.00', '0.00'],
      ].sort(),
    );
    // Each player's history line of the round opens the verifier on the revealed seed.
    for (const p of [a, b]) {
      const line = (await call(p, 'GET', '/profile/history?type=bet')).json().data[0];
      expect(line).toMatchObject({ game: 'rooms', status: 'completed' });
      expect(Object.fromEntries(new URLSearchParams(line.verify))).toEqual({
        game: 'rooms',
        server_seed: round.server_seed,
        round_id: round.id,
        tickets: '4000',
        commitment: round.commitment,
      });
    }

    // The room opened its next round with a new commitment; the drawn one is `last`.
    const after = await state('red');
    expect(after.last?.id).toBe(round.id);
    expect(after.round).toMatchObject({ status: 'open', pot: '0.00' });
    expect(after.round.commitment).not.toBe(before.round.commitment);

    // /ws: joined, joined, drawn, with consecutive versions; the draw carries the next round.
    await expect.poll(() => recording.events.length).toBe(3);
    const { events } = recording;
    expect(events.map((e) => e.data.kind)).toEqual(['joined', 'joined', 'drawn']);
    expect(events.map((e) => e.version - events[0]!.version)).toEqual([0, 1, 2]);
    expect(events[2]!.data.round.result?.winner_seat).toBe(expected.seat);
    expect(events[2]!.data.next?.id).toBe(after.round.id);
    expect(after.version).toBe(events[2]!.version);
    await recording.off();
  });

  test('50 players: the draw lands on the ticket the fairness algorithm gives; money is conserved', async () => {
    const players = await Promise.all(Array.from({ length: 50 }, () => player(10_000_00n)));
    const round = (await state('yellow')).round;
    const stakes = players.map((_, i) => 10 + ((i * 37) % 90));
    // Sequential joins, so seats follow the array; every tenth player adds to their stake.
    for (const [i, p] of players.entries()) {
      const res = await join(p, 'yellow', String(stakes[i]), { round_id: round.id });
      expect(res.statusCode, res.body).toBe(200);
      if (i === 1) await setDeadline(round.id, 'later');
      if (i % 10 === 0) expect((await add(p, 'yellow', '10', round.id)).statusCode).toBe(200);
    }
    await setDeadline(round.id, 'now');
    const done = await drawn('yellow', round.id);
    const total = stakes.reduce((sum, s) => sum + s, 0) + 5 * 10;
    expect(done.pot).toBe(`${total}.00`);
    expect(done.players).toHaveLength(50);
    const expected = independentDraw(done);
    expect(done.result?.winner_seat).toBe(expected.seat);
    expect(minor(done.result!.prize)).toBe(expected.prize);
    const balances = await Promise.all(players.map((p) => cash(p)));
    const paidIn = BigInt(players.length) * 10_000_00n - balances.reduce((sum, b) => sum + b, 0n);
    expect(paidIn).toBe(expected.commission);
    expect(balances[expected.seat]).toBe(
      10_000_00n - minor(done.players[expected.seat]!.stake) + expected.prize,
    );
  });

  test('add to a stake: more tickets at the end of the pot; only for a player in the round', async () => {
    const a = await player(1_000_00n);
    const b = await player(1_000_00n);
    const round = (await state('purple')).round;
    expect((await add(a, 'purple', '50', round.id)).json().errors).toEqual({ room: ['not_joined'] });
    await join(a, 'purple', '50', { round_id: round.id });
    expect((await join(a, 'purple', '50')).json().errors).toEqual({ room: ['already_joined'] });
    const raised = await add(a, 'purple', '60', round.id);
    expect(raised.json().data).toMatchObject({ seat: 0, stake: '110.00', balance: '890.00' });
    expect(raised.json().data.round.players[0].tickets).toEqual([
      { from: '0', to: '4999' },
      { from: '5000', to: '10999' },
    ]);
    // The room's maximum holds for a player's whole stake (RUB: the coinflip maximum, 10 000).
    const over = await add(a, 'purple', '9900', round.id);
    expect(over.json().errors).toEqual({ amount: ['bet_above_max:10000.00'] });
    const joinedB = await join(b, 'purple', '50');
    const interleaved = await add(a, 'purple', '50', round.id);
    expect(joinedB.statusCode).toBe(200);
    expect(interleaved.json().data.round.players[0].tickets.at(-1)).toEqual({ from: '16000', to: '20999' });
    expect(interleaved.json().data.round.players[1]).toMatchObject({ stake: '50.00', chance: '23.81' });
    await drawn('purple', round.id);
  });

  test('room stakes count toward the weekly VIP bonus once their round is drawn; an open or refunded one never', async () => {
    const p = await player(100_00n, 'EUR');
    const other = await player(100_00n, 'EUR');
    const red = (await state('red', 'EUR')).round;
    const yellow = (await state('yellow', 'EUR')).round;
    expect((await join(p, 'red', '20', { round_id: red.id })).statusCode).toBe(200);
    expect((await join(other, 'red', '20', { round_id: red.id })).statusCode).toBe(200);
    expect((await join(p, 'yellow', '28', { round_id: yellow.id })).statusCode).toBe(200);
    const weekly = async () => (await call(p, 'GET', '/vip/status')).json().data;
    // Nothing is settled yet: no points, no weekly bonus (docs/bonuses.md "Settled stakes").
    expect(await weekly()).toMatchObject({ points: '0', weekly: { amount: '0.00' } });
    expect((await call(p, 'POST', '/games/rooms/yellow/leave', { round_id: yellow.id })).statusCode).toBe(
      200,
    );
    await setDeadline(red.id, 'now');
    await drawn('red', red.id, 'EUR');
    const lastWeek = new Date(previousPeriods(new Date()).weekly.from.getTime() + 86_400_000);
    await g.t.database.query('update room_rounds set settled_at = $1 where id = $2', [lastWeek, red.id]);
    await g.t.database.query(`update wagers set settled_at = $1 where ref like 'room:' || $2 || ':%'`, [
      lastWeek,
      red.id,
    ]);
    // The drawn 20.00 EUR (2,000 points: level 0) at 0.05 % is 0.01; the 28.00 refunded never counted.
    expect(await weekly()).toMatchObject({ points: '2000', weekly: { amount: '0.01' } });
  });

  test('a player alone in a round leaves and gets the stake back; once it starts, nobody can leave', async () => {
    const a = await player(500_00n);
    const b = await player(500_00n);
    const round = (await state('red', 'USD')).round;
    const usd = await player(5_00n, 'USD');
    await join(usd, 'red', '0.50');
    // RUB players are in another round of the same room.
    const rub = (await state('red')).round;
    await join(a, 'red', '20', { round_id: rub.id });
    await add(a, 'red', '5', rub.id);
    const left = await call(a, 'POST', '/games/rooms/red/leave', { round_id: rub.id }, 'leave-key-0001');
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toMatchObject({ refunded: '25.00', balance: '500.00' });
    expect(left.json().data.round).toMatchObject({ id: rub.id, status: 'open', pot: '0.00', players: [] });
    expect(await cash(a)).toBe(500_00n);
    // A retried leave answers the first answer and refunds nothing more.
    const again = await call(a, 'POST', '/games/rooms/red/leave', { round_id: rub.id }, 'leave-key-0001');
    expect(again.json().data).toMatchObject({ refunded: '25.00', balance: '500.00' });
    expect(await cash(a)).toBe(500_00n);
    expect((await call(a, 'POST', '/games/rooms/red/leave', { round_id: rub.id })).json().errors).toEqual({
      room: ['not_joined'],
    });
    // The freed round is joined again from ticket 0; with two players it has started.
    await join(a, 'red', '10', { round_id: rub.id });
    const started = await join(b, 'red', '10', { round_id: rub.id });
    expect(started.json().data.round.players[0].tickets).toEqual([{ from: '0', to: '999' }]);
    const refused = await call(b, 'POST', '/games/rooms/red/leave', { round_id: rub.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ room: ['round_started'] });
    expect(await cash(b)).toBe(490_00n);
    await drawn('red', rub.id);
    expect((await state('red', 'USD')).round).toMatchObject({ id: round.id, pot: '0.50' });
  });

  test('refusals change nothing: below the room minimum, above the balance, malformed, wrong round', async () => {
    const p = await player(20_00n);
    const usd = await player(1_00n, 'USD');
    const version = (await state('yellow')).version;
    const cases: [Player, Room, Record<string, unknown>, Record<string, string[]>][] = [
      [p, 'yellow', { amount: '9.99' }, { amount: ['bet_below_min:10.00'] }],
      [usd, 'yellow', { amount: '0.09' }, { amount: ['bet_below_min:0.10'] }],
      [usd, 'purple', { amount: '0.49' }, { amount: ['bet_below_min:0.50'] }],
      [p, 'yellow', { amount: '25' }, { amount: ['insufficient_funds'] }],
      [p, 'yellow', { amount: '10.001' }, { amount: ['invalid_amount'] }],
      [p, 'yellow', { amount: '-10' }, { amount: ['invalid_amount'] }],
      [p, 'yellow', { amount: '10', round_id: '1' }, { room: ['round_closed'] }],
      [p, 'yellow', { amount: '10', round_id: 'x' }, { round_id: ['invalid_round'] }],
    ];
    for (const [who, room, body, errors] of cases) {
      const res = await call(who, 'POST', `/games/rooms/${room}/join`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const unknown = await call(p, 'POST', '/games/rooms/green/join', { amount: '10' });
    expect(unknown.json().errors).toEqual({ room: ['invalid_room'] });
    const noCurrency = await g.t.app.inject({
      method: 'POST',
      url: '/api/games/rooms/red/join',
      headers: bearer((await register(g.t)).token),
      payload: { amount: '1' },
    });
    expect(noCurrency.json().errors).toEqual({ currency: ['currency_required'] });
    expect(await cash(p)).toBe(20_00n);
    expect(await cash(usd, 'USD')).toBe(1_00n);
    expect((await state('yellow')).version).toBe(version);
    expect((await call(p, 'GET', '/games/rooms/yellow/mine')).json().data).toBeNull();
  });

  test('idempotent retries: one stake per key, also 20 at once; another body under the key is a conflict', async () => {
    const p = await player(100_00n);
    const round = (await state('yellow')).round;
    const key = 'room-join-key-0001';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => join(p, 'yellow', '10', { round_id: round.id }, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(new Array(20).fill(200));
    expect(new Set(answers.map((res) => res.json().data.balance))).toEqual(new Set(['90.00']));
    expect(await cash(p)).toBe(90_00n);
    const mine = (await call(p, 'GET', '/games/rooms/yellow/mine')).json().data;
    expect(mine).toEqual({ round_id: round.id, seat: expect.any(Number), stake: '10.00' });
    const conflict = await join(p, 'yellow', '11', { round_id: round.id }, key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors).toEqual({ idempotency_key: ['idempotency_conflict'] });
    // 20 different keys of one player at once: one join, the others are told they are in.
    const q = await player(100_00n);
    const racing = await Promise.all(Array.from({ length: 20 }, () => join(q, 'yellow', '10')));
    expect(racing.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(new Set(racing.filter((res) => res.statusCode !== 200).map((res) => res.body))).toEqual(
      new Set([JSON.stringify({ errors: { room: ['already_joined'] } })]),
    );
    expect(await cash(q)).toBe(90_00n);
    await drawn('yellow', round.id);
  });

  test('rounds are numbered in each room and currency: 1, 2, 3, whatever other rooms draw meanwhile', async () => {
    const a = await player(1_000_00n, 'INR');
    const b = await player(1_000_00n, 'INR');
    const play = async (room: Room) => {
      const round = (await state(room, 'INR')).round;
      await join(a, room, '50', { round_id: round.id });
      await join(b, room, '50', { round_id: round.id });
      await setDeadline(round.id, 'now');
      await drawn(room, round.id, 'INR');
      return round;
    };
    const first = await play('purple');
    await play('yellow');
    await play('yellow');
    const second = await play('purple');
    expect(second.number).toBe(first.number + 1);
    expect((await state('purple', 'INR')).round.number).toBe(second.number + 1);
  });

  test('a round is drawn once: 20 draws at once pay one prize', async () => {
    const a = await player(100_00n);
    const b = await player(100_00n);
    const round = (await state('purple')).round;
    await join(a, 'purple', '50', { round_id: round.id });
    await join(b, 'purple', '50', { round_id: round.id });
    await setDeadline(round.id, 'now');
    const deps = {
      ...g.t,
      aliasKey: createSecretKey(Buffer.from('test-alias-key')),
      log: g.t.app.log,
      publishBalances: () => {},
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => drawRound(deps, round.id)));
    expect(results.filter((r) => r !== null).length).toBeLessThanOrEqual(1);
    const settled = await drawn('purple', round.id);
    const wins = await g.t.database.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
      [`room-win:${round.id}`],
    );
    expect(wins[0]!.n).toBe(1);
    expect((await cash(a)) + (await cash(b))).toBe(200_00n - minor(settled.result!.commission));
  });

  test('the history shows a round once; the ledger balances', async () => {
    const p = await player(100_00n);
    const q = await player(100_00n);
    const round = (await state('red')).round;
    await join(p, 'red', '5', { round_id: round.id });
    await add(p, 'red', '5', round.id);
    await join(q, 'red', '10', { round_id: round.id });
    const done = await drawn('red', round.id);
    const lines = (await call(p, 'GET', '/profile/history')).json().data as {
      type: string;
      amount: string;
      game: string;
    }[];
    const won = done.result!.winner_seat === 0;
    expect(lines.filter((line) => line.game === 'rooms')).toEqual([
      expect.objectContaining({ type: 'bet', amount: won ? '9.00' : '-10.00', status: 'completed' }),
    ]);
    expect(await checkLedger(g.t.database)).toEqual([]);
  });

  test('no answer shows a round’s server seed before its draw', async () => {
    const p = await player(100_00n);
    const joined = await join(p, 'purple', '50');
    const live = await g.t.database.query<{ server_seed: string }>(
      `select server_seed from room_rounds where status <> 'settled'`,
    );
    expect(live.length).toBeGreaterThan(0);
    const bodies = await Promise.all([
      joined.body,
      g.t.app.inject({ url: '/api/games/rooms?currency=RUB' }).then((r) => r.body),
      g.t.app.inject({ url: '/api/games/rooms/purple?currency=RUB' }).then((r) => r.body),
      g.t.app.inject({ url: '/api/games/rooms/purple/rounds?currency=RUB' }).then((r) => r.body),
    ]);
    for (const { server_seed } of live) {
      expect(bodies.filter((body) => body.includes(server_seed))).toEqual([]);
      expect(g.logs.filter((line) => line.includes(server_seed))).toEqual([]);
    }
  });
});
