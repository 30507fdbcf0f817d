import { afterEach, describe, expect, test } from 'vitest';
import { placeMines, TILES } from '../../src/games/miner/engine.ts';
import { balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { CrashState } from '../../src/shared/api/crash.ts';
import { bonusApi, ok, unique } from '../helpers/bonus.ts';
import { crashed, holdBetting, inFlight, release, waitForState } from '../helpers/crash.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/**
 * The bonus economy against the ways players tried to turn bonus money into cash without wagering
 * it (docs/bonuses.md "Bonus money", "Settled stakes"): each test is one such attempt, and each
 * ends with the cash exactly what real money earned.
 */
const OPERATOR = 'operator-token-bonus-economy-0123456789';
const g = gamesBench({
  OPERATOR_API_TOKEN: OPERATOR,
  CRASH_DRIVER: 'true',
  CRASH_BETTING_MS: '400',
  CRASH_PAUSE_MS: '50',
  CRASH_CHAIN_LENGTH: '25000',
  ROOMS_COUNTDOWN_MS: '600000',
  KYC_ON_FIRST_WITHDRAWAL: 'false',
  KYC_THRESHOLD_MIN_PAYOUTS: '1000',
  SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
  PROMO_TRIES_PER_MINUTE: '5',
  PROMO_TRIES_PER_MINUTE_PER_ADDRESS: '30',
});
const { player, call, cash } = g;
const { operator, campaign, promo, activeBonus, grants } = bonusApi(() => g.t, OPERATOR);

afterEach(async () => {
  expect(await checkLedger(g.t.database)).toEqual([]);
});

const bonusOf = (p: Player) => balanceOf(g.t.database, { userId: p.id, kind: 'bonus' }, 'RUB');
const minor = (decimal: string) => BigInt(Math.round(Number(decimal) * 100));
/** The grant as stored, whatever a read of the player's bonuses would sweep first. */
async function stored(id: string) {
  const [row] = await g.t.database.query<{ status: string; end_reason: string | null }>(
    'select status, end_reason from bonus_grants where id = $1',
    [id],
  );
  return row!;
}

/** Polls come from addresses of their own, so they never meet the API's rate limit. */
let poll = 0;
const stateOf = async (): Promise<CrashState> => {
  const res = await g.t.app.inject({ url: '/api/games/crash', remoteAddress: `10.78.0.${poll++ % 250}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const cancel = (p: Player, grantId: string) => call(p, 'POST', `/bonus/grants/${grantId}/cancel`);

/** Makes a room round due now and waits until the leader has drawn it. */
async function drawNow(roundId: string) {
  await g.t.database.query(
    "update room_rounds set countdown_ends_at = now() - interval '1 millisecond' where id = $1",
    [roundId],
  );
  await expect
    .poll(async () => (await storedRound(roundId)).status, { timeout: 15_000, interval: 50 })
    .toBe('settled');
  return storedRound(roundId);
}

async function storedRound(roundId: string) {
  const [row] = await g.t.database.query<{ status: string; winner_id: string | null; prize: string | null }>(
    'select status, winner_id::text, prize::text from room_rounds where id = $1',
    [roundId],
  );
  return row!;
}

describe('stakes handed back before they were played', () => {
  test('joining three rooms with a bonus and leaving them wagers nothing, levels nothing, pays nothing', async () => {
    const p = await player(300_00n);
    const grantId = await activeBonus(p.headers, { wager: 1 });
    const rounds: [string, string][] = [];
    for (const room of ['red', 'yellow', 'purple']) {
      const joined = ok(await call(p, 'POST', `/games/rooms/${room}/join`, { amount: '100' }));
      rounds.push([room, joined.data.round.id]);
    }
    for (const [room, roundId] of rounds)
      ok(await call(p, 'POST', `/games/rooms/${room}/leave`, { round_id: roundId }));
    expect(await cash(p)).toBe(300_00n);
    expect(await bonusOf(p)).toBe(100_00n);
    expect((await grants(p.headers)).active).toMatchObject({ id: grantId, wagered: '0.00' });
    const vip = ok(await call(p, 'GET', '/vip/status')).data;
    expect(vip).toMatchObject({ level: -1, points: '0', rakeback: '0.00' });
    expect((await call(p, 'POST', '/vip/rakeback/claim')).statusCode).toBe(409);
    expect((await grants(p.headers)).available).toEqual([]);
  });

  test('a room stake counts once its round is drawn: VIP points, and 0 % of a bonus unless the campaign names rooms', async () => {
    const a = await player(1_000_00n);
    const b = await player(1_000_00n);
    await activeBonus(a.headers, { wager: 10 });
    await activeBonus(b.headers, { wager: 10, weights: { default: 100, rooms: 50 } });
    const round = ok(await call(a, 'POST', '/games/rooms/yellow/join', { amount: '200' })).data.round;
    ok(await call(b, 'POST', '/games/rooms/yellow/join', { amount: '200', round_id: round.id }));
    // Not drawn yet: nothing counted.
    expect(ok(await call(a, 'GET', '/vip/status')).data.points).toBe('0');
    await drawNow(round.id);
    for (const p of [a, b]) expect(ok(await call(p, 'GET', '/vip/status')).data.points).toBe('200');
    expect((await grants(a.headers)).active.wagered).toBe('0.00');
    expect((await grants(b.headers)).active.wagered).toBe('100.00');
  });
});

describe('cancelling a bonus whose money is still in play', () => {
  test('a miner round paid by the bonus: cashed out after the cancel, its win is lost with the bonus', async () => {
    const p = await player(0n);
    const grantId = await activeBonus(p.headers, { wager: 30, amount: { RUB: '10' } });
    const field = ok(await call(p, 'POST', '/games/miner/start', { amount: '10', mines: 3 })).data.bet;
    expect(await bonusOf(p)).toBe(0n);
    expect(ok(await cancel(p, grantId)).data).toMatchObject({ status: 'forfeited', forfeited: '0.00' });
    const mines = placeMines(await g.floatsOf(field, 3), 3);
    const gem = Array.from({ length: TILES }, (_, i) => i).find((tile) => !mines.includes(tile))!;
    ok(await call(p, 'POST', '/games/miner/reveal', { tile: gem, index: 0, bet_id: field.id }));
    const out = ok(await call(p, 'POST', '/games/miner/cashout', {})).data.bet;
    expect(minor(out.payout)).toBeGreaterThan(10_00n);
    expect(await cash(p)).toBe(0n);
    expect(await bonusOf(p)).toBe(0n);
    const [past] = (await grants(p.headers)).past;
    expect(past).toMatchObject({ id: grantId, status: 'forfeited', won: out.payout, forfeited: out.payout });
  });

  test('a crash bet paid by the bonus: cashed out in flight after the cancel, its win is lost with the bonus', async () => {
    const p = await player(0n);
    const grantId = await activeBonus(p.headers, { wager: 30, amount: { RUB: '10' } });
    const id = await holdBetting(stateOf, g.t.database, 100_000);
    ok(await call(p, 'POST', '/games/crash/bet', { amount: '10', round_id: id }));
    expect(await bonusOf(p)).toBe(0n);
    await release(g.t.database, id);
    await inFlight(stateOf, id);
    ok(await cancel(p, grantId));
    await waitForState(stateOf, (s) => s.round?.id === id && s.server_time - (s.round.started_at ?? 0) > 300);
    const out = ok(await call(p, 'POST', '/games/crash/cashout', { round_id: id })).data.bet;
    expect(minor(out.payout)).toBeGreaterThan(10_00n);
    expect(await cash(p)).toBe(0n);
    expect(await bonusOf(p)).toBe(0n);
    expect((await grants(p.headers)).past[0]).toMatchObject({ id: grantId, forfeited: out.payout });
    await g.t.database.query('update crash_rounds set crash_point = 101 where id = $1', [id]);
    await crashed(stateOf, id);
  });

  test('a room stake is never paid by the bonus: with no cash there is nothing to join with', async () => {
    const p = await player(0n);
    await activeBonus(p.headers, { wager: 30, amount: { RUB: '100' } });
    const refused = await call(p, 'POST', '/games/rooms/red/join', { amount: '10' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ amount: ['insufficient_funds'] });
  });
});

describe('what bonus money wins stays bonus money', () => {
  test('a winning bet paid by the bonus pays the bonus balance; a cancel then leaves the cash untouched', async () => {
    const p = await player(0n);
    const grantId = await activeBonus(p.headers, { wager: 30, amount: { RUB: '100' } });
    let won: { payout: string } | undefined;
    for (let i = 0; i < 20 && !won; i += 1) {
      const bet = ok(
        await call(p, 'POST', '/games/dice/bet', { amount: '5', target: '49.50', direction: 'over' }),
      ).data.bet;
      if (minor(bet.payout) > 0n) won = bet;
    }
    expect(won).toBeDefined();
    expect(await cash(p)).toBe(0n);
    const held = await bonusOf(p);
    expect((await grants(p.headers)).active).toMatchObject({
      won: won!.payout,
      held: (Number(held) / 100).toFixed(2),
    });
    ok(await cancel(p, grantId));
    expect(await cash(p)).toBe(0n);
    expect(await bonusOf(p)).toBe(0n);
  });

  test('a stake paid partly in cash: the win splits like the stake, and rakeback accrues on the cash part only', async () => {
    const p = await player(4_00n);
    await activeBonus(p.headers, { wager: 30, amount: { RUB: '100' } });
    const bet = ok(
      await call(p, 'POST', '/games/dice/bet', { amount: '10', target: '4.00', direction: 'over' }),
    ).data.bet;
    const payout = minor(bet.payout);
    const cashShare = (payout * 4_00n) / 10_00n;
    expect(await cash(p)).toBe(cashShare);
    expect(await bonusOf(p)).toBe(100_00n - 6_00n + (payout - cashShare));
    const [progress] = await g.t.database.query<{ wagered: string; edge: string }>(
      "select wagered::text, edge::text from vip_progress where user_id = $1 and currency = 'RUB'",
      [p.id],
    );
    // Dice's edge is 1 % (100 basis points): only the 4.00 of cash earns rakeback.
    expect(progress).toEqual({ wagered: '1000', edge: String(4_00n * 100n) });
  });
});

describe('deadlines, concurrency and guesses', () => {
  test('30 bets paid by the bonus at once, a cancel among them: the cash stays 0, the bonus ends at 0', async () => {
    const p = await player(0n);
    const grantId = await activeBonus(p.headers, { wager: 30, amount: { RUB: '100' } });
    const bets = Array.from({ length: 30 }, () =>
      call(p, 'POST', '/games/dice/bet', { amount: '1', target: '49.50', direction: 'over' }),
    );
    const [cancelled, ...answers] = await Promise.all([cancel(p, grantId), ...bets]);
    expect(cancelled!.statusCode, cancelled!.body).toBe(200);
    for (const a of answers) {
      expect([200, 422]).toContain(a.statusCode);
      if (a.statusCode === 422) expect(a.json().errors).toEqual({ amount: ['insufficient_funds'] });
    }
    expect(await cash(p)).toBe(0n);
    expect(await bonusOf(p)).toBe(0n);
  });

  test('past its deadline a bonus ends at a withdrawal, before any sweep has seen it', async () => {
    const p = await player(500_00n);
    const grantId = await activeBonus(p.headers, { wager: 10 });
    await g.t.database.query(
      `update bonus_grants set expires_at = now() - interval '1 second' where id = $1`,
      [grantId],
    );
    ok(
      await call(
        p,
        'POST',
        '/payments/withdrawals',
        { amount: '200', method: 'sandbox_card', details: { card: '4242' } },
        unique('w'),
      ),
    );
    expect(await stored(grantId)).toEqual({ status: 'forfeited', end_reason: 'expired' });
    expect(await bonusOf(p)).toBe(0n);
  });

  test('two bonuses activated at once: one is, the other is told one is active (409), never a 500', async () => {
    const p = await player(0n);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const code = await promo((await campaign()).id);
      ids.push(ok(await call(p, 'POST', '/bonus/promo', { code })).data.id);
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(p, 'POST', `/bonus/grants/${ids[i % 2]}/activate`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    const activated = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.id);
    expect(new Set(activated).size).toBe(1);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().errors.bonus[0]).toMatch(/^bonus_(already_active|not_available)$/);
  });

  test('promo-code guesses: five a minute per player, then 429 on the code with the wait', async () => {
    const p = await player(0n);
    for (let i = 0; i < 5; i += 1) {
      const miss = await call(p, 'POST', '/bonus/promo', { code: `GUESS${i}` });
      expect(miss.json().errors).toEqual({ code: ['promo_invalid'] });
    }
    const stopped = await call(p, 'POST', '/bonus/promo', { code: 'GUESS5' });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().errors.code[0]).toMatch(/^too_many_attempts:\d+$/);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // A good code is refused as well now: the limit counts tries, not misses.
    const code = await promo((await campaign()).id);
    expect((await call(p, 'POST', '/bonus/promo', { code })).statusCode).toBe(429);
  });

  test('promo-code guesses: thirty a minute per address, whichever players send them', async () => {
    const address = '10.79.1.1';
    const tries = await Promise.all(
      Array.from({ length: 31 }, async (_, i) => {
        const p = await player(0n);
        return g.t.app.inject({
          method: 'POST',
          url: '/api/bonus/promo',
          headers: p.headers,
          remoteAddress: address,
          payload: { code: `ADDR${i}` },
        });
      }),
    );
    const statuses = tries.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});

describe('the operator API', () => {
  test('a campaign read and written back unchanged stays unchanged (amounts in major units both ways)', async () => {
    const created = await campaign({
      amount: { RUB: '500', USD: '5.50' },
      max_bet: { RUB: '50' },
      max_conversion: { RUB: '1000' },
      weights: { default: 100, roulette: 10 },
      wager: 35,
    });
    const read = async () =>
      ok(await operator('GET', '/operator/bonus/campaigns')).data.find(
        (c: { id: string }) => c.id === created.id,
      );
    const before = await read();
    expect(before).toMatchObject({
      amount: { RUB: '500.00', USD: '5.50' },
      max_bet: { RUB: '50.00' },
      wager: 35,
    });
    ok(await operator('PUT', `/operator/bonus/campaigns/${created.id}`, before));
    expect(await read()).toEqual(before);
  });

  test('cashback counts the losses of every game: crash and rooms as well as the originals', async () => {
    const c = await campaign({ kind: 'cashback', amount: undefined, percent: 10, wager: 1 });
    const from = new Date(Date.now() - 60_000);
    const p = await player(1_000_00n);
    const q = await player(1_000_00n);
    // Crash: a bet that crashes at 1.00 (lost).
    const id = await holdBetting(stateOf, g.t.database, 100);
    ok(await call(p, 'POST', '/games/crash/bet', { amount: '100', round_id: id }));
    await release(g.t.database, id);
    await crashed(stateOf, id);
    // Rooms: two players, one round.
    const round = ok(await call(p, 'POST', '/games/rooms/purple/join', { amount: '100' })).data.round;
    ok(await call(q, 'POST', '/games/rooms/purple/join', { amount: '100', round_id: round.id }));
    const drawn = await drawNow(round.id);
    ok(
      await operator('POST', `/operator/bonus/campaigns/${c.id}/cashback`, {
        from: from.toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    // p lost 100 at crash, and the room unless p won it (then the pot less the stake came back).
    const roomLoss = drawn.winner_id === p.id ? 100_00n - BigInt(drawn.prize ?? '0') : 100_00n;
    const expected = ((100_00n + roomLoss) * 10n) / 100n;
    const granted = (await grants(p.headers)).available.find((x: { kind: string }) => x.kind === 'cashback');
    if (expected > 0n) expect(minor(granted.amount)).toBe(expected);
    else expect(granted).toBeUndefined();
  });
});
