import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { SportEvent } from '../../src/shared/api/sports.ts';
import { startSportsFeed } from '../../src/sportsfeed/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

/**
 * The book on the in-house feed (docs/betting.md "The feed"): the feed's events learnt at connect,
 * its pushed messages applied once and in order (a replay changes nothing, a gap recovers the
 * event), a live bet waiting out its delay (accepted, or refused when its market stopped
 * meanwhile), and simulated matches played to their end with every bet settled and the ledger
 * balanced. Time is a clock the test moves for both sides.
 */
const SECRET = 'a-shared-secret-for-the-feed-tests';
const clock = new ManualClock(new Date('2026-06-01T18:00:00Z'));
let t: TestApp;
let feed: Awaited<ReturnType<typeof startSportsFeed>>;

beforeAll(async () => {
  t = await createTestApp({ SPORTS_LIVE_DELAY_MS: '5000' }, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  feed = await startSportsFeed({
    pushUrl: `http://127.0.0.1:${port}/api/sports/feed`,
    secret: SECRET,
    clock,
    schedule: false,
    daysAhead: 1,
    // A price a minute per live event (10 s in production): hours of matches stay quick to push.
    liveIntervalMs: 60_000,
  });
  await t.app.betting.connect(feed.url, SECRET);
}, 120_000);

afterAll(async () => {
  await feed?.close();
  await t?.close();
});

function signed(messages: unknown[]) {
  const body = JSON.stringify({ messages });
  const ts = clock.now();
  const mac = createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/sports/feed',
    headers: { 'content-type': 'application/json', 'x-feed-signature': `t=${ts},v1=${mac}` },
    payload: body,
  });
}

async function liveFootball(): Promise<SportEvent> {
  const res = await t.app.inject({ url: '/api/sports/events?sport=football&phase=live' });
  const open = (res.json().data as SportEvent[]).find((e) => e.main?.state === 'active');
  expect(open, 'a live football match taking bets').toBeDefined();
  return open!;
}

describe('the feed', () => {
  test('the feed’s events are learnt, with live ones among them', async () => {
    const tree = (await t.app.inject({ url: '/api/sports/tree' })).json().data;
    expect(tree.map((s: { sport: string }) => s.sport).sort()).toEqual([
      'basketball',
      'esports',
      'football',
      'tennis',
    ]);
    const event = await liveFootball();
    const detail = (await t.app.inject({ url: `/api/sports/events/${event.id}` })).json().data;
    const ids = new Set(detail.markets.map((m: { id: number }) => m.id));
    for (const id of [1, 10, 11, 16, 18, 29, 41]) expect(ids.has(id)).toBe(true);
  });

  test('a push without the right signature is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sports/feed',
      headers: { 'content-type': 'application/json', 'x-feed-signature': 't=1,v1=00' },
      payload: '{"messages":[]}',
    });
    expect(res.statusCode).toBe(401);
  });

  test('a replayed message changes nothing; one past a gap recovers the event', async () => {
    const event = await liveFootball();
    const [row] = await t.database.query<{ seq: number }>('select seq from sport_events where id = $1', [
      event.id,
    ]);
    const stop = (seq: number) => ({
      type: 'bet_stop',
      event_id: event.id,
      seq,
      timestamp: clock.now(),
      product: 'live',
      groups: ['all'],
    });
    const replay = await signed([stop(row!.seq)]);
    expect(replay.json()).toEqual({ applied: 0, recovered: 0 });
    const after = (await t.app.inject({ url: `/api/sports/events/${event.id}` })).json().data;
    expect(after.betstop).toBe(false);
    // The feed moves on but its messages are lost; then one arrives far ahead: the book re-reads
    // the event instead of applying it.
    clock.advance(90_000);
    const gap = await signed([stop(row!.seq + 50)]);
    expect(gap.json()).toEqual({ applied: 0, recovered: 1 });
    const [recovered] = await t.database.query<{ seq: number }>(
      'select seq from sport_events where id = $1',
      [event.id],
    );
    expect(recovered!.seq).toBe(feed.snapshot(event.id)!.seq);
    expect(recovered!.seq).toBeGreaterThan(row!.seq);
  });

  test('a live bet waits its delay and is accepted at its price', async () => {
    const player = await playerWithCash(t, 100_000n);
    const event = await liveFootball();
    const outcome = event.main!.outcomes.find((o) => o.active)!;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/sports/bets',
      headers: { ...bearer(player.token), 'idempotency-key': `live-${Date.now()}` },
      payload: {
        kind: 'single',
        stake: '10.00',
        legs: [
          { event_id: event.id, market_id: 1, specifiers: '', outcome_id: outcome.id, odds: outcome.odds },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(202);
    expect(placed.json().data.status).toBe('pending');
    const id = placed.json().data.id;
    await t.app.betting.tick();
    expect(
      (await t.app.inject({ url: `/api/sports/bets/${id}`, headers: bearer(player.token) })).json().data
        .status,
    ).toBe('pending');
    clock.advance(5_000);
    await t.app.betting.tick();
    const decided = (
      await t.app.inject({ url: `/api/sports/bets/${id}`, headers: bearer(player.token) })
    ).json().data;
    expect(decided.status).toBe('open');
  });

  test('a live bet whose market stopped during the delay is refused and its stake handed back', async () => {
    const player = await playerWithCash(t, 100_000n);
    const event = await liveFootball();
    const outcome = event.main!.outcomes.find((o) => o.active)!;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/sports/bets',
      headers: { ...bearer(player.token), 'idempotency-key': `live-stop-${Date.now()}` },
      payload: {
        kind: 'single',
        stake: '10.00',
        legs: [
          { event_id: event.id, market_id: 1, specifiers: '', outcome_id: outcome.id, odds: outcome.odds },
        ],
      },
    });
    expect(placed.statusCode).toBe(202);
    const [row] = await t.database.query<{ seq: number }>('select seq from sport_events where id = $1', [
      event.id,
    ]);
    // A bet stop, then the same prices again: the market was suspended meanwhile.
    clock.advance(1_000);
    expect(
      (
        await signed([
          {
            type: 'bet_stop',
            event_id: event.id,
            seq: row!.seq + 1,
            timestamp: clock.now(),
            product: 'live',
            groups: ['all'],
          },
        ])
      ).json(),
    ).toEqual({ applied: 1, recovered: 0 });
    expect((await t.app.inject({ url: `/api/sports/events/${event.id}` })).json().data.betstop).toBe(true);
    clock.advance(4_000);
    await t.app.betting.tick();
    const decided = (
      await t.app.inject({ url: `/api/sports/bets/${placed.json().data.id}`, headers: bearer(player.token) })
    ).json().data;
    expect(decided).toMatchObject({ status: 'refused', refusal: 'market_suspended' });
    const user = (await t.app.inject({ url: '/api/profile/user', headers: bearer(player.token) })).json()
      .user;
    expect(user.balance).toBe('1000.00');
  });

  test('matches played to their end settle every bet and the ledger stays balanced', async () => {
    const player = await playerWithCash(t, 1_000_000n);
    const live = (await t.app.inject({ url: '/api/sports/events?phase=live&limit=200' })).json()
      .data as SportEvent[];
    const ids: string[] = [];
    for (const event of live.filter((e) => e.main?.state === 'active').slice(0, 6)) {
      const outcome = event.main!.outcomes.find((o) => o.active)!;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sports/bets',
        headers: { ...bearer(player.token), 'idempotency-key': `end-${event.id}` },
        payload: {
          kind: 'single',
          stake: '10.00',
          legs: [
            {
              event_id: event.id,
              market_id: event.main!.id,
              specifiers: '',
              outcome_id: outcome.id,
              odds: outcome.odds,
            },
          ],
        },
      });
      expect([200, 202]).toContain(res.statusCode);
      ids.push(res.json().data.id);
    }
    expect(ids.length).toBeGreaterThan(2);
    clock.advance(5_000);
    await t.app.betting.tick();
    // Three hours of feed time, pushed every two minutes, but the last hour's pushes are lost:
    // the book finds the events it heard nothing of and re-reads them.
    for (let minute = 0; minute < 120; minute += 2) {
      clock.advance(120_000);
      await feed.tick();
    }
    clock.advance(60 * 60_000);
    expect(await t.app.betting.sweep()).toBeGreaterThan(0);
    await t.app.betting.tick();
    // (The player's access token has expired by now: the bets are read from the database.)
    const bets = await t.database.query<{ status: string }>(
      'select status from sport_bets where id = any($1::bigint[])',
      [ids],
    );
    expect(bets).toHaveLength(ids.length);
    for (const bet of bets) expect(['settled', 'refused']).toContain(bet.status);
    expect(bets.some((b) => b.status === 'settled')).toBe(true);
    expect(await checkLedger(t.database)).toEqual([]);
  }, 180_000);
});
