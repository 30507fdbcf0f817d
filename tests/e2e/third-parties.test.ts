import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * Third parties (docs/pwa.md "Third parties"): with none configured a page asks no other host for
 * anything; with analytics configured, its script loads only after cookie consent, only from its
 * host, and only that host enters the page's CSP.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every host other than the site's the page asked for, while it loads and goes idle. */
function foreignHosts(page: Page, site: string): string[] {
  const hosts: string[] = [];
  page.on('request', (req) => {
    const { host } = new URL(req.url());
    if (host !== new URL(site).host && !req.url().startsWith('data:')) hosts.push(host);
  });
  return hosts;
}

/** Waits until the app shell ran (it loads when the page is idle, with the third parties). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.sw !== undefined, null, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
}

describe('with no third party configured', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('home, a policy page and a game ask no other host and show no consent banner', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const hosts = foreignHosts(page, server.url);
    for (const path of ['/en/', '/en/policy/en/kyc', '/en/games/dice']) {
      const answer = await page.goto(`${server.url}${path}`);
      await settled(page);
      const csp = answer?.headers()['content-security-policy'] ?? '';
      expect(csp).not.toMatch(/googletagmanager|yandex|segment/);
      expect(await page.locator('#cookie-consent').count()).toBe(0);
      expect(await page.locator('[data-consent-open]').count()).toBe(0);
    }
    expect(hosts).toEqual([]);
    await context.close();
  });
});

describe('with analytics configured', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ANALYTICS_COUNTER_ID: '12345678' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('its script loads only after consent, only from its host, and the choice is remembered', async () => {
    const context = await browser.newContext();
    // The analytics host is not reachable from here: answer its script with a stand-in.
    const served: string[] = [];
    await context.route('https://mc.yandex.ru/**', (route) => {
      served.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.Ya = { Metrika2: function () {} };',
      });
    });
    const page = await context.newPage();
    const hosts = foreignHosts(page, server.url);
    const answer = await page.goto(`${server.url}/en/`);
    const csp = answer?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src [^;]*https:\/\/mc\.yandex\.ru/);
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/mc\.yandex\.ru/);
    expect(csp).not.toMatch(/googletagmanager|segment/);
    await settled(page);
    const banner = page.locator('#cookie-consent');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(hosts).toEqual([]);

    // Necessary cookies only: still nothing from the analytics host.
    await banner.getByRole('button', { name: 'Necessary only' }).click();
    await page.reload();
    await settled(page);
    expect(await banner.isVisible()).toBe(false);
    expect(hosts).toEqual([]);

    // Changed from the footer: accepted, the script loads from its host only.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await expect.poll(() => banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => served.length).toBeGreaterThan(0);
    expect(served[0]).toBe('https://mc.yandex.ru/metrika/tag.js');
    expect(new Set(hosts)).toEqual(new Set(['mc.yandex.ru']));
    await expect
      .poll(() =>
        page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'session_replay_ready')),
      )
      .toBe(true);

    // Remembered: the next page loads it without asking.
    served.length = 0;
    await page.goto(`${server.url}/en/faq`);
    await settled(page);
    expect(await banner.isVisible()).toBe(false);
    await expect.poll(() => served.length).toBeGreaterThan(0);
    await context.close();
  });
});
