import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, frameShot, gameStage, headerBalance, shot } from '../helpers/game-page.ts';

/**
 * The live casino end to end (docs/live-casino.md): the real server with the in-house studio it
 * starts on loopback, its live tables playing short rounds (STUDIO_LIVE_TIMING_MS: 15 s to bet,
 * then "no more bets", the draw and the result), the studio's table client in the page's frame.
 * Every wait is on something the page shows, never on the clock.
 */
const stage = gameStage({ STUDIO_LIVE_TIMING_MS: '15000,500,3000,1500' });

const frameOf = (page: Page) => page.frameLocator('[data-testid="slot-frame"]');
const board = (frame: FrameLocator) => frame.locator('.roulette-board');
/** The newest number of the table's strip (the last result), or null before one. */
const lastNumber = async (frame: FrameLocator) => {
  const first = frame.locator('.strip li').first();
  return (await first.count()) === 0 ? null : ((await first.textContent())?.trim() ?? null);
};
const ROUND = { timeout: 40_000 };
/** Text with the locale's narrow and no-break spaces as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Waits until the table takes bets with enough of the window left for a few clicks. */
async function bettingOpen(frame: FrameLocator) {
  await expect
    .poll(async () => {
      if ((await board(frame).getAttribute('data-phase')) !== 'betting') return false;
      const left = await frame.locator('.phase .seconds').textContent();
      // Time for both players' clicks on a loaded machine.
      return Number(/\d+/.exec(left ?? '')?.[0] ?? 0) >= 8;
    }, ROUND)
    .toBe(true);
}

/** Puts the smallest chip on a straight number and confirms it; resolves once the table took it. */
async function betOn(frame: FrameLocator, number: number) {
  await frame.locator('.chips > *').first().click();
  await frame.locator(`.nums button[aria-label="${number}"]`).click();
  // The button pulses while chips wait to be sent (a player's click lands; Playwright's waits for
  // it to stand still).
  await frame.getByTestId('confirm').click({ force: true });
  await expect.poll(() => frame.getByTestId('total-bet').textContent(), ROUND).toMatch(/[1-9]/);
}

describe('the live casino', () => {
  test('the lobby shows each table live: what it is doing, its last results and limits in the player currency', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/live-casino`, { waitUntil: 'networkidle' });
    const cards = page.getByTestId('live-card');
    await expect.poll(() => cards.count()).toBe(2);
    const roulette = page.locator('[data-testid="live-card"][data-slug="live-roulette"]');
    // A guest on the English pages sees dollars; the phase counts down on the card.
    await expect.poll(() => roulette.getByTestId('live-limits').textContent()).toBe('$0.20 – $1,000.00');
    await expect
      .poll(() => roulette.getByTestId('live-phase').textContent())
      .toMatch(/Bets open · \d+ s|No more bets|Drawing|Result/);
    // A round later the result is on the card (its pocket, coloured).
    await expect
      .poll(() => roulette.locator('[data-testid="live-results"] li').count(), ROUND)
      .toBeGreaterThan(0);
    // The studio filter lists the studio and keeps its tables.
    await page.getByTestId('live-provider').selectOption('Orbita Studio');
    expect(await cards.count()).toBe(2);
    await shot(page, 'live-lobby', { wide: 1440 });
    // Russian pages: the same lobby in Russian, in roubles.
    await page.goto(`${stage.server.url}/games/live-casino`, { waitUntil: 'networkidle' });
    await expect
      .poll(async () => plain(await roulette.getByTestId('live-limits').textContent()))
      .toBe('10,00 ₽ – 50 000,00 ₽');
    expect(await page.getByTestId('live-count').textContent()).toBe('Столов показано: 2');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test('two players at one table see each other’s bets, a chat message and the same result; the stakes leave their balances', async () => {
    const players = await Promise.all(
      ['live-a', 'live-b'].map(async (prefix) => {
        const { token } = await fundedPlayer(stage.server.url, { prefix });
        const { context, problems } = await stage.playerContext(token, { width: 1440 });
        const page = await context.newPage();
        await page.goto(`${stage.server.url}/en/games/live-casino/live-roulette/play`, {
          waitUntil: 'networkidle',
        });
        const frame = frameOf(page);
        await expect.poll(() => frame.getByTestId('balance').textContent(), ROUND).toMatch(/1,000\.00/);
        return { token, context, problems, page, frame };
      }),
    );
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];

    // One betting window: A on 17, B on 22.
    await bettingOpen(a.frame);
    await Promise.all([betOn(a.frame, 17), betOn(b.frame, 22)]);
    // Each sees the other's seat, under the name the other sees as their own, beside their own.
    const ownName = async (player: typeof a) =>
      (await player.frame.locator('.seat-list li.me .who').textContent())?.replace(/ \(you\)$/, '');
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await expect.poll(() => me.frame.locator('.seat-list li').count(), ROUND).toBe(2);
      const name = await ownName(other);
      expect(name).toBeTruthy();
      await expect.poll(() => me.frame.locator('.seat-list li:not(.me) .who').textContent()).toBe(name);
    }
    // The stake left A's balance at once, in the frame and in the site's header.
    await expect.poll(async () => digits(await headerBalance(a.page)), ROUND).toBe('99000');

    // A chat message from A reaches B as text.
    const line = 'Good luck <b>all</b>';
    await a.frame.locator('.chat-form input').fill(line);
    await a.frame.locator('.chat-form button[type="submit"]').click();
    await expect.poll(() => b.frame.locator('.chat-log li').last().textContent(), ROUND).toContain(line);
    // Shown as the words typed, never as markup.
    const message = b.frame.locator('.chat-log li').last().locator('span');
    expect(await message.textContent()).toBe(line);
    expect(await message.locator('*').count()).toBe(0);

    // The round ends: both see the same number, and each balance is the server's.
    await expect.poll(() => board(a.frame).getAttribute('data-phase'), ROUND).toBe('result');
    await expect.poll(() => board(b.frame).getAttribute('data-phase'), ROUND).toMatch(/result|betting/);
    await expect.poll(() => lastNumber(a.frame), ROUND).not.toBeNull();
    const resultA = await lastNumber(a.frame);
    await expect.poll(() => lastNumber(b.frame), ROUND).toBe(resultA);
    for (const [player, mine] of [
      [a, 17],
      [b, 22],
    ] as const) {
      const expected = Number(resultA) === mine ? '1350.00' : '990.00';
      await expect
        .poll(async () => {
          const { user } = await apiCall<{ user: { balance: string } }>(
            stage.server.url,
            'GET',
            '/profile/user',
            player.token,
          );
          return user.balance;
        }, ROUND)
        .toBe(expected);
      await expect.poll(async () => digits(await headerBalance(player.page)), ROUND).toBe(digits(expected));
    }
    await frameShot(a.page, 'live-roulette-play');
    for (const player of players) {
      expect(player.problems).toEqual([]);
      await player.context.close();
    }
  }, 150_000);

  test('a guest plays a demo round with fun money and no account', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 390 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/live-casino/live-roulette/demo`, {
      waitUntil: 'networkidle',
    });
    const frame = frameOf(page);
    const balance = frame.getByTestId('balance');
    await expect.poll(() => balance.textContent(), ROUND).toMatch(/1,000\.00/);
    expect(await frame.getByTestId('demo-badge').isVisible()).toBe(true);
    // The phone layout shows the table as a tab; the numbers are under the "Table" tab.
    await bettingOpen(frame);
    await betOn(frame, 7);
    await expect.poll(() => balance.textContent()).toMatch(/999\.00/);
    await expect.poll(() => board(frame).getAttribute('data-phase'), ROUND).toBe('result');
    const pocket = Number(await lastNumber(frame));
    await expect.poll(() => balance.textContent(), ROUND).toMatch(pocket === 7 ? /1,035\.00/ : /999\.00/);
    await frameShot(page, 'live-roulette-demo');
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);
});
