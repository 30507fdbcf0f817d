import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, pageOverflow, settled } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * The money flow in Chromium against the real server: PayIn with a preset, the sandbox hosted
 * checkout with a test card (its layout at 1440 and 390 px), the credit pushed over /ws to an
 * open page (no reload), verification documents sent through the drop zone (a wrong type refused
 * before sending, the file chooser with its upload progress, a synthetic drop at 390 px) and
 * approved by the operator, a withdrawal on /profile/history paid by the operator, and the history
 * showing both. Then the same pages in pt-BR: every amount in the locale's format, amounts typed
 * with its separators, the checkout left with "back to the site", and an abandoned deposit that
 * expired (DEPOSIT_CHECKOUT_TTL_MINUTES=0.35): its checkout says so, the history shows it.
 */

const OPERATOR = 'e2e-operator-token-0123456789-abcdef';
const PASSWORD = 'Orbit-7-Nebula!';
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
// A 1.2 MB "scan": the PNG signature is what the server checks; the rest makes the upload last.
const SCAN = Buffer.concat([PNG, Buffer.alloc(1_200_000)]);
const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');
/** An unpaid deposit expires after 21 s here (the default is 30 minutes). */
const TTL_MINUTES = '0.35';

let server: RunningServer;
let browser: Browser;

const api = async <T>(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${url}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
};
const operator = (url: string, method: 'GET' | 'POST' = 'POST') =>
  api<unknown>(method, url, null, method === 'POST' ? {} : undefined, {
    authorization: `Bearer ${OPERATOR}`,
  });

let playerCount = 0;
async function registerPlayer(currency = 'RUB', locale = 'en') {
  const email = `money.${Date.now()}.${++playerCount}@example.com`;
  const { token } = await api<{ token: string }>('POST', '/api/v2/auth/register/email', null, {
    email,
    password: PASSWORD,
    currency,
    locale,
    timezone: 'UTC',
  });
  const { user } = await api<{ user: { id: string | number } }>('GET', '/profile/user', token);
  return { token, id: String(user.id) };
}

/** A deposit started over the API, as a pt-BR browser would (its checkout speaks Portuguese). */
const startDeposit = (token: string, amount: string, returnPath: string) =>
  api<{ data: { id: string; redirect_url: string } }>(
    'POST',
    '/payments/deposits',
    token,
    { amount, method: 'sandbox_card', return_path: returnPath },
    { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'pt-BR' },
  );

/** The pt-BR player: 126.83 USD deposited and credited, and a deposit left unpaid at its checkout. */
let brazil: { token: string; id: string; abandoned: { id: string; redirect_url: string } };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      OPERATOR_API_TOKEN: OPERATOR,
      SANDBOX_WEBHOOK_INTERVAL_MS: '200',
      DEPOSIT_CHECKOUT_TTL_MINUTES: TTL_MINUTES,
      DEPOSIT_EXPIRY_INTERVAL_MS: '1000',
    }),
    launchBrowser(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
  // Abandoned first, so its deadline has passed when the pt-BR test looks at it.
  const player = await registerPlayer('USD', 'br');
  const { data: abandoned } = await startDeposit(player.token, '50', '/br/faq');
  const { data: paid } = await startDeposit(player.token, '126.83', '/br/faq');
  const form = await fetch(paid.redirect_url, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242' }),
    redirect: 'manual',
  });
  expect(form.status).toBe(303);
  brazil = { ...player, abandoned };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A logged-in browser context (the token cookie), recording console errors and page errors. */
async function playerContext(token: string, width = 1440, locale = 'en-US') {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale,
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
/** Intl's no-break spaces as plain spaces, for comparing texts. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

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

/** How far `inner` sticks out of `outer` on the right (px); 0 or less when it fits. */
const overflowRight = async (inner: Locator, outer: Locator) => {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  return (a?.x ?? 0) + (a?.width ?? 0) - ((b?.x ?? 0) + (b?.width ?? 0));
};

/** The current view at 1440 px and at 390 px (the viewport is restored afterwards); checks each fits. */
async function shot(
  page: Page,
  name: string,
  check?: () => Promise<void>,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  await check?.();
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(390);
  await check?.();
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The sandbox checkout fits: the card form's fields stay inside its card, the page never scrolls sideways. */
async function checkoutFits(page: Page) {
  const card = page.locator('main');
  for (const field of ['card', 'expiry', 'cvc']) {
    expect(await overflowRight(page.locator(`input[name="${field}"]`), card), field).toBeLessThanOrEqual(0);
  }
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
}

/** The history page fits: no sideways scroll, every filter inside its panel. */
async function historyFits(page: Page) {
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const panel = page.getByTestId('history');
  for (const input of await page.locator('.history-filters .input').all()) {
    expect(await overflowRight(input, panel)).toBeLessThanOrEqual(0);
  }
}

describe('money flow', () => {
  let player: { token: string; id: string };
  let context: BrowserContext;
  let problems: string[];
  let presetAmount = 0;

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
    // The field shows the preset in the page's format: "1,000" for 1000 RUB in en-US.
    const typed = await dialog.locator('input[name="amount"]').inputValue();
    expect(typed).toBe('1,000');
    presetAmount = Number(typed.replace(/,/g, ''));

    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    expect(await page.getByTestId('checkout-validity').textContent()).toMatch(/valid for 1 min/);
    await shot(page, 'checkout', () => checkoutFits(page));
    await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
    await page.locator('button[type="submit"]').click();

    // Back on the page the deposit started from; the notice shows and the values leave the address.
    await page.waitForURL((url) => url.pathname === '/en/faq');
    await page.locator('.notice[data-kind="success"]').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect
      .poll(() => headerBalance(page), { timeout: 15_000 })
      .toContain(presetAmount.toLocaleString('en-US'));
    await shot(page, 'checkout-return');

    // The tab that never reloaded shows the new balance too, from the /ws event.
    await expect
      .poll(() => headerBalance(watcher), { timeout: 15_000 })
      .toContain(presetAmount.toLocaleString('en-US'));
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(watcherFrames.some((f) => f.includes(`"balance":"${presetAmount.toFixed(2)}"`))).toBe(true);
    expect(frames.length + watcherFrames.length).toBeGreaterThan(0);
    await watcher.close();
    await page.close();
  });

  test('verification through the drop zone, operator approval, withdrawal paid; history and balance agree', async () => {
    const page = await context.newPage();
    const frames = balanceFrames(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/verification/documents')) sent.push(request.method());
    });
    await page.goto(`${server.url}/en/profile/history`, { waitUntil: 'networkidle' });
    await page.getByTestId('history-table').waitFor();

    // Verification: open the modal from the withdrawal panel.
    await page.getByTestId('open-verification').click();
    const dialog = page.locator('[role="dialog"][data-modal="Verification"]');
    const zone = dialog.getByTestId('verification-dropzone');
    await zone.waitFor();
    expect(plain(await zone.textContent())).toContain('JPEG, PNG, or PDF, up to 10 MB each');

    // A wrong type is refused before anything is sent.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    const refused = dialog.getByTestId('verification-refused');
    await expect.poll(() => refused.textContent()).toContain('notes.txt');
    expect(await refused.textContent()).toContain(
      'This file type is not accepted (allowed: JPEG, PNG, or PDF)',
    );
    expect(sent).toEqual([]);

    // Through the file chooser, with the upload slowed down so its progress shows.
    await dialog.locator('select').selectOption('passport');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    const chooser = page.waitForEvent('filechooser');
    await zone.click();
    await (await chooser).setFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: SCAN });
    const progress = dialog.getByTestId('upload-progress');
    await expect
      .poll(async () => Number((await progress.getAttribute('value', { timeout: 1000 })) ?? -1))
      .toSatisfy((value: number) => value > 0 && value < 100);
    expect(await dialog.getByTestId('verification-upload-item').textContent()).toMatch(/Uploading \d+%/);
    await page.screenshot({ path: path.join(SHOTS, 'verification-progress-1440.png') });
    const documents = dialog.getByTestId('verification-document');
    await expect.poll(() => documents.count(), { timeout: 20_000 }).toBe(1);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(plain(await documents.first().textContent())).toMatch(
      /^PNGPassportpassport-scan\.png1\.1 MB · .+Under review$/,
    );
    expect(await refused.count()).toBe(0);
    expect(await dialog.getByTestId('verification-status').getAttribute('data-status')).toBe('pending');

    // At 390 px: a synthetic drop of two files, one of a wrong type (refused), one uploaded.
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.locator('select').selectOption('selfie');
    const dropped = await page.evaluateHandle((png) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'selfie.png', { type: 'image/png' }));
      transfer.items.add(new File(['GIF89a'], 'selfie.gif', { type: 'image/gif' }));
      return transfer;
    }, PNG.toString('base64'));
    await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
    expect(await zone.getAttribute('data-dragging')).toBe('true');
    await zone.dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(() => documents.count()).toBe(2);
    expect(plain(await documents.first().textContent())).toMatch(
      /^PNGSelfie with the documentselfie\.png68 bytes · /,
    );
    expect(await refused.textContent()).toContain('selfie.gif');
    expect(sent).toEqual(['POST', 'POST']);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await documents.last().scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'verification-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'verification-1440.png') });

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
    const left = presetAmount - 100;
    await expect.poll(() => headerBalance(page)).toContain(left.toLocaleString('en-US'));
    expect(frames.length).toBeGreaterThan(0);
    await shot(page, 'history', () => historyFits(page), { fullPage: true });

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
    await historyFits(page);
    await page.screenshot({ path: path.join(SHOTS, 'history-full-390.png'), fullPage: true });
    await mobile.context.close();
    expect([...problems, ...mobile.problems]).toEqual([]);
    await context.close();
  });
});

describe('money pages in pt-BR', () => {
  test('amounts in the locale format everywhere, typed with its separators; an abandoned deposit expired', async () => {
    const { context, problems } = await playerContext(brazil.token, 1440, 'pt-BR');
    const page = await context.newPage();
    await page.goto(`${server.url}/br/faq`, { waitUntil: 'networkidle' });
    await expect.poll(async () => plain(await headerBalance(page)), { timeout: 15_000 }).toBe('US$ 126,83');

    // PayIn: presets, limits and the field in pt-BR; amounts typed with "," and ".".
    await page.locator('header [data-modal-open="PayIn"]').first().click();
    const dialog = page.locator('[role="dialog"][data-modal="PayIn"]');
    await dialog.locator('.preset').first().waitFor();
    // Whole presets without their zero cents, so four fit a row of the modal.
    expect((await dialog.locator('.preset').allTextContents()).map(plain)).toEqual([
      'US$ 10',
      'US$ 25',
      'US$ 50',
      'US$ 100',
    ]);
    expect(plain(await dialog.locator('.payin-method small').textContent())).toBe(
      'De US$ 1,00 a US$ 5.000,00',
    );
    const amount = dialog.locator('input[name="amount"]');
    expect(await amount.inputValue()).toBe('10');
    await shot(page, 'payin-br');
    const submit = dialog.locator('button[type="submit"]');
    await amount.fill('5.000,01');
    await submit.click();
    await expect
      .poll(async () => plain(await dialog.locator('.field-error').textContent()))
      .toBe('O valor máximo é US$ 5.000,00');
    await amount.fill('1234,56');
    expect(plain(await submit.textContent())).toBe('Depositar US$ 1.234,56');
    await amount.fill('1.234,56');
    expect(plain(await submit.textContent())).toBe('Depositar US$ 1.234,56');
    await submit.click();

    // The checkout shows the same amount; "back to the site" returns with a neutral notice.
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    expect(plain(await page.locator('.amount').textContent())).toBe('US$ 1.234,56');
    await page.getByTestId('checkout-cancel').click();
    await page.waitForURL((url) => url.pathname === '/br/faq');
    const notice = page.locator('.notice[data-kind="info"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Pagamento cancelado');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Verification in pt-BR: a document sent over the API, listed with its size and status.
    const upload = new FormData();
    upload.append('kind', 'passport');
    upload.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'passaporte.png');
    const sent = await fetch(`${server.url}/api/profile/verification/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${brazil.token}` },
      body: upload,
    });
    expect(sent.status).toBe(200);
    await page.goto(`${server.url}/br/profile/history`, { waitUntil: 'networkidle' });
    const withdraw = page.getByTestId('withdraw');
    await withdraw.waitFor();
    expect(plain(await withdraw.locator('.panel-head p').textContent())).toBe(
      'Disponível: US$ 126,83 · saque mínimo US$ 1,00',
    );
    await page.getByTestId('open-verification').click();
    const kyc = page.locator('[role="dialog"][data-modal="Verification"]');
    await kyc.getByTestId('verification-document').waitFor();
    expect(plain(await kyc.getByTestId('verification-dropzone').textContent())).toContain(
      'JPEG, PNG ou PDF, até 10 MB cada',
    );
    expect(plain(await kyc.getByTestId('verification-document').textContent())).toMatch(
      /^PNGPassaportepassaporte\.png68 bytes · .+Em análise$/,
    );
    await shot(page, 'verification-br');
    await operator(`/operator/verifications/${brazil.id}/approve`);
    await page.keyboard.press('Escape');
    await expect.poll(() => kyc.count()).toBe(0);

    // Withdrawal typed the pt-BR way: "100,5" is 100.50.
    await withdraw.locator('input[name="amount"]').fill('100,5');
    await withdraw.locator('input[name="card"]').fill('4242');
    await withdraw.locator('button[type="submit"]').click();
    await expect
      .poll(async () => plain(await page.getByTestId('withdraw-done').textContent()))
      .toBe('✓ Saque de US$ 100,50 solicitado');
    await expect.poll(async () => plain(await headerBalance(page))).toBe('US$ 26,33');

    // The abandoned deposit's checkout expired (21 s here): it says so and cannot be paid.
    await page.goto(brazil.abandoned.redirect_url);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('checkout-expired').count();
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe(1);
    expect(await page.getByTestId('checkout-expired').textContent()).toBe('Esta sessão de pagamento expirou');
    expect(await page.locator('input[name="card"]').count()).toBe(0);
    await shot(page, 'checkout-expired', async () => expect(await pageOverflow(page)).toBeLessThanOrEqual(0));
    await page.getByTestId('checkout-back').click();
    await page.waitForURL((url) => url.pathname === '/br/faq');
    await expect
      .poll(() => page.locator('.notice[data-kind="info"]').last().textContent())
      .toContain('Sessão de pagamento expirada');

    // The history: amounts in pt-BR, the abandoned deposit expired.
    await page.goto(`${server.url}/br/profile/history`, { waitUntil: 'networkidle' });
    const table = page.getByTestId('history-table');
    await table.waitFor();
    const amounts = (await table.locator('td.num').allTextContents()).map(plain);
    expect(amounts).toContain('US$ 126,83');
    expect(amounts).toContain('-US$ 100,50');
    expect(amounts.every((text) => /^-?US\$ [\d.]+(,\d{2})?$/.test(text))).toBe(true);
    const expired = table.locator(`tr[data-status="expired"]`);
    expect(await expired.count()).toBeGreaterThanOrEqual(1);
    expect(await expired.first().locator('.status-pill').textContent()).toBe('Expirado');
    await shot(page, 'history-br', () => historyFits(page), { fullPage: true });
    await context.close();
    expect(problems).toEqual([]);
  });
});
