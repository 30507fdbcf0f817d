import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedPlayer as depositedPlayer } from '../helpers/funding.ts';
import type { RunningServer } from '../helpers/server.ts';
import { closeStage, openStage, SHOTS } from '../helpers/stage.ts';

/**
 * Keno and the wheel of fortune in Chromium against the real server: a player with a deposit
 * auto-picks 5 keno numbers and bets (10 numbers drawn one by one, the balance moves), then spins
 * the wheel once (the hub shows the segment's multiplier, the bet is listed under "my bets").
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openStage());
});
afterAll(() => closeStage({ server, browser }));

interface ApiBet {
  id: string;
  game: string;
  amount: string;
  multiplier: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

const call = async <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${url}`).toBe(200);
  return (await res.json()) as T;
};

/** A RUB player holding 1 000 RUB, deposited through the sandbox checkout. */
async function fundedPlayer(): Promise<string> {
  return (await depositedPlayer(server.url, { prefix: 'kenowheel' })).token;
}

const headerBalance = (page: Page) => page.locator('[data-account-amount]').first().textContent();
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

/** The current view at 1280 px and at 390 px (the viewport is restored afterwards). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: no horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('keno and wheel of fortune', () => {
  let token: string;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(async () => {
    token = await fundedPlayer();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.addCookies([{ name: 'token', value: token, url: server.url }]);
    context.on('page', (page) => {
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  test('keno: auto-pick 5, bet, the 10 drawn numbers appear and the balance moves', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/en/games/keno`, { waitUntil: 'networkidle' });
    const board = page.getByTestId('keno-board');
    await board.waitFor();
    await expect.poll(() => headerBalance(page)).toContain('1,000');
    const before = digits(await headerBalance(page));

    await page.getByLabel('Numbers to pick').selectOption('5');
    await page.getByTestId('keno-autopick').click();
    const picked = board.locator('.keno-cell[aria-pressed="true"]');
    await expect.poll(() => picked.count()).toBe(5);
    const picks = (await picked.allTextContents()).map(Number);
    // The paytable row for 5 picks: 0 … 5 hits.
    expect(await page.locator('.keno-paytable tr').last().locator('td').count()).toBe(6);

    await page.getByTestId('bet-amount').fill('10');
    await page.getByTestId('bet-button').click();
    const drawn = page.locator('[data-testid="keno-drawn"] li:not([data-empty])');
    await expect.poll(() => drawn.count(), { timeout: 15_000 }).toBe(10);
    await expect.poll(() => page.getByTestId('keno-status').textContent()).toMatch(/of 5 hit/);

    const { data: bets } = await call<{ data: ApiBet[] }>('GET', '/games/bets?game=keno', token);
    expect(bets).toHaveLength(1);
    const bet = bets[0]!;
    expect(bet.params).toMatchObject({ risk: 'classic', picks });
    expect((await drawn.allTextContents()).map(Number)).toEqual(bet.outcome.drawn);
    const hits = board.locator('.keno-cell[data-state="hit"]');
    expect(await hits.count()).toBe((bet.outcome.hits as number[]).length);

    await expect.poll(async () => digits(await headerBalance(page))).not.toBe(before);
    await shot(page, 'keno');
    await page.close();
  });

  test('wheel: one spin shows the segment multiplier and lands in "my bets"', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/en/games/wheel`, { waitUntil: 'networkidle' });
    await page.getByTestId('wheel-board').waitFor();
    // Spec §9: the wheel takes at most 1 RUB.
    await page.getByTestId('bet-amount').fill('1');
    await page.getByTestId('bet-button').click();
    const result = page.getByTestId('wheel-result');
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d{2}×$/);

    const { data: bets } = await call<{ data: ApiBet[] }>('GET', '/games/bets?game=wheel', token);
    expect(bets).toHaveLength(1);
    const bet = bets[0]!;
    expect(bet.params).toMatchObject({ risk: 'medium', segments: 20 });
    const shown = Number((await result.textContent())!.replace('×', ''));
    expect(shown).toBeCloseTo(Number(bet.multiplier), 2);
    const segment = page.locator(`.wheel-segment[data-stop]`);
    expect(await segment.count()).toBe(1);
    expect(Number(await segment.getAttribute('data-multiplier'))).toBeCloseTo(Number(bet.multiplier), 2);

    const tabs = page.getByTestId('bet-tabs');
    await tabs.locator('[role="tab"][data-tab="mine"]').click();
    const row = tabs.locator('[role="tabpanel"] tbody tr').first();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Wheel of Fortune');
    expect(await row.textContent()).toContain(await result.textContent());
    await shot(page, 'wheel');
    await page.close();
  });

  test('no errors in the console', () => {
    expect(problems).toEqual([]);
  });
});
