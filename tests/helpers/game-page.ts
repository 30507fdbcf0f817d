import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningServer } from './server.ts';
import { closeStage, openStage, SHOTS } from './stage.ts';

/**
 * What the game pages' end-to-end tests share: the built server and Chromium for the file, a
 * browser context per player that collects the pages' errors, the header balance, and screenshots
 * at 1280 and 390 px.
 */

export interface PlayerContext {
  context: BrowserContext;
  /** Console errors and uncaught exceptions of the context's pages. */
  problems: string[];
}

export interface GameStage {
  /** Set once the file's `beforeAll` has run. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * An English context, logged in as `token` (its cookie) or a guest when null; 1280 × 900 unless
   * `width` says otherwise (a phone below 600 px is 844 high).
   */
  playerContext(
    token: string | null,
    options?: { width?: number; reducedMotion?: 'reduce' | 'no-preference' },
  ): Promise<PlayerContext>;
}

/** Starts the stage before the file's tests and stops it after them; `env` adds to the server's. */
export function gameStage(env: Record<string, string> = {}): GameStage {
  let opened: { server: RunningServer; browser: Browser } | undefined;
  beforeAll(async () => {
    opened = await openStage(env);
  });
  afterAll(() => closeStage(opened ?? {}));
  const stage = (): { server: RunningServer; browser: Browser } => {
    if (!opened) throw new Error('the stage opens in beforeAll');
    return opened;
  };
  return {
    get server() {
      return stage().server;
    },
    get browser() {
      return stage().browser;
    },
    async playerContext(token, { width = 1280, reducedMotion = 'no-preference' } = {}) {
      const { server, browser } = stage();
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        locale: 'en-US',
        reducedMotion,
      });
      if (token) await context.addCookies([{ name: 'token', value: token, url: server.url }]);
      const problems: string[] = [];
      context.on('page', (page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      });
      return { context, problems };
    },
  };
}

/**
 * Waits until the page has laid out and painted what it has now (two animation frames): after a
 * viewport change, before a screenshot, instead of a fixed pause.
 */
export async function laidOut(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The balance in the page header, as shown. */
export const headerBalance = (page: Page) => page.locator('[data-account-amount]').first().textContent();

/** The digits of a shown amount ("1 000,00 ₽" → "100000"). */
export const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

/**
 * The current view, full page, at 1280 px (or `wide`) and at 390 px (`<name>-1280.png`,
 * `<name>-390.png` in SHOTS); at 390 px nothing may scroll sideways unless `checkOverflow` is
 * false. The viewport is restored afterwards.
 */
export async function shot(page: Page, name: string, { checkOverflow = true, wide = 1280 } = {}) {
  if (wide !== 1280) {
    await page.setViewportSize({ width: wide, height: 900 });
    await laidOut(page);
  }
  await page.screenshot({ path: path.join(SHOTS, `${name}-${wide}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await laidOut(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  if (checkOverflow) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name}: no horizontal scroll at 390 px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: wide, height: 900 });
  await laidOut(page);
}

/**
 * The page as a player sees it, scrolled to the top, at 1440 and 390 px: viewport screenshots, as
 * Chromium's full-page capture draws a cross-origin frame at the wrong size; nothing may scroll
 * sideways at 390 px.
 */
export async function frameShot(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px: no horizontal scroll`).toBeLessThanOrEqual(0);
  }
}
