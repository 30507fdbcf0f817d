import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedPlayer as depositedPlayer } from '../helpers/funding.ts';
import type { RunningServer } from '../helpers/server.ts';
import { closeStage, openStage, SHOTS } from '../helpers/stage.ts';

/**
 * The dice game in Chromium against the real server: a funded player places a bet and sees the
 * roll, the header balance and "my bets" follow; hotkeys place a bet with space; auto-bet plays a
 * series of three and stops. Screenshots at 1280 and 390 px.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openStage());
});
afterAll(() => closeStage({ server, browser }));

const api = (token: string, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

/** A registered RUB player with 1000 RUB deposited through the sandbox checkout. */
async function fundedPlayer() {
  return depositedPlayer(server.url, { prefix: 'dice' });
}

async function playerContext(token: string): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const problems: string[] = [];
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  });
  return { context, problems };
}

const headerBalance = (page: Page) => page.locator('[data-account-amount]').textContent();
const myBetRows = (page: Page) => page.locator('[data-testid="bet-tabs"] [data-panel="mine"] tbody tr');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('dice', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  test('a guest sees the game and the feed; betting asks to log in', async () => {
    const guest = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const view = await guest.newPage();
    await view.goto(`${server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await view.getByTestId('dice-slider').waitFor();
    await view.getByTestId('bet-tabs').waitFor();
    await view.getByTestId('bet-button').click();
    await view.locator('[role="dialog"][data-modal="Login"]').waitFor();
    await view.keyboard.press('Escape');
    // The default locale (ru) at both widths.
    await view.goto(`${server.url}/games/dice`, { waitUntil: 'networkidle' });
    await view.getByTestId('dice-slider').waitFor();
    await shot(view, 'dice-guest-ru');
    await guest.close();
  });

  test('a bet shows the roll, updates the header balance and lands in "my bets"', async () => {
    const { token } = await fundedPlayer();
    ({ context, problems } = await playerContext(token));
    page = await context.newPage();
    await page.goto(`${server.url}/en/games/dice`, { waitUntil: 'networkidle' });
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
    const history = await api(
      (await context.cookies()).find((c) => c.name === 'token')!.value,
      '/games/bets?game=dice',
    );
    expect(((await history.json()) as { data: unknown[] }).data).toHaveLength(5);
    // The public feed has them too.
    await page.getByTestId('tab-all').click();
    await expect
      .poll(() => page.locator('[data-testid="bet-tabs"] [data-panel="all"] tbody tr').count())
      .toBe(5);
    expect(problems).toEqual([]);
  });
});
