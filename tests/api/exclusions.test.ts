import { describe, expect, test } from 'vitest';
import { insertGrant } from '../../src/server/modules/bonus/repository.ts';
import { announcePrizes } from '../../src/server/modules/tournaments/announce.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { CrashState } from '../../src/shared/api/crash.ts';
import { bearer, refreshCookie, STRONG_PASSWORD } from '../helpers/auth.ts';
import { bonusApi, ok, unique } from '../helpers/bonus.ts';
import { holdBetting, release } from '../helpers/crash.ts';
import { gamesBench } from '../helpers/games.ts';
import { withTwoInstances } from '../helpers/instances.ts';
import { credit, newPlayer } from '../helpers/players.ts';
import { openSocket } from '../helpers/socket.ts';

/**
 * Time-outs, self-exclusion, closure and the operator's exclusions through the real API
 * (docs/responsible-gambling.md "Exclusions"): refused everywhere money moves (HTTP bets, socket
 * bets, crash rounds, deposits, bonuses, mails) and, for the blocking ones, at login and refresh,
 * with every session revoked at once. Exclusions run on the database's clock: a test moves an
 * exclusion's own times into the past instead.
 */
const OPERATOR = 'operator-token-exclusions-0123456789';
const g = gamesBench({
  OPERATOR_API_TOKEN: OPERATOR,
  CRASH_DRIVER: 'true',
  CRASH_BETTING_MS: '400',
  CRASH_PAUSE_MS: '50',
  CRASH_CHAIN_LENGTH: '25000',
  KYC_ON_FIRST_WITHDRAWAL: 'false',
  KYC_THRESHOLD_MIN_PAYOUTS: '100000',
});
const { campaign, promo } = bonusApi(() => g.t, OPERATOR);
const operator = { authorization: `Bearer ${OPERATOR}` };

type Body = Record<string, unknown>;

/** A player with 1,000.00 RUB who can log in again by e-mail and password. */
async function player() {
  const p = await newPlayer(g.t, { currency: 'RUB' });
  await credit(g.t, p.id, 100_000n);
  return { ...p, headers: bearer(p.token) };
}
type P = Awaited<ReturnType<typeof player>>;

const api = (
  p: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Body,
  key?: string,
) =>
  g.t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const login = (email: string) =>
  g.t.app.inject({
    method: 'POST',
    url: '/api/api/v2/auth/login/email/password',
    payload: { email, password: STRONG_PASSWORD, fp: 'exclusions' },
  });
const refresh = (cookie: string) =>
  g.t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { refresh_token: cookie } });

const dice = (p: P) =>
  api(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' }, unique('dice'));
const deposit = (p: P) =>
  api(p, 'POST', '/payments/deposits', { amount: '100', method: 'sandbox_card' }, unique('dep'));
const status = async (p: P) => ok(await api(p, 'GET', '/responsible/status')).data;
const cash = async (p: P) => (await api(p, 'GET', '/profile/user')).json().user.balance as string;
const bets = async (p: P) => (await api(p, 'GET', '/games/bets?per_page=1')).json().meta.total as number;

/** The account error of a refused answer. */
const refusal = (res: { statusCode: number; json: () => Body }) => ({
  status: res.statusCode,
  code: String(((res.json().errors as Record<string, string[]>).account ?? [''])[0]).split(':')[0],
});

const stateOf = async (): Promise<CrashState> =>
  (await g.t.app.inject({ url: '/api/games/crash', remoteAddress: '10.88.0.1' })).json().data;

describe('time-out', () => {
  test('only withdrawals and history: bets, crash, deposits and bonuses refused; never shortened', async () => {
    const p = await player();
    const code = await promo((await campaign()).id);
    expect((await dice(p)).statusCode).toBe(200);
    const before = await cash(p);
    const betsBefore = await bets(p);

    const taken = await api(p, 'POST', '/responsible/time-out', { days: 2, confirm: true });
    expect(taken.statusCode, taken.body).toBe(200);
    const exclusion = taken.json().data.exclusion;
    expect(exclusion).toMatchObject({ kind: 'time_out', effect: 'restricted', can_reopen: false });
    expect(Date.parse(exclusion.until) - Date.parse(exclusion.since)).toBe(2 * 86_400_000);

    // Play, deposits and bonuses: refused, nothing moves.
    expect(refusal(await dice(p))).toEqual({ status: 403, code: 'timed_out' });
    expect(refusal(await deposit(p))).toEqual({ status: 403, code: 'timed_out' });
    expect(refusal(await api(p, 'POST', '/bonus/promo', { code }))).toEqual({
      status: 403,
      code: 'timed_out',
    });
    const round = await holdBetting(stateOf, g.t.database);
    expect(
      refusal(await api(p, 'POST', '/games/crash/bet', { amount: '10', round_id: round }, unique('c'))),
    ).toEqual({
      status: 403,
      code: 'timed_out',
    });
    await release(g.t.database, round);
    // No tournament entry either.
    const race = await g.t.app.inject({
      method: 'POST',
      url: '/api/operator/tournaments',
      headers: operator,
      payload: {
        name: { en: 'Break race', ru: 'Гонка' },
        kind: 'wager',
        entry: 'opt_in',
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        currency: 'RUB',
        games: [{ product: 'originals', game: 'dice', weight: 100 }],
        prizes: [{ from: 1, to: 1, amount: '100' }],
      },
    });
    expect(race.statusCode, race.body).toBe(200);
    expect(refusal(await api(p, 'POST', `/tournaments/${race.json().data.id}/join`))).toEqual({
      status: 403,
      code: 'timed_out',
    });
    expect(await cash(p)).toBe(before);
    expect(await bets(p)).toBe(betsBefore);
    const [payments] = await g.t.database.query<{ n: number }>(
      `select count(*)::int as n from payments where user_id = $1 and direction = 'deposit'`,
      [p.id],
    );
    expect(payments!.n).toBe(0);

    // Login, history and withdrawals go on.
    expect((await login(p.email)).statusCode).toBe(200);
    expect((await api(p, 'GET', '/games/bets')).statusCode).toBe(200);
    const withdrawal = await api(
      p,
      'POST',
      '/payments/withdrawals',
      { amount: '200', method: 'sandbox_card', details: { card: '4242' } },
      unique('w'),
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);

    // Never shortened; made longer, yes.
    const shorter = await api(p, 'POST', '/responsible/time-out', { days: 1, confirm: true });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().errors.days[0]).toMatch(/^exclusion_shorter:/);
    const longer = await api(p, 'POST', '/responsible/time-out', { days: 7, confirm: true });
    expect(Date.parse(longer.json().data.exclusion.until) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    // Once over, play resumes.
    await g.t.database.query(
      `update player_exclusions set starts_at = now() - interval '8 days', ends_at = now() - interval '1 second'
        where user_id = $1`,
      [p.id],
    );
    expect((await status(p)).exclusion).toBeNull();
    expect((await dice(p)).statusCode).toBe(200);
    expect(await checkLedger(g.t.database)).toEqual([]);
  });

  test('bad input is refused and changes nothing', async () => {
    const p = await player();
    for (const payload of [
      { days: 0, confirm: true },
      { days: 43, confirm: true },
      { days: 1.5, confirm: true },
      { days: 2 },
      { days: 2, confirm: false },
    ]) {
      const res = await api(p, 'POST', '/responsible/time-out', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const payload of [{ months: 3, confirm: true }, { months: 6 }, {}]) {
      expect((await api(p, 'POST', '/responsible/self-exclusion', payload)).statusCode).toBe(422);
    }
    expect((await api(p, 'POST', '/responsible/close', { reason: 'bored', confirm: true })).statusCode).toBe(
      422,
    );
    expect(
      (await api(p, 'PUT', '/responsible/session', { reality_check_minutes: 2, session_limit_minutes: null }))
        .statusCode,
    ).toBe(422);
    expect((await status(p)).exclusion).toBeNull();
    expect((await dice(p)).statusCode).toBe(200);
  });
});

describe('self-exclusion', () => {
  test('revokes every session at once, refuses login and refresh; after its end the player asks and waits 24 hours', async () => {
    const p = await player();
    const second = await login(p.email);
    expect(second.statusCode).toBe(200);
    const other = { headers: bearer(second.json().token as string) };
    const cookie = refreshCookie(second)!;

    const excluded = await api(p, 'POST', '/responsible/self-exclusion', { months: 6, confirm: true });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json()).toMatchObject({ success: true, revoked: 2 });
    expect(Date.parse(excluded.json().until)).toBeGreaterThan(Date.now() + 180 * 86_400_000);
    // Both sessions are over at once (their access tokens too: the session check).
    expect((await api(p, 'GET', '/profile/user')).statusCode).toBe(401);
    expect((await api(other, 'GET', '/profile/user')).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect(refusal(await login(p.email))).toEqual({ status: 403, code: 'self_excluded' });
    const [row] = await g.t.database.query<{ months: number }>(
      `select (extract(year from age(ends_at, starts_at)) * 12 + extract(month from age(ends_at, starts_at)))::int as months
         from player_exclusions where user_id = $1`,
      [p.id],
    );
    expect(row!.months).toBe(6);
    // No bonus for the player meanwhile.
    const c = await campaign();
    const [grant] = await g.t.database.query('select 1 from bonus_grants where user_id = $1', [p.id]);
    expect(grant).toBeUndefined();
    expect(
      await g.t.database.transaction((tx) =>
        insertGrant(tx, {
          userId: p.id,
          campaignId: c.id,
          kind: 'no_deposit',
          currency: 'RUB',
          status: 'available',
          source: 'operator',
          sourceKey: unique('g'),
          amount: 100n,
          requirement: 100n,
          maxBet: 0n,
          maxConversion: 0n,
          weights: { default: 100 },
          terms: { wager: 1, days: 7 },
          claimSeconds: 3600,
        }),
      ),
    ).toBeUndefined();

    // The end passes: the player may log in, but only to withdraw and ask to reopen.
    await g.t.database.query(
      `update player_exclusions set starts_at = now() - interval '7 months', ends_at = now() - interval '1 minute'
        where user_id = $1`,
      [p.id],
    );
    const back = await login(p.email);
    expect(back.statusCode).toBe(200);
    const q: P = { ...p, token: back.json().token, headers: bearer(back.json().token) };
    expect((await status(q)).exclusion).toMatchObject({
      kind: 'self_exclusion',
      effect: 'restricted',
      can_reopen: true,
    });
    expect(refusal(await dice(q))).toEqual({ status: 403, code: 'self_excluded' });
    const asked = await api(q, 'POST', '/responsible/reopen');
    expect(asked.statusCode, asked.body).toBe(200);
    const view = asked.json().data.exclusion;
    expect(view).toMatchObject({ can_reopen: false });
    expect(Date.parse(view.opens_at) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await api(q, 'POST', '/responsible/reopen')).statusCode).toBe(409);
    expect(refusal(await dice(q))).toEqual({ status: 403, code: 'self_excluded' });
    await g.t.database.query(
      `update player_exclusions set reopen_requested_at = now() - interval '24 hours 1 second' where user_id = $1`,
      [p.id],
    );
    expect((await status(q)).exclusion).toBeNull();
    expect((await dice(q)).statusCode).toBe(200);
  });

  test('the socket bet relay refuses a timed-out player and the socket drops on a self-exclusion', async () => {
    const address = await g.t.app.listen({ port: 0, host: '127.0.0.1' });
    const p = await player();
    const { socket, next } = await openSocket(`${address.replace('http', 'ws')}/ws`);
    socket.send(JSON.stringify({ type: 'auth', token: p.token }));
    expect(await next((m) => m.type === 'authenticated' || m.type === 'error')).toMatchObject({
      type: 'authenticated',
    });
    const request = (id: number) => {
      socket.send(
        JSON.stringify({
          type: 'request',
          id,
          method: 'POST',
          path: '/games/dice/bet',
          key: unique('ws'),
          body: { amount: '1', target: '50', direction: 'under' },
        }),
      );
      return next((m) => m.type === 'response' && m.id === id) as Promise<{ status: number; body: Body }>;
    };
    expect((await request(1)).status).toBe(200);
    await api(p, 'POST', '/responsible/time-out', { days: 1, confirm: true });
    const refused = await request(2);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('timed_out');
    expect(await bets(p)).toBe(1);

    await api(p, 'POST', '/responsible/self-exclusion', { months: null, confirm: true });
    expect(await next('unauthenticated')).toMatchObject({ type: 'unauthenticated', reason: 'revoked' });
    expect(refusal(await login(p.email))).toEqual({ status: 403, code: 'self_excluded' });
    expect((await login(p.email)).json().errors.account[0]).toBe('self_excluded:indefinite');
    socket.close();
  });

  test('no prize mail to an excluded player; the others get theirs', async () => {
    const p = await player();
    const q = await player();
    await api(p, 'POST', '/responsible/time-out', { days: 1, confirm: true });
    const sent: string[] = [];
    const notifier = { deliver: async (_k: string, _c: string, to: string) => void sent.push(to) };
    const [t] = await g.t.database.query<{ id: string }>('select id::text from tournaments limit 1');
    await announcePrizes(
      [
        { userId: p.id, tournamentId: t?.id ?? '1', place: 1, kind: 'cash', amount: 100n, currency: 'RUB' },
        { userId: q.id, tournamentId: t?.id ?? '1', place: 2, kind: 'cash', amount: 50n, currency: 'RUB' },
      ],
      { database: g.t.database, notifier: notifier as never, siteUrl: undefined, log: { warn: () => {} } },
    );
    expect(sent).toEqual([q.email]);
  });
});

describe('closure and the operator', () => {
  test('a closed account refuses login until the operator lifts the closure; a self-exclusion is never lifted', async () => {
    const p = await player();
    const closed = await api(p, 'POST', '/responsible/close', { reason: 'too_much_time', confirm: true });
    expect(closed.json()).toEqual({ success: true, revoked: 1, until: null });
    expect(refusal(await login(p.email))).toEqual({ status: 403, code: 'account_closed' });

    const seen = ok(
      await g.t.app.inject({ url: `/api/operator/players/${p.id}/responsible`, headers: operator }),
    ).data;
    expect(seen.exclusions).toMatchObject([
      { kind: 'closure', effect: 'blocked', reason: 'too_much_time', created_by: 'player', lifted_at: null },
    ]);
    const lifted = await g.t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${p.id}/exclusions/${seen.exclusions[0].id}/lift`,
      headers: operator,
      payload: { reason: 'Player asked by phone, identity checked' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data).toMatchObject({
      effect: null,
      lift_reason: 'Player asked by phone, identity checked',
    });
    expect((await login(p.email)).statusCode).toBe(200);

    const q = await player();
    await api(q, 'POST', '/responsible/self-exclusion', { months: 12, confirm: true });
    const [own] = (
      await g.t.app.inject({ url: `/api/operator/players/${q.id}/responsible`, headers: operator })
    ).json().data.exclusions;
    const refused = await g.t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${q.id}/exclusions/${own.id}/lift`,
      headers: operator,
      payload: { reason: 'asked nicely' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.exclusion).toEqual(['not_liftable']);
    expect(refusal(await login(q.email))).toEqual({ status: 403, code: 'self_excluded' });
  });

  test('an operator exclusion with a reason revokes the sessions and is written to the audit log; the operator sees limits', async () => {
    const p = await player();
    await api(p, 'PUT', '/responsible/limits', { kind: 'deposit', period: 'week', amount: '300' });
    const unauthorised = await g.t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${p.id}/exclusions`,
      headers: p.headers,
      payload: { reason: 'risk', until: null },
    });
    expect(unauthorised.statusCode).toBe(401);
    for (const payload of [
      { reason: '', until: null },
      { reason: 'ok reason', until: '2001-01-01T00:00:00Z' },
    ]) {
      const bad = await g.t.app.inject({
        method: 'POST',
        url: `/api/operator/players/${p.id}/exclusions`,
        headers: operator,
        payload,
      });
      expect(bad.statusCode, bad.body).toBe(422);
    }
    const added = await g.t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${p.id}/exclusions`,
      headers: operator,
      payload: { reason: 'Chargeback fraud under review', until: null },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ kind: 'operator', effect: 'blocked', created_by: 'operator' });
    expect((await api(p, 'GET', '/profile/user')).statusCode).toBe(401);
    expect(refusal(await login(p.email))).toEqual({ status: 403, code: 'account_excluded' });
    const [audit] = await g.t.database.query<{ detail: Body }>(
      `select detail from bonus_audit where action = 'player_exclusion' and target = $1`,
      [`user:${p.id}`],
    );
    expect(audit!.detail).toMatchObject({ reason: 'Chargeback fraud under review', until: null });
    const seen = ok(
      await g.t.app.inject({ url: `/api/operator/players/${p.id}/responsible`, headers: operator }),
    ).data;
    expect(seen.limits).toMatchObject([{ kind: 'deposit', period: 'week', amount: '300.00' }]);
    expect(
      (await g.t.app.inject({ url: '/api/operator/players/999999999/responsible', headers: operator }))
        .statusCode,
    ).toBe(404);
  });
});

describe('reality checks and the session limit', () => {
  test('the status counts this session’s play; a session past its time limit is not refreshed', async () => {
    const p = await player();
    const fresh = await login(p.email);
    const q: P = { ...p, headers: bearer(fresh.json().token) };
    const none = await status(q);
    expect(none).toMatchObject({
      settings: { reality_check_minutes: null, session_limit_minutes: null },
      session: { staked: '0.00', returned: '0.00', net: '0.00', bets: 0, ends_at: null },
      prompts: { deposit_limit: true, review: false },
    });
    for (let i = 0; i < 3; i++) expect((await dice(q)).statusCode).toBe(200);
    const played = await status(q);
    expect(played.session).toMatchObject({ staked: '3.00', bets: 3 });
    expect(Number(played.session.net)).toBeCloseTo(Number(played.session.returned) - 3, 2);

    const set = ok(
      await api(q, 'PUT', '/responsible/session', { reality_check_minutes: 30, session_limit_minutes: 60 }),
    ).data;
    expect(set.settings).toEqual({ reality_check_minutes: 30, session_limit_minutes: 60 });
    expect(Date.parse(set.session.ends_at) - Date.parse(set.session.started_at)).toBe(3_600_000);
    expect(
      ok(await api(q, 'POST', '/responsible/prompts', { prompt: 'deposit_limit' })).data.prompts,
    ).toEqual({
      deposit_limit: false,
      review: false,
    });

    const cookie = refreshCookie(fresh)!;
    const renewed = await refresh(cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const [session] = await g.t.database.query<{ id: string }>(
      `update sessions set created_at = now() - interval '61 minutes'
        where user_id = $1 and revoked_at is null and created_at = (select max(created_at) from sessions where user_id = $1)
        returning id`,
      [p.id],
    );
    expect(session).toBeDefined();
    expect((await refresh(refreshCookie(renewed)!)).statusCode).toBe(401);
    const [revoked] = await g.t.database.query<{ revoke_reason: string }>(
      'select revoke_reason from sessions where id = $1',
      [session!.id],
    );
    expect(revoked!.revoke_reason).toBe('refused');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two instances on one database and one Redis', () => {
  test('a self-exclusion through instance 2 drops the socket on instance 1 and refuses login on both', async () => {
    await withTwoInstances(async (one, two) => {
      const at = `${(await one.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
      const p = await newPlayer(two, { currency: 'RUB' });
      const { socket, next } = await openSocket(at);
      socket.send(JSON.stringify({ type: 'auth', token: p.token }));
      expect(await next((m) => m.type === 'authenticated' || m.type === 'error')).toMatchObject({
        type: 'authenticated',
      });
      // Instance 1 has the session in its cache.
      expect((await one.app.inject({ url: '/api/profile/user', headers: bearer(p.token) })).statusCode).toBe(
        200,
      );
      const excluded = await two.app.inject({
        method: 'POST',
        url: '/api/responsible/self-exclusion',
        headers: bearer(p.token),
        payload: { months: 6, confirm: true },
      });
      expect(excluded.statusCode, excluded.body).toBe(200);
      expect(await next('unauthenticated')).toMatchObject({ type: 'unauthenticated', reason: 'revoked' });
      expect((await one.app.inject({ url: '/api/profile/user', headers: bearer(p.token) })).statusCode).toBe(
        401,
      );
      for (const app of [one, two]) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/api/v2/auth/login/email/password',
          payload: { email: p.email, password: STRONG_PASSWORD, fp: 'exclusions' },
        });
        expect(res.statusCode).toBe(403);
      }
      socket.close();
    });
  });
});
