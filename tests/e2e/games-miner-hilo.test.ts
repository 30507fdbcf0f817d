import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fundedPlayer } from '../helpers/funding.ts';
import { digits, gameStage, headerBalance, shot as shotAt } from '../helpers/game-page.ts';

/**
 * Miner and hi-lo in Chromium against the real server (docs/api-games.md "Miner", "Hi-lo"): a miner
 * round to a cash-out and a losing one, an auto-bet pattern; a hi-lo round of three guesses with a
 * reload in the middle. The server draws every outcome, so each round is retried until it goes the
 * way the step needs (a gem with 1 mine is 24 in 25, a mine with 24 mines 24 in 25). Screenshots at
 * 1440 and 390 px, in English and Russian.
 */

const stage = gameStage();
const WIDE = 1440;
const shot = (page: Page, name: string) => shotAt(page, name, { wide: WIDE });

const round = (page: Page, board: string) => page.getByTestId(board).getAttribute('data-round');

/** Waits for the board to settle into `states` after a click and answers which one it reached. */
async function settle(page: Page, board: string, states: string[]): Promise<string> {
  await expect
    .poll(() => round(page, board), { timeout: 10_000 })
    .toSatisfy((s) => states.includes(String(s)));
  return String(await round(page, board));
}

/** Picks the number of mines in the panel. */
const chooseMines = (page: Page, mines: number) =>
  page.locator('#bet-panel select').first().selectOption(String(mines));

/** Starts a miner round and opens tile 12; answers the board's state after it. */
async function openOneTile(page: Page, mines: number) {
  await chooseMines(page, mines);
  await page.getByTestId('miner-start').click();
  await settle(page, 'miner-board', ['open']);
  const tile = page.getByTestId('miner-tile-12');
  await tile.click();
  // The answer has come once the tile shows what it is (a gem, or the mine that was hit).
  await expect.poll(() => tile.getAttribute('data-state'), { timeout: 10_000 }).not.toBe('hidden');
  return settle(page, 'miner-board', ['open', 'lost', 'won']);
}

describe('miner and hi-lo', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  test('miner: a round cashed out, a round lost, and an auto-bet pattern', async () => {
    const { token } = await fundedPlayer(stage.server.url, { amount: '1000', prefix: 'miner' });
    ({ context, problems } = await stage.playerContext(token, { width: WIDE }));
    page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/miner`, { waitUntil: 'networkidle' });
    await page.getByTestId('miner-start').waitFor();
    expect(await round(page, 'miner-board')).toBe('none');
    await page.getByTestId('bet-amount').fill('10');
    await chooseMines(page, 3);
    // Multipliers show two decimals, truncated like the payout: 1.125 → 1.12.
    expect(await page.getByTestId('miner-next').textContent()).toContain('1.12');
    await shot(page, 'miner-idle');

    // A gem with one mine (retried on the rare mine), then the cash-out.
    let state = 'lost';
    for (let attempt = 0; state !== 'open' && attempt < 8; attempt += 1) state = await openOneTile(page, 1);
    expect(state).toBe('open');
    expect(await page.getByTestId('miner-tile-12').getAttribute('data-state')).toBe('gem');
    // The stake is locked, the next tile and the profit on a cash-out are shown before the click.
    expect(await page.getByTestId('bet-amount').isDisabled()).toBe(true);
    expect(await page.getByTestId('miner-next').textContent()).toContain('1.07');
    expect(await page.getByTestId('miner-profit').textContent()).toMatch(/0[.,]31/);
    await shot(page, 'miner-open');
    // A reload finds the open round with its gem.
    await page.reload({ waitUntil: 'networkidle' });
    await settle(page, 'miner-board', ['open']);
    expect(await page.getByTestId('miner-tile-12').getAttribute('data-state')).toBe('gem');
    expect(await page.getByTestId('miner-note').getAttribute('data-note')).toBe('resumed');
    const held = digits(await headerBalance(page));
    const cashout = page.getByTestId('miner-cashout');
    expect(await cashout.textContent()).toMatch(/10[.,]31/);
    await cashout.click();
    await settle(page, 'miner-board', ['won']);
    await expect.poll(async () => digits(await headerBalance(page)), { timeout: 10_000 }).not.toBe(held);
    // Every mine and gem is shown at the end.
    expect(await page.locator('[data-testid^="miner-tile-"][data-state="mineHidden"]').count()).toBe(1);
    expect(await page.locator('[data-testid^="miner-tile-"][data-state="gemHidden"]').count()).toBe(23);
    await shot(page, 'miner-cashed-out');

    // A mine with 24 mines (retried on the rare gem, which cashes out by itself).
    state = 'won';
    for (let attempt = 0; state !== 'lost' && attempt < 8; attempt += 1) state = await openOneTile(page, 24);
    expect(state).toBe('lost');
    expect(await page.getByTestId('miner-tile-12').getAttribute('data-state')).toBe('hit');
    expect(await page.locator('[data-testid^="miner-tile-"][data-state="gemHidden"]').count()).toBe(1);
    expect(await page.getByTestId('miner-note').textContent()).toMatch(/mine/i);
    await shot(page, 'miner-lost');

    // Auto-bet: a pattern of three tiles, two rounds, each played in one request.
    await chooseMines(page, 3);
    await page.getByTestId('mode-auto').click();
    for (const tile of [0, 6, 18]) await page.getByTestId(`miner-tile-${tile}`).click();
    expect(await page.locator('[data-testid^="miner-tile-"][data-state="pattern"]').count()).toBe(3);
    expect(await page.getByTestId('miner-pattern').textContent()).toContain('3');
    await page.getByTestId('autobet-form').locator('input[name="autobet-count"]').fill('2');
    await shot(page, 'miner-auto-pattern');
    const autoBets = page.waitForResponse((r) => r.url().endsWith('/games/miner/auto'));
    await page.getByTestId('bet-button').click();
    expect((await autoBets).status()).toBe(200);
    await expect
      .poll(() => page.getByTestId('bet-button').getAttribute('data-running'), { timeout: 20_000 })
      .toBe('false');
    const ended = await round(page, 'miner-board');
    expect(['won', 'lost']).toContain(ended);
    await shot(page, 'miner-auto-done');
    expect(problems).toEqual([]);
  });

  test('hi-lo: three guesses, a reload in the middle of the round, and the cash-out', async () => {
    await page.goto(`${stage.server.url}/en/games/hilo`, { waitUntil: 'networkidle' });
    await page.getByTestId('hilo-start').waitFor();
    await page.getByTestId('bet-amount').fill('10');
    await shot(page, 'hilo-idle');

    /** The safest of the two guesses offered (the one with the smaller multiplier). */
    const guessSafest = async () => {
      const pays = await Promise.all(
        ['up', 'down'].map(async (side) =>
          Number(
            ((await page.getByTestId(`hilo-guess-${side}`).locator('.hl-guess-pays').textContent()) ?? '')
              .replace('×', '')
              .replace(',', '.'),
          ),
        ),
      );
      await page.getByTestId(`hilo-guess-${pays[0]! <= pays[1]! ? 'up' : 'down'}`).click();
    };
    const history = () => page.locator('[data-testid="hilo-history"] li').count();
    const rights = () => page.locator('[data-testid="hilo-history"] li[data-right="true"]').count();

    let guesses = 0;
    let reloaded = false;
    for (let attempt = 0; guesses < 3 && attempt < 25; attempt += 1) {
      if ((await round(page, 'hilo-board')) !== 'open') {
        await page.getByTestId('hilo-start').click();
        await settle(page, 'hilo-board', ['open']);
        guesses = 0;
        reloaded = false;
      }
      const before = await history();
      await guessSafest();
      await expect.poll(history, { timeout: 10_000 }).toBe(before + 1);
      const state = await settle(page, 'hilo-board', ['open', 'lost', 'won']);
      if (state !== 'open') continue;
      guesses += 1;
      if (guesses === 1 && !reloaded) {
        // Mid-round: the chances and multipliers of both guesses are on the board.
        expect(await page.getByTestId('hilo-choice-up').textContent()).toMatch(/%/);
        expect(await page.getByTestId('hilo-choice-down').textContent()).toMatch(/×/);
        await shot(page, 'hilo-open');
        const cards = await page
          .locator('[data-testid="hilo-history"] [data-card]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
        await page.reload({ waitUntil: 'networkidle' });
        await settle(page, 'hilo-board', ['open']);
        reloaded = true;
        await expect.poll(history).toBe(cards.length);
        expect(await page.getByTestId('hilo-note').getAttribute('data-note')).toBe('resumed');
        expect(
          await page
            .locator('[data-testid="hilo-history"] [data-card]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-card'))),
        ).toEqual(cards);
      }
    }
    expect(guesses).toBe(3);
    expect(reloaded).toBe(true);
    expect(await rights()).toBe(3);
    const held = digits(await headerBalance(page));
    await page.getByTestId('hilo-cashout').click();
    await settle(page, 'hilo-board', ['won']);
    await expect.poll(async () => digits(await headerBalance(page)), { timeout: 10_000 }).not.toBe(held);
    expect(await page.getByTestId('hilo-note').textContent()).toMatch(/cashed out/i);
    await shot(page, 'hilo-cashed-out');
    expect(problems).toEqual([]);
  });

  test('both pages in Russian', async () => {
    for (const game of ['miner', 'hilo']) {
      await page.goto(`${stage.server.url}/games/${game}`, { waitUntil: 'networkidle' });
      await page.getByTestId(`${game}-start`).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('ru');
      await shot(page, `${game}-ru`);
    }
    // A Russian hi-lo round in progress.
    await page.getByTestId('hilo-start').click();
    await settle(page, 'hilo-board', ['open']);
    await shot(page, 'hilo-open-ru');
    expect(problems).toEqual([]);
    await context.close();
  });
});
