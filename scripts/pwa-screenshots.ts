/**
 * The screenshots of the web manifest (docs/pwa.md), shown by Chromium's install dialog: the English
 * home page as a guest sees it on a fresh server, wide and narrow. `npm run pwa:screenshots` (after
 * `npm run build`) starts the built server on an empty data folder, takes them into public/icons/
 * and stops it; rebuild to serve them. tests/e2e/pwa.test.ts takes them the same way and fails when
 * the stored ones no longer show the site.
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** The manifest's screenshots: file in public/icons/, viewport. */
export const INSTALL_SCREENSHOTS = [
  { file: 'screenshot-wide.png', width: 1280, height: 720 },
  { file: 'screenshot-narrow.png', width: 390, height: 844 },
] as const;

export type InstallScreenshot = (typeof INSTALL_SCREENSHOTS)[number];

/** Where the stored screenshots are. */
export const ICONS = new URL('../public/icons/', import.meta.url);

/**
 * The home page of the server at `baseUrl` in `shot`'s viewport, as a PNG: English, a guest, the
 * fonts and the pictures on screen loaded, animations stopped (two takes of one page are one picture).
 */
export async function takeInstallScreenshot(
  browser: Browser,
  baseUrl: string,
  shot: InstallScreenshot,
): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/en`, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      await document.fonts.ready;
      // The pictures on screen (a lazy one below never loads, its decode would never end).
      const shown = [...document.images].filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      await Promise.all(shown.map((image) => image.decode().catch(() => undefined)));
    });
    return await page.screenshot({ animations: 'disabled', caret: 'hide' });
  } finally {
    await context.close();
  }
}

if (import.meta.main) {
  const [{ launchBrowser }, { startServer }] = await Promise.all([
    import('../tests/helpers/browser.ts'),
    import('../tests/helpers/server.ts'),
  ]);
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    for (const shot of INSTALL_SCREENSHOTS) {
      writeFileSync(new URL(shot.file, ICONS), await takeInstallScreenshot(browser, server.url, shot));
      console.log(`public/icons/${shot.file}: ${shot.width} × ${shot.height}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
