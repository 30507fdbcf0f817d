import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { gameStage, headerBalance, shot } from '../helpers/game-page.ts';

/**
 * The dice game in Chromium against the real server: a funded player places a bet and sees the
 * roll, the header balance and "my bets" follow; hotkeys place a bet with space; auto-bet plays a
 * series of three and stops. Screenshots at 1280 and 390 px.
 */

const stage = gameStage();

const myBetRows = (page: Page) => page.locator('[data-testid="bet-tabs"] [data-panel="mine"] tbody tr');

describe('dice', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  test('a guest sees the game and the feed; betting asks to log in', async () => {
    const { context: guest } = await stage.playerContext(null);
    const view = await guest.newPage();
    await view.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await view.getByTestId('dice-slider').waitFor();
    await view.getByTestId('bet-tabs').waitFor();
    await view.getByTestId('bet-button').click();
    await view.locator('[role="dialog"][data-modal="Login"]').waitFor();
    await view.keyboard.press('Escape');
    // The default locale (ru) at both widths.
    await view.goto(`${stage.server.url}/games/dice`, { waitUntil: 'networkidle' });
    await view.getByTestId('dice-slider').waitFor();
    await shot(view, 'dice-guest-ru');
    await guest.close();
  });

  test('a bet shows the roll, updates the header balance and lands in "my bets"', async () => {
    // A registered RUB player with 1000 RUB deposited through the sandbox checkout.
    const { token } = await fundedPlayer(stage.server.url, { prefix: 'dice' });
    ({ context, problems } = await stage.playerContext(token));
    page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => headerBalance(page)).toContain('1,000');
    // The amount starts at the minimum bet (1 RUB); make it 10.
    await expect.poll(() => page.getByTestId('bet-amount').inputValue()).toBe('1.00');
    await page.getByTestId('bet-amount').fill('10');

    // Linked inputs: a 2× multiplier is a 49.5 % chance, rolling under 49.50.
    await page.getByTestId('dice-multiplier').fill('2');
    await page.getByTestId('dice-multiplier').press('Tab');
    expect(await page.getByTestId('dice-chance').inputValue()).toBe('49.50');
    expect(await page.getByTestId('dice-target').inputValue()).toBe('49.50');
    expect(await page.getByTestId('dice-payout').inputValue()).toBe('20.00');
    expect(await page.getByTestId('profit-on-win').textContent()).toMatch(/10/);
    // Rolling over keeps the chance: the target mirrors to 50.50.
    await page.getByTestId('dice-over').click();
    expect(await page.getByTestId('dice-target').inputValue()).toBe('50.50');
    expect(await page.getByTestId('dice-chance').inputValue()).toBe('49.50');

    await page.getByTestId('mode-manual').click();
    await page.getByTestId('tab-mine').click();
    await page.getByTestId('bet-button').click();
    const result = page.getByTestId('dice-result');
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 10_000 }).toMatch(/^(win|loss)$/);
    const state = await result.getAttribute('data-state');
    const roll = Number(await result.locator('.dice-roll').textContent());
    expect(state).toBe(roll > 50.5 ? 'win' : 'loss');
    // 1000 − 10, plus 20 (10 × 2) on a win.
    await expect
      .poll(() => headerBalance(page), { timeout: 10_000 })
      .toContain(state === 'win' ? '1,010' : '990');
    await expect.poll(() => myBetRows(page).count()).toBe(1);
    expect(await page.getByTestId('result-chips').locator('li').count()).toBe(1);
    await shot(page, 'dice');
  });

  test('with hotkeys on, space places a bet', async () => {
    await page.getByTestId('hotkeys-toggle').click();
    expect(await page.getByTestId('hotkeys-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('hotkeys-hint').waitFor();
    // Space on a focused button presses that button: take the focus off it first.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await expect.poll(() => myBetRows(page).count(), { timeout: 10_000 }).toBe(2);
    // A and S halve and double the amount.
    await page.keyboard.press('KeyS');
    expect(await page.getByTestId('bet-amount').inputValue()).toBe('20.00');
    await page.keyboard.press('KeyA');
    expect(await page.getByTestId('bet-amount').inputValue()).toBe('10.00');
    // The choice is remembered.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('hotkeys-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('hotkeys-toggle').click();
  });

  test('auto-bet plays three bets and stops', async () => {
    await page.getByTestId('tab-mine').click();
    await expect.poll(() => myBetRows(page).count(), { timeout: 10_000 }).toBe(2);
    await page.getByTestId('mode-auto').click();
    const form = page.getByTestId('autobet-form');
    await form.locator('input[name="autobet-count"]').fill('3');
    await shot(page, 'dice-auto');
    await page.getByTestId('bet-button').click();
    await expect.poll(() => page.getByTestId('bet-button').getAttribute('data-running')).toBe('true');
    await expect
      .poll(() => page.getByTestId('bet-button').getAttribute('data-running'), { timeout: 20_000 })
      .toBe('false');
    await expect.poll(() => myBetRows(page).count()).toBe(5);
    const history = await apiCall<{ data: unknown[] }>(
      stage.server.url,
      'GET',
      '/games/bets?game=dice',
      (await context.cookies()).find((c) => c.name === 'token')!.value,
    );
    expect(history.data).toHaveLength(5);
    // The public feed has them too.
    await page.getByTestId('tab-all').click();
    await expect
      .poll(() => page.locator('[data-testid="bet-tabs"] [data-panel="all"] tbody tr').count())
      .toBe(5);
    expect(problems).toEqual([]);
  });
});
