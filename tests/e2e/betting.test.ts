import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance, laidOut, shot } from '../helpers/game-page.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * The sportsbook end to end (docs/betting.md "Pages"): the real server with the in-house feed it
 * starts on loopback (its events simulated), the lists, the slip and "my bets" through the real
 * pages. Every wait is on something the page shows, never on the clock.
 */
const OPERATOR = 'e2e-operator-token-betting-0123456789';
const stage = gameStage({ OPERATOR_API_TOKEN: OPERATOR, SPORTS_FEED_IN_HOUSE: 'true' });

const WAIT = { timeout: 30_000 };

interface SportBetView {
  id: string;
  kind: string;
  status: string;
  stake: string;
  potential: string;
  payout: string;
  legs: { event_id: string; odds: number }[];
}

/** The lists once the board island has taken over from the server's copy (its prices add to the slip). */
async function openBoard(page: Page, url: string): Promise<Locator> {
  await page.goto(`${stage.server.url}${url}`, { waitUntil: 'domcontentloaded' });
  const board = page.locator('[data-testid="bt-board"][data-live="true"]');
  await expect.poll(() => board.count(), WAIT).toBe(1);
  return board;
}

/** The first open price of each of the first `count` upcoming events that have one (their main market). */
async function pickUpcoming(board: Locator, count: number): Promise<void> {
  const rows = board.locator('[data-testid="bt-list-upcoming"] [data-testid="bt-event"]');
  await expect.poll(() => rows.count(), WAIT).toBeGreaterThanOrEqual(count);
  let picked = 0;
  for (let i = 0; picked < count; i++) {
    const price = rows.nth(i).locator('[data-testid="bt-price"]:not([disabled])').first();
    if ((await price.count()) === 0) continue;
    await price.click();
    picked++;
    await expect.poll(() => price.getAttribute('aria-pressed')).toBe('true');
  }
}

/** A call of the operator API (bearer token), answering its JSON. */
async function operator<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stage.server.url}/api/operator/sports${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`operator ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An event of the operator's own, an hour away, its match result priced 2.00 / 3.40 / 3.80 (no feed moves it). */
/** The events the tests made through the operator API (one market only: not the feed's). */
const operatorEvents = new Set<string>();

async function operatorEvent(home: string): Promise<string> {
  const { data } = await operator<{ data: { id: string } }>('/events', {
    sport: 'football',
    country: 'GB',
    tournament: 'E2E League',
    home,
    away: `${home} Rovers`,
    scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
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
  });
  operatorEvents.add(data.id);
  return data.id;
}

/**
 * The slip as a player sees it, at 1440 px (the side panel) and at 390 px (the drawer opened by
 * its floating button), viewport screenshots (`<name>-1440.png`, `<name>-390.png`); the page is
 * left at 1440 px with the drawer closed.
 */
async function slipShots(page: Page, name: string): Promise<void> {
  await page.getByTestId('bt-slip').scrollIntoViewIfNeeded();
  await laidOut(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await laidOut(page);
  await page.getByTestId('bt-slip-fab').click();
  await expect.poll(() => page.getByTestId('bt-slip').getAttribute('data-open')).toBe('true');
  await laidOut(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('bt-slip').getAttribute('data-open')).toBe('false');
  await page.setViewportSize({ width: 1440, height: 900 });
  await laidOut(page);
}

/** Decimal odds shown as text ("2.45") in hundredths. */
const hundredths = (text: string | null) => Math.round(Number((text ?? '').trim()) * 100);

describe('the sportsbook', () => {
  test('a player adds three legs, places an accumulator and finds it among the open bets', async () => {
    const { token } = await fundedPlayer(stage.server.url, { prefix: 'bet-multi', currency: 'USD' });
    const { context, problems } = await stage.playerContext(token, { width: 1440 });
    const page = await context.newPage();
    const board = await openBoard(page, '/en/betting');
    await expect.poll(async () => digits(await headerBalance(page)), WAIT).toBe('100000');
    await shot(page, 'betting-en', { wide: 1440 });

    // Three selections of three events: the slip counts them and turns into an accumulator.
    await pickUpcoming(board, 3);
    const slip = page.getByTestId('bt-slip');
    await expect.poll(() => slip.getByTestId('bt-slip-leg').count()).toBe(3);
    expect(await slip.getByTestId('bt-slip-tab-multi').getAttribute('aria-selected')).toBe('true');
    // The total odds are the legs' product, to the hundredth below.
    const odds = (await slip.getByTestId('bt-slip-odds').allTextContents()).map(hundredths);
    const total = Math.floor(odds.reduce((product, o) => product * o, 1) / 100 ** (odds.length - 1));
    expect(hundredths(await slip.getByTestId('bt-total-odds').textContent())).toBe(total);

    // A stake, the book's highest stake quoted, any price change accepted (pre-match prices may move).
    await slip.getByTestId('bt-stake').getByRole('textbox').fill('10');
    await expect
      .poll(() => slip.getByTestId('bt-stake').textContent(), WAIT)
      .toMatch(/Maximum stake now: \$/);
    await slip.getByLabel('Accept any change').check();
    await expect.poll(() => slip.getByTestId('bt-total-stake').textContent()).toBe('$10.00');
    await slipShots(page, 'betting-slip');
    await slip.getByTestId('bt-place').click();

    // Taken: the ticket says so, the selections leave the slip, the stake leaves the balance.
    const ticket = slip.getByTestId('bt-ticket');
    await expect.poll(() => ticket.getAttribute('data-state'), WAIT).toBe('accepted');
    await expect.poll(() => slip.getByTestId('bt-slip-leg').count()).toBe(0);
    await expect.poll(async () => digits(await headerBalance(page)), WAIT).toBe('99000');

    const { data: open } = await apiCall<{ data: SportBetView[] }>(
      stage.server.url,
      'GET',
      '/sports/bets?status=open',
      token,
    );
    expect(open).toHaveLength(1);
    const bet = open[0] as SportBetView;
    expect(bet).toMatchObject({ kind: 'multi', status: 'open', stake: '10.00' });
    expect(bet.legs).toHaveLength(3);

    // My bets: the accumulator with its three legs, open, with what it may pay.
    await slip.getByTestId('bt-to-my-bets').click();
    await page.waitForURL(/\/en\/betting\/my-bets$/);
    const card = page.locator(`[data-testid="bt-bet"][data-bet="${bet.id}"]`);
    await expect.poll(() => card.count(), WAIT).toBe(1);
    expect(await card.getAttribute('data-status')).toBe('open');
    expect(await card.getByTestId('bt-bet-leg').count()).toBe(3);
    expect(await card.locator('.bt-bet-kind b').textContent()).toBe('Accumulator (3)');
    expect(await card.getByTestId('bt-bet-potential').textContent()).toBe(
      `$${Number(bet.potential).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await shot(page, 'betting-my-bets', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  test('a settled bet is in the history; an open single is cashed out from "my bets"', async () => {
    const { token } = await fundedPlayer(stage.server.url, { prefix: 'bet-history', currency: 'USD' });
    const [settledEvent, openEvent] = await Promise.all([
      operatorEvent('Northgate'),
      operatorEvent('Westbrook'),
    ]);
    const single = (eventId: string) =>
      apiCall<{ data: SportBetView }>(stage.server.url, 'POST', '/sports/bets', token, {
        kind: 'single',
        stake: '10',
        odds_policy: 'none',
        legs: [{ event_id: eventId, market_id: 1, specifiers: '', outcome_id: '1', odds: 200 }],
      });
    const won = (await single(settledEvent)).data;
    const open = (await single(openEvent)).data;
    expect([won.status, open.status]).toEqual(['open', 'open']);
    await operator(`/events/${encodeURIComponent(settledEvent)}/settle`, { score: { home: 2, away: 1 } });

    const { context, problems } = await stage.playerContext(token, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/betting/my-bets`, { waitUntil: 'domcontentloaded' });
    // Open: the unsettled single, cashed out at the offer shown.
    const card = page.locator(`[data-testid="bt-bet"][data-bet="${open.id}"]`);
    await expect.poll(() => card.count(), WAIT).toBe(1);
    expect(await page.locator(`[data-testid="bt-bet"][data-bet="${won.id}"]`).count()).toBe(0);
    await card.getByTestId('bt-cashout-ask').click();
    const value = card.getByTestId('bt-cashout-value');
    await expect.poll(() => value.count(), WAIT).toBe(1);
    const offered = await value.textContent();
    expect(offered).toMatch(/^\$\d+\.\d{2}$/);
    await card.getByTestId('bt-cashout-accept').click();
    await expect.poll(() => card.getAttribute('data-status'), WAIT).toBe('cashed_out');
    expect(await card.getByTestId('bt-bet-payout').textContent()).toBe(offered);

    // Settled: the single that won, its leg won, 2.00 × $10.00 paid.
    await page.getByTestId('bt-bets-tab-settled').click();
    const settled = page.locator(`[data-testid="bt-bet"][data-bet="${won.id}"]`);
    await expect.poll(() => settled.count(), WAIT).toBe(1);
    expect(await settled.getAttribute('data-outcome')).toBe('won');
    expect(await settled.getByTestId('bt-bet-leg').getAttribute('data-state')).toBe('won');
    expect(await settled.getByTestId('bt-bet-payout').textContent()).toBe('$20.00');
    expect(page.url()).toMatch(/status=settled$/);
    await shot(page, 'betting-my-bets-settled', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('a price moved by the book reaches the open event page without a reload', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    const id = await operatorEvent('Kilo');
    await page.goto(`${stage.server.url}/en/betting/event/${encodeURIComponent(id)}`, {
      waitUntil: 'domcontentloaded',
    });
    const event = page.locator('[data-testid="bt-event-page"][data-live="true"]');
    await expect.poll(() => event.count(), WAIT).toBe(1);
    const home = event.locator('[data-market="1"] [data-testid="bt-price"]').first();
    await expect.poll(() => home.locator('.bt-price-odds').textContent(), WAIT).toBe('2.00');
    const reprice = (odds: number) =>
      fetch(`${stage.server.url}/api/operator/sports/events/${encodeURIComponent(id)}/markets`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          markets: [
            {
              id: 1,
              outcomes: [
                { id: '1', odds },
                { id: '2', odds: 340 },
                { id: '3', odds: 380 },
              ],
            },
          ],
        }),
      });
    // No reload: the new price comes over /ws (sports:event:<id>), marked ▲ or ▼.
    expect((await reprice(245)).status).toBe(200);
    await expect.poll(() => home.getAttribute('data-move'), WAIT).toBe('up');
    await expect.poll(() => home.locator('.bt-price-odds').textContent(), WAIT).toMatch(/^2\.45/);
    expect((await reprice(180)).status).toBe(200);
    await expect.poll(() => home.getAttribute('data-move'), WAIT).toBe('down');
    // The mark is the arrow beside the price (for a few seconds).
    expect(await home.locator('.bt-price-odds').textContent()).toMatch(/^1\.80▼?$/);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('two selections of one event cannot make an accumulator; the slip says so', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    const board = await openBoard(page, '/en/betting/football');
    // A match of the feed (with all its markets), not one an earlier test made, which can start
    // sooner than every match of the feed at some hours of the day.
    const rows = board.locator('[data-testid="bt-list-upcoming"] [data-testid="bt-event"]');
    const feedMatch = async () => {
      for (const row of await rows.all())
        if (!operatorEvents.has((await row.getAttribute('data-event')) ?? ''))
          return row.locator('.bt-event-link').getAttribute('href');
      return null;
    };
    await expect.poll(feedMatch, WAIT).not.toBeNull();
    await page.goto(`${stage.server.url}${await feedMatch()}`, { waitUntil: 'domcontentloaded' });
    const event = page.locator('[data-testid="bt-event-page"][data-live="true"]');
    await expect.poll(() => event.count(), WAIT).toBe(1);
    // A price of the match result and one of both teams to score.
    for (const market of ['1', '29']) {
      await event
        .locator(`[data-market="${market}"] [data-testid="bt-price"]:not([disabled])`)
        .first()
        .click();
    }
    const slip = page.getByTestId('bt-slip');
    await expect.poll(() => slip.getByTestId('bt-slip-leg').count()).toBe(2);
    await slip.getByTestId('bt-slip-tab-multi').click();
    expect(await slip.getByTestId('bt-same-event').textContent()).toContain('same match');
    expect(await slip.getByTestId('bt-place').isDisabled()).toBe(true);
    // As singles they can be bet; a guest is asked to log in.
    await slip.getByTestId('bt-slip-tab-single').click();
    expect(await slip.getByTestId('bt-place').textContent()).toBe('Log in to place a bet');
    await shot(page, 'betting-event', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('the odds format switch writes every price as chosen and is remembered', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 390 });
    const page = await context.newPage();
    const board = await openBoard(page, '/en/betting');
    const price = board.locator('[data-testid="bt-price"]:not([disabled]) .bt-price-odds').first();
    await expect.poll(() => price.textContent(), WAIT).toMatch(/^\d+\.\d{2}/);
    await page.locator('[data-testid="bt-odds-switch"] [data-format="fractional"]').click();
    await expect.poll(() => price.textContent()).toMatch(/^\d+\/\d+/);
    await page.locator('[data-testid="bt-odds-switch"] [data-format="american"]').click();
    await expect.poll(() => price.textContent()).toMatch(/^[+-]\d+/);
    // A new page keeps the choice.
    const again = await openBoard(page, '/en/betting');
    await expect
      .poll(() =>
        again.locator('[data-testid="bt-price"]:not([disabled]) .bt-price-odds').first().textContent(),
      )
      .toMatch(/^[+-]\d+/);
    await laidOut(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('Russian pages: the sportsbook in Russian, prices as П1 Х П2, the phone slip a drawer', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 390 });
    const page = await context.newPage();
    const board = await openBoard(page, '/betting');
    expect(await page.locator('h1').first().textContent()).toBe('Ставки на спорт');
    await expect
      .poll(() => board.getByTestId('bt-section-upcoming').locator('h2').textContent())
      .toMatch(/^Скоро начнутся/);
    await pickUpcoming(board, 1);
    const fab = page.getByTestId('bt-slip-fab');
    await expect.poll(() => fab.textContent()).toBe('Купон1');
    await fab.click();
    await expect.poll(() => page.getByTestId('bt-slip').getAttribute('data-open')).toBe('true');
    expect(await page.getByTestId('bt-place').textContent()).toBe('Войдите, чтобы сделать ставку');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('bt-slip').getAttribute('data-open')).toBe('false');
    await shot(page, 'betting-ru', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
