import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance, shot } from '../helpers/game-page.ts';

/**
 * Tournaments and the top end to end (docs/tournaments.md): the real server, a tournament the
 * operator creates, players betting through the API while one of them watches the tournament's
 * page. The board and the player's place change over `/ws` without a reload; the operator ends the
 * tournament ("end now", so no test waits for a deadline) and the prize reaches the header
 * balance. Every wait is on something the page shows.
 */
const OPERATOR = 'e2e-operator-token-tournaments-0123456789';
const stage = gameStage({ OPERATOR_API_TOKEN: OPERATOR });
const WAIT = { timeout: 30_000 };

async function operator<T>(method: 'POST' | 'GET', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stage.server.url}/api/operator/tournaments${path}`, {
    method,
    headers: {
      authorization: `Bearer ${OPERATOR}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`operator ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A wager race on dice in USD, running from a minute ago for a day. */
async function race(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { data } = await operator<{ data: { id: string } }>('POST', '', {
    name: { en: name, ru: `${name} (ru)` },
    description: { en: 'Every dollar staked on dice is a point. The top three share the prizes.' },
    kind: 'wager',
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    currency: 'USD',
    games: [{ product: 'originals', game: 'dice', weight: 100 }],
    prizes: [
      { from: 1, to: 1, amount: '50' },
      { from: 2, to: 3, amount: '10' },
    ],
    ...extra,
  });
  return data.id;
}

const dice = (token: string, amount: string, target = '50') =>
  apiCall<{ data: { bet: { id: string; payout: string } } }>(
    stage.server.url,
    'POST',
    '/games/dice/bet',
    token,
    {
      amount,
      target,
      direction: 'under',
    },
  );

describe('tournaments', () => {
  test('a player bets and sees their rank change live; the end pays the prize into the balance', async () => {
    const id = await race('Dice Dash');
    const me = await fundedPlayer(stage.server.url, { prefix: 'tn-me', currency: 'USD' });
    const rival = await fundedPlayer(stage.server.url, { prefix: 'tn-rival', currency: 'USD' });
    const { context, problems } = await stage.playerContext(me.token, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/tournament/${id}`, { waitUntil: 'domcontentloaded' });
    const board = page.locator('[data-testid="tn-board"][data-live="true"]');
    await expect.poll(() => board.count(), WAIT).toBe(1);
    await expect.poll(() => page.getByTestId('tn-me-rank').textContent(), WAIT).toBe('Not ranked yet');

    // The first bets: the player leads, on the board and in their own panel.
    await dice(me.token, '5.00');
    await expect.poll(() => page.getByTestId('tn-me-rank').textContent(), WAIT).toBe('#1');
    const mine = board.locator('[data-testid="tn-standing"][aria-current="true"]');
    await expect.poll(() => mine.getAttribute('data-rank'), WAIT).toBe('1');
    // A rival stakes more: the player drops to second, without a reload.
    await dice(rival.token, '8.00');
    await expect.poll(() => mine.getAttribute('data-rank'), WAIT).toBe('2');
    await expect.poll(() => page.getByTestId('tn-me-rank').textContent(), WAIT).toBe('#2');
    expect(await page.getByTestId('tn-me-prize').textContent()).toBe('$10.00');
    // Back in front.
    await dice(me.token, '4.00');
    await expect.poll(() => page.getByTestId('tn-me-rank').textContent(), WAIT).toBe('#1');
    await shot(page, 'tournament-live', { wide: 1440 });

    // The operator ends it: the board says finished, the first prize lands in the balance.
    const before = Number(digits(await headerBalance(page)));
    const { data } = await operator<{ data: { payouts: { place: number; amount: string }[] } }>(
      'POST',
      `/${id}/end`,
    );
    expect(data.payouts.map((p) => [p.place, p.amount])).toEqual([
      [1, '50.00'],
      [2, '10.00'],
    ]);
    await expect.poll(() => board.getAttribute('data-status'), WAIT).toBe('finished');
    // The head says so too, without a reload.
    const head = page.getByTestId('tn-hero');
    await expect.poll(() => head.getAttribute('data-status'), WAIT).toBe('finished');
    expect(await head.locator('.tn-status').textContent()).toBe('Finished');
    expect(await head.locator('.tn-countdown').getAttribute('data-timing')).toBe('ended');
    // Ended early: the end shown is now, not the planned one a day away.
    const ends = Date.parse((await head.locator('time[data-tn-ends]').getAttribute('datetime')) ?? '');
    expect(Math.abs(ends - Date.now())).toBeLessThan(60_000);
    await expect.poll(async () => Number(digits(await headerBalance(page))), WAIT).toBe(before + 50_00);
    await shot(page, 'tournament-finished', { wide: 1440 });
    // The lobby announces the winners (the rendered page was dropped when the prizes were paid).
    await page.goto(`${stage.server.url}/en/tournaments`, { waitUntil: 'domcontentloaded' });
    const winner = page.locator(`[data-testid="tn-winner"][data-tournament="${id}"][data-place="1"]`);
    await expect.poll(() => winner.count(), WAIT).toBe(1);
    expect(await winner.textContent()).toContain('Place 1 in Dice Dash');
    expect(await winner.textContent()).toContain('$50.00');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('the lists show running and upcoming tournaments; Russian pages in Russian', async () => {
    await race('Weekend Sprint', { kind: 'profit', prizes: [{ from: 1, to: 10, amount: '5' }] });
    await race('Midnight Hunt', {
      kind: 'multiplier',
      min_stake: '1',
      entry: 'opt_in',
      buy_in: { USD: '2', RUB: '200' },
      starts_at: new Date(Date.now() + 3_600_000).toISOString(),
      prizes: [{ from: 1, to: 1, amount: '100', kind: 'bonus', wager: 10 }],
    });
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/tournaments`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByTestId('tn-card').count(), WAIT).toBeGreaterThanOrEqual(2);
    expect(await page.locator('body').textContent()).toContain('Midnight Hunt');
    await shot(page, 'tournaments', { wide: 1440 });
    await page.goto(`${stage.server.url}/ru/tournaments/upcoming`, { waitUntil: 'domcontentloaded' });
    const card = page.getByTestId('tn-card').filter({ hasText: 'Midnight Hunt (ru)' });
    await expect.poll(() => card.count(), WAIT).toBe(1);
    await shot(page, 'tournaments-upcoming-ru', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('the top shows a big win with its verification link', async () => {
    const { token } = await fundedPlayer(stage.server.url, { prefix: 'tn-top', currency: 'USD' });
    // Under 10 pays 9.9×: bet until one wins (each wins one time in ten).
    let won: { id: string; payout: string } | null = null;
    for (let i = 0; i < 300 && !won; i += 1) {
      const { bet } = (await dice(token, '10.00', '10')).data;
      if (Number(bet.payout) > 0) won = bet;
    }
    expect(won).not.toBeNull();
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/top?period=day&order=multiplier`, {
      waitUntil: 'domcontentloaded',
    });
    const verify = page.locator(`[data-testid="top-verify"][href$="bet=${won!.id}"]`);
    await expect.poll(() => verify.count(), WAIT).toBe(1);
    const row = page.getByTestId('top-row').filter({ has: verify });
    expect(await row.textContent()).toContain('9.90');
    await shot(page, 'top', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
