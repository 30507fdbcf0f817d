import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BetGame, BetView } from '../../src/shared/wire/bets.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance, shot } from '../helpers/game-page.ts';

/**
 * Keno and the wheel of fortune in Chromium against the real server: a player with a deposit
 * auto-picks 5 keno numbers and bets (10 numbers drawn one by one, the balance moves), then spins
 * the wheel once (the hub shows the segment's multiplier, the bet is listed under "my bets").
 */

const stage = gameStage();

/** The player's bets of one game, newest first. */
const betsOf = async <G extends BetGame>(game: G, token: string) =>
  (await apiCall<{ data: BetView<G>[] }>(stage.server.url, 'GET', `/games/bets?game=${game}`, token)).data;

describe('keno and wheel of fortune', () => {
  let token: string;
  let context: BrowserContext;
  let problems: string[];

  beforeAll(async () => {
    // A RUB player holding 1 000 RUB, deposited through the sandbox checkout.
    ({ token } = await fundedPlayer(stage.server.url, { prefix: 'kenowheel' }));
    ({ context, problems } = await stage.playerContext(token));
  });
  afterAll(async () => {
    await context?.close();
  });

  test('keno: auto-pick 5, bet, the 10 drawn numbers appear and the balance moves', async () => {
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/keno`, { waitUntil: 'networkidle' });
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

    const bets = await betsOf('keno', token);
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
    await page.goto(`${stage.server.url}/en/games/wheel`, { waitUntil: 'networkidle' });
    await page.getByTestId('wheel-board').waitFor();
    // The wheel takes at most 1 RUB (docs/product-rules.md §9).
    await page.getByTestId('bet-amount').fill('1');
    await page.getByTestId('bet-button').click();
    const result = page.getByTestId('wheel-result');
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toMatch(/^\d+\.\d{2}×$/);

    const bets = await betsOf('wheel', token);
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
