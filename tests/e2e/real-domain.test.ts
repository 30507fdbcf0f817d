/**
 * The site on real host names, as in production but over plain http: `casino.test` with its API
 * on `api.casino.test` (the default API base, docs/product-rules.md §7), and a mirror
 * `mirror.test` with `api.mirror.test`. Chromium resolves them all to the test server. Plain http
 * on a name other than localhost is no secure context, so `crypto.randomUUID` is missing.
 * (a) a player registers, deposits through the checkout and plays a bet, every call across
 * origins (docs/security.md "Calls from the pages"); (b) another logs in on the mirror and lands
 * there logged in, through the main host's single sign-on, which then logs them in on a fresh
 * visit of the mirror too (docs/edge.md "Single sign-on across mirrors").
 */
import { request as httpRequest } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, logInThroughModal } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const PASSWORD = 'Orbit-7-Nebula!';

let browser: Browser;
let server: RunningServer;
let port: number;
let SITE: string;
let MIRROR: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  SITE = `http://casino.test:${port}`;
  MIRROR = `http://mirror.test:${port}`;
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PUBLIC_SITE_URL: SITE,
      MIRROR_HOSTS: `mirror.test:${port}`,
      // The server posts the sandbox's webhooks to itself: casino.test means nothing to Node.
      SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/webhooks/sandbox`,
      SANDBOX_WEBHOOK_INTERVAL_MS: '200',
    }),
    chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--host-resolver-rules=MAP *.casino.test 127.0.0.1, MAP casino.test 127.0.0.1, MAP *.mirror.test 127.0.0.1, MAP mirror.test 127.0.0.1',
      ],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A context whose pages record uncaught errors, console errors and the hosts they navigate to. */
async function player(width = 1440) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  const problems: string[] = [];
  const navigations: string[] = [];
  const calls: string[] = [];
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // Chromium's note that it ignores the COOP header on plain http: this test's choice, not a fault.
    if (
      message.type() === 'error' &&
      !message.text().includes('Cross-Origin-Opener-Policy header has been ignored')
    )
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigations.push(req.url());
    else if (new URL(req.url()).hostname.startsWith('api.')) calls.push(`${req.method()} ${req.url()}`);
  });
  return { context, page, problems, navigations, calls };
}

const sessionState = (page: Page) => page.locator('[data-session]').getAttribute('data-session');
const headerBalance = (page: Page) => page.locator('[data-account-amount]').first().textContent();

/** A JSON call to the API on `host` (`api.casino.test:port`), from Node: the Host header names it. */
function apiOn(
  host: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || 'null') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('on real host names, over plain http', () => {
  test('a player registers, deposits and plays a bet; the page calls api.casino.test', async () => {
    const { context, page, problems, calls } = await player();
    await page.goto(`${SITE}/en`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await sessionState(page)).toBe('guest');

    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getAttribute('data-modal')).toBe('Register');
    await dialog.getByLabel('Email').fill(`domain.${Date.now()}@orbita.example`);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(/I am 18 or older/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getAttribute('data-modal'), { timeout: 15_000 }).toBe('ConfirmByPhone');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => sessionState(page)).toBe('user');
    expect(
      calls.some((call) => call.startsWith(`POST http://api.casino.test:${port}/api/v2/auth/register/email`)),
    ).toBe(true);
    // The refresh cookie belongs to the API host; the page keeps its token on its own host.
    const apiCookies = await context.cookies(`http://api.casino.test:${port}`);
    expect(apiCookies.find((c) => c.name === 'refresh_token')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect((await context.cookies(SITE)).find((c) => c.name === 'token')?.domain).toBe('casino.test');

    // A deposit through PayIn, which opened by itself at 0 balance (docs/product-rules.md §2), and
    // the sandbox checkout (its id and key come from the fallback UUID).
    const payIn = page.locator('[role="dialog"][data-modal="PayIn"]');
    await payIn.locator('.preset').first().waitFor();
    await payIn.locator('.preset').nth(1).click();
    const deposit = page.waitForRequest((req) => req.url().endsWith('/payments/deposits'));
    await payIn.locator('button[type="submit"]').click();
    expect((await deposit).headers()['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.host === `casino.test:${port}` && url.pathname === '/en');
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).not.toBe('$0.00');

    // A dice bet.
    await page.goto(`${SITE}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('bet-amount').inputValue()).not.toBe('');
    const before = await headerBalance(page);
    await page.getByTestId('bet-button').click();
    await expect
      .poll(() => page.getByTestId('dice-result').getAttribute('data-state'), { timeout: 15_000 })
      .toMatch(/^(win|loss)$/);
    await expect.poll(() => headerBalance(page)).not.toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a player logs in on the mirror and lands there logged in, through the main host', async () => {
    const email = `mirror.${Date.now()}@orbita.example`;
    const registered = await apiOn(`api.casino.test:${port}`, '/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      locale: 'en',
      currency: 'USD',
    });
    expect(registered.status).toBe(200);

    const { context, page, problems, navigations } = await player();
    // A guest on the mirror goes to the main host's sso once and comes back a guest.
    await page.goto(`${MIRROR}/en/faq`);
    await expect
      .poll(() => navigations.some((url) => url.startsWith(`http://api.casino.test:${port}/sso?`)))
      .toBe(true);
    await page.waitForURL(`${MIRROR}/en/faq`);
    await expect.poll(() => sessionState(page)).toBe('guest');

    await logInThroughModal(page, email, PASSWORD);
    // The login sends the browser to the main host with a code and the address to come back to.
    await expect
      .poll(() => navigations.find((url) => /\/sso\?code=/.test(url)), { timeout: 15_000 })
      .toMatch(new RegExp(`^http://api\\.casino\\.test:${port}/sso\\?code=[\\w-]+&url=`));
    await expect.poll(() => navigations.at(-1), { timeout: 15_000 }).toBe(`${MIRROR}/en/faq`);
    await expect.poll(() => sessionState(page), { timeout: 15_000 }).toBe('user');
    expect(page.url()).toBe(`${MIRROR}/en/faq`);
    const mainCookies = await context.cookies(`http://api.casino.test:${port}`);
    expect(mainCookies.find((c) => c.name === 'refresh_token')?.value).toBeTruthy();

    await expect.poll(() => headerBalance(page)).toBe('$0.00');
    await page.screenshot({ path: '/tmp/sso-mirror-landing-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/sso-mirror-landing-390.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The main host now knows the player: a fresh visit of the mirror (its own session and the
    // once-per-session cookie gone) comes back from the main host logged in.
    await context.clearCookies({ domain: 'mirror.test' });
    await context.clearCookies({ domain: 'api.mirror.test' });
    navigations.length = 0;
    await page.goto(`${MIRROR}/en/top`);
    await expect
      .poll(() => navigations.some((url) => url.startsWith(`http://api.casino.test:${port}/sso?`)))
      .toBe(true);
    await expect.poll(() => sessionState(page), { timeout: 15_000 }).toBe('user');
    expect(page.url()).toBe(`${MIRROR}/en/top`);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a simple-auth link logs a guest in with its one-time code, leaves the address at once, and never replaces a session', async () => {
    const api = `api.casino.test:${port}`;
    const newPlayer = async (prefix: string) => {
      const res = await apiOn(api, '/api/v2/auth/register/email', {
        email: `${prefix}.${Date.now()}@orbita.example`,
        password: PASSWORD,
        locale: 'en',
      });
      const { token } = res.json as { token: string };
      return async () =>
        (
          (await apiOn(api, '/simple-auth/code', {}, { authorization: `Bearer ${token}` })).json as {
            code: string;
          }
        ).code;
    };
    const first = await newPlayer('simple');
    const second = await newPlayer('other');
    const { context, page, problems } = await player();
    const code = await first();
    await page.goto(`${SITE}/en/faq?simple_auth=1&simpleAuthToken=${code}&x=1`);
    await expect.poll(() => sessionState(page), { timeout: 15_000 }).toBe('user');
    expect(page.url()).toBe(`${SITE}/en/faq?simple_auth=1&x=1`);
    const token = (await context.cookies(SITE)).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();

    // Another player's link in the same browser: the session held stays, the code goes unused.
    const foreign = await second();
    await page.goto(`${SITE}/en/top?simple_auth=1&simpleAuthToken=${foreign}`);
    await expect.poll(() => page.url()).toBe(`${SITE}/en/top?simple_auth=1`);
    await expect.poll(() => sessionState(page)).toBe('user');
    expect((await context.cookies(SITE)).find((c) => c.name === 'token')?.value).toBe(token);
    expect(problems).toEqual([]);
    await context.close();
  });
});
