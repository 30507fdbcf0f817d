import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { appForFile } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

/**
 * The sportsbook's bets and settlement through the real API (docs/betting.md), on events the
 * operator prices by hand: the odds policies, a suspended market, settlement, rollback and
 * resettlement moving money back and forth exactly, an accumulator with a void leg, the liability
 * cap under concurrent bets, and cash-out racing settlement.
 */
const OPERATOR = 'operator-token-for-betting-tests';
const t = appForFile({ OPERATOR_API_TOKEN: OPERATOR, SPORTS_LIVE_DELAY_MS: '0' });
const op = { authorization: `Bearer ${OPERATOR}` };
let keys = 0;
const key = () => `bet-key-${Date.now()}-${++keys}`;

async function event(
  home: string,
  odds: { home: number; draw: number; away: number } = { home: 200, draw: 340, away: 380 },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operator/sports/events',
    headers: op,
    payload: {
      sport: 'football',
      country: 'GB',
      tournament: 'Test League',
      home,
      away: `${home} Rovers`,
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      markets: [
        {
          id: 1,
          outcomes: [
            { id: '1', odds: odds.home },
            { id: '2', odds: odds.draw },
            { id: '3', odds: odds.away },
          ],
        },
        {
          id: 18,
          specifiers: 'total=2.25',
          outcomes: [
            { id: '12', odds: 190 },
            { id: '13', odds: 190 },
          ],
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

async function balance(token: string): Promise<string> {
  return (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user.balance;
}

function bet(token: string, body: Record<string, unknown>, k = key()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sports/bets',
    headers: { ...bearer(token), 'idempotency-key': k },
    payload: { kind: 'single', odds_policy: 'none', ...body },
  });
}

const leg = (eventId: string, outcome = '1', odds = 200, market = 1, specifiers = '') => ({
  event_id: eventId,
  market_id: market,
  specifiers,
  outcome_id: outcome,
  odds,
});

function operator(path: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/sports/events/${path}`,
    headers: op,
    payload: payload as object,
  });
}

describe('bets', () => {
  test('a single is settled, rolled back and settled again: money moves back and forth exactly', async () => {
    const player = await playerWithCash(t, 100_000n);
    const id = await event('Alpha');
    const placed = await bet(player.token, { stake: '100.00', legs: [leg(id)] });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ status: 'open', potential: '200.00', total_odds: 200 });
    expect(await balance(player.token)).toBe('900.00');

    expect((await operator(`${id}/settle`, { score: { home: 2, away: 1 } })).statusCode).toBe(200);
    expect(await balance(player.token)).toBe('1100.00');
    const settled = await t.app.inject({
      url: `/api/sports/bets/${placed.json().data.id}`,
      headers: bearer(player.token),
    });
    expect(settled.json().data).toMatchObject({ status: 'settled', payout: '200.00' });
    expect(settled.json().data.legs[0].state).toBe('won');

    const markets = [{ id: 1, specifiers: '' }];
    const rolled = await operator(`${id}/rollback`, { markets });
    expect(rolled.json()).toEqual({ data: { markets: 1, bets: 1 } });
    expect(await balance(player.token)).toBe('900.00');
    const reopened = await t.app.inject({
      url: `/api/sports/bets/${placed.json().data.id}`,
      headers: bearer(player.token),
    });
    expect(reopened.json().data).toMatchObject({ status: 'open', payout: '0.00' });

    // Resettled as a draw: the bet loses, nothing moves.
    expect((await operator(`${id}/settle`, { score: { home: 1, away: 1 } })).statusCode).toBe(200);
    expect(await balance(player.token)).toBe('900.00');
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('quarter lines settle half won and half lost', async () => {
    const player = await playerWithCash(t, 100_000n);
    const id = await event('Bravo');
    const under = await bet(player.token, { stake: '100.00', legs: [leg(id, '13', 190, 18, 'total=2.25')] });
    const over = await bet(player.token, { stake: '100.00', legs: [leg(id, '12', 190, 18, 'total=2.25')] });
    expect(under.statusCode).toBe(200);
    expect(over.statusCode).toBe(200);
    await operator(`${id}/settle`, { score: { home: 1, away: 1 } });
    const view = async (r: typeof under) =>
      (
        await t.app.inject({ url: `/api/sports/bets/${r.json().data.id}`, headers: bearer(player.token) })
      ).json().data;
    // Two goals on 2.25: under is half on 2 (void) and half on 2.5 (won): 50 + 50 × 1.9 = 145.
    expect(await view(under)).toMatchObject({ payout: '145.00' });
    expect((await view(under)).legs[0].state).toBe('half_won');
    // Over: half void, half lost: 50.
    expect(await view(over)).toMatchObject({ payout: '50.00' });
    expect(await balance(player.token)).toBe('995.00');
  });

  test('an accumulator with a void leg settles at the other legs’ odds', async () => {
    const player = await playerWithCash(t, 100_000n);
    const [a, b, c] = [
      await event('Charlie'),
      await event('Delta', { home: 150, draw: 400, away: 500 }),
      await event('Echo'),
    ];
    const placed = await bet(player.token, {
      kind: 'multi',
      stake: '100.00',
      legs: [leg(a), leg(b, '1', 150), leg(c)],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ potential: '600.00', total_odds: 600 });
    await operator(`${c}/cancel`, { markets: [{ id: 1, specifiers: '' }] });
    await operator(`${a}/settle`, { score: { home: 1, away: 0 } });
    await operator(`${b}/settle`, { score: { home: 3, away: 0 } });
    const view = (
      await t.app.inject({ url: `/api/sports/bets/${placed.json().data.id}`, headers: bearer(player.token) })
    ).json().data;
    expect(view).toMatchObject({ status: 'settled', payout: '300.00' });
    expect(view.legs.map((l: { state: string }) => l.state)).toEqual(['won', 'won', 'void']);
    expect(await balance(player.token)).toBe('1200.00');
  });

  test('the odds policies: none refuses a move, higher takes a rise, any takes a fall', async () => {
    const player = await playerWithCash(t, 100_000n);
    const id = await event('Foxtrot');
    const reprice = (home: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/operator/sports/events/${id}/markets`,
        headers: op,
        payload: {
          markets: [
            {
              id: 1,
              outcomes: [
                { id: '1', odds: home },
                { id: '2', odds: 340 },
                { id: '3', odds: 380 },
              ],
            },
          ],
        },
      });
    await reprice(210);
    const none = await bet(player.token, { stake: '10.00', legs: [leg(id, '1', 200)] });
    expect(none.statusCode).toBe(409);
    expect(none.json().errors.legs).toEqual(['odds_changed:0']);
    const higher = await bet(player.token, {
      stake: '10.00',
      odds_policy: 'higher',
      legs: [leg(id, '1', 200)],
    });
    expect(higher.statusCode).toBe(200);
    expect(higher.json().data.legs[0].odds).toBe(210);
    await reprice(180);
    const higherFall = await bet(player.token, {
      stake: '10.00',
      odds_policy: 'higher',
      legs: [leg(id, '1', 210)],
    });
    expect(higherFall.statusCode).toBe(409);
    const any = await bet(player.token, { stake: '10.00', odds_policy: 'any', legs: [leg(id, '1', 210)] });
    expect(any.statusCode).toBe(200);
    expect(any.json().data.legs[0].odds).toBe(180);
    expect(await balance(player.token)).toBe('980.00');
  });

  test('a suspended market takes no bet and the refusal moves nothing', async () => {
    const player = await playerWithCash(t, 100_000n);
    const id = await event('Golf');
    expect((await operator(`${id}/suspend`, {})).statusCode).toBe(200);
    const refused = await bet(player.token, { stake: '10.00', legs: [leg(id)] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.legs).toEqual(['market_suspended:0']);
    expect(await balance(player.token)).toBe('1000.00');
  });

  test('a retry with the same key answers the same bet and takes one stake', async () => {
    const player = await playerWithCash(t, 100_000n);
    const id = await event('Hotel');
    const k = key();
    const [first, second] = await Promise.all([
      bet(player.token, { stake: '50.00', legs: [leg(id)] }, k),
      bet(player.token, { stake: '50.00', legs: [leg(id)] }, k),
    ]);
    expect(first.json().data.id).toBe(second.json().data.id);
    expect(await balance(player.token)).toBe('950.00');
  });

  test('the liability cap holds under 100 concurrent bets', async () => {
    const id = await event('India', { home: 1100, draw: 340, away: 120 });
    const limit = t.config.currencies.RUB.limits.crash.max * BigInt(t.config.env.SPORTS_LIABILITY_MULTIPLE);
    // Each bet risks 10 × its stake at 11.00: stakes of a tenth of the limit pass about ten times.
    const stake = limit / 100n;
    const players = await Promise.all(Array.from({ length: 100 }, () => playerWithCash(t, stake * 2n)));
    const answers = await Promise.all(
      players.map((p) =>
        bet(p.token, { stake: (Number(stake) / 100).toFixed(2), legs: [leg(id, '1', 1100)] }),
      ),
    );
    const taken = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(taken + refused.length).toBe(100);
    expect(taken).toBe(10);
    expect(refused[0]!.json().errors.stake[0]).toMatch(/^stake_above_max:/);
    const [row] = await t.database.query<{ liability: string }>(
      "select liability::text from sport_exposure where event_id = $1 and outcome_id = '1' and currency = 'RUB'",
      [id],
    );
    expect(BigInt(row!.liability)).toBeLessThanOrEqual(limit);
    expect(BigInt(row!.liability)).toBe(stake * 10n * 10n);
  });

  test('cash-out against settlement: exactly one wins, in both orders', async () => {
    const player = await playerWithCash(t, 100_000n);
    for (const first of ['cashout', 'settle'] as const) {
      const id = await event(`Juliet ${first}`);
      const placed = await bet(player.token, { stake: '100.00', legs: [leg(id)] });
      const betId = placed.json().data.id;
      const offer = await t.app.inject({
        method: 'POST',
        url: `/api/sports/bets/${betId}/cashout/offer`,
        headers: bearer(player.token),
      });
      expect(offer.statusCode, offer.body).toBe(200);
      // At unchanged odds the offer is the stake less the 5 % margin.
      expect(offer.json().data.value).toBe('95.00');
      const cashout = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/sports/bets/${betId}/cashout`,
          headers: bearer(player.token),
          payload: { offer: offer.json().data.offer },
        });
      const settle = () => operator(`${id}/settle`, { score: { home: 2, away: 0 } });
      const before = Number(await balance(player.token));
      // a: the cash-out's answer, b: the settlement's, whichever was sent first.
      const [a, b] =
        first === 'cashout'
          ? await Promise.all([cashout(), settle()])
          : await Promise.all([settle(), cashout()]).then(([s, c]) => [c, s] as const);
      expect(b.statusCode).toBe(200);
      const view = (
        await t.app.inject({ url: `/api/sports/bets/${betId}`, headers: bearer(player.token) })
      ).json().data;
      if (a.statusCode === 200) {
        expect(view).toMatchObject({ status: 'cashed_out', payout: '95.00' });
        expect(Number(await balance(player.token))).toBe(before + 95);
      } else {
        expect(a.statusCode).toBe(409);
        expect(view).toMatchObject({ status: 'settled', payout: '200.00' });
        expect(Number(await balance(player.token))).toBe(before + 200);
      }
    }
    expect(await checkLedger(t.database)).toEqual([]);
  });
});
