/**
 * Affiliate attribution (docs/edge.md "Attribution"): the UTM, affiliate and page-open calls, the
 * player's first and last touch from POST /attachSource, and the operator report per partner and
 * campaign (visits, registrations, first deposits, deposit sum, net gaming revenue; JSON and CSV).
 */
import { describe, expect, test } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { bearer, postTo } from '../helpers/auth.ts';
import { credit, newPlayer } from '../helpers/players.ts';

const OPERATOR = 'operator-token-0123456789abcdef';
const UTM = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'dice' };
const today = () => new Date().toISOString().slice(0, 10);

describe('attribution', () => {
  const t = appForFile({ OPERATOR_API_TOKEN: OPERATOR });
  const post = postTo(t);

  test('POST /middleware/utm needs all four utm parameters', async () => {
    for (const missing of Object.keys(UTM)) {
      const query = { ...UTM, [missing]: undefined };
      const res = await post('/middleware/utm', query);
      expect(res.statusCode, missing).toBe(422);
      expect(res.json().errors[missing]).toEqual(['required']);
    }
    const count = await t.database.query<{ n: string }>(
      'select count(*)::text as n from attribution_touches',
    );
    expect(count[0]?.n).toBe('0');
  });

  test('POST /middleware/utm records the visit and answers an advId and the promo', async () => {
    const res = await post('/middleware/utm', { ...UTM, promo: 'WELCOME', gclid: 'x' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.advId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.promo).toEqual({ type: 'promocode', value: 'WELCOME' });
    const plain = await post('/middleware/utm', UTM);
    expect(plain.json().promo).toBeNull();
  });

  test('POST /middleware/registerPageOpenEvent needs subH', async () => {
    expect((await post('/middleware/registerPageOpenEvent', { uuid: 'fp' })).statusCode).toBe(422);
    const res = await post('/middleware/registerPageOpenEvent', {
      subH: 'abc',
      uuid: 'fp',
      click_url: 'http://x/',
    });
    expect(res.json()).toEqual({ success: true });
    // The fingerprint (`uuid`) reaches the operator's logs: the same rules as `fp` (issue 25 §5).
    const bidi = await post('/middleware/registerPageOpenEvent', { subH: 'abc', uuid: 'fp\u202Eexe.gnp' });
    expect(bidi.statusCode).toBe(422);
    expect(bidi.json()).toEqual({ errors: { uuid: ['invalid_characters'] } });
  });

  test('the report counts a partner’s visits, registrations, first deposits, deposits and revenue', async () => {
    // Two visits of partner p1 in campaign "summer" (one visitor twice counts once), one elsewhere.
    const utm = { ...UTM, utm_campaign: 'summer', partner: 'p1', click_url: 'http://localhost/?partner=p1' };
    const visit = (await post('/middleware/utm', utm)).json();
    await post('/middleware/affiliate', { partner: 'p1', advId: visit.advId });
    await post('/middleware/affiliate', { partner: 'p2' });
    await post('/middleware/affiliate', {}); // no partner: nothing recorded

    const player = await newPlayer(t, { partner: 'p1', currency: 'RUB' });
    const attach = await post('/attachSource', { advId: visit.advId, stag: null }, bearer(player.token));
    expect(attach.statusCode).toBe(200);
    const touch = await t.database.query<Record<string, string | null>>(
      'select first_partner, first_campaign, first_click, last_partner from player_touches where user_id = $1',
      [player.id],
    );
    expect(touch[0]).toEqual({
      first_partner: 'p1',
      first_campaign: 'summer',
      first_click: 'http://localhost/?partner=p1',
      last_partner: 'p1',
    });

    // Two succeeded deposits (one first deposit) and one lost bet of 10.00.
    for (const [amount, key] of [
      [50_000n, 'd1'],
      [20_000n, 'd2'],
    ] as const) {
      await t.database.query(
        `insert into payments (user_id, direction, provider, method, amount, currency, status, idempotency_key)
         values ($1, 'deposit', 'sandbox', 'sandbox_card', $2, 'RUB', 'succeeded', $3)`,
        [player.id, amount, key],
      );
    }
    await credit(t, player.id, 70_000n);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/api/games/dice/bet',
      headers: { ...bearer(player.token), 'idempotency-key': 'edge-bet-1' },
      payload: { amount: '10', target: '50', direction: 'under' },
    });
    expect(bet.statusCode).toBe(200);
    const [settled] = await t.database.query<{ ngr: string }>(
      `select (amount - payout)::text as ngr from bets where user_id = $1`,
      [player.id],
    );

    const report = await t.app.inject({
      url: `/api/operator/attribution/report?from=${today()}&to=${today()}`,
      headers: bearer(OPERATOR),
    });
    expect(report.statusCode).toBe(200);
    const rows = report.json().data as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.partner === 'p1' && r.campaign === 'summer')).toEqual({
      partner: 'p1',
      campaign: 'summer',
      visits: 1,
      registrations: 1,
      first_deposits: 1,
      deposit_sum: { RUB: '70000' },
      ngr: { RUB: settled?.ngr },
    });
    expect(rows.find((r) => r.partner === 'p2')).toMatchObject({ visits: 1, registrations: 0 });

    const csv = await t.app.inject({
      url: `/api/operator/attribution/report.csv?from=${today()}&to=${today()}`,
      headers: bearer(OPERATOR),
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('partner,campaign,visits,registrations,first_deposits,deposit_sum,ngr');
    expect(lines.some((line) => line.startsWith('"p1","summer","1","1","1","RUB 700.00"'))).toBe(true);

    // Another day's range counts nothing.
    const old = await t.app.inject({
      url: '/api/operator/attribution/report?from=2020-01-01&to=2020-01-31',
      headers: bearer(OPERATOR),
    });
    expect(old.json().data).toEqual([]);
  });

  test('the CSV defuses partners and campaigns a spreadsheet would run as formulas, -<digit> included', async () => {
    // Partner and campaign come from the visitor's address bar (docs/product-rules.md §5).
    const hostile = ["-1+1+cmd|' /C calc'!A0", '=HYPERLINK("http://x.example")', '+1', '@SUM(A1)', '-2'];
    for (const [i, value] of hostile.entries()) {
      const res = await post('/middleware/utm', { ...UTM, utm_campaign: value, partner: `${value} ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const csv = await t.app.inject({
      url: `/api/operator/attribution/report.csv?from=${today()}&to=${today()}`,
      headers: bearer(OPERATOR),
    });
    for (const [i, value] of hostile.entries()) {
      const quoted = (text: string) => `"'${text.replace(/"/g, '""')}"`;
      expect(csv.body, value).toContain(`${quoted(`${value} ${i}`)},${quoted(value)},"1"`);
    }
  });

  test('the report is the operator’s only and validates its range', async () => {
    const guest = await t.app.inject({
      url: `/api/operator/attribution/report?from=${today()}&to=${today()}`,
    });
    expect(guest.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/api/operator/attribution/report?from=yesterday',
      headers: bearer(OPERATOR),
    });
    expect(bad.statusCode).toBe(422);
  });
});
