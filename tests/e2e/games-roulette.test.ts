import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { RED_NUMBERS } from '../../src/games/roulette/engine.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance } from '../helpers/game-page.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * Roulette in Chromium against the real server: a player with a deposit places a straight, a
 * split and a red bet with chips, spins, sees the pocket on the wheel and the table, the balance
 * move by exactly what those bets return, and the spin in "my bets". Also: the table is usable by
 * keyboard, and stands upright on a 390 px phone without horizontal scroll.
 */

const DEPOSIT = 1000;

const stage = gameStage();

const spot = (page: Page, key: string) => page.locator(`[data-testid="roulette-table"] [data-spot="${key}"]`);

async function openTable(page: Page) {
  await page.goto(`${stage.server.url}/en/games/roulette`, { waitUntil: 'networkidle' });
  await page.getByTestId('roulette-table').waitFor();
  await page.locator('.rack-chip').first().waitFor();
}

describe('roulette', () => {
  let token: string;
  let context: BrowserContext;
  let problems: string[];

  test('straight, split and red on one spin: the pocket, the balance and my bets agree', async () => {
    // A RUB player holding `DEPOSIT` from the sandbox card checkout (the money flow itself: money.test.ts).
    ({ token } = await fundedPlayer(stage.server.url, { amount: String(DEPOSIT), prefix: 'roulette' }));
    ({ context, problems } = await stage.playerContext(token));
    const page = await context.newPage();
    await openTable(page);
    await expect.poll(async () => digits(await headerBalance(page))).toBe(String(DEPOSIT * 100));

    // The smallest chip is the RUB minimum, 1 ₽.
    const chip = page.locator('.rack-chip').first();
    expect(await chip.locator('input').isChecked()).toBe(true);
    expect(await chip.getAttribute('data-chip')).toBe('100');

    await spot(page, 'straight:17').click();
    await spot(page, 'split:17-20').click();
    await spot(page, 'red').click();
    await spot(page, 'red').click();
    await expect.poll(() => page.locator('[data-stack]').count()).toBe(3);
    expect(await page.getByTestId('bet-amount').getAttribute('data-amount')).toBe('4.00');
    expect(await page.getByTestId('roulette-stake').textContent()).toContain('4');

    // Undo takes the last chip back.
    await page.getByTestId('roulette-undo').click();
    expect(await page.getByTestId('bet-amount').getAttribute('data-amount')).toBe('3.00');
    expect(await spot(page, 'red').getAttribute('aria-label')).toMatch(/^Red, .*1.*placed$/);
    await page.screenshot({ path: path.join(SHOTS, 'roulette-chips-1280.png') });

    const answer = page.waitForResponse((r) => r.url().includes('/games/roulette/bet'));
    await page.getByTestId('bet-button').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as {
      data: { bet: { id: string; payout: string; params: unknown; outcome: { pocket: number } } };
    };
    // The server's record of what it was sent.
    expect(data.bet.params).toEqual({
      bets: [
        { kind: 'straight', numbers: [17], amount: '1.00' },
        { kind: 'split', numbers: [17, 20], amount: '1.00' },
        { kind: 'red', amount: '1.00' },
      ],
    });
    const pocket = data.bet.outcome.pocket;
    const expectedReturn =
      (pocket === 17 ? 36 : 0) + ([17, 20].includes(pocket) ? 18 : 0) + (RED_NUMBERS.has(pocket) ? 2 : 0);
    expect(data.bet.payout).toBe(`${expectedReturn}.00`);

    // The wheel lands (3.2 s), then the pocket shows and the table marks it.
    await expect
      .poll(() => page.getByTestId('roulette-pocket').textContent(), { timeout: 10_000 })
      .toBe(String(pocket));
    expect(await page.locator(`.cell.is-pocket[data-number="${pocket}"]`).count()).toBe(1);
    expect(await page.getByTestId('recent-pockets').locator('li').first().textContent()).toContain(
      String(pocket),
    );
    const won = await page.locator('[data-stack].is-won').count();
    expect(won).toBe(
      [pocket === 17, [17, 20].includes(pocket), RED_NUMBERS.has(pocket)].filter(Boolean).length,
    );
    await expect
      .poll(async () => digits(await headerBalance(page)), { timeout: 10_000 })
      .toBe(String((DEPOSIT - 3 + expectedReturn) * 100));
    await page.screenshot({ path: path.join(SHOTS, 'roulette-result-1280.png') });

    // The chips stay for the next spin; the spin is in "my bets".
    expect(await page.getByTestId('bet-amount').getAttribute('data-amount')).toBe('3.00');
    await page.locator('[data-testid="bet-tabs"] [data-tab="mine"]').click();
    await expect.poll(() => page.locator('[data-panel="mine"] tbody tr').count()).toBeGreaterThanOrEqual(1);
    const list = await apiCall<{ data: { id: string }[] }>(
      stage.server.url,
      'GET',
      '/games/bets?game=roulette',
      token,
    );
    expect(list.data.map((b) => b.id)).toContain(data.bet.id);
    await page.screenshot({ path: path.join(SHOTS, 'roulette-my-bets-1280.png'), fullPage: true });
    await page.close();
  });

  test('a guest sees the table and can lay chips; Bet asks to log in', async () => {
    const { context: guest } = await stage.playerContext(null, { width: 390 });
    const page = await guest.newPage();
    await openTable(page);
    await spot(page, 'black').click();
    await spot(page, 'street:0-1-2').click();
    await expect.poll(() => page.locator('[data-stack]').count()).toBe(2);
    await page.screenshot({ path: path.join(SHOTS, 'roulette-guest-390.png') });
    await page.getByTestId('bet-button').click();
    await page.locator('[role="dialog"][data-modal="Login"]').waitFor();
    await guest.close();
  });

  test('the keyboard walks the lattice: a corner and a six-line by arrows and Enter', async () => {
    const page = await context.newPage();
    await openTable(page);
    // A fresh page starts with an empty table. The inside area is one tab stop, starting on 1.
    await spot(page, 'straight:1').focus();
    await page.keyboard.press('ArrowUp'); // the line between 1 and 2
    await page.keyboard.press('ArrowRight'); // the crossing of 1, 2, 4, 5
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // the rail between the streets 1-3 and 4-6
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('[data-stack]').count()).toBe(2);
    expect(await page.locator('[data-stack="corner:1-2-4-5"]').count()).toBe(1);
    expect(await page.locator('[data-stack="line:1-2-3-4-5-6"]').count()).toBe(1);
    expect(await page.getByTestId('bet-amount').getAttribute('data-amount')).toBe('2.00');
    await page.close();
  });

  test('on a 390 px phone the table stands upright, fits the width and takes chips; reduced motion shows the pocket at once', async () => {
    const phone = await stage.playerContext(token, { width: 390, reducedMotion: 'reduce' });
    const page = await phone.context.newPage();
    await openTable(page);
    await expect.poll(() => page.locator('.roulette').getAttribute('data-orientation')).toBe('tall');
    await spot(page, 'straight:36').click();
    await spot(page, 'corner:32-33-35-36').click();
    await spot(page, 'dozen:3').click();
    await expect.poll(() => page.locator('[data-stack]').count()).toBe(3);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'roulette-390.png') });
    await page.screenshot({ path: path.join(SHOTS, 'roulette-full-390.png'), fullPage: true });
    await page.getByTestId('bet-button').click();
    // No 3.2 s spin under reduced motion: the pocket is there as soon as the answer is.
    await expect.poll(() => page.getByTestId('roulette-pocket').count(), { timeout: 1_500 }).toBe(1);
    await page.getByTestId('roulette-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'roulette-result-390.png'), fullPage: true });
    await phone.context.close();
    expect([...problems, ...phone.problems]).toEqual([]);
    await context.close();
  });
});
