import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, logInThroughModal, settled } from '../helpers/browser.ts';
import { readMail, smtpServer } from '../helpers/mail.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/**
 * A new player's first minutes in Chromium against the real server (issue "Account and
 * onboarding"): PayIn after any login at 0 balance and the Bet button that leads there, a promo
 * link that reaches registration, the deposit flag kept until a deposit succeeds, the e-mail
 * reminder gone once confirmed, a display name and a phone number from the settings, features
 * the operator sets, a spent reset link, the password forms' messages, and a cached page offline.
 * Screenshots at 1440 and 390 px go to /tmp/i26-account-*.png.
 */

const OPERATOR = 'e2e-operator-token-onboarding-0123456789';
const PASSWORD = 'Orbit-7-Nebula!';
const SHOTS = '/tmp/i26-account';

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await smtpServer();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, OPERATOR_API_TOKEN: OPERATOR, SANDBOX_WEBHOOK_INTERVAL_MS: '200' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function api<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${url}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

let count = 0;
/** A player registered over the API (0 balance), with their token, id and e-mail. */
async function registerPlayer(extra: Record<string, unknown> = {}) {
  const email = `onboarding.${Date.now()}.${++count}@example.com`;
  const { token } = await api<{ token: string }>('POST', '/api/v2/auth/register/email', null, {
    email,
    password: PASSWORD,
    currency: 'USD',
    locale: 'en',
    timezone: 'UTC',
    ...extra,
  });
  const { user } = await api<{ user: { id: number } }>('GET', '/profile/user', token);
  return { email, token, id: user.id };
}

/** Deposits `amount` through the sandbox checkout (test card 4242) and waits for the credit. */
async function fund(player: { token: string }, amount: string) {
  const res = await fetch(`${server.url}/api/payments/deposits`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${player.token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ amount, method: 'sandbox_card' }),
  });
  const checkout = ((await res.json()) as { data: { redirect_url: string } }).data.redirect_url;
  const paid = await fetch(checkout, {
    method: 'POST',
    body: new URLSearchParams({ card: '4242424242424242' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await expect
    .poll(
      async () =>
        (await api<{ user: { balance: string } }>('GET', '/profile/user', player.token)).user.balance,
      {
        timeout: 15_000,
      },
    )
    .not.toBe('0.00');
}

/** The 6-digit code of the newest mail to `address` after the first `after` mails. */
async function codeMailedTo(address: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.received
          .slice(after)
          .map(readMail)
          .findLast((m) => m.headers.to?.includes(address));
        code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A browser context (logged in with `token` when given) recording page errors. */
async function open(path: string, { token, width = 1440 }: { token?: string; width?: number } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'en-US',
  });
  if (token) await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(server.url + path, { waitUntil: 'networkidle' });
  return { context, page, problems };
}

const dialogName = (page: Page) => page.getByRole('dialog').getAttribute('data-modal');

/** The view at 1440 and 390 px (viewport restored after). */
async function shot(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}-${name}-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}-${name}-390.png` });
  await page.setViewportSize(size);
}

describe('PayIn at 0 balance', () => {
  test('opens by itself after a password login, and the Bet button says "Deposit to play"', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/games/dice');
    await logInThroughModal(page, player.email, PASSWORD);
    await expect.poll(() => dialogName(page), { timeout: 10_000 }).toBe('PayIn');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const bet = page.getByTestId('bet-button');
    await expect.poll(() => bet.textContent()).toBe('Deposit to play');
    expect(await bet.getAttribute('aria-disabled')).toBeNull();
    await shot(page, 'dice-deposit-to-play');
    await bet.click();
    await expect.poll(() => dialogName(page)).toBe('PayIn');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('links', () => {
  test('a promo link reaches registration: the promo stays and the new account gets its bonus', async () => {
    const operator = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
      fetch(`${server.url}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ data: { id: string; name: string } }>);
    const name = `welcome-${Date.now()}`;
    const created = await operator('POST', '/operator/bonus/campaigns', {
      name,
      kind: 'no_deposit',
      wager: 1,
      days: 7,
      amount: { USD: '5', RUB: '500' },
    });
    const code = `LINK${Date.now()}`;
    await operator('POST', '/operator/bonus/promo-codes', {
      code,
      campaign_id: created.data.id,
      max_uses: 10,
    });

    const { context, page, problems } = await open(`/en?promo=${code.toLowerCase()}`);
    const lookup = await page
      .waitForResponse((r) => r.url().includes('/bonus-system/bonus/'))
      .catch(() => null);
    if (lookup) expect(lookup.status()).toBe(200);
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain(`promo=${code.toLowerCase()}`);
    expect(new URL(page.url()).searchParams.get('promo')).toBe(code.toLowerCase());

    const registration = page.waitForRequest((r) => r.url().includes('/register/email'));
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(`promo.${Date.now()}@example.com`);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Account currency').selectOption('USD');
    await dialog.getByLabel(/I am 18 or older/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    expect(JSON.parse((await registration).postData() ?? '{}').promo).toBe(code.toLowerCase());
    await expect.poll(() => dialogName(page), { timeout: 15_000 }).toBe('ConfirmByPhone');
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value as string;
    const grants = await api<{ data: { available: { name: string }[] } }>('GET', '/bonus/grants', token);
    expect(grants.data.available.map((g) => g.name)).toEqual([name]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the deposit flag stays in the address while PayIn is open and leaves after a successful deposit', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/faq?deposit', { token: player.token });
    await expect.poll(() => dialogName(page)).toBe('PayIn');
    expect(new URL(page.url()).searchParams.has('deposit')).toBe(true);
    const dialog = page.locator('[role="dialog"][data-modal="PayIn"]');
    await dialog.locator('.preset').first().click();
    await shot(page, 'payin-deposit-flag');
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL(/\/api\/sandbox\/checkout\//);
    await page.locator('input[name="card"]').fill('4242 4242 4242 4242');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/en\/faq/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.notice[data-kind="success"]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.has('deposit')).toBe(false);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the VIP-marked register modal', () => {
  test('?signup=vip opens Register marked VIP; the registration sends a register_modal join request', async () => {
    const { context, page, problems } = await open('/en/faq?signup=vip');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getAttribute('data-modal')).toBe('Register');
    expect(await dialog.getByTestId('register-vip').textContent()).toContain('VIP club');
    await shot(page, 'register-vip');
    const email = `vip.${Date.now()}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(/I am 18 or older/).check();
    const join = page.waitForResponse((r) => r.url().includes('/vip/join'));
    await dialog.getByRole('button', { name: 'Create account' }).click();
    expect((await join).status()).toBe(200);
    await expect.poll(() => dialogName(page), { timeout: 15_000 }).toBe('ConfirmByPhone');
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
    const requests = await fetch(`${server.url}/api/operator/vip/join-requests`, {
      headers: { authorization: `Bearer ${OPERATOR}` },
    }).then((r) => r.json() as Promise<{ data: { user_id: string; source: string }[] }>);
    expect(requests.data.filter((r) => r.user_id === userId).map((r) => r.source)).toEqual([
      'register_modal',
    ]);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the account', () => {
  test('"Confirm your email" leaves the account menu once the e-mail is confirmed', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/profile/setting', { token: player.token });
    const menuButton = page.getByRole('button', { name: /Account menu/ });
    const reminder = page.getByRole('link', { name: /Confirm your email/ });
    await menuButton.click();
    await expect.poll(() => reminder.isVisible()).toBe(true);
    await menuButton.click();
    const contact = page.getByTestId('contact-email');
    const before = smtp.received.length;
    await contact.getByRole('button', { name: 'Send code' }).click();
    await contact.getByLabel('Code from the message').fill(await codeMailedTo(player.email, before));
    await contact.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => contact.getAttribute('data-verified')).toBe('true');
    await menuButton.click();
    await expect.poll(() => page.locator('#account-menu').isVisible()).toBe(true);
    expect(await reminder.isVisible()).toBe(false);
    await shot(page, 'account-menu-confirmed');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a display name and a phone number are set from the settings', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/profile/setting', { token: player.token });
    const panel = page.getByTestId('settings-name');
    await panel.getByLabel('Name shown to other players').fill('Star Pilot');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('[data-account-name]').textContent()).toBe('Star Pilot');
    expect((await api<{ user: { name: string } }>('GET', '/profile/user', player.token)).user.name).toBe(
      'Star Pilot',
    );

    const phone = page.getByTestId('contact-phone-add');
    await phone.getByLabel('Phone number').fill('9123456780');
    await phone.scrollIntoViewIfNeeded();
    await shot(page, 'settings-add-phone');
    await phone.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByTestId('contact-phone').getAttribute('data-verified')).toBe('false');
    await expect.poll(() => page.getByTestId('contact-phone-code').isVisible()).toBe(true);
    expect((await api<{ user: { phone: string } }>('GET', '/profile/user', player.token)).user.phone).toBe(
      '+79123456780',
    );
    await page.getByTestId('contact-phone-code').scrollIntoViewIfNeeded();
    await shot(page, 'settings-phone-code');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('features the operator sets reach the profile: /profile/bonuses opens by default, not once taken away', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/profile/bonuses', { token: player.token });
    await expect.poll(() => page.getByTestId('profile-bonuses').isVisible(), { timeout: 10_000 }).toBe(true);
    const res = await fetch(`${server.url}/api/operator/players/${player.id}/features`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ features: [] }),
    });
    expect(res.status).toBe(200);
    await page.goto(`${server.url}/en/profile/bonuses`);
    await page.waitForURL(/\/en\/error\?errorCode=404/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('passwords', () => {
  test('a spent reset link says it expired and offers a new one', async () => {
    const { context, page, problems } = await open('/en/reset-password/spent-or-unknown-token-0123456789');
    await page.waitForURL(/errorCode=link_expired/);
    expect(await page.locator('h1').textContent()).toBe('This link has expired');
    const again = page.getByRole('link', { name: 'Request a new link' });
    expect(new URL((await again.getAttribute('href')) ?? '', server.url).pathname).toBe('/en/password/reset');
    await shot(page, 'reset-link-expired');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('"too short" names the minimum, and a fixed field loses its message', async () => {
    const player = await registerPlayer();
    const { context, page, problems } = await open('/en/profile/access', { token: player.token });
    const form = page.getByTestId('change-password');
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Repeat the new password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    const message = form.getByText('The password must be at least 8 characters');
    await expect.poll(() => message.isVisible()).toBe(true);
    await shot(page, 'access-password-short');
    await form.getByLabel('New password', { exact: true }).fill('Longer-Orbit-Pass-4');
    await expect.poll(() => message.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  test('a logged-in player on a cached page stays logged in, is told they are offline, and Bet opens no login', async () => {
    const player = await registerPlayer();
    await fund(player, '25');
    const { context, page } = await open('/en/games/dice', { token: player.token });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    // Visited under the worker, the page is cached (docs/pwa.md "Caching").
    await page.goto(`${server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-session]').getAttribute('data-session')).toBe('user');
    await context.setOffline(true);
    await page.reload();
    const notice = page.getByTestId('offline-notice');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await notice.textContent()).toContain('You are offline');
    await expect.poll(() => page.locator('[data-session]').getAttribute('data-session')).not.toBe('guest');
    // The bet cannot be sent: a notice says so, and no login form opens.
    await page.getByTestId('bet-button').click();
    await expect.poll(() => page.locator('.notice[data-kind="error"]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await shot(page, 'offline-dice');
    await context.setOffline(false);
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(false);
    await context.close();
  });
});
