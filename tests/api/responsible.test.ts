import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { appForFile } from '../helpers/app.ts';
import { bearer, STRONG_PASSWORD } from '../helpers/auth.ts';
import { newPlayer, playerWithCash, startDeposit } from '../helpers/players.ts';

/**
 * A player's own limits through the real API (docs/responsible-gambling.md): a new or lower limit
 * in force at once, a higher one or a removal only after 24 hours and a confirmation (the test
 * moves the clock), and the deposit limit enforced in the deposit's own transaction, before the
 * provider is called, even with a hundred deposits at once.
 */
const clock = new ManualClock(Date.now());
const t = appForFile({}, { clock });
const HOUR = 3_600_000;

type Body = Record<string, unknown>;

/** A fresh access token after the clock moved past the last one's life. */
async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/login/email/password',
    payload: { email, password: STRONG_PASSWORD, fp: 'responsible' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const limits = (token: string) => t.app.inject({ url: '/api/responsible/limits', headers: bearer(token) });
const setLimit = (token: string, payload: Body) =>
  t.app.inject({ method: 'PUT', url: '/api/responsible/limits', headers: bearer(token), payload });
const confirm = (token: string, payload: Body) =>
  t.app.inject({ method: 'POST', url: '/api/responsible/limits/confirm', headers: bearer(token), payload });

/** The player's limits as `[period, amount, pending amount or 'removal' or null]`. */
async function shown(token: string) {
  const res = await limits(token);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .data.limits.map((l: Body) => [
      l.period,
      l.amount,
      l.pending ? ((l.pending as Body).amount ?? 'removal') : null,
    ]);
}

/** The player's deposits as stored: how many, and their sum in minor units. */
async function deposits(userId: string) {
  const [row] = await t.database.query<{ n: number; total: string }>(
    `select count(*)::int as n, coalesce(sum(amount), 0)::text as total
       from payments where user_id = $1 and direction = 'deposit'`,
    [userId],
  );
  return row!;
}

describe('limits', () => {
  test('a limit or a lower one applies at once; a higher one or a removal waits 24 hours and a confirmation', async () => {
    const p = await newPlayer(t, { currency: 'USD' });
    expect((await limits(p.token)).json()).toEqual({ data: { currency: 'USD', limits: [] } });
    const later = async (ms: number) => {
      clock.advance(ms);
      p.token = await signIn(p.email);
    };

    expect((await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '100' })).statusCode).toBe(200);
    expect(await shown(p.token)).toEqual([['day', '100.00', null]]);
    // Lower: at once.
    const lower = await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '50' });
    expect(lower.json().data.limits[0]).toMatchObject({ amount: '50.00', used: '0.00', remaining: '50.00' });

    // Higher: waits; the lower limit stays in force meanwhile.
    const higher = await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '500' });
    expect(higher.statusCode).toBe(200);
    const pending = higher.json().data.limits[0].pending;
    expect(pending).toMatchObject({ amount: '500.00', confirmable: false });
    expect(Date.parse(pending.confirmable_at) - Date.parse(pending.since)).toBe(24 * HOUR);
    expect(await shown(p.token)).toEqual([['day', '50.00', '500.00']]);
    const early = await confirm(p.token, { kind: 'deposit', period: 'day' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.limit[0]).toMatch(/^limit_cooling_off/);
    await later(23 * HOUR);
    // Asking again for the same does not restart the wait.
    await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '500' });
    expect((await confirm(p.token, { kind: 'deposit', period: 'day' })).statusCode).toBe(409);
    await later(HOUR);
    // Past the cooling-off it still waits for the player: nothing changes by itself.
    expect(await shown(p.token)).toEqual([['day', '50.00', '500.00']]);
    expect((await limits(p.token)).json().data.limits[0].pending.confirmable).toBe(true);
    const confirmed = await confirm(p.token, { kind: 'deposit', period: 'day' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await shown(p.token)).toEqual([['day', '500.00', null]]);
    expect((await confirm(p.token, { kind: 'deposit', period: 'day' })).statusCode).toBe(409);

    // Several periods at once; a removal waits as an increase does.
    await setLimit(p.token, { kind: 'deposit', period: 'month', amount: '2000' });
    await setLimit(p.token, { kind: 'deposit', period: 'week', amount: '1000' });
    expect(await shown(p.token)).toEqual([
      ['day', '500.00', null],
      ['week', '1000.00', null],
      ['month', '2000.00', null],
    ]);
    await setLimit(p.token, { kind: 'deposit', period: 'week', amount: null });
    expect(await shown(p.token)).toContainEqual(['week', '1000.00', 'removal']);
    await later(24 * HOUR);
    expect((await confirm(p.token, { kind: 'deposit', period: 'week' })).statusCode).toBe(200);
    expect(await shown(p.token)).toEqual([
      ['day', '500.00', null],
      ['month', '2000.00', null],
    ]);
  });

  test('bad input is refused and changes nothing', async () => {
    const p = await newPlayer(t, { currency: 'USD' });
    for (const payload of [
      { kind: 'deposit', period: 'day', amount: '0' },
      { kind: 'deposit', period: 'day', amount: '-5' },
      { kind: 'deposit', period: 'day', amount: '1.234' },
      { kind: 'deposit', period: 'year', amount: '10' },
      { kind: 'casino', period: 'day', amount: '10' },
      { kind: 'deposit', period: 'day' },
    ]) {
      const res = await setLimit(p.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await shown(p.token)).toEqual([]);
    const nothing = await confirm(p.token, { kind: 'deposit', period: 'day' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ errors: { limit: ['limit_nothing_pending'] } });
    expect((await t.app.inject({ url: '/api/responsible/limits' })).statusCode).toBe(401);
  });
});

describe('the deposit limit', () => {
  test('a deposit over a freshly set limit is refused before the provider is called; the ledger is unchanged', async () => {
    const p = await newPlayer(t, { currency: 'USD' });
    const within = await startDeposit(t, p.token, { key: 'deposit-within', amount: '30' });
    expect(within.statusCode, within.body).toBe(200);
    await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '50' });
    const checkouts = async () =>
      Number(
        (await t.database.query<{ n: number }>('select count(*)::int as n from sandbox_checkouts'))[0]!.n,
      );
    const before = { deposits: await deposits(p.id), checkouts: await checkouts() };
    const over = await startDeposit(t, p.token, { key: 'deposit-over', amount: '25' });
    expect(over.statusCode).toBe(422);
    // The error names what the limit leaves: 50 − 30.
    expect(over.json()).toEqual({ errors: { amount: ['deposit_limit:20.00'] } });
    expect(await deposits(p.id)).toEqual(before.deposits);
    expect(await checkouts()).toBe(before.checkouts);
    expect(await checkLedger(t.database)).toEqual([]);
    // Up to the limit is fine, and a retry of an accepted deposit answers as before.
    const exact = await startDeposit(t, p.token, { key: 'deposit-exact', amount: '20' });
    expect(exact.statusCode).toBe(200);
    const again = await startDeposit(t, p.token, { key: 'deposit-exact', amount: '20' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(exact.json().data.id);
    expect((await limits(p.token)).json().data.limits[0]).toMatchObject({ used: '50.00', remaining: '0.00' });
    expect((await startDeposit(t, p.token, { key: 'deposit-one-more', amount: '1' })).statusCode).toBe(422);
  });

  test('a hundred deposits at once never go over the limit', async () => {
    const p = await newPlayer(t, { currency: 'USD' });
    await setLimit(p.token, { kind: 'deposit', period: 'week', amount: '1000' });
    await setLimit(p.token, { kind: 'deposit', period: 'day', amount: '500' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        startDeposit(t, p.token, { key: `deposit-many-${i}`, amount: '15' }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 422).map((a) => a.body)).toEqual(
      [],
    );
    // 33 × 15 = 495 fit under the day's 500; the 34th would make 510.
    expect(accepted).toBe(33);
    expect(await deposits(p.id)).toEqual({ n: 33, total: String(33 * 15_00) });
  });
});

const dice = (token: string, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/dice/bet',
    headers: bearer(token),
    payload: { amount, target: '50', direction: 'under' },
  });
const cashOf = async (token: string) =>
  (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user.balance as string;

describe('the loss and wager limits', () => {
  test('a bet over the wager limit is refused and moves nothing; the one-statement bet hands the player over', async () => {
    const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
    await setLimit(p.token, { kind: 'wager', period: 'day', amount: '10' });
    for (let i = 0; i < 3; i++) expect((await dice(p.token, '3')).statusCode).toBe(200);
    const cash = await cashOf(p.token);
    const over = await dice(p.token, '3');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ errors: { amount: ['wager_limit:1.00'] } });
    expect(await cashOf(p.token)).toBe(cash);
    expect((await dice(p.token, '1')).statusCode).toBe(200);
    expect((await dice(p.token, '0.01')).statusCode).toBe(422);
    const view = (await limits(p.token)).json().data.limits;
    expect(view).toMatchObject([
      { kind: 'wager', period: 'day', amount: '10.00', used: '10.00', remaining: '0.00' },
    ]);
    const [bets] = await t.database.query<{ n: number; staked: string }>(
      `select count(*)::int as n, sum(stake)::text as staked from wagers where user_id = $1`,
      [p.id],
    );
    expect(bets).toEqual({ n: 4, staked: '1000' });
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a hundred bets at once stop at the wager limit; the loss limit counts what came back', async () => {
    const p = await playerWithCash(t, 1_000_00n, { currency: 'USD' });
    await setLimit(p.token, { kind: 'wager', period: 'week', amount: '50' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => dice(p.token, '1')));
    expect(answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 422).map((a) => a.body)).toEqual(
      [],
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(50);

    const q = await playerWithCash(t, 1_000_00n, { currency: 'USD' });
    await setLimit(q.token, { kind: 'loss', period: 'day', amount: '10' });
    const bets = await Promise.all(Array.from({ length: 100 }, () => dice(q.token, '1')));
    expect(bets.filter((a) => a.statusCode !== 200 && a.statusCode !== 422).map((a) => a.body)).toEqual([]);
    const [net] = await t.database.query<{ lost: string; n: number }>(
      `select (sum(stake) - sum(payout))::text as lost, count(*)::int as n from wagers where user_id = $1`,
      [q.id],
    );
    // Every accepted stake could have been lost: the net loss never passes the limit, and the
    // wins let more than ten bets through.
    expect(BigInt(net!.lost)).toBeLessThanOrEqual(10_00n);
    expect(bets.filter((a) => a.statusCode === 200).length).toBe(net!.n);
    expect(net!.n).toBeGreaterThan(10);
    const shown = (await limits(q.token)).json().data.limits[0];
    expect(shown).toMatchObject({ kind: 'loss', used: (Number(net!.lost) / 100).toFixed(2) });
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a lowered loss limit still counts what earlier stakes paid back', async () => {
    const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
    await setLimit(p.token, { kind: 'loss', period: 'day', amount: '10' });
    for (let i = 0; i < 8; i++) expect((await dice(p.token, '1')).statusCode).toBe(200);
    const [net] = await t.database.query<{ lost: string; won: number }>(
      `select (sum(stake) - sum(payout))::text as lost, count(*) filter (where payout > 0)::int as won
         from wagers where user_id = $1`,
      [p.id],
    );
    const used = (Number(net!.lost) / 100).toFixed(2);
    expect((await limits(p.token)).json().data.limits[0].used).toBe(used);
    // Lower at once; the used amount stays stakes less payouts, not the stakes alone.
    const lowered = (await setLimit(p.token, { kind: 'loss', period: 'day', amount: '9.99' })).json().data;
    expect(lowered.limits[0]).toMatchObject({ amount: '9.99', used });
    if (net!.won > 0) expect(used).not.toBe('8.00');
  });
});
