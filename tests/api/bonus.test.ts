import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { Currency } from '../../src/shared/currencies.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, STRONG_PASSWORD } from '../helpers/auth.ts';
import { bonusApi, ok, unique } from '../helpers/bonus.ts';
import { credit, newPlayer } from '../helpers/players.ts';

/** Bonuses, promo codes and the VIP club through the real API (docs/bonuses.md). */

const OPERATOR = 'operator-token-bonus-0123456789';
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_API_TOKEN: OPERATOR,
    SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
    KYC_ON_FIRST_WITHDRAWAL: 'false',
    KYC_THRESHOLD_MIN_PAYOUTS: '1000',
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.database)).toEqual([]);
});

type Method = 'GET' | 'POST' | 'PUT';
async function call(token: string | null, method: Method, url: string, payload?: unknown, headers = {}) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const bonuses = bonusApi(() => t, OPERATOR);
const { operator, campaign, promo } = bonuses;

async function player(cash = 0n, currency: Currency = 'RUB') {
  const p = await newPlayer(t, { currency });
  if (cash > 0n) await credit(t, p.id, cash, { currency, key: unique('fund') });
  return p;
}

const balances = async (userId: string, currency: Currency = 'RUB') => ({
  cash: await balanceOf(t.database, { userId, kind: 'cash' }, currency),
  bonus: await balanceOf(t.database, { userId, kind: 'bonus' }, currency),
});

/** A bonus of a fresh campaign given to the player and activated; returns its grant id. */
const activeBonus = (token: string, body: Record<string, unknown> = {}) =>
  bonuses.activeBonus(bearer(token), body);
const grants = (token: string) => bonuses.grants(bearer(token));
const dice = (token: string, amount: string) =>
  call(token, 'POST', '/games/dice/bet', { amount, target: '49.50', direction: 'over' });
const minor = (decimal: string) => BigInt(Math.round(Number(decimal) * 100));

describe('a no-deposit bonus from code to conversion', () => {
  test('bets use the real balance first, then the bonus; the stake that completes the wagering converts the rest', async () => {
    const p = await player();
    const code = await promo((await campaign({ wager: 1 })).id);
    const granted = ok(await call(p.token, 'POST', '/bonus/promo', { code })).data;
    expect(granted).toMatchObject({
      status: 'available',
      amount: '100.00',
      requirement: '100.00',
      remaining: '100.00',
    });
    ok(await call(p.token, 'POST', `/bonus/grants/${granted.id}/activate`));
    expect(await balances(p.id)).toEqual({ cash: 0n, bonus: 100_00n });

    let stakes = 0n;
    let payouts = 0n;
    let answered = '';
    // Ten bets of 10 wager exactly 100; whatever they lose, the tenth is still covered.
    for (let i = 0; i < 10; i += 1) {
      const { bet, balance } = ok(await dice(p.token, '10')).data;
      answered = balance;
      stakes += minor(bet.amount);
      payouts += minor(bet.payout);
      if (i < 9) expect((await grants(p.token)).active).toMatchObject({ progress: (i + 1) * 10 });
    }
    const after = await grants(p.token);
    expect(after.active).toBeNull();
    expect(after.past[0]).toMatchObject({
      id: granted.id,
      status: 'completed',
      end_reason: 'completed',
      remaining: '0.00',
    });
    // Everything the bonus held ended as cash: 100 − stakes + payouts; the completing bet answered it.
    expect(await balances(p.id)).toEqual({ cash: 100_00n - stakes + payouts, bonus: 0n });
    expect(minor(answered)).toBe(100_00n - stakes + payouts);
    // The statement shows the bonus moves, not the top-ups of stakes (the bets show those).
    const history = ok(await call(p.token, 'GET', '/profile/history?type=bonus')).data;
    expect(history.map((h: { amount: string }) => h.amount)).toContain('100.00');
  });

  test('a bonus without wagering converts at activation', async () => {
    const p = await player();
    await activeBonus(p.token, { wager: 0 });
    expect(await balances(p.id)).toEqual({ cash: 100_00n, bonus: 0n });
  });

  test('the conversion cap forfeits what is above it', async () => {
    const p = await player(1_000_00n);
    await activeBonus(p.token, { wager: 1, max_conversion: { RUB: '30' } });
    for (let i = 0; i < 10; i += 1) ok(await dice(p.token, '10'));
    const [past] = (await grants(p.token)).past;
    // Cash covered every stake: the whole 100 was held at completion, 30 converted.
    expect(past).toMatchObject({
      status: 'completed',
      converted: '30.00',
      forfeited: '70.00',
      spent: '0.00',
    });
  });
});

describe('wagering rules', () => {
  test('a stake above the max bet is refused while the bonus is active, and changes nothing', async () => {
    const p = await player(1_000_00n);
    await activeBonus(p.token, { wager: 10, max_bet: { RUB: '5' } });
    const refused = await dice(p.token, '5.01');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ amount: ['bonus_max_bet:5.00'] });
    expect((await grants(p.token)).active.wagered).toBe('0.00');
    expect((await balances(p.id)).cash).toBe(1_000_00n);
    ok(await dice(p.token, '5'));
    expect((await grants(p.token)).active.wagered).toBe('5.00');
  });

  test('each game contributes its weight: roulette 10 %, a game weighted 0 nothing', async () => {
    const p = await player(1_000_00n);
    await activeBonus(p.token, { wager: 10, weights: { default: 100, roulette: 10, keno: 0 } });
    ok(await call(p.token, 'POST', '/games/roulette/bet', { bets: [{ kind: 'red', amount: '10' }] }));
    expect((await grants(p.token)).active.wagered).toBe('1.00');
    ok(await call(p.token, 'POST', '/games/keno/bet', { amount: '10', risk: 'classic', picks: [1, 2, 3] }));
    expect((await grants(p.token)).active.wagered).toBe('1.00');
    ok(await dice(p.token, '3.33'));
    expect((await grants(p.token)).active.wagered).toBe('4.33');
  });

  test('200 concurrent bets advance one bonus by exactly their stakes', async () => {
    const p = await player(1_000_00n);
    await activeBonus(p.token, { wager: 100 });
    const answers = await Promise.all(Array.from({ length: 200 }, () => dice(p.token, '1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(200));
    expect((await grants(p.token)).active).toMatchObject({ wagered: '200.00', progress: 2 });
  });
});

describe('forfeiture', () => {
  test('an expired bonus is forfeited with all it holds; its bets never put anything in cash', async () => {
    const p = await player();
    const id = await activeBonus(p.token, { wager: 50 });
    const bet = ok(await dice(p.token, '40')).data.bet; // paid by the bonus: cash was 0
    expect(await balances(p.id)).toEqual({ cash: 0n, bonus: 60_00n + minor(bet.payout) });
    await t.database.query(`update bonus_grants set expires_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    const { past } = await grants(p.token);
    expect(past[0]).toMatchObject({
      id,
      status: 'forfeited',
      end_reason: 'expired',
      spent: '40.00',
      won: bet.payout,
      reclaimed: '0.00',
    });
    expect(minor(past[0].forfeited)).toBe(60_00n + minor(bet.payout));
    expect(await balances(p.id)).toEqual({ cash: 0n, bonus: 0n });
  });

  test('the player cancels: stated consequences happen, and a cancelled bonus cannot be activated again', async () => {
    const p = await player(50_00n);
    const id = await activeBonus(p.token, { wager: 50 });
    ok(await dice(p.token, '10')); // cash covers it: nothing spent from the bonus
    const cancelled = ok(await call(p.token, 'POST', `/bonus/grants/${id}/cancel`)).data;
    expect(cancelled).toMatchObject({
      status: 'forfeited',
      end_reason: 'cancelled',
      forfeited: '100.00',
      reclaimed: '0.00',
    });
    expect((await balances(p.id)).bonus).toBe(0n);
    const again = await call(p.token, 'POST', `/bonus/grants/${id}/activate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ bonus: ['bonus_not_available'] });
  });

  test('one active bonus at a time; another player’s bonus is not found', async () => {
    const p = await player();
    await activeBonus(p.token);
    const code = await promo((await campaign()).id);
    const second = ok(await call(p.token, 'POST', '/bonus/promo', { code })).data;
    const refused = await call(p.token, 'POST', `/bonus/grants/${second.id}/activate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ bonus: ['bonus_already_active'] });
    const other = await player();
    expect((await call(other.token, 'POST', `/bonus/grants/${second.id}/activate`)).statusCode).toBe(404);
    expect((await call(other.token, 'POST', `/bonus/grants/${second.id}/cancel`)).statusCode).toBe(404);
  });
});

describe('withdrawals with an active bonus', () => {
  const withdraw = (token: string, amount: string) =>
    call(
      token,
      'POST',
      '/payments/withdrawals',
      { amount, method: 'sandbox_card', details: { card: '4242' } },
      { 'idempotency-key': unique('w') },
    );

  test('under the refuse rule the withdrawal is refused and nothing changes', async () => {
    ok(await operator('PUT', '/operator/bonus/settings', { withdrawal_rule: 'refuse' }));
    const p = await player(500_00n);
    await activeBonus(p.token, { wager: 10 });
    expect((await grants(p.token)).withdrawal_rule).toBe('refuse');
    const refused = await withdraw(p.token, '200');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ bonus: ['bonus_withdrawal_refused'] });
    expect(await balances(p.id)).toEqual({ cash: 500_00n, bonus: 100_00n });
  });

  test('under the forfeit rule the bonus is forfeited first, then the withdrawal is held', async () => {
    ok(await operator('PUT', '/operator/bonus/settings', { withdrawal_rule: 'forfeit' }));
    try {
      const p = await player(500_00n);
      const id = await activeBonus(p.token, { wager: 10 });
      ok(await withdraw(p.token, '200'));
      expect((await grants(p.token)).past[0]).toMatchObject({
        id,
        status: 'forfeited',
        end_reason: 'withdrawal',
      });
      expect(await balances(p.id)).toEqual({ cash: 300_00n, bonus: 0n });
    } finally {
      ok(await operator('PUT', '/operator/bonus/settings', { withdrawal_rule: 'refuse' }));
    }
  });
});

describe('other kinds', () => {
  test('a deposit match waits for the deposit, then grants its percent up to the cap', async () => {
    const c = await campaign({
      kind: 'deposit_match',
      amount: undefined,
      percent: 50,
      cap: { RUB: '300' },
      min_deposit: { RUB: '100' },
      wager: 5,
    });
    const p = await player();
    const code = await promo(c.id);
    expect(ok(await call(p.token, 'POST', '/bonus/promo', { code })).data).toMatchObject({
      status: 'waiting_deposit',
      amount: '0.00',
    });
    const created = ok(
      await call(
        p.token,
        'POST',
        '/payments/deposits',
        { amount: '1000', method: 'sandbox_card' },
        { 'idempotency-key': unique('d') },
      ),
    ).data;
    const paid = await fetch(created.redirect_url.replace(/^https?:\/\/[^/]+/, base), {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await t.app.sandbox.deliverDue()).toBe(1);
    const [available] = (await grants(p.token)).available;
    expect(available).toMatchObject({ status: 'available', amount: '300.00', requirement: '1500.00' });
    ok(await call(p.token, 'POST', `/bonus/grants/${available.id}/activate`));
    expect(await balances(p.id)).toEqual({ cash: 1_000_00n, bonus: 300_00n });
  });

  test('free bets: the stake is the max bet and only their game counts', async () => {
    const p = await player();
    await activeBonus(p.token, {
      kind: 'free_bets',
      amount: undefined,
      game: 'dice',
      count: 3,
      stake: { RUB: '10' },
      wager: 1,
    });
    expect((await balances(p.id)).bonus).toBe(30_00n);
    expect((await dice(p.token, '11')).statusCode).toBe(422);
    for (let i = 0; i < 3; i += 1) ok(await dice(p.token, '10'));
    expect((await grants(p.token)).past[0]).toMatchObject({ kind: 'free_bets', status: 'completed' });
    expect((await balances(p.id)).bonus).toBe(0n);
  });

  test('cashback grants its percent of each player’s net loss over the period, once', async () => {
    const c = await campaign({ kind: 'cashback', amount: undefined, percent: 10, wager: 1 });
    const p = await player(1_000_00n);
    let net = 0n;
    for (let i = 0; i < 5; i += 1) {
      const bet = ok(await dice(p.token, '20')).data.bet;
      net += minor(bet.amount) - minor(bet.payout);
    }
    const period = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 1000).toISOString(),
    };
    ok(await operator('POST', `/operator/bonus/campaigns/${c.id}/cashback`, period));
    ok(await operator('POST', `/operator/bonus/campaigns/${c.id}/cashback`, period));
    const mine = (await grants(p.token)).available.filter((g: { kind: string }) => g.kind === 'cashback');
    expect(mine).toHaveLength(net > 0n ? 1 : 0);
    if (net > 0n) expect(minor(mine[0].amount)).toBe((net * 10n) / 100n);
  });
});

describe('promo codes', () => {
  test('a code with one use redeemed by 20 players at once: one wins, the others are told it is used up', async () => {
    const code = await promo((await campaign()).id, { max_uses: 1 });
    const players = await Promise.all(Array.from({ length: 20 }, () => player()));
    const answers = await Promise.all(players.map((p) => call(p.token, 'POST', '/bonus/promo', { code })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((r) => r.statusCode !== 200))
      expect(a.json().errors).toEqual({ code: ['promo_used_up'] });
  });

  test('each failure has its own code', async () => {
    const p = await player();
    const c = await campaign();
    const expect422 = async (code: string, message: string) => {
      const res = await call(p.token, 'POST', '/bonus/promo', { code });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ code: [message] });
    };
    await expect422('NO-SUCH-CODE', 'promo_invalid');
    await expect422(
      await promo(c.id, { ends_at: new Date(Date.now() - 1000).toISOString() }),
      'promo_expired',
    );
    await expect422(await promo(c.id, { currency: 'USD' }), 'promo_not_applicable');
    await expect422(
      await promo(c.id, { new_players_only: true, starts_at: new Date(Date.now() + 1000).toISOString() }),
      'promo_expired',
    );
    const once = await promo(c.id);
    ok(await call(p.token, 'POST', '/bonus/promo', { code: once.toLowerCase() }));
    await expect422(once, 'promo_already_used');
    const bad = await call(p.token, 'POST', '/bonus/promo', { code: '' });
    expect(bad.statusCode).toBe(422);
  });

  test('a code sent with the registration is redeemed; one that cannot be is refused before the account exists', async () => {
    const code = await promo((await campaign()).id, { max_uses: 1 });
    const registerWith = (promoCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/api/v2/auth/register/email',
        payload: {
          email: `${unique('reg')}@example.com`,
          password: STRONG_PASSWORD,
          currency: 'RUB',
          promo: promoCode,
        },
      });
    const first = ok(await registerWith(code));
    expect((await grants(first.token)).available).toHaveLength(1);
    const second = await registerWith(code);
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ promo: ['promo_used_up'] });
    // Not a code (an affiliate's promo value): attribution only.
    const other = ok(await registerWith('partner-tag'));
    expect((await grants(other.token)).available).toHaveLength(0);
  });

  test('a code for new players only refuses players registered before it started', async () => {
    const p = await player();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const code = await promo((await campaign()).id, { new_players_only: true });
    const res = await call(p.token, 'POST', '/bonus/promo', { code });
    expect(res.json().errors).toEqual({ code: ['promo_new_players_only'] });
    const fresh = await player();
    ok(await call(fresh.token, 'POST', '/bonus/promo', { code }));
  });
});

describe('public bonus lookups', () => {
  test('a running campaign is described by name; an unknown or ended one is 404', async () => {
    const c = await campaign({ regions: ['KZ'], ends_at: new Date(Date.now() + 3_600_000).toISOString() });
    const found = ok(await call(null, 'GET', `/bonus-system/bonus/${c.name}`)).data;
    expect(found.name).toBe(c.name);
    expect(found.region).toEqual(['KZ']);
    expect(found.expires_in).toBeGreaterThan(3500);
    expect((await call(null, 'GET', '/bonus-system/bonus/nope-nope')).statusCode).toBe(404);
    const ended = await campaign({ status: 'ended' });
    expect((await call(null, 'GET', `/bonus-system/bonus/${ended.name}`)).statusCode).toBe(404);
  });

  test('the registration-and-first-deposit bonus is announced and granted on a first deposit', async () => {
    expect(ok(await call(null, 'GET', '/bonus-system/bonus-activation/waiting-reg-and-dep')).data).toBeNull();
    const c = await campaign({
      kind: 'deposit_match',
      amount: undefined,
      percent: 100,
      cap: { RUB: '500' },
      reg_and_dep: true,
      ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    try {
      const waiting = ok(await call(null, 'GET', '/bonus-system/bonus-activation/waiting-reg-and-dep')).data;
      expect(waiting.name).toBe(c.name);
      expect(waiting.expires_in).toBeGreaterThan(3 * 86_400 - 60);
    } finally {
      ok(
        await operator('PUT', `/operator/bonus/campaigns/${c.id}`, {
          name: c.name,
          kind: 'deposit_match',
          wager: 1,
          days: 7,
          percent: 100,
          status: 'ended',
        }),
      );
    }
  });

  test('the super bonus is given once per device and per player', async () => {
    const c = await campaign({ is_super: true });
    try {
      const p = await player();
      const device = unique('device');
      const first = ok(await call(p.token, 'GET', `/profile/user?whoAreYou=${device}`));
      expect(first.super_bonus).toMatchObject({ name: c.name, status: 'granted' });
      const again = ok(await call(p.token, 'GET', `/profile/user?whoAreYou=${device}`));
      expect(again.super_bonus).toMatchObject({ status: 'taken' });
      const other = await player();
      expect(ok(await call(other.token, 'GET', `/profile/user?whoAreYou=${device}`)).super_bonus.status).toBe(
        'taken',
      );
      expect(ok(await call(other.token, 'GET', '/profile/user')).super_bonus).toBeUndefined();
    } finally {
      ok(
        await operator('PUT', `/operator/bonus/campaigns/${c.id}`, {
          name: c.name,
          kind: 'no_deposit',
          wager: 1,
          days: 7,
          amount: { RUB: '1' },
          status: 'ended',
        }),
      );
    }
  });
});

describe('the statement (GET /profile/history)', () => {
  const statement = async (token: string, qs = '') =>
    ok(await call(token, 'GET', `/profile/history${qs}`)).data as {
      id: string;
      type: string;
      amount: string;
      label: string | null;
      detail: string | null;
      balance: string;
    }[];

  test('a bonus wagered to the end: one line when it is activated, one when it converts, none twice', async () => {
    const p = await player();
    const code = await promo((await campaign({ wager: 1, name: unique('welcome').toLowerCase() })).id);
    const granted = ok(await call(p.token, 'POST', '/bonus/promo', { code })).data;
    ok(await call(p.token, 'POST', `/bonus/grants/${granted.id}/activate`));
    for (let i = 0; i < 10; i += 1) ok(await dice(p.token, '10'));
    const { past } = await grants(p.token);
    expect(past[0].status).toBe('completed');
    const lines = await statement(p.token, '?type=bonus');
    expect(lines.map((l) => [l.label, l.balance])).toEqual([
      ['bonus_converted', 'cash'],
      ['bonus_activated', 'bonus'],
    ]);
    expect(lines[0]!.amount).toBe(past[0].converted);
    expect(lines[1]).toMatchObject({ amount: '100.00', detail: granted.name });
    const all = await statement(p.token, '?per_page=100');
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
  });

  test('a VIP level-up bonus and rakeback are named as such', async () => {
    const p = await player(1_000_00n);
    for (let i = 0; i < 5; i += 1) ok(await dice(p.token, '20'));
    const levelUp = (await grants(p.token)).available.find((g: { source: string }) => g.source === 'vip');
    ok(await call(p.token, 'POST', `/bonus/grants/${levelUp.id}/activate`));
    ok(await call(p.token, 'POST', '/vip/rakeback/claim'));
    const lines = await statement(p.token, '?type=bonus');
    expect(lines.map((l) => [l.label, l.detail, l.balance, l.amount])).toEqual([
      ['rakeback', null, 'cash', '0.05'],
      ['vip_level', 'bronze', 'bonus', '10.00'],
    ]);
  });
});

describe('VIP club', () => {
  test('stakes build the level; reaching it grants its level-up bonus; rakeback claimed twice at once pays once', async () => {
    const p = await player(1_000_00n);
    for (let i = 0; i < 5; i += 1) ok(await dice(p.token, '20'));
    const vip = ok(await call(p.token, 'GET', '/vip/status')).data;
    expect(vip).toMatchObject({
      level: 0,
      points: '100',
      wagered: '100.00',
      premium: false,
      rakeback: '0.05',
    });
    expect(
      (await grants(p.token)).available.find((g: { source: string }) => g.source === 'vip'),
    ).toMatchObject({
      amount: '10.00',
    });
    const claims = await Promise.all([
      call(p.token, 'POST', '/vip/rakeback/claim'),
      call(p.token, 'POST', '/vip/rakeback/claim'),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(claims.find((c) => c.statusCode === 200)!.json().data.amount).toBe('0.05');
    expect(claims.find((c) => c.statusCode === 409)!.json().errors).toEqual({
      rakeback: ['nothing_to_claim'],
    });
  });

  test('a VIP join request is stored once for the operator, who sets its status', async () => {
    const p = await player();
    const first = ok(await call(p.token, 'POST', '/api/v2/vip/join', { source: 'register_modal' })).data;
    const second = ok(await call(p.token, 'POST', '/api/v2/vip/join', {})).data;
    expect(second.id).toBe(first.id);
    const listed = ok(await operator('GET', '/operator/vip/join-requests')).data;
    expect(listed.find((r: { id: string }) => r.id === first.id)).toMatchObject({
      source: 'register_modal',
      status: 'new',
    });
    ok(await operator('PUT', `/operator/vip/join-requests/${first.id}`, { status: 'contacted' }));
    expect(ok(await call(p.token, 'GET', '/vip/status')).data.join_request.status).toBe('contacted');
    expect((await call(p.token, 'POST', '/api/v2/vip/join', { source: 'elsewhere' })).statusCode).toBe(422);
  });

  test('a decided request is not reopened while the player has asked again (one open request each)', async () => {
    const p = await player();
    const first = ok(await call(p.token, 'POST', '/api/v2/vip/join', {})).data;
    ok(await operator('PUT', `/operator/vip/join-requests/${first.id}`, { status: 'declined' }));
    const again = ok(await call(p.token, 'POST', '/api/v2/vip/join', {})).data;
    expect(again.id).not.toBe(first.id);
    const reopened = await operator('PUT', `/operator/vip/join-requests/${first.id}`, { status: 'new' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ errors: { status: ['join_request_open'] } });
    ok(await operator('PUT', `/operator/vip/join-requests/${again.id}`, { status: 'accepted' }));
    ok(await operator('PUT', `/operator/vip/join-requests/${first.id}`, { status: 'contacted' }));
  });
});

describe('operator API', () => {
  test('needs the operator token, validates, and audits every change', async () => {
    expect((await call(null, 'GET', '/operator/bonus/campaigns')).statusCode).toBe(401);
    const bad = await operator('POST', '/operator/bonus/campaigns', {
      name: 'x',
      kind: 'no_deposit',
      wager: 1,
      days: 7,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'name']);
    const c = await campaign();
    const taken = await operator('POST', '/operator/bonus/campaigns', {
      name: c.name,
      kind: 'no_deposit',
      wager: 1,
      days: 7,
      amount: { RUB: '1' },
    });
    expect(taken.json().errors).toEqual({ name: ['name_taken'] });
    const p = await player();
    const grant = ok(
      await operator('POST', '/operator/bonus/grants', {
        user_id: p.id,
        campaign_id: c.id,
        note: 'vip gift',
      }),
    ).data;
    ok(await operator('POST', `/operator/bonus/grants/${grant.id}/forfeit`, { note: 'mistake' }));
    const audit = ok(await operator('GET', '/operator/bonus/audit?limit=5')).data;
    expect(audit.map((a: { action: string }) => a.action).slice(0, 3)).toEqual([
      'grant.forfeit',
      'grant.create',
      'campaign.create',
    ]);
    expect(audit[1].detail).toMatchObject({ note: 'vip gift', campaign_id: c.id });
  });
});
