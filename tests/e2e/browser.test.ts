import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;
const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a page, recording console errors (CSP violations included) and the JS it downloads. */
async function open(url: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  const problems: string[] = [];
  const scripts = new Map<string, number>();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(response.url()).pathname, body.length);
  });
  await page.goto(server.url + url, { waitUntil: 'networkidle' });
  return { page, problems, scripts, close: () => context.close() };
}

const jsBytes = (scripts: Map<string, number>) => [...scripts.values()].reduce((a, b) => a + b, 0);

describe('content pages ship almost no JavaScript', () => {
  const report: Record<string, number> = {};
  afterAll(() => {
    console.info('JS bytes per page (uncompressed, before any interaction):', report);
  });

  test.each(['/', '/en/faq', '/en/policy/en/user-agreement', '/policy/ru/confidential', '/en/top'])(
    '%s loads only the header script, without errors or CSP violations',
    async (url) => {
      const { scripts, problems, close } = await open(url);
      report[url] = jsBytes(scripts);
      expect(problems).toEqual([]);
      expect([...scripts.keys()].some((name) => /react|ModalHost|mount/i.test(name))).toBe(false);
      // The header script, the modal loader and, once idle, the app shell (service worker, install
      // banner, consent: docs/pwa.md): about 19 KB uncompressed, 8 KB over the wire.
      expect(jsBytes(scripts)).toBeLessThan(22_000);
      await close();
    },
  );
});

describe('modals', () => {
  test('Log in opens the Login modal through $modals, locking page scroll; Escape closes it', async () => {
    const { page, problems, close } = await open('/en');
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('data-modal')).toBe('Login');
    expect(await page.locator('#modal-title').textContent()).toBe('Log in');
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(
      false,
    );
    expect(problems).toEqual([]);
    await close();
  });

  test('the modal speaks the page language (catalog loaded for that locale only)', async () => {
    const { page, scripts, close } = await open('/br');
    await page
      .getByRole('button', { name: /Cadastr|Criar|Registr/i })
      .first()
      .click();
    await expect.poll(() => page.locator('#modal-title').textContent()).not.toBeNull();
    const title = await page.locator('#modal-title').textContent();
    expect(title).not.toBe('Create an account');
    expect([...scripts.keys()].filter((name) => /\/(en|ru|kz|hi)\.[\w-]+\.js$/.test(name))).toEqual([]);
    await close();
  });

  test('the signup query flag opens the Register modal (docs/product-rules.md §2)', async () => {
    const { page, close } = await open('/en/faq?signup');
    await expect.poll(() => page.getByRole('dialog').getAttribute('data-modal')).toBe('Register');
    await close();
  });
});

describe('locale switcher', () => {
  test('switching to English moves to the /en URL, sets <html lang> and the cookie', async () => {
    const { page, close } = await open('/faq');
    await page.locator('.locale-switcher summary').click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/en\/faq$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'locale')?.value).toBe('en');
    await page.locator('.locale-switcher summary').click();
    await page.getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL(/127\.0\.0\.1:\d+\/faq$/);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await close();
  });
});

describe('screenshots', () => {
  const pages = [
    ['home', '/'],
    ['game', '/en/games/dice'],
    ['policy', '/en/policy/en/kyc'],
  ] as const;
  const widths = [390, 1440];
  test.each(pages.flatMap(([name, url]) => widths.map((width) => [name, url, width] as const)))(
    '%s (%s) at %i px',
    async (name, url, width) => {
      const { page, problems, close } = await open(url, { width, height: width < 600 ? 844 : 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${width}.png`),
        fullPage: !(width < 600),
      });
      expect(problems).toEqual([]);
      await close();
    },
  );
});
