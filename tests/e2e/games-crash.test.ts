import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fundedPlayer } from '../helpers/funding.ts';
import { gameStage, laidOut } from '../helpers/game-page.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * Crash in Chromium against the real server (docs/api-games.md "Crash"): two players in two browser
 * contexts bet on the same round; one cashes out by hand and the other sees it live in this round's
 * players. The page at 390 px has no horizontal scroll. Every round of this server flies to 2.00×
 * (TEST_CRASH_POINTS, NODE_ENV=test): 11.5 s, time for a cash-out by hand, so the one round both
 * players bet on is the test.
 */
const stage = gameStage({
  NODE_ENV: 'test',
  CRASH_BETTING_MS: '8000',
  CRASH_PAUSE_MS: '500',
  // More rounds than the file lasts: the script never runs out into the chain's random points.
  TEST_CRASH_POINTS: Array.from({ length: 60 }, () => '2.00').join(','),
});
/** A round at most: betting, the flight to 2.00× and the pause (a busy machine may take longer). */
const ROUND_MS = 60_000;

const status = (page: Page) => page.getByTestId('crash').getAttribute('data-status');

async function shot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `crash-${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px: no horizontal scroll`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('crash', () => {
  test('two players in one round: one cashes out, the other sees it live', async () => {
    const base = stage.server.url;
    const [alice, bob] = await Promise.all([
      fundedPlayer(base, { amount: '1000', prefix: 'crash-a' }),
      fundedPlayer(base, { amount: '1000', prefix: 'crash-b' }),
    ]);
    const a = await stage.playerContext(alice.token, { width: 1440 });
    const b = await stage.playerContext(bob.token, { width: 1440, reducedMotion: 'reduce' });
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();
    await pageA.goto(`${base}/en/games/crash`);
    await pageB.goto(`${base}/en/games/crash`);
    for (const [page, problems] of [
      [pageA, a.problems],
      [pageB, b.problems],
    ] as const) {
      await expect
        .poll(() => status(page), {
          timeout: 30_000,
          message: `the crash page loads (${problems.join('; ')})`,
        })
        .not.toBeNull();
      await page.getByTestId('bet-amount').fill('10');
      await page.getByTestId('crash-auto').fill('');
      // Leaving the field writes the amount in full; the minimum arriving meanwhile never joins it.
      await expect.poll(() => page.getByTestId('bet-amount').inputValue()).toBe('10.00');
    }

    // What each page's bet calls answered, for the failure message.
    const answers: string[] = [];
    for (const [name, page] of [
      ['A', pageA],
      ['B', pageB],
    ] as const)
      page.on('response', (response) => {
        if (!response.url().endsWith('/games/crash/bet')) return;
        void response.text().then(
          (body) => answers.push(`${name} ${response.status()} ${body.slice(0, 160)}`),
          () => answers.push(`${name} ${response.status()}`),
        );
      });
    /** The page may bet now: its bet button is there and enabled (no bet of its own waits in a round). */
    const free = async (page: Page) => {
      const button = page.getByTestId('crash-bet');
      return (await button.count()) === 1 && (await button.isEnabled());
    };
    await expect
      .poll(async () => (await free(pageA)) && (await free(pageB)), { timeout: ROUND_MS })
      .toBe(true);
    // Both bet at the start of one betting phase that both pages show: a phase already under way
    // is let pass.
    await expect.poll(() => status(pageA), { timeout: ROUND_MS }).not.toBe('betting');
    await expect
      .poll(async () => (await status(pageA)) === 'betting' && (await status(pageB)) === 'betting', {
        timeout: ROUND_MS,
      })
      .toBe(true);
    const round = await pageA.getByTestId('crash').getAttribute('data-round');
    await Promise.all([pageA.getByTestId('crash-bet').click(), pageB.getByTestId('crash-bet').click()]);
    // Both pages list both bets in this round.
    const rows = async () => [
      await pageA.getByTestId('crash-bet-row').count(),
      await pageB.getByTestId('crash-bet-row').count(),
    ];
    await expect
      .poll(async () => (await rows()).every((n) => n === 2) || (await status(pageA)) !== 'betting', {
        timeout: 20_000,
      })
      .toBe(true);
    expect(
      await rows(),
      `round ${round}: both bets listed (answers ${answers.join(' ; ')}; ${a.problems.concat(b.problems).join('; ')})`,
    ).toEqual([2, 2]);
    // Alice cashes out as soon as the flight lets her: the round flies to 2.00×, 11.5 s.
    const button = pageA.getByTestId('crash-cashout');
    await expect.poll(() => button.isVisible(), { timeout: 20_000 }).toBe(true);
    await button.click();
    await expect
      .poll(
        async () =>
          (await status(pageA)) === 'crashed' ||
          (await pageA.locator('[data-testid=crash-players] tr[data-status=cashed]').count()) > 0,
      )
      .toBe(true);
    const cashedOut = (await pageA.locator('[data-testid=crash-players] tr[data-status=cashed]').count()) > 0;
    expect(cashedOut, `round ${round}: a cash-out before the crash (answers ${answers.join(' ; ')})`).toBe(
      true,
    );
    // Bob's page shows Alice's cash-out live, with its multiplier and profit.
    const cashedRow = pageB.locator('[data-testid=crash-players] tr[data-status=cashed]');
    await expect.poll(() => cashedRow.count()).toBe(1);
    expect(await cashedRow.locator('td').nth(2).textContent()).toMatch(/\d\.\d\d×/);
    await shot(pageB, 'cashed-out');

    // The strip of crash points opens a round's details with its hash and a verify link.
    await pageB.getByTestId('crash-history').locator('button').first().click();
    await expect.poll(() => pageB.getByTestId('crash-verify').isVisible()).toBe(true);
    expect(await pageB.getByTestId('crash-verify').getAttribute('href')).toMatch(
      /game=crash&hash=[0-9a-f]{64}&salt=/,
    );
    await shot(pageB, 'round-details');
  }, 300_000);
});
