import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { registeredPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance, shot as shotAt } from '../helpers/game-page.ts';

/**
 * Coinflip and cases in Chromium against the real server: a player deposits through the sandbox
 * checkout, plays a coinflip series (start, one call, cash out or see the loss), finds an open
 * series again after a reload, then opens the easy case and watches the reel stop on the prize.
 */

const stage = gameStage();

/** The current view at 1280 px and at 390 px (full page), the viewport restored afterwards. */
const shot = (page: Page, name: string) => shotAt(page, name, { checkOverflow: false });

/** Deposits the second PayIn preset through the sandbox checkout and waits for the balance. */
async function deposit(page: Page) {
  await page.goto(`${stage.server.url}/en/faq`, { waitUntil: 'networkidle' });
  await expect.poll(() => headerBalance(page)).toMatch(/0/);
  await page.locator('header [data-modal-open="PayIn"]').first().click();
  const dialog = page.locator('[role="dialog"][data-modal="PayIn"]');
  await dialog.locator('.preset').nth(1).click();
  await dialog.locator('button[type="submit"]').click();
  await page.waitForURL(/\/api\/sandbox\/checkout\//);
  await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/en/faq');
  await expect
    .poll(async () => Number(digits(await headerBalance(page))), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

const seriesState = (page: Page) => page.getByTestId('coinflip-board').getAttribute('data-series');
const slots = (page: Page, state: string) =>
  page.locator(`[data-testid="coinflip-flips"] [data-state="${state}"]`).count();

describe('coinflip and cases', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  test('a deposited player plays a coinflip series; an open series survives a reload', async () => {
    const { token } = await registeredPlayer(stage.server.url, { prefix: 'games' });
    ({ context, problems } = await stage.playerContext(token));
    page = await context.newPage();
    await deposit(page);

    await page.goto(`${stage.server.url}/en/games/coinflip`, { waitUntil: 'networkidle' });
    await page.getByTestId('coinflip-start').waitFor();
    expect(await seriesState(page)).toBe('none');
    await page.getByTestId('bet-amount').fill('10');
    await shot(page, 'coinflip-idle');

    const before = digits(await headerBalance(page));
    await page.getByTestId('coinflip-start').click();
    await expect.poll(() => seriesState(page), { timeout: 10_000 }).toBe('open');
    await expect.poll(async () => digits(await headerBalance(page)), { timeout: 10_000 }).not.toBe(before);
    expect(await page.getByTestId('coinflip-cashout').isDisabled()).toBe(true);
    // The series plays on at its stake: the amount cannot be edited until it ends.
    expect(await page.getByTestId('bet-amount').isDisabled()).toBe(true);
    expect(await page.getByTestId('coinflip-next').textContent()).toContain('1.98');

    await page.getByTestId('coinflip-heads').click();
    await expect
      .poll(async () => (await slots(page, 'right')) + (await slots(page, 'wrong')), { timeout: 10_000 })
      .toBe(1);
    const won = (await slots(page, 'right')) === 1;

    if (won) {
      expect(await seriesState(page)).toBe('open');
      expect(await page.getByTestId('coinflip-multiplier').textContent()).toContain('1.98');
      await shot(page, 'coinflip-won-once');
      // Reload: the open series with its right call is still there, and can be cashed out.
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => seriesState(page), { timeout: 10_000 }).toBe('open');
      expect(await slots(page, 'right')).toBe(1);
      const cashout = page.getByTestId('coinflip-cashout');
      await expect.poll(() => cashout.isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await cashout.textContent()).toContain('19.8');
      const held = digits(await headerBalance(page));
      await cashout.click();
      await expect.poll(() => seriesState(page), { timeout: 10_000 }).toBe('won');
      expect(await page.getByTestId('bet-amount').isEnabled()).toBe(true);
      await expect.poll(async () => digits(await headerBalance(page)), { timeout: 10_000 }).not.toBe(held);
      await shot(page, 'coinflip-cashed-out');
    } else {
      expect(await seriesState(page)).toBe('lost');
      expect(await page.getByTestId('bet-amount').isEnabled()).toBe(true);
      expect(await page.locator('.cf-note').textContent()).toMatch(/lost/i);
      await shot(page, 'coinflip-lost');
      // A new series, then a reload: it is still open.
      await page.getByTestId('coinflip-start').click();
      await expect.poll(() => seriesState(page), { timeout: 10_000 }).toBe('open');
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => seriesState(page), { timeout: 10_000 }).toBe('open');
      await page.getByTestId('coinflip-heads').waitFor();
      expect(await page.locator('.cf-note').getAttribute('data-note')).toBe('resumed');
      await shot(page, 'coinflip-resumed');
    }
  });

  test('the cases catalogue opens the easy case; the reel stops on the prize and the balance moves', async () => {
    await page.goto(`${stage.server.url}/en/games/cases`, { waitUntil: 'networkidle' });
    const cards = page.locator('[data-testid="case-catalogue"] a');
    expect(await cards.count()).toBe(6);
    expect(await page.locator('[data-case-price="easy"]').textContent()).toMatch(/50/);
    await shot(page, 'cases-catalogue');

    await page.locator('a[href$="/games/cases/easy"]').click();
    await page.getByTestId('case-board').waitFor();
    expect(await page.locator('[data-testid="case-prizes"] tbody tr').count()).toBe(7);
    await expect
      .poll(() => page.getByTestId('bet-amount').getAttribute('data-amount'), { timeout: 10_000 })
      .toBe('50.00');
    await shot(page, 'case-easy');

    const before = digits(await headerBalance(page));
    const open = page.getByTestId('bet-button');
    expect(await open.textContent()).toMatch(/Open for .*50/);
    // The page notes, in order, when the result shows, when a new row enters the public feed and
    // when the header balance moves: the feed and the balance must not tell the prize before the
    // reel does (the /ws feed event lands while the reel still turns, 4.2 s).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { caseOrder: string[] }).caseOrder = seen;
      const note = (what: string) => {
        if (!seen.includes(what)) seen.push(what);
      };
      const feed = document.querySelector('[data-testid="bet-tabs"] [data-panel="all"]');
      const rows = new Set(
        [...(feed?.querySelectorAll('tr[data-bet-id]') ?? [])].map((r) => r.getAttribute('data-bet-id')),
      );
      const balance = document.querySelector('[data-account-amount]');
      const shown = balance?.textContent;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="case-result"][data-won]')) note('result');
        for (const r of feed?.querySelectorAll('tr[data-bet-id]') ?? [])
          if (!rows.has(r.getAttribute('data-bet-id'))) note('feed');
        if (document.querySelector('[data-account-amount]')?.textContent !== shown) note('balance');
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/games/cases/open'));
    await open.click();
    const { data } = (await (await answered).json()) as { data: { bet: { id: string } } };
    const feedRow = page.locator(
      `[data-testid="bet-tabs"] [data-panel="all"] tr[data-bet-id="${data.bet.id}"]`,
    );
    await expect
      .poll(() => page.getByTestId('case-result').getAttribute('data-won'), { timeout: 15_000 })
      .toBe('true');
    await expect.poll(() => feedRow.count()).toBe(1);
    // The tile under the marker is the prize the table highlights.
    const tile = page.locator('[data-testid="case-reel"] [data-won]');
    expect(await tile.count()).toBe(1);
    const row = await tile.getAttribute('data-row');
    const highlighted = page.locator('[data-testid="case-prizes"] tr[data-won]');
    expect(await highlighted.count()).toBe(1);
    const tableRows = page.locator('[data-testid="case-prizes"] tbody tr');
    expect(await tableRows.nth(Number(row)).getAttribute('data-won')).toBe('true');
    const box = await tile.boundingBox();
    const reel = await page.locator('.cg-reel-window').boundingBox();
    const marker = reel!.x + reel!.width / 2;
    expect(box!.x).toBeLessThan(marker);
    expect(box!.x + box!.width).toBeGreaterThan(marker);
    await expect.poll(async () => digits(await headerBalance(page)), { timeout: 10_000 }).not.toBe(before);
    const order = await page.evaluate(() => (window as unknown as { caseOrder: string[] }).caseOrder);
    expect(order[0]).toBe('result');
    expect([...order].sort()).toEqual(['balance', 'feed', 'result']);
    await shot(page, 'case-opened');

    // Auto-open: two more at the same price (the stake cannot grow, so only count and stops show).
    await page.getByTestId('mode-auto').click();
    const form = page.getByTestId('autobet-form');
    expect(await form.locator('[name^="on-win"]').count()).toBe(0);
    await form.locator('input[name="autobet-count"]').fill('2');
    await open.click();
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const opened = async () => {
      const answer = await fetch(`${stage.server.url}/api/games/bets?game=cases`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { data: { amount: string }[] }).data.map((bet) => bet.amount);
    };
    await expect.poll(opened, { timeout: 30_000 }).toHaveLength(3);
    await expect.poll(() => open.getAttribute('data-running'), { timeout: 10_000 }).toBe('false');
    expect(await opened()).toEqual(['50.00', '50.00', '50.00']);

    expect(problems).toEqual([]);
    await context.close();
  });
});
