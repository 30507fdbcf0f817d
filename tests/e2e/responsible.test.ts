import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STRONG_PASSWORD } from '../helpers/auth.ts';
import { logInThroughModal, pageOverflow, settled } from '../helpers/browser.ts';
import { apiCall, fundedPlayer, registeredPlayer } from '../helpers/funding.ts';
import type { RunningServer } from '../helpers/server.ts';
import { closeStage, openStage, SHOTS } from '../helpers/stage.ts';

/**
 * The player's responsible-gambling tools in Chromium against the built server
 * (docs/responsible-gambling.md): a deposit limit set on /profile/limits refuses a deposit over it
 * in PayIn (the balance unchanged); the deposit-limit question of PayIn; a reality check on time,
 * driven by the page's clock (`page.clock`); a break (time-out) with its banner and deposits
 * paused; a self-exclusion that logs the browser out and refuses the next login. Screenshots at
 * 1440 and 390 px (responsible-*.png). Every wait is on what the page shows.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openStage());
});
afterAll(async () => {
  await closeStage({ server, browser });
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * A logged-in browser (the token cookie), recording console errors and page errors; `expected`
 * names the failed requests a test provokes on purpose (a refused deposit, a refused login).
 */
async function openAs(
  token: string | null,
  { width = 1440, locale = 'en-US', clock = false, expected = [] as RegExp[] } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale,
    timezoneId: 'UTC',
  });
  if (token) await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const problems: string[] = [];
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} ${message.location().url}`;
    if (!expected.some((pattern) => pattern.test(text))) problems.push(`${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  // The browser's clock, under the test's control from the first script of the first page on.
  if (clock) await page.clock.install();
  return { context, page, problems };
}

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
const digits = (text: string | null) => (text ?? '').replace(/[^\d]/g, '');
const headerBalance = (page: Page) => page.locator('[data-account-amount]').first().textContent();

/** How far `inner` sticks out of the viewport on the right (px); 0 or less when it fits. */
const overflowRight = async (page: Page, inner: Locator) => {
  const box = await inner.boundingBox();
  return (box?.x ?? 0) + (box?.width ?? 0) - (page.viewportSize()?.width ?? 0);
};

/**
 * The page at 1440 px and at 390 px (`responsible-<name>-<width>.png`); nothing may scroll sideways
 * at 390 px, and `check` runs at both widths. The viewport is 1440 px again afterwards.
 */
async function shot(
  page: Page,
  name: string,
  { fullPage = false, check }: { fullPage?: boolean; check?: () => Promise<void> } = {},
) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    await settled(page);
    await check?.();
    if (width === 390)
      expect(await pageOverflow(page), `${name}: sideways scroll at 390 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `responsible-${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Waits for the header to show the logged-in player (the session checked, the balance shown). */
async function loggedIn(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.visitor)).toBe('user');
  await expect.poll(() => headerBalance(page)).toMatch(/\d/);
}

async function openPayIn(page: Page): Promise<Locator> {
  await page.locator('header [data-modal-open="PayIn"]').first().click();
  const dialog = page.locator('[role="dialog"][data-modal="PayIn"]');
  await dialog.locator('[data-testid="payin-form"], [data-testid="payin-paused"]').first().waitFor();
  return dialog;
}

const limits = <T>(token: string) => apiCall<T>(server.url, 'GET', '/responsible/limits', token);

describe('deposit limits', () => {
  test('a daily deposit limit set on /profile/limits refuses a bigger deposit in PayIn; the balance stays', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.limit' });
    const { context, page, problems } = await openAs(player.token, {
      expected: [/status of 422/],
    });
    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    await page.getByTestId('limits').waitFor();

    // The profile tabs and the account menu lead here.
    expect(await page.locator('nav.tabs a[href="/en/profile/limits"]').textContent()).toContain('Limits');
    expect(await page.locator('#account-menu a[href$="/profile/limits"]').textContent()).toBe(
      'Limits and breaks',
    );
    // The deposit limits come first.
    const panels = page.locator('[data-testid="limits"] > section');
    expect(await panels.first().getAttribute('data-testid')).toBe('limits-deposit');
    expect(await page.getByTestId('limits-page-link').getAttribute('href')).toBe('/en/responsible-gambling');

    const day = page.getByTestId('limit-deposit-day');
    expect(await day.getAttribute('data-state')).toBe('none');
    await day.locator('input[name="amount"]').fill('500');
    await day.locator('button[type="submit"]').click();
    await expect.poll(() => day.getAttribute('data-state')).toBe('set');
    expect(plain(await page.getByTestId('limit-deposit-day-amount').textContent())).toBe('RUB 500.00');
    expect(plain(await page.getByTestId('limit-deposit-day-remaining').textContent())).toBe('RUB 500.00');
    expect(plain(await day.locator('.limit-note').textContent())).toBe('Saved: the limit applies now.');

    // A deposit of 1,000 is refused with the limit's message; nothing left the account.
    const before = digits(await headerBalance(page));
    const dialog = await openPayIn(page);
    // A player with a deposit limit is not asked to set one.
    expect(await dialog.getByTestId('payin-limit-prompt').count()).toBe(0);
    await dialog.locator('input[name="amount"]').fill('1000');
    await dialog.locator('button[type="submit"]').click();
    const error = dialog.locator('.field-error');
    await expect
      .poll(async () => plain(await error.textContent()))
      .toBe('This deposit would go over your deposit limit: you can deposit up to RUB 500.00 now');
    expect(new URL(page.url()).pathname).toBe('/en/profile/limits');
    await shot(page, 'deposit-refused');
    expect(digits(await headerBalance(page))).toBe(before);
    const { user } = await apiCall<{ user: { balance: string } }>(
      server.url,
      'GET',
      '/profile/user',
      player.token,
    );
    expect(user.balance).toBe('0.00');
    const { data } = await limits<{ data: { limits: { period: string; used: string }[] } }>(player.token);
    expect(data.limits.find((l) => l.period === 'day')?.used).toBe('0.00');

    // A raise waits 24 hours and the player's confirmation: the card says from when.
    await page.keyboard.press('Escape');
    await day.locator('input[name="amount"]').fill('1 000');
    await day.locator('button[type="submit"]').click();
    const pending = page.getByTestId('limit-deposit-day-pending');
    await expect
      .poll(async () => plain(await pending.textContent()))
      .toMatch(
        /^Raise to RUB 1,000.00 is waiting\. You can confirm it from \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
      );
    expect(await pending.locator('button').count()).toBe(0);
    expect(plain(await page.getByTestId('limit-deposit-day-amount').textContent())).toBe('RUB 500.00');

    // A loss limit too, to show the second panel set.
    await page.getByTestId('limit-loss-week').locator('input[name="amount"]').fill('2500.5');
    await page.getByTestId('limit-loss-week').locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('limit-loss-week').getAttribute('data-state')).toBe('set');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'limits-en', { fullPage: true });

    // The same page in Russian (the default locale, without a prefix).
    await page.goto(`${server.url}/profile/limits`, { waitUntil: 'networkidle' });
    await page.getByTestId('limits').waitFor();
    expect(plain(await page.locator('#limits-deposit').textContent())).toBe('Лимиты депозитов');
    expect(plain(await page.getByTestId('limit-deposit-day-amount').textContent())).toBe('500,00 ₽');
    expect(await page.getByTestId('limits-page-link').getAttribute('href')).toBe('/responsible-gambling');
    await shot(page, 'limits-ru', {
      fullPage: true,
      check: async () => {
        for (const input of await page.locator('[data-testid="limits"] .input').all())
          expect(await overflowRight(page, input)).toBeLessThanOrEqual(0);
      },
    });
    // The other locales fit a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const locale of ['kz', 'br', 'hi']) {
      await page.goto(`${server.url}/${locale}/profile/limits`, { waitUntil: 'networkidle' });
      await page.getByTestId('limit-deposit-day').waitFor();
      expect(await pageOverflow(page), `${locale}: sideways scroll at 390 px`).toBeLessThanOrEqual(0);
      expect(await page.locator('#limits-deposit').textContent()).not.toBe('Deposit limits');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a change past its cooling-off shows Confirm; the review and reopen notices (answers stubbed)', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.stub' });
    const { context, page, problems } = await openAs(player.token);
    const at = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    const weekly = (confirmed: boolean) => ({
      data: {
        currency: 'RUB',
        limits: [
          {
            kind: 'deposit',
            period: 'week',
            amount: confirmed ? '1000.00' : '500.00',
            used: '120.00',
            remaining: confirmed ? '880.00' : '380.00',
            set_at: at(-30),
            pending: confirmed
              ? null
              : { amount: '1000.00', since: at(-25), confirmable_at: at(-1), confirmable: true },
          },
        ],
      },
    });
    const confirms: unknown[] = [];
    await page.route('**/api/responsible/limits', (route) => route.fulfill({ json: weekly(false) }));
    await page.route('**/api/responsible/limits/confirm', (route) => {
      confirms.push(route.request().postDataJSON());
      return route.fulfill({ json: weekly(true) });
    });
    // A self-exclusion that ended yesterday, not yet asked to reopen; limits not reviewed for long.
    const ended = { kind: 'self_exclusion', effect: 'restricted', since: at(-4400), until: at(-24) };
    await page.route('**/api/responsible/status', async (route) => {
      const { data } = await (await route.fetch()).json();
      const exclusion = { ...ended, opens_at: null, can_reopen: true };
      return route.fulfill({
        json: { data: { ...data, exclusion, prompts: { ...data.prompts, review: true } } },
      });
    });
    await page.route('**/api/responsible/reopen', async (route) => {
      const { data } = await (
        await route.fetch({ url: `${server.url}/api/responsible/status`, method: 'GET' })
      ).json();
      const exclusion = { ...ended, opens_at: at(24), can_reopen: false };
      return route.fulfill({
        json: { data: { ...data, exclusion, prompts: { ...data.prompts, review: true } } },
      });
    });

    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('limit-deposit-week');
    await card.waitFor();
    expect(plain(await page.getByTestId('limit-deposit-week-pending').textContent())).toBe(
      'Raise to RUB 1,000.00 is waiting. Confirm the change',
    );
    const review = page.getByTestId('limits-review');
    expect(plain(await review.textContent())).toContain('Time to review your limits');
    const reopen = page.getByTestId('limits-reopen');
    expect(plain(await reopen.textContent())).toMatch(
      /^Your self-exclusion has endedIt ended on .+\. Until you reopen/,
    );
    // The guard's banner says so on every page.
    await expect
      .poll(async () => plain(await page.getByTestId('rg-banner-exclusion').textContent()))
      .toBe(
        'iYour self-exclusion has ended. You can ask to reopen your account: it opens 24 hours later. Limits',
      );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'limits-notices');

    await card.getByRole('button', { name: 'Confirm the change' }).click();
    await expect
      .poll(async () => plain(await page.getByTestId('limit-deposit-week-amount').textContent()))
      .toBe('RUB 1,000.00');
    expect(confirms).toEqual([{ kind: 'deposit', period: 'week' }]);
    expect(plain(await card.locator('.limit-note').textContent())).toBe('Done: the change applies now.');

    await reopen.getByRole('button', { name: 'Reopen my account' }).click();
    await expect
      .poll(async () => plain(await page.getByTestId('limits-opens').textContent()))
      .toMatch(
        /^Your account is reopeningIt opens on .+\. Until then you can withdraw and see your history\.$/,
      );
    await expect
      .poll(async () => plain(await page.getByTestId('rg-banner-exclusion').textContent()))
      .toMatch(/^iYour account opens on .+\. Until then you can withdraw and see your history\. History$/);

    // "I have reviewed them" is the real call: the notice goes.
    await page.unroute('**/api/responsible/status');
    await review.getByRole('button', { name: 'I have reviewed them' }).click();
    await expect.poll(() => review.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('PayIn asks a player without a deposit limit to set one: Save sets it, Not now is remembered', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.prompt' });
    const { context, page, problems } = await openAs(player.token);
    await page.goto(`${server.url}/en/faq`, { waitUntil: 'networkidle' });
    await loggedIn(page);
    let dialog = await openPayIn(page);
    const prompt = dialog.getByTestId('payin-limit-prompt');
    await prompt.waitFor();
    expect(plain(await prompt.locator('strong').textContent())).toBe(
      'Would you like to set a deposit limit?',
    );
    // The links to the limits and to the responsible-gambling page.
    const links = dialog.getByTestId('payin-rg-links').locator('a');
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/en/profile/limits',
      '/en/responsible-gambling',
    ]);
    await shot(page, 'deposit-prompt', {
      check: async () => {
        expect(await overflowRight(page, prompt)).toBeLessThanOrEqual(0);
      },
    });

    await prompt.locator('input[name="deposit_limit_amount"]').fill('300');
    await prompt.locator('select').selectOption('week');
    await prompt.getByRole('button', { name: 'Save limit' }).click();
    await expect
      .poll(async () => plain(await dialog.getByTestId('payin-limit-done').textContent()))
      .toBe('✓ Deposit limit set: RUB 300.00 per week');
    const { data } = await limits<{ data: { limits: { kind: string; period: string; amount: string }[] } }>(
      player.token,
    );
    expect(data.limits).toMatchObject([{ kind: 'deposit', period: 'week', amount: '300.00' }]);
    // The deposit form itself is untouched: its presets and its one submit button.
    expect(await dialog.locator('button[type="submit"]').count()).toBe(1);
    await page.keyboard.press('Escape');

    // Another player answers "Not now": the question is not asked again.
    const other = await registeredPlayer(server.url, { prefix: 'rg.notnow' });
    await context.addCookies([{ name: 'token', value: other.token, url: server.url }]);
    await page.reload({ waitUntil: 'networkidle' });
    await loggedIn(page);
    dialog = await openPayIn(page);
    await dialog.getByTestId('payin-limit-prompt').getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => dialog.getByTestId('payin-limit-prompt').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    dialog = await openPayIn(page);
    await dialog.locator('.preset').first().waitFor();
    expect(await dialog.getByTestId('payin-limit-prompt').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('reality check', () => {
  test('appears on time with the time played and the net result; Continue closes it', async () => {
    const player = await fundedPlayer(server.url, { amount: '1000', prefix: 'rg.reality' });
    // Three bets of this session: the dialog shows their net result.
    for (let bet = 0; bet < 3; bet++)
      await apiCall(server.url, 'POST', '/games/dice/bet', player.token, {
        amount: '10',
        target: '50',
        direction: 'under',
      });
    const { context, page, problems } = await openAs(player.token, { clock: true });
    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    const setting = page.getByTestId('limits-session');
    await setting.waitFor();
    await setting.locator('input[name="reality_check_minutes"]').fill('5');
    await setting.locator('button[type="submit"]').click();
    await expect
      .poll(async () => plain(await page.getByTestId('session-saved').textContent()))
      .toBe('✓ Saved');
    expect(plain(await page.getByTestId('reality-setting').locator('.session-now').textContent())).toBe(
      'Now: every 5 minutes',
    );

    // Another page: the guard plans the next check from the session's start.
    await page.goto(`${server.url}/en/faq`, { waitUntil: 'networkidle' });
    await loggedIn(page);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.entries(localStorage)
            .filter(([key]) => key.startsWith('rgReality:'))
            .map(([, value]) => value),
        ),
      )
      .toEqual(['5:0']);
    const dialog = page.getByTestId('reality-check');
    expect(await dialog.count()).toBe(0);

    // Five minutes on the browser's clock.
    await page.clock.fastForward('05:05');
    await dialog.waitFor();
    expect(plain(await dialog.locator('h2').textContent())).toBe('Reality check');
    expect(plain(await page.getByTestId('reality-played').textContent())).toBe('5 minutes');
    const status = await apiCall<{ data: { session: { net: string; bets: number } } }>(
      server.url,
      'GET',
      '/responsible/status',
      player.token,
    );
    expect(status.data.session.bets).toBe(3);
    const net = Number(status.data.session.net);
    const shown = plain(await page.getByTestId('reality-net').textContent());
    expect(shown).toBe(
      `${net > 0 ? '+' : net < 0 ? '-' : ''}RUB ${Math.abs(net).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(plain(await page.getByTestId('reality-bets').textContent())).toBe('3');
    expect(await page.getByTestId('reality-history').textContent()).toBe('See history');
    expect(await page.getByTestId('reality-logout').textContent()).toBe('Log out');
    await shot(page, 'reality-check', {
      check: async () => {
        expect(await overflowRight(page, dialog)).toBeLessThanOrEqual(0);
      },
    });

    await page.getByTestId('reality-continue').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(
      await page.evaluate(
        () => Object.entries(localStorage).find(([key]) => key.startsWith('rgReality:'))?.[1],
      ),
    ).toBe('5:1');
    // The next one five minutes later.
    await page.clock.fastForward('05:00');
    await dialog.waitFor();
    expect(plain(await page.getByTestId('reality-played').textContent())).toBe('10 minutes');
    await page.getByTestId('reality-continue').click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('session time limit', () => {
  test('logs the player out when the limit set is reached, saying why', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.session' });
    const { context, page, problems } = await openAs(player.token, { clock: true });
    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    const setting = page.getByTestId('limits-session');
    await setting.waitFor();
    await setting.locator('input[name="session_limit_minutes"]').fill('10');
    await setting.locator('button[type="submit"]').click();
    await expect
      .poll(async () =>
        plain(await page.getByTestId('session-limit-setting').locator('.session-now').textContent()),
      )
      .toBe('Now: logged out after 10 minutes');
    await page.goto(`${server.url}/en/faq`, { waitUntil: 'networkidle' });
    await loggedIn(page);
    // The guard's script is on a player's page only.
    expect(await page.locator('script[src*="SessionGuard"]').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('rgStatus') !== null)).toBe(true);
    await page.clock.fastForward('10:05');
    const banner = page.getByTestId('rg-banner-session-ended');
    await banner.waitFor();
    expect(plain(await banner.textContent())).toBe(
      '!Session time is up. You reached the session limit of 10 minutes you set, so you have been logged out.×',
    );
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.visitor)).toBe('guest');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a break (time-out)', () => {
  test('shows the banner on every page, and PayIn says deposits are paused until its end', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.break' });
    const { context, page, problems } = await openAs(player.token);
    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    const panel = page.getByTestId('limits-break');
    await panel.waitFor();
    await panel.getByRole('button', { name: '1 day', exact: true }).click();
    expect(await panel.locator('input[name="time_out_days"]').inputValue()).toBe('1');
    // Not without "I understand".
    await panel.locator('button[type="submit"]').click();
    await expect
      .poll(async () => plain(await panel.locator('.field-error').textContent()))
      .toBe('Tick the box to confirm you understand');
    await panel.getByLabel('I understand that the break cannot be shortened or cancelled').check();
    expect(plain(await panel.locator('button[type="submit"]').textContent())).toBe('Start a break: 1 day');
    await panel.locator('button[type="submit"]').click();
    await expect
      .poll(async () => plain(await page.getByTestId('break-state').textContent()))
      .toMatch(/^You are on a break until .+\. You can only make it longer\.$/);

    // The banner shows at once here, and on the next page.
    const banner = page.getByTestId('rg-banner-exclusion');
    await expect
      .poll(async () => plain(await banner.textContent()))
      .toMatch(/^iYou are on a break until .+: you can withdraw and see your history\. History$/);
    await page.goto(`${server.url}/en/faq`, { waitUntil: 'networkidle' });
    await loggedIn(page);
    await banner.waitFor();
    expect(await banner.locator('a').getAttribute('href')).toBe('/en/profile/history');
    await shot(page, 'break-banner');

    const dialog = await openPayIn(page);
    const paused = dialog.getByTestId('payin-paused');
    await paused.waitFor();
    expect(plain(await paused.textContent())).toMatch(
      /^Deposits are pausedYou are on a break until .+: deposits are paused until then\. You can still withdraw\.Withdraw/,
    );
    expect(await dialog.locator('input[name="amount"]').count()).toBe(0);
    await shot(page, 'break-deposit');

    // The server refuses a deposit anyway.
    const refused = await fetch(`${server.url}/api/payments/deposits`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${player.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ amount: '100', method: 'sandbox_card' }),
    });
    expect(refused.status).toBe(403);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('self-exclusion', () => {
  test('logs the browser out to the home page, and the next login is refused as self-excluded', async () => {
    const player = await registeredPlayer(server.url, { prefix: 'rg.exclude' });
    const { context, page, problems } = await openAs(player.token, {
      expected: [
        // The refused login.
        /status of 403 .*\/api\/api\/v2\/auth\/login/,
        // The server ends the session's socket channel as it revokes it: the tab checks its session
        // (the profile, then a refresh) and logs itself out, which may come before the answer.
        /status of 401 .*\/api\/(profile\/user|auth\/refresh-token)/,
      ],
    });
    await page.goto(`${server.url}/en/profile/limits`, { waitUntil: 'networkidle' });
    const panel = page.getByTestId('limits-exclusion');
    await panel.waitFor();
    expect(await panel.locator('.limits-tip a').getAttribute('href')).toBe('/en/profile/history');
    expect(
      await panel
        .locator('input[type="radio"]')
        .evaluateAll((all) => all.map((r) => r.parentElement?.textContent)),
    ).toEqual(['6 months', '1 year', '2 years', '3 years', '5 years', 'Indefinitely']);
    await panel.getByLabel('6 months').check();
    await panel
      .getByLabel(
        'I understand that I will be logged out and cannot use my account until the self-exclusion ends',
      )
      .check();
    expect(plain(await panel.locator('button[type="submit"]').textContent())).toBe('Exclude me: 6 months');
    await panel.locator('button[type="submit"]').click();

    // Logged out, on the home page, told why.
    await page.waitForURL((url) => url.pathname === '/en');
    expect(new URL(page.url()).searchParams.get('rg')).toBe('self_exclusion');
    const farewell = page.getByTestId('rg-banner-farewell');
    await farewell.waitFor();
    expect(plain(await farewell.textContent())).toMatch(
      /^!You have excluded yourself\. You have been logged out on every device\. Until \w+ \d{1,2}, \d{4} you cannot log in, play or deposit\.$/,
    );
    expect(await page.evaluate(() => document.documentElement.dataset.visitor)).toBe('guest');
    expect((await context.cookies(server.url)).find((c) => c.name === 'token')?.value ?? '').toBe('');
    // A guest's page carries none of the session guard's code.
    expect(await page.locator('script[src*="SessionGuard"]').count()).toBe(0);
    // The old token is dead too.
    expect(
      (
        await fetch(`${server.url}/api/profile/user`, {
          headers: { authorization: `Bearer ${player.token}` },
        })
      ).status,
    ).toBe(401);

    await shot(page, 'self-excluded-home');

    // Logging in again is refused, saying why.
    await logInThroughModal(page, player.email, STRONG_PASSWORD);
    const notice = page.locator('.notice[data-kind="error"]');
    await expect
      .poll(async () => plain(await notice.last().textContent()))
      .toContain('This account is self-excluded');
    expect(await page.evaluate(() => document.documentElement.dataset.visitor)).toBe('guest');
    // The notice stays while the pointer is on it.
    await shot(page, 'login-refused', { check: () => notice.last().hover() });
    expect(problems).toEqual([]);
    await context.close();
  });
});
