import { describe, expect, onTestFinished as onTheEnd, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { SCORING_LOCK } from '../../src/server/modules/tournaments/store.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { createRedisBus } from '../../src/server/realtime/bus.ts';
import { appForFile, createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { playerWithCash } from '../helpers/players.ts';

/**
 * Tournaments through the real API (docs/tournaments.md): points written to the scoring outbox in
 * each stake's transaction and folded into the standings (exact, converted, weighted, ties to the
 * first to reach a score),
 * a refunded stake taking its points back, opt-in with a buy-in refunded on cancel, and the end:
 * standings frozen and prizes paid exactly once, across a restart between deciding and paying
 * and with two instances finishing at once.
 */
const OPERATOR = 'operator-token-for-tournament-tests';
const clock = new ManualClock(Date.now());
// The tests tick by hand (the schedule would tick when the clock has moved past an end).
const ENV = { OPERATOR_API_TOKEN: OPERATOR, SPORTS_LIVE_DELAY_MS: '0', TOURNAMENT_TICK_MS: '0' };
const t = appForFile(ENV, { clock });
const op = { authorization: `Bearer ${OPERATOR}` };
const HOUR = 3_600_000;

type Body = Record<string, unknown>;

/** A tournament of `body`'s kind running from a minute ago for an hour (by the test's clock). */
async function tournament(body: Body = {}, app: TestApp = t): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/operator/tournaments',
    headers: op,
    payload: {
      name: { en: 'Test race', ru: 'Тестовая гонка' },
      kind: 'wager',
      starts_at: new Date(clock.now() - 60_000).toISOString(),
      ends_at: new Date(clock.now() + HOUR).toISOString(),
      currency: 'USD',
      games: [{ product: 'originals', game: 'dice', weight: 100 }],
      prizes: [
        { from: 1, to: 1, amount: '100' },
        { from: 2, to: 3, amount: '10' },
      ],
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const dice = (token: string, amount = '1', target = '50', app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/games/dice/bet',
    headers: bearer(token),
    payload: { amount, target, direction: 'under' },
  });

/** A tournament as the API shows it, after the outbox is folded (the leader does every second). */
async function detail(id: string, token?: string) {
  await t.app.tournaments.fold();
  const res = await t.app.inject({
    url: `/api/tournaments/${id}?locale=ru`,
    headers: token ? bearer(token) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const cashOf = async (token: string) =>
  (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user.balance as string;

/**
 * Ends every running tournament: the clock past their end, then a tick (what the schedule runs);
 * then the clock back to now, since a stake's time is the database's (when it settled).
 */
async function end(app: TestApp = t) {
  clock.advance(2 * HOUR);
  try {
    return await app.app.tournaments.tick();
  } finally {
    clock.set(Date.now());
  }
}

describe('points', () => {
  test('a wager race counts stakes converted at its rate and weighted; ties go to who reached the score first', async () => {
    const race = await tournament();
    // The same stakes counted twice as much in a second race: the weight.
    const double = await tournament({ games: [{ product: 'originals', game: 'dice', weight: 200 }] });
    const usd = await playerWithCash(t, 100_00n, { currency: 'USD' });
    const rub = await playerWithCash(t, 100_000_00n, { currency: 'RUB' });
    for (let i = 0; i < 3; i += 1) expect((await dice(usd.token, '1.00')).statusCode).toBe(200);
    // 100 RUB is worth 1 USD at the VIP club's points (the default rate): 300 RUB = $3, as the first.
    for (let i = 0; i < 3; i += 1) expect((await dice(rub.token, '100')).statusCode).toBe(200);

    const board = (await detail(race)).board;
    expect(board.standings.map((s: Body) => [s.rank, s.points, s.prize])).toEqual([
      [1, '3.00', '100.00'],
      [2, '3.00', '10.00'],
    ]);
    expect(board.participants).toBe(2);
    const first = await detail(race, usd.token);
    expect(first.me).toMatchObject({ joined: true, rank: 1, points: '3.00', prize: '100.00', gap: null });
    expect(first.name).toBe('Тестовая гонка');
    expect((await detail(double, rub.token)).me).toMatchObject({ rank: 2, points: '6.00' });

    // One more cent from the second takes the lead.
    expect((await dice(rub.token, '1')).statusCode).toBe(200);
    expect((await detail(race, rub.token)).me).toMatchObject({ rank: 1, points: '3.01' });
    await end();
  });

  test('a hundred players betting at once: every point counted exactly once', async () => {
    const race = await tournament({ prizes: [{ from: 1, to: 10, amount: '1' }] });
    const players = await Promise.all(
      Array.from({ length: 100 }, () => playerWithCash(t, 100_00n, { currency: 'USD' })),
    );
    // Player i stakes (i + 1) × 10 cents three times, all 300 stakes at once, with folds of the
    // outbox running among them (each event counted once, whichever fold takes it).
    const folding: Promise<number>[] = [];
    const answers = await Promise.all(
      players.flatMap((p, i) =>
        Array.from({ length: 3 }, (_, k) => {
          if (k === 0 && i % 20 === 0) folding.push(t.app.tournaments.fold());
          return dice(p.token, ((i + 1) / 10).toFixed(2));
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const folded = (await Promise.all(folding)).reduce((a, b) => a + b, 0) + (await t.app.tournaments.fold());
    expect(folded).toBeLessThanOrEqual(300);
    const [left] = await t.database.query<{ n: number }>('select count(*)::int as n from tournament_events');
    expect(left!.n).toBe(0);
    // The totals kept beside the scores: 100 players, turnover Σ 3 × (i + 1) × 10 cents.
    const [totals] = await t.database.query<{ participants: number; turnover: string }>(
      'select participants, turnover::text from tournament_totals where tournament_id = $1',
      [race],
    );
    expect(totals).toEqual({ participants: 100, turnover: String(3 * 10 * ((100 * 101) / 2)) });
    const rows = await t.database.query<{ user_id: string; points: string; bets: number }>(
      'select user_id::text, points::text, bets from tournament_players where tournament_id = $1',
      [race],
    );
    expect(rows.length).toBe(100);
    const ids = new Map(players.map((p, i) => [p.id, i]));
    for (const row of rows) {
      const i = ids.get(row.user_id)!;
      expect(row.bets).toBe(3);
      expect(row.points).toBe(String(3 * (i + 1) * 10));
    }
    const board = (await detail(race)).board;
    expect(board.standings[0]).toMatchObject({ rank: 1, points: '30.00' });
    expect(board.standings[99]).toMatchObject({ rank: 100, points: '0.30' });
    // The last of them is 27.01 short of the tenth and last paid place (27.30, ties lose).
    expect((await detail(race, players[0]!.token)).me).toMatchObject({
      rank: 100,
      gap: '27.01',
      prize: null,
    });
    await end();
  });

  test('a multiplier hunt keeps each player’s best multiplier of a stake at least its minimum', async () => {
    const hunt = await tournament({ kind: 'multiplier', min_stake: '1.00' });
    const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
    // Under 10 pays 9.9×, under 90 pays 1.1×; play until one of each has won at $1 and one at $0.50.
    let best = 0;
    for (let i = 0; i < 400 && best === 0; i += 1) {
      const res = (await dice(p.token, '1.00', '10')).json().data.bet;
      if (Number(res.payout) > 0) best = 990;
    }
    expect(best).toBe(990);
    // A bigger multiplier below the minimum stake does not count.
    for (let i = 0; i < 400; i += 1) {
      const res = (await dice(p.token, '0.50', '2')).json().data.bet;
      if (Number(res.payout) > 0) break;
    }
    expect((await detail(hunt, p.token)).me).toMatchObject({ rank: 1, points: '9.90' });
    await end();
  });

  test('a stake refunded after it settled takes its points back (a sportsbook bet cancelled)', async () => {
    const race = await tournament({
      games: [{ product: 'sports', game: '*', weight: 100 }],
      currency: 'RUB',
    });
    const p = await playerWithCash(t, 10_000_00n);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/operator/sports/events',
      headers: op,
      payload: {
        sport: 'football',
        country: 'GB',
        tournament: 'Test League',
        home: 'Refund',
        away: 'Refund Rovers',
        scheduled_at: new Date(Date.now() + HOUR).toISOString(),
        markets: [
          {
            id: 1,
            outcomes: [
              { id: '1', odds: 200 },
              { id: '2', odds: 340 },
              { id: '3', odds: 380 },
            ],
          },
        ],
      },
    });
    const event = created.json().data.id as string;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/sports/bets',
      headers: { ...bearer(p.token), 'idempotency-key': `tournament-refund-${event}` },
      payload: {
        kind: 'single',
        stake: '100.00',
        odds_policy: 'none',
        legs: [{ event_id: event, market_id: 1, specifiers: '', outcome_id: '1', odds: 200 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const settle = (path: string, payload: Body) =>
      t.app.inject({
        method: 'POST',
        url: `/api/operator/sports/events/${event}/${path}`,
        headers: op,
        payload,
      });
    expect((await settle('settle', { score: { home: 2, away: 0 } })).statusCode).toBe(200);
    expect((await detail(race, p.token)).me).toMatchObject({ rank: 1, points: '100.00' });
    expect((await settle('cancel', { markets: [{ id: 1, specifiers: '' }] })).statusCode).toBe(200);
    expect((await detail(race, p.token)).me).toMatchObject({ points: '0.00' });
    const [wager] = await t.database.query<{ refunded: boolean }>(
      `select refunded from wagers where product = 'sports' and ref = $1`,
      [`sports:${placed.json().data.id}`],
    );
    expect(wager?.refunded).toBe(true);
    await end();
  });
});

describe('entry', () => {
  test('opt-in: stakes count only after joining; the buy-in leaves the cash; a cancel refunds it', async () => {
    const race = await tournament({
      entry: 'opt_in',
      buy_in: { USD: '5', RUB: '500' },
      pool_buy_in_bps: 10_000,
      prizes: [{ from: 1, to: 1, share_bps: 10_000 }],
    });
    const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
    expect((await dice(p.token, '1.00')).statusCode).toBe(200);
    expect((await detail(race, p.token)).me).toMatchObject({ joined: false, rank: null, refusal: null });
    const before = await cashOf(p.token);
    const join = () =>
      t.app.inject({ method: 'POST', url: `/api/tournaments/${race}/join`, headers: bearer(p.token) });
    const [a, b] = await Promise.all([join(), join()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Number(await cashOf(p.token))).toBeCloseTo(Number(before) - 5, 2);
    expect((await dice(p.token, '2.00')).statusCode).toBe(200);
    const view = await detail(race, p.token);
    expect(view.me).toMatchObject({ joined: true, rank: 1, points: '2.00' });
    // The pool is the buy-ins: $5.
    expect(view.prize_pool).toBe('5.00');
    expect(view.buy_in).toEqual({ amount: '5.00', currency: 'USD' });

    const poor = await playerWithCash(t, 1_00n, { currency: 'USD' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${race}/join`,
      headers: bearer(poor.token),
    });
    expect(refused.statusCode).toBe(422);
    expect((await detail(race, poor.token)).me).toMatchObject({ joined: false });

    const beforeCancel = await cashOf(p.token);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/operator/tournaments/${race}/cancel`,
      headers: op,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(Number(await cashOf(p.token))).toBeCloseTo(Number(beforeCancel) + 5, 2);
    expect((await detail(race)).status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/operator/tournaments/${race}/cancel`,
      headers: op,
    });
    expect(again.statusCode).toBe(409);
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('an auto-entry tournament needs no join; a region outside its list is refused at join', async () => {
    const auto = await tournament();
    const p = await playerWithCash(t, 10_00n, { currency: 'USD' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${auto}/join`,
      headers: bearer(p.token),
    });
    expect(res.statusCode).toBe(409);
    const regional = await tournament({ entry: 'opt_in', regions: ['KZ'] });
    const far = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${regional}/join`,
      headers: bearer(p.token),
    });
    expect(far.statusCode).toBe(403);
    expect(far.json().errors.tournament[0]).toBe('tournament_not_eligible_region');
    expect((await detail(regional, p.token)).me.refusal).toBe('not_eligible_region');
    await end();
  });

  test('terms are checked; they change only before the start', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/operator/tournaments',
      headers: op,
      payload: {
        name: { en: 'Bad' },
        kind: 'wager',
        starts_at: new Date(clock.now() + HOUR).toISOString(),
        ends_at: new Date(clock.now() + 2 * HOUR).toISOString(),
        currency: 'USD',
        games: [{ product: 'originals', game: 'dice' }],
        prizes: [{ from: 2, to: 3, amount: '10' }],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.prizes[0]).toBe('prize_places');
    const later = await tournament({
      starts_at: new Date(clock.now() + HOUR).toISOString(),
      ends_at: new Date(clock.now() + 2 * HOUR).toISOString(),
    });
    const body = {
      name: { en: 'Renamed' },
      kind: 'profit',
      starts_at: new Date(clock.now() + HOUR).toISOString(),
      ends_at: new Date(clock.now() + 3 * HOUR).toISOString(),
      currency: 'EUR',
      games: [{ product: 'originals', game: '*' }],
      prizes: [{ from: 1, to: 1, amount: '50' }],
    };
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/operator/tournaments/${later}`,
      headers: op,
      payload: body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      kind: 'profit',
      currency: 'EUR',
      name: 'Renamed',
      status: 'upcoming',
    });
    const running = await tournament();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/operator/tournaments/${running}`,
      headers: op,
      payload: body,
    });
    expect(refused.statusCode).toBe(409);
    await end();
  });
});

/**
 * Another instance on the same database: on PostgreSQL its own pool of connections (and Redis for
 * its bus when TEST_REDIS_URL is set); on PGlite, which one process owns, the same database.
 */
async function secondInstance() {
  const url = t.config.env.DATABASE_URL;
  const database = url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : t.database;
  const redis = process.env.TEST_REDIS_URL;
  const bus = redis ? await createRedisBus(redis, `tournaments-${Date.now()}:`) : t.bus;
  const app = await createTestApp(ENV, { clock, database, bus });
  return {
    app: app.app,
    async close() {
      await app.close();
      if (bus !== t.bus) await bus.close();
      if (database !== t.database) await database.close();
    },
  };
}

describe('the end', () => {
  test('standings freeze and the prizes are paid once: cash and bonus, in each player’s currency', async () => {
    const race = await tournament({
      prizes: [
        { from: 1, to: 1, amount: '20' },
        { from: 2, to: 2, amount: '10', kind: 'bonus', wager: 5 },
      ],
    });
    const first = await playerWithCash(t, 100_00n, { currency: 'USD' });
    const second = await playerWithCash(t, 100_000_00n, { currency: 'RUB' });
    expect((await dice(first.token, '3.00')).statusCode).toBe(200);
    expect((await dice(second.token, '100')).statusCode).toBe(200);
    const cash = await cashOf(first.token);
    const { finished, paid } = await end();
    expect(finished).toContain(race);
    expect(
      paid.filter((w) => w.tournamentId === race).map((w) => [w.place, w.kind, w.amount, w.currency]),
    ).toEqual([
      [1, 'cash', 20_00n, 'USD'],
      [2, 'bonus', 1_000_00n, 'RUB'],
    ]);
    expect(Number(await cashOf(first.token))).toBeCloseTo(Number(cash) + 20, 2);
    const [grant] = await t.database.query<{ amount: string; source: string; requirement: string }>(
      `select amount::text, source, requirement::text from bonus_grants where source_key = $1`,
      [`tournament:${race}:place:2`],
    );
    expect(grant).toEqual({ amount: '100000', source: 'tournament', requirement: '500000' });
    // A stake after the end changes nothing; a second tick pays nothing more.
    expect((await dice(first.token, '50.00')).statusCode).toBe(200);
    expect((await t.app.tournaments.tick()).paid).toEqual([]);
    const view = await detail(race);
    expect(view.status).toBe('finished');
    expect(view.board.standings.map((s: Body) => [s.points, s.prize])).toEqual([
      ['3.00', '20.00'],
      ['1.00', '10.00'],
    ]);
    const prizes = await t.database.query(`select 1 from ledger_transactions where idempotency_key like $1`, [
      `tournament:${race}:%`,
    ]);
    expect(prizes.length).toBe(1);
    // The lobby announces them, the latest first, each in their own currency; the page is dropped
    // from the page cache when they are paid.
    const winners = await t.app.inject({ url: '/api/tournaments/winners?locale=ru&limit=50' });
    expect(winners.statusCode, winners.body).toBe(200);
    expect(
      winners
        .json()
        .data.filter((w: Body) => w.tournament_id === race)
        .map((w: Body) => [w.place, w.tournament, w.kind, w.amount, w.currency, typeof w.player]),
    ).toEqual([
      [1, 'Тестовая гонка', 'cash', '20.00', 'USD', 'string'],
      [2, 'Тестовая гонка', 'bonus', '1000.00', 'RUB', 'string'],
    ]);
    // Each winner is told, in their language, once.
    const mails = await t.database.query<{ recipient: string; subject: string; body: string }>(
      `select recipient, subject, body from outbox where kind = 'tournament_prize' and recipient = any($1)`,
      [[first.email, second.email]],
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual([first.email, second.email].sort());
    // Players registered in Russian; no public address is configured, so the mail has no link.
    expect(mails.find((m) => m.recipient === first.email)!.body).toMatch(
      /^Поздравляем! Вы заняли 1 место в турнире «Тестовая гонка» и выиграли 20,00\s\$\.$/,
    );
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('the operator ends a running tournament now: later stakes do not count, the prizes are paid', async () => {
    const race = await tournament({ prizes: [{ from: 1, to: 1, amount: '3' }] });
    const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
    expect((await dice(p.token, '1.00')).statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/operator/tournaments/${race}/end`,
      headers: op,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.payouts).toMatchObject([
      { place: 1, user_id: p.id, amount: '3.00', currency: 'USD' },
    ]);
    expect((await dice(p.token, '5.00')).statusCode).toBe(200);
    expect((await detail(race, p.token)).me).toMatchObject({ rank: 1, points: '1.00' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/operator/tournaments/${race}/end`,
      headers: op,
    });
    expect(again.statusCode).toBe(409);
  });

  // Needs a second connection holding a stake's transaction open: PostgreSQL only (PGlite has one).
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a stake in flight when it ends counts, one after it does not (PostgreSQL)',
    async () => {
      const race = await tournament({ prizes: [{ from: 1, to: 1, amount: '3' }] });
      const p = await playerWithCash(t, 100_00n, { currency: 'USD' });
      const other = await openDatabase({ databaseUrl: t.config.env.DATABASE_URL!, poolSize: 2 });
      const settle = (tx: { query: typeof other.query }, ref: string, stake: number) =>
        tx.query(
          `insert into wagers (product, ref, user_id, game, currency, stake, payout)
           values ('originals', $1, $2, 'dice', 'USD', $3, 0)`,
          [`${ref}-${race}`, p.id, stake],
        );
      try {
        // A stake settled in a transaction that has not committed yet (a bet mid-way).
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let settled!: () => void;
        const written = new Promise<void>((resolve) => {
          settled = resolve;
        });
        const inFlight = other.transaction(async (tx) => {
          await settle(tx, 'in-flight', 700);
          settled();
          await held;
        });
        await written;
        const ending = t.app.tournaments.service.finish(race, { early: true });
        // The end waits for it: its exclusive request on the scoring lock is queued.
        await expect
          .poll(async () => {
            const [row] = await t.database.query<{ n: number }>(
              `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
              [SCORING_LOCK],
            );
            return row!.n;
          })
          .toBe(1);
        release();
        await inFlight;
        expect(await ending).toBe(true);
        await settle(other, 'after', 500);
        expect((await detail(race, p.token)).me).toMatchObject({ rank: 1, points: '7.00' });
        const [payout] = await t.database.query<{ points: string }>(
          'select points::text from tournament_payouts where tournament_id = $1',
          [race],
        );
        expect(payout).toEqual({ points: '700' });
        expect((await t.app.tournaments.service.payPrizes()).map((w) => w.userId)).toEqual([p.id]);
      } finally {
        // The two stakes had no bet behind them: off the record again, so the ledger check holds.
        await t.database.query('delete from wagers where ref = any($1)', [
          [`in-flight-${race}`, `after-${race}`],
        ]);
        await other.close();
      }
    },
  );

  test('a restart between deciding and paying pays the rest once; two instances ending it at once pay once', async () => {
    const race = await tournament({ prizes: [{ from: 1, to: 2, amount: '5' }] });
    const other = await tournament({ prizes: [{ from: 1, to: 2, amount: '7' }] });
    const a = await playerWithCash(t, 100_00n, { currency: 'USD' });
    const b = await playerWithCash(t, 100_00n, { currency: 'USD' });
    expect((await dice(a.token, '2.00')).statusCode).toBe(200);
    expect((await dice(b.token, '1.00')).statusCode).toBe(200);
    clock.advance(2 * HOUR);
    onTheEnd(() => clock.set(Date.now()));
    // The first instance decides the prizes of one tournament and stops before paying them.
    expect(await t.app.tournaments.service.finish(race)).toBe(true);
    // A second instance starts, and both tick at once.
    const second = await secondInstance();
    try {
      const [x, y] = await Promise.all([t.app.tournaments.tick(), second.app.tournaments.tick()]);
      const paid = [...x.paid, ...y.paid].filter((w) => w.tournamentId === race || w.tournamentId === other);
      expect(paid.map((w) => `${w.tournamentId}:${w.place}`).sort()).toEqual(
        [`${race}:1`, `${race}:2`, `${other}:1`, `${other}:2`].sort(),
      );
      expect([...x.finished, ...y.finished].filter((id) => id === other)).toEqual([other]);
    } finally {
      await second.close();
    }
    const payouts = await t.database.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where kind = 'tournament_prize' and metadata->>'tournament' in ($1, $2)`,
      [race, other],
    );
    expect(payouts[0]!.n).toBe(4);
    expect(await checkLedger(t.database)).toEqual([]);
  });
});

describe('the top', () => {
  test('a big win is among the day’s biggest, linked to its verification; a hidden player is unnamed', async () => {
    const p = await playerWithCash(t, 1_000_00n, { currency: 'USD' });
    let won: { id: string; payout: string } | null = null;
    for (let i = 0; i < 400 && !won; i += 1) {
      const bet = (await dice(p.token, '10.00', '10')).json().data.bet;
      if (Number(bet.payout) > 0) won = bet;
    }
    expect(won).not.toBeNull();
    const res = await t.app.inject({ url: '/api/top?period=day&order=multiplier&game=dice' });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((r: Body) => r.verify === `bet=${won!.id}`);
    expect(row).toMatchObject({
      product: 'originals',
      game: 'dice',
      stake: '10.00',
      payout: won!.payout,
      multiplier: '9.90',
    });
    expect(row.player).toMatch(/^#[0-9A-F]{6}$/);
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile/settings',
      headers: bearer(p.token),
      payload: { is_statistics_hidden: true },
    });
    const hidden = (await t.app.inject({ url: '/api/top?period=all&order=win' })).json().data;
    expect(hidden.find((r: Body) => r.verify === `bet=${won!.id}`).player).toBeNull();
    const bad = await t.app.inject({ url: '/api/top?period=year' });
    expect(bad.statusCode).toBe(422);
  });
});
