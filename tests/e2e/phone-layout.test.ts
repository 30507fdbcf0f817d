import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { localizePath, switchLocalePath } from '../../src/i18n/routing.ts';
import { LOCALES } from '../../src/shared/locales.ts';
import { NAV_LINKS } from '../../src/shared/navigation.ts';
import { fundedPlayer, registeredPlayer } from '../helpers/funding.ts';
import { gameStage } from '../helpers/game-page.ts';

/**
 * The layout on a 390 × 844 phone and at 1440 px: the time-critical button of a running round stays
 * on screen beside the board, the lobby starts in the first screen, the navigation reaches every
 * section, and long e-mails and hashes stay readable.
 */
const stage = gameStage({ CRASH_BETTING_MS: '2500', CRASH_PAUSE_MS: '300' });
const PHONE = 390;

interface Placement {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The visible part of the page: below the sticky header, above the pinned action bar. */
  viewTop: number;
  viewBottom: number;
  innerWidth: number;
  innerHeight: number;
  /** Nothing covers the element at its centre. */
  uncovered: boolean;
}

/** Where `locator`'s element is on screen, and what part of the screen is free to show the board. */
const placement = (locator: Locator): Promise<Placement> =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const bar = document.querySelector('[data-pinned="true"]')?.getBoundingClientRect().top;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      viewTop: header,
      viewBottom: bar ?? window.innerHeight,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      uncovered: hit !== null && (element === hit || element.contains(hit)),
    };
  });

/** The button is wholly on screen, below the header (unless it is in it), and nothing covers it. */
async function expectOnScreen(button: Locator, name: string, { inHeader = false } = {}) {
  const at = await placement(button);
  expect(at.uncovered, `${name}: nothing covers it`).toBe(true);
  expect(at.top, `${name}: below the header`).toBeGreaterThanOrEqual(inHeader ? 0 : at.viewTop);
  expect(at.bottom, `${name}: above the bottom of the screen`).toBeLessThanOrEqual(at.innerHeight);
  expect(at.left).toBeGreaterThanOrEqual(0);
  expect(at.right).toBeLessThanOrEqual(at.innerWidth);
}

/**
 * Waits until the page has stopped scrolling: a round's start scrolls the board into view smoothly
 * (src/islands/games/kit/in-view.ts), and a measurement mid-scroll sees it half under the header.
 */
async function scrollSettled(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { lastScrollY?: number; stillFrames?: number };
      w.stillFrames = w.lastScrollY === window.scrollY ? (w.stillFrames ?? 0) + 1 : 0;
      w.lastScrollY = window.scrollY;
      return w.stillFrames >= 5;
    },
    null,
    { polling: 'raf' },
  );
}

/** The board (or its watched part) is wholly visible between the header and the action bar. */
async function expectVisible(board: Locator, name: string) {
  const at = await placement(board);
  expect(at.top, `${name}: below the header`).toBeGreaterThanOrEqual(at.viewTop - 1);
  expect(at.bottom, `${name}: above the action bar`).toBeLessThanOrEqual(at.viewBottom + 1);
  expect(at.uncovered, `${name}: nothing covers it`).toBe(true);
}

/**
 * The button stays on screen wherever the player scrolls: at the top of the page and at its end
 * (where the bar must not hide the last of the page either).
 */
async function expectPinned(page: Page, button: Locator, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expectOnScreen(button, `${name} at the top of the page`);
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
  await expectOnScreen(button, `${name} at the end of the page`);
  const footer = await placement(page.locator('.site-footer .legal'));
  expect(footer.bottom, `${name}: the end of the page shows above the bar`).toBeLessThanOrEqual(
    footer.viewBottom + 1,
  );
}

async function phonePage(token: string | null): Promise<Page> {
  const { context } = await stage.playerContext(token, { width: PHONE });
  return context.newPage();
}

describe('a running round on a 390 × 844 phone keeps its main button on screen', () => {
  test.each([
    { game: 'miner', other: 'miner-random', board: '.mn-grid', shows: 'the field' },
    { game: 'hilo', other: 'hilo-guess-up', board: '.hl-table', shows: 'the card' },
    {
      game: 'coinflip',
      other: 'coinflip-heads',
      board: '[data-testid="coinflip-multiplier"]',
      shows: 'the multiplier',
    },
  ])(
    '$game: the cash-out and the other moves stay on screen beside $shows',
    async ({ game, other, board, shows }) => {
      const { token } = await fundedPlayer(stage.server.url, { amount: '100', prefix: `pin-${game}` });
      const page = await phonePage(token);
      await page.goto(`${stage.server.url}/en/games/${game}`, { waitUntil: 'networkidle' });
      await page.getByTestId(`${game}-start`).click();
      const cashOut = page.getByTestId(`${game}-cashout`);
      await cashOut.waitFor();
      await scrollSettled(page);
      await expectOnScreen(cashOut, 'the cash-out');
      await expectOnScreen(page.getByTestId(other), 'another move');
      await expectVisible(page.locator(board), shows);
      await expectPinned(page, cashOut, 'the cash-out');
      await page.context().close();
    },
  );

  test('crash: the cash-out during the flight, under the graph', async () => {
    const { token } = await fundedPlayer(stage.server.url, { amount: '100', prefix: 'pin-crash' });
    const page = await phonePage(token);
    await page.goto(`${stage.server.url}/en/games/crash`, { waitUntil: 'networkidle' });
    const crash = page.getByTestId('crash');
    await crash.waitFor();
    await page.getByTestId('crash-auto').fill('');
    const cashOut = page.getByTestId('crash-cashout');
    // The chain decides the crash points: a flight over before the button was measured is followed
    // by another try.
    let measured = false;
    for (let attempt = 0; attempt < 10 && !measured; attempt += 1) {
      // A flight to a high crash point lasts over a minute (100× takes 77 s).
      await expect.poll(() => crash.getAttribute('data-status'), { timeout: 180_000 }).toBe('betting');
      const bet = page.getByTestId('crash-bet');
      if (!(await bet.isEnabled())) continue;
      await bet.click();
      await expect
        .poll(
          async () => (await cashOut.count()) > 0 || (await crash.getAttribute('data-status')) === 'crashed',
          {
            timeout: 180_000,
          },
        )
        .toBe(true);
      try {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        const at = await placement(cashOut);
        const graph = await placement(page.locator('.cr-canvas'));
        if ((await crash.getAttribute('data-status')) !== 'flight') continue;
        measured = true;
        expect(at.uncovered, 'nothing covers the cash-out').toBe(true);
        expect(at.bottom, 'the cash-out is above the bottom of the screen').toBeLessThanOrEqual(
          at.innerHeight,
        );
        expect(at.top).toBeGreaterThanOrEqual(at.viewTop);
        expect(graph.bottom, 'the graph is above the action bar').toBeLessThanOrEqual(graph.viewBottom + 1);
        expect(graph.top).toBeGreaterThanOrEqual(graph.viewTop - 1);
      } catch (error) {
        // The flight ended while the button was measured (it is gone): another round.
        if (measured) throw error;
      }
    }
    expect(measured, 'a flight lasted long enough to measure the button').toBe(true);
    await page.context().close();
  }, 900_000);
});

describe('the lobby and the navigation', () => {
  test('at 390 × 844 the first row of games is in the first screen of the home page', async () => {
    const page = await phonePage(null);
    await page.goto(`${stage.server.url}/en/`, { waitUntil: 'networkidle' });
    const first = await placement(page.locator('#games .tile').first());
    expect(first.bottom, 'the first game tile ends within the first screen').toBeLessThanOrEqual(
      first.innerHeight,
    );
    await page.context().close();
  });

  const href = (path: string, hash = '') => `/en${path === '/' ? '' : path}${hash}`;

  test('the header at 1440 px links every section: those that fit in its row, the rest behind More', async () => {
    const { token } = await fundedPlayer(stage.server.url, { amount: '123456', prefix: 'nav' });
    for (const who of [null, token]) {
      const { context } = await stage.playerContext(who, { width: 1440 });
      const page = await context.newPage();
      for (const locale of LOCALES) {
        // The explicit switch: the browser's language would otherwise pick the page's.
        await page.goto(`${stage.server.url}${switchLocalePath('/', locale)}`, { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.dataset.locale)).toBe(locale);
        const where = `${who ? 'a player' : 'a guest'}, ${locale}`;
        if (who) await expect.poll(() => page.locator('[data-account-amount]').textContent()).toMatch(/\d/);
        const row = page.locator('#main-nav .nav-main');
        const cut = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(cut, `${where}: nothing in the row is cut off`).toBeLessThanOrEqual(0);
        const more = page.locator('#main-nav [data-nav-more]');
        if (await more.isVisible()) await more.click();
        for (const link of NAV_LINKS) {
          const path = localizePath(link.path, locale, 'prefix_except_default') + (link.hash ?? '');
          const shown = page.locator(`#main-nav a[href="${path}"]`).filter({ visible: true });
          expect(await shown.count(), `${where}: ${path} in the row or under More`).toBe(1);
          await expectOnScreen(shown, `${where}: ${path}`, { inHeader: true });
        }
        if (locale === 'en') expect(await row.locator('a:visible').count()).toBeGreaterThanOrEqual(5);
      }
      await context.close();
    }
  });

  test('the phone menu links every section, fairness, the FAQ and the leaderboard', async () => {
    const page = await phonePage(null);
    await page.goto(`${stage.server.url}/en/`, { waitUntil: 'networkidle' });
    await page.locator('[data-nav-toggle]').click();
    const nav = page.locator('#main-nav');
    for (const link of NAV_LINKS) {
      const item = nav.locator(`a[href="${href(link.path, link.hash)}"]`).filter({ visible: true });
      expect(await item.count(), link.path).toBe(1);
      await expectOnScreen(item, link.path);
    }
    await page.context().close();
  });

  test('the leaderboard is linked from the footer and the tournaments; the tournament tab is marked', async () => {
    const { context } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/tournaments`);
    expect(await page.locator('.site-footer a[href="/en/top"]').count()).toBe(1);
    // The tournaments' tabs link the week's top.
    expect(await page.locator('main a[href="/en/top?period=week"]').count()).toBe(1);
    const current = page.locator('main nav a[aria-current="page"]');
    expect(await current.getAttribute('href')).toBe('/en/tournaments');
    // The header marks its link (in the row or under More, whichever shows).
    const inHeader = page.locator('#main-nav a[aria-current="page"]').filter({ visible: true });
    expect(await inHeader.getAttribute('href')).toBe('/en/tournaments');
    await page.goto(`${stage.server.url}/en/tournaments/upcoming`);
    expect(await current.getAttribute('href')).toBe('/en/tournaments/upcoming');
    await page.goto(`${stage.server.url}/en/games/slots`);
    expect(await inHeader.getAttribute('href')).toBe('/en/games/slots');
    // The leaderboard: its link in the row is marked, or (when the row is full: it depends on the
    // fonts' widths) More is, with the link under it; never both.
    await page.goto(`${stage.server.url}/en/top`);
    const moreMarked =
      (await page.locator('#main-nav [data-nav-more]').getAttribute('data-current')) === 'true';
    if (moreMarked) expect(await inHeader.count()).toBe(0);
    else expect(await inHeader.getAttribute('href')).toBe('/en/top');
    await context.close();
  });
});

/** Whether the element's text is on one line (its height is one line's). */
const oneLine = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
    return element.getBoundingClientRect().height <= line * 1.5;
  });

describe('long text', () => {
  test('a long e-mail is one line with an ellipsis in the account menu and the profile, whole in its title', async () => {
    const { token, email } = await registeredPlayer(stage.server.url, {
      prefix: 'someone.with.a.remarkably.long.address',
    });
    for (const width of [PHONE, 1440]) {
      const { context } = await stage.playerContext(token, { width });
      const page = await context.newPage();
      await page.goto(`${stage.server.url}/en/profile`, { waitUntil: 'networkidle' });
      const name = page.getByTestId('overview-name');
      await expect.poll(() => name.textContent()).toBe(email);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways, `${width}: the profile does not scroll sideways`).toBeLessThanOrEqual(0);
      expect(await oneLine(name), `${width}: the profile's name`).toBe(true);
      expect(await name.getAttribute('title')).toBe(email);
      const value = page.getByTestId('overview-email').locator('.overview-value');
      expect(await oneLine(value), `${width}: the profile's e-mail`).toBe(true);
      expect(await value.getAttribute('title')).toBe(email);
      await page.locator('[data-account-toggle]').click();
      const inMenu = page.locator('[data-account-name]');
      await expect.poll(() => inMenu.textContent()).toBe(email);
      expect(await oneLine(inMenu), `${width}: the account menu's e-mail`).toBe(true);
      expect(await inMenu.getAttribute('title')).toBe(email);
      const menu = await placement(page.locator('#account-menu'));
      expect(menu.left, `${width}: the menu is on screen`).toBeGreaterThanOrEqual(0);
      expect(menu.right).toBeLessThanOrEqual(menu.innerWidth);
      await context.close();
    }
  });

  test("the crash round dialog's copy button stands apart from the hash", async () => {
    for (const width of [PHONE, 1440]) {
      const { context } = await stage.playerContext(null, { width });
      const page = await context.newPage();
      await page.goto(`${stage.server.url}/en/games/crash`, { waitUntil: 'networkidle' });
      await page.locator('.cr-point').first().click({ timeout: 30_000 });
      const hash = page.getByTestId('crash-round-hash');
      await hash.waitFor();
      const gap = await hash.evaluate((code) => {
        const copy = code.parentElement?.querySelector('.fair-copy');
        if (!copy) return null;
        const a = code.getBoundingClientRect();
        const b = copy.getBoundingClientRect();
        const overlap = b.top < a.bottom && a.top < b.bottom;
        return { gap: overlap ? b.left - a.right : b.top - a.bottom, width: b.width, height: b.height };
      });
      expect(gap, `${width}: the copy button`).not.toBeNull();
      expect(gap!.gap, `${width}: space between the hash and the copy button`).toBeGreaterThanOrEqual(6);
      expect(gap!.width, `${width}: the copy button is a square to tap`).toBeGreaterThanOrEqual(32);
      expect(gap!.height).toBeGreaterThanOrEqual(32);
      await context.close();
    }
  });
});
