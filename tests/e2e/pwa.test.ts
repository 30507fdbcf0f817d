import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ICONS, INSTALL_SCREENSHOTS, takeInstallScreenshot } from '../../scripts/pwa-screenshots.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * The installable app (docs/pwa.md) in Chromium. The browser talks to a small proxy in front of
 * the built server: it can answer a later build's worker and `builds/latest.json` (the worker
 * script with a build marker appended), or drop every connection as if the network were gone.
 */
let server: RunningServer;
let proxy: Server;
let origin: string;
let browser: Browser;
/** The build the proxy serves; 1 is the real one. */
let build = 1;
let offline = false;

beforeAll(async () => {
  server = await startServer();
  const target = new URL(server.url);
  proxy = createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (build > 1 && path === '/builds/latest.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(JSON.stringify({ id: `test-build-${build}` }));
      return;
    }
    const headers = { ...req.headers };
    // The worker script is rewritten below: ask for all of it, uncompressed.
    if (path === '/sw.js') {
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (build > 1 && path === '/sw.js') {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const headers = { ...answer.headers };
            delete headers['content-length'];
            delete headers.etag;
            delete headers['last-modified'];
            res.writeHead(answer.statusCode ?? 200, headers);
            res.end(`${Buffer.concat(chunks).toString()}\n// test build ${build}\n`);
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
});

/** A fresh profile (no worker, no storage) on `path`, once the worker controls the page. */
async function controlledPage(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return { context, page };
}

/**
 * Asks the page to check for a new build now (the app also checks on focus, as the 20 s timer
 * would), and remembers the worker in control, so `newWorkerActive` can tell the next one.
 */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { previous: unknown }).previous = navigator.serviceWorker.controller;
    window.dispatchEvent(new Event('focus'));
  });
}

/** Waits until another worker than the one before `checkForUpdate` controls the page, activated. */
async function newWorkerActive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const controller = navigator.serviceWorker.controller;
      return (
        controller !== (window as unknown as { previous: unknown }).previous &&
        controller?.state === 'activated' &&
        document.documentElement.dataset.sw === 'update'
      );
    },
    null,
    { timeout: 30_000, polling: 100 },
  );
}

describe('the service worker', () => {
  test('installs, controls the page and precaches the assets and the offline pages', async () => {
    const { context, page } = await controlledPage('/en/');
    expect(await page.evaluate(() => document.documentElement.dataset.sw)).toBe('activated');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached.some((u) => u.startsWith('/_astro/') && u.endsWith('.js'))).toBe(true);
    for (const locale of ['ru', 'en', 'kz', 'br', 'hi'])
      expect(cached).toContain(`/offline/${locale}/index.html`);
    expect(cached.some((u) => u.startsWith('/api'))).toBe(false);
    await context.close();
  });

  test('keeps the API base URL and the mirror list in IndexedDB MyDatabase after a sync', async () => {
    const { context, page } = await controlledPage('/en/faq');
    const readRecord = () =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('MyDatabase', 1);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('syncStore')) return resolve(null);
              const get = db.transaction('syncStore').objectStore('syncStore').get(1);
              get.onsuccess = () => resolve(get.result ?? null);
              get.onerror = () => resolve(null);
            };
            open.onerror = () => resolve(null);
          }),
      );
    await expect
      .poll(async () => ((await readRecord()) as { syncedAt?: number } | null)?.syncedAt ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(await readRecord()).toMatchObject({ id: 1, apiBaseUrl: '/api', mirrors: [] });
    await context.close();
  });

  test('offline, a visited page comes from the cache and an unvisited one shows the offline page in its language', async () => {
    const { context, page } = await controlledPage('/en/faq');
    // The first visit happened before the worker controlled the page: visit again to cache it.
    await page.goto(`${origin}/en/faq`);
    const faqTitle = await page.title();
    offline = true;
    try {
      await page.goto(`${origin}/en/faq`);
      expect(await page.title()).toBe(faqTitle);
      await page.goto(`${origin}/en/top`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('You are offline');
      await page.goto(`${origin}/kz/vip-club`);
      expect(await page.locator('h1').textContent()).toBe('Интернет байланысы жоқ');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('kk');
      // Pages about the player are never cached: offline, the profile is the offline page too.
      await page.goto(`${origin}/en/profile`);
      expect(await page.locator('h1').textContent()).toBe('You are offline');
    } finally {
      offline = false;
    }
    await context.close();
  });
});

describe('a new build', () => {
  test('reloads the page once; a second build within 10 s does not reload it again', async () => {
    const { context, page } = await controlledPage('/en/');
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'before';
    });
    build = 2;
    await checkForUpdate(page);
    await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
    await page.waitForFunction(() => document.documentElement.dataset.sw !== undefined);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    expect(await page.evaluate(() => sessionStorage.getItem('swReloadedAt'))).not.toBeNull();

    // The reload guard: a further build right away takes over without reloading.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'after';
    });
    build = 3;
    await checkForUpdate(page);
    await newWorkerActive(page);
    await page.waitForTimeout(500);
    expect(loads).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('after');
    await context.close();
  });

  test('never reloads under an open modal; the next navigation gets the new build', async () => {
    const { context, page } = await controlledPage('/en/');
    // Visited under the worker, the page is cached (stale-while-revalidate).
    await page.goto(`${origin}/en/`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'activated');
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('pages')).keys()).length))
      .toBe(1);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'modal';
    });
    await page.locator('header [data-modal-open="Login"]').first().click();
    await expect.poll(() => page.locator('[role="dialog"]').count()).toBeGreaterThan(0);
    build += 1;
    await checkForUpdate(page);
    await newWorkerActive(page);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('modal');
    expect(await page.locator('[role="dialog"]').count()).toBeGreaterThan(0);
    // The new worker dropped the old build's pages: the next navigation is the new build's.
    expect(
      await page.evaluate(async () => (await (await caches.open('pages')).keys()).map((r) => r.url)),
    ).toEqual([]);
    await context.close();
  });
});

describe('the install prompt', () => {
  test('shows the banner when the browser offers it, and a dismissal hides it for good', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await page.goto(`${origin}/en/`);
    await page.waitForFunction(() => document.documentElement.dataset.sw !== undefined);
    const banner = page.locator('#install-banner');
    await expect.poll(() => banner.isVisible()).toBe(false);
    await offer();
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('Install Orbita');
    await banner.getByRole('button', { name: 'Not now' }).click();
    expect(await banner.isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('hideInstall'))).toBe('1');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.sw !== undefined);
    await offer();
    await page.waitForTimeout(300);
    expect(await banner.isVisible()).toBe(false);
    await context.close();
  });
});

/** The share of pixels that differ visibly between two PNGs of one size (1 when the sizes differ). */
async function pixelsApart(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [x, y] = await Promise.all([pixels(first), pixels(second)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      let apart = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        const distance =
          Math.abs(x.data[i]! - y.data[i]!) +
          Math.abs(x.data[i + 1]! - y.data[i + 1]!) +
          Math.abs(x.data[i + 2]! - y.data[i + 2]!);
        if (distance > 48) apart += 1;
      }
      return apart / (x.width * x.height);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

describe("the install dialog's screenshots", () => {
  test("are the manifest's and show the home page as it is now (npm run pwa:screenshots retakes them)", async () => {
    const manifest = (await (await fetch(`${server.url}/manifest/en.webmanifest`)).json()) as {
      screenshots: { src: string; sizes: string }[];
    };
    expect(manifest.screenshots.map(({ src, sizes }) => ({ src, sizes }))).toEqual(
      INSTALL_SCREENSHOTS.map((shot) => ({
        src: `/icons/${shot.file}`,
        sizes: `${shot.width}x${shot.height}`,
      })),
    );
    const page = await browser.newPage();
    for (const shot of INSTALL_SCREENSHOTS) {
      const now = await takeInstallScreenshot(browser, server.url, shot);
      const stored = readFileSync(new URL(shot.file, ICONS));
      // Two takes of one page are the same picture; the stale one with crash's "Soon" differed by 0.8 %.
      expect(await pixelsApart(page, now, stored), `${shot.file} shows the site as it is`).toBeLessThan(
        0.0005,
      );
    }
    await page.close();
  });
});
