import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * The money flow in Chromium against the real server: PayIn with a preset, the sandbox hosted
 * checkout with a test card, the credit pushed over /ws to an open page (no reload), a
 * verification document uploaded in the Verification modal and approved by the operator, a
 * withdrawal on /profile/history paid by the operator, and the history showing both.
 */

const OPERATOR = 'e2e-operator-token-0123456789-abcdef';
const PASSWORD = 'Orbit-7-Nebula!';
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ OPERATOR_API_TOKEN: OPERATOR, SANDBOX_WEBHOOK_INTERVAL_MS: '200' }),
    launchBrowser(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const operator = async (url: string, method: 'GET' | 'POST' = 'POST') => {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${OPERATOR}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  expect(res.status, `${method} ${url}`).toBe(200);
  return res.json();
};

async function registerPlayer() {
  const email = `money.${Date.now()}@example.com`;
  const res = await fetch(`${server.url}/api/api/v2/auth/register/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, currency: 'RUB', locale: 'en', timezone: 'UTC' }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const profile = await fetch(`${server.url}/api/profile/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { user } = (await profile.json()) as { user: { id: string | number } };
  return { token, id: String(user.id) };
}

/** A logged-in browser context (the token cookie), recording console errors and page errors. */
async function playerContext(token: string, width = 1440) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  };
  context.on('page', watch);
  return { context, problems };
}

const headerBalance = (page: Page) => page.locator('[data-account-amount]').textContent();
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');

/** Balance events the page's /ws socket received. */
function balanceFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('"balance"')) frames.push(text);
    });
  });
  return frames;
}

/** The current view at 1440 px and at 390 px (the viewport is restored afterwards). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('money flow', () => {
  let player: { token: string; id: string };
  let context: BrowserContext;
  let problems: string[];
  let presetAmount = '';

  test('deposit through PayIn and the sandbox checkout; the balance arrives over /ws', async () => {
    player = await registerPlayer();
    ({ context, problems } = await playerContext(player.token));

    // A second tab stays open on the lobby: it must see the credit without any reload.
    const watcher = await context.newPage();
    const watcherFrames = balanceFrames(watcher);
    await watcher.goto(`${server.url}/en`, { waitUntil: 'networkidle' });
    await expect.poll(() => headerBalance(watcher)).toMatch(/0/);
    await watcher.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const page = await context.newPage();
    const frames = balanceFrames(page);
    await page.goto(`${server.url}/en/faq`, { waitUntil: 'networkidle' });
    await expect.poll(() => headerBalance(page)).toMatch(/0/);
    await page.locator('header [data-modal-open="PayIn"]').first().click();
    const dialog = page.locator('[role="dialog"][data-modal="PayIn"]');
    await dialog.locator('.preset').first().waitFor();
    await shot(page, 'payin');
    const preset = dialog.locator('.preset').nth(1);
    await preset.click();
    expect(await preset.getAttribute('aria-pressed')).toBe('true');
    presetAmount = await dialog.locator('input[name="amount"]').inputValue();
    expect(Number(presetAmount)).toBeGreaterThan(0);

    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    await shot(page, 'checkout');
    await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
    await page.locator('button[type="submit"]').click();

    // Back on the page the deposit started from; the notice shows and the values leave the address.
    await page.waitForURL((url) => url.pathname === '/en/faq');
    await page.locator('.notice[data-kind="success"]').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const expected = String(Math.round(Number(presetAmount)));
    await expect
      .poll(() => headerBalance(page), { timeout: 15_000 })
      .toContain(Number(expected).toLocaleString('en-US'));
    await shot(page, 'checkout-return');

    // The tab that never reloaded shows the new balance too, from the /ws event.
    await expect
      .poll(() => headerBalance(watcher), { timeout: 15_000 })
      .toContain(Number(expected).toLocaleString('en-US'));
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(watcherFrames.some((f) => f.includes(`"balance":"${Number(presetAmount).toFixed(2)}"`))).toBe(
      true,
    );
    expect(frames.length + watcherFrames.length).toBeGreaterThan(0);
    await watcher.close();
    await page.close();
  });

  test('verification upload, operator approval, withdrawal paid; history and balance agree', async () => {
    const page = await context.newPage();
    const frames = balanceFrames(page);
    await page.goto(`${server.url}/en/profile/history`, { waitUntil: 'networkidle' });
    await page.getByTestId('history-table').waitFor();

    // Verification: open the modal from the withdrawal panel and upload a PNG.
    await page.getByTestId('open-verification').click();
    const dialog = page.locator('[role="dialog"][data-modal="Verification"]');
    await dialog.getByTestId('verification-upload').waitFor();
    await dialog.locator('select').selectOption('passport');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('verification-documents').waitFor();
    expect(await dialog.getByTestId('verification-status').getAttribute('data-status')).toBe('pending');
    await shot(page, 'verification');
    await operator(`/operator/verifications/${player.id}/approve`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Withdrawal: 100 RUB (the minimum payout) to the card ending 4242.
    const before = digits(await headerBalance(page));
    const form = page.getByTestId('withdraw');
    await form.locator('input[name="amount"]').fill('100');
    await form.locator('input[name="card"]').fill('4242');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('withdraw-done').textContent()).toContain('100');
    // The hold leaves the balance at once, pushed over /ws.
    await expect.poll(async () => digits(await headerBalance(page)), { timeout: 15_000 }).not.toBe(before);

    const held = (await operator('/operator/withdrawals?status=held', 'GET')) as {
      data: Array<{ id: string; user_id: string | number }>;
    };
    const mine = held.data.find((w) => String(w.user_id) === player.id) ?? held.data[0];
    expect(mine).toBeDefined();
    await operator(`/operator/withdrawals/${mine?.id}/approve`);

    await page.reload({ waitUntil: 'networkidle' });
    const table = page.getByTestId('history-table');
    await table.waitFor();
    await expect
      .poll(() => table.locator('tr[data-type="withdrawal"]').getAttribute('data-status'))
      .toBe('paid');
    expect(await table.locator('tr[data-type="deposit"]').getAttribute('data-status')).toBe('succeeded');
    expect(await table.locator('tr[data-type="withdrawal"] .status-pill').textContent()).toBe('Paid');
    expect(await table.locator('tr[data-type="deposit"] .status-pill').textContent()).toBe('Succeeded');
    const left = Number(presetAmount) - 100;
    await expect.poll(() => headerBalance(page)).toContain(left.toLocaleString('en-US'));
    expect(frames.length).toBeGreaterThan(0);
    await shot(page, 'history');

    // The CSV export goes through the API client (bearer token) and downloads a file.
    const download = page.waitForEvent('download');
    await page.getByTestId('history-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await page.close();
  });

  test('the history page fits 390 px; no console errors or CSP violations anywhere', async () => {
    const mobile = await playerContext(player.token, 390);
    const page = await mobile.context.newPage();
    await page.goto(`${server.url}/en/profile/history`, { waitUntil: 'networkidle' });
    await page.getByTestId('history-table').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'history-full-390.png'), fullPage: true });
    await mobile.context.close();
    expect([...problems, ...mobile.problems]).toEqual([]);
    await context.close();
  });
});
