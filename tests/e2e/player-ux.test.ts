import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MORE, ORIGINALS } from '../../src/shared/lobby.ts';
import { ROUTES } from '../../src/shared/routes.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { apiCall, fundedPlayer, registeredPlayer } from '../helpers/funding.ts';
import { readMail, smtpServer } from '../helpers/mail.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * What a new player met on the site, in Chromium against the built server: the header on phones
 * (every page, guest and player, without sideways scrolling at 390 px), /profile and the bonuses
 * flag, confirming the e-mail after "Later", the guest currency, the language switcher saving the
 * player's locale, the keyboard (focus back after Escape, a skip link to the bet), and the home
 * page's claims. Mails are caught by a real SMTP server, as in auth.test.ts.
 */

const OPERATOR = 'e2e-operator-token-player-ux-0123456789';
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof smtpServer>>;

beforeAll(async () => {
  smtp = await smtpServer();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, SANDBOX_WEBHOOK_INTERVAL_MS: '200', OPERATOR_API_TOKEN: OPERATOR }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const WIDTHS = [1440, 390] as const;

interface View {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions. */
  problems: string[];
}

/** A context at `width` (a phone is 844 high) in `locale`, logged in with `token` when given. */
async function openView(width: number, token: string | null = null, locale = 'en-US'): Promise<View> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, locale });
  if (token) await context.addCookies([{ name: 'token', value: token, url: server.url }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return { context, page, problems };
}

/** Counts the page's requests in flight (the /ws socket is not one). */
function trackRequests(page: Page): () => number {
  let inflight = 0;
  page.on('request', () => inflight++);
  page.on('requestfinished', () => inflight--);
  page.on('requestfailed', () => inflight--);
  return () => inflight;
}

/**
 * Waits until the page has settled: loaded with its fonts, islands hydrated and past their skeletons,
 * the header's session known, and no request in flight at two checks in a row (polled, no fixed sleep).
 */
async function settle(page: Page, inflight: () => number): Promise<void> {
  let quiet = 0;
  await expect
    .poll(
      async () => {
        const busy = await page
          .evaluate(
            () =>
              document.readyState !== 'complete' ||
              document.fonts.status !== 'loaded' ||
              document.querySelector('astro-island[ssr], .island-skeleton') !== null ||
              document.documentElement.dataset.visitor === 'pending',
          )
          .catch(() => true);
        quiet = busy || inflight() > 0 ? 0 : quiet + 1;
        return quiet >= 2;
      },
      { interval: 25, timeout: 15_000 },
    )
    .toBe(true);
}

const shotPath = (name: string) => path.join(SHOTS, `${name}.png`);
const sessionOf = (page: Page) => page.locator('header [data-session]').getAttribute('data-session');

/** The mails the SMTP server caught for `address`, newest last. */
function mailsTo(address: string) {
  return smtp.received.map(readMail).filter((mail) => mail.headers.to?.includes(address));
}

// ── 3. The header on phones, and no page scrolls sideways at 390 px ──

describe('3. the header works at every width; no page scrolls sideways at 390 px', () => {
  test.each(WIDTHS)('every main navigation item can be reached and opened at %i px', async (width) => {
    const { context, page, problems } = await openView(width);
    await page.goto(`${server.url}/en`, { waitUntil: 'load' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const names = ['Games', 'Betting', 'Bonuses', 'Tournaments', 'VIP club'];
    if (width < 600) {
      // One header row; the navigation opens from the menu button.
      expect((await page.locator('header.site-header').boundingBox())?.height).toBeLessThanOrEqual(72);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      await page.screenshot({ path: shotPath(`ux-header-nav-open-${width}`) });
    } else {
      expect(await toggle.isVisible()).toBe(false);
    }
    const viewport = page.viewportSize()?.width ?? width;
    for (const name of names) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), `${name} visible`).toBe(true);
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport, `${name} inside the viewport`).toBe(true);
    }
    await nav.getByRole('link', { name: 'VIP club', exact: true }).click();
    await page.waitForURL(/\/en\/vip-club$/);
    if (width < 600) {
      // Escape closes the menu and gives the focus back to its button.
      await toggle.click();
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-nav-toggle'))).toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('no horizontal overflow on any route at 390 px, as a guest and as a funded player with bets', {
    timeout: 180_000,
  }, async () => {
    const started = Date.now();
    // A player with money and twenty dice bets: the dice page shows twenty result chips.
    const { token } = await fundedPlayer(server.url, { prefix: 'overflow' });
    for (let i = 0; i < 20; i++) {
      await apiCall(server.url, 'POST', '/games/dice/bet', token, {
        amount: '1',
        target: '50.00',
        direction: 'under',
      });
    }
    // The two passes run side by side, each in its own context reusing one page.
    const sweep = async (pass: 'guest' | 'player') => {
      const { context, page } = await openView(390, pass === 'player' ? token : null);
      const inflight = trackRequests(page);
      const wide: string[] = [];
      for (const route of ROUTES) {
        const url = `${server.url}/en${route.sample === '/' ? '' : route.sample}`;
        await page.goto(url, { waitUntil: 'domcontentloaded' });
        await settle(page, inflight);
        // The no-access layout has no header.
        if (pass === 'player' && !route.noAccess) expect(await sessionOf(page), url).toBe('user');
        const [scrollWidth, innerWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        if (scrollWidth > innerWidth) wide.push(`${pass} ${route.sample}: ${scrollWidth} px`);
      }
      return { context, page, inflight, wide };
    };
    const [guest, player] = await Promise.all([sweep('guest'), sweep('player')]);
    await guest.context.close();
    const { context, page, inflight } = player;
    await page.goto(`${server.url}/en/games/dice`, { waitUntil: 'load' });
    await settle(page, inflight);
    expect(await page.getByTestId('result-chips').locator('li').count()).toBe(20);
    await page.screenshot({ path: shotPath('ux-dice-player-390') });
    const wide = [...guest.wide, ...player.wide];
    expect(wide).toEqual([]);
    console.info(`overflow sweep: ${ROUTES.length * 2} pages in ${Date.now() - started} ms`);
    await context.close();
  });
});

// ── 4. /profile is real; /profile/bonuses without its flag is a 404 with its own message ──

describe('4. the profile overview and the bonuses flag (docs/product-rules.md §5)', () => {
  let token: string;
  let email: string;
  beforeAll(async () => {
    ({ token, email } = await registeredPlayer(server.url, { currency: 'EUR', prefix: 'profile' }));
    // Every player has `bonus_balances` by default (DEFAULT_PLAYER_FEATURES); the operator takes it
    // away from this one (docs/api-auth.md "Features").
    const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
    const res = await fetch(`${server.url}/api/operator/players/${sub}/features`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ features: [] }),
    });
    expect(res.status).toBe(200);
  });

  test.each(WIDTHS)(
    'the account menu leads to a real /profile; no bonuses item without the flag (%i px)',
    async (width) => {
      const { context, page, problems } = await openView(width, token);
      await page.goto(`${server.url}/en`, { waitUntil: 'load' });
      await expect.poll(() => sessionOf(page)).toBe('user');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.locator('#account-menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      // The player has no `bonus_balances` flag: the bonuses item stays hidden.
      const items = (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
      expect(items).toEqual(
        expect.arrayContaining(['Profile', 'History', 'Settings', 'Access and security']),
      );
      expect(items.some((text) => /bonus/i.test(text))).toBe(false);
      await page.screenshot({ path: shotPath(`ux-account-menu-${width}`) });

      await menu.getByRole('link', { name: 'Profile', exact: true }).click();
      await page.waitForURL(/\/en\/profile$/);
      const overview = page.getByTestId('profile-overview');
      await expect.poll(() => overview.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.getByTestId('coming-soon').count()).toBe(0);
      expect(await overview.getByTestId('overview-name').textContent()).toBe(email);
      expect(await overview.getByTestId('overview-email').textContent()).toContain('Not confirmed');
      expect(await overview.getByTestId('overview-currency').textContent()).toContain('EUR');
      expect(await overview.getByTestId('overview-balance').textContent()).toBe('€0.00');
      expect(await overview.getByTestId('overview-verification').textContent()).toContain('Not verified');
      const sections = overview.getByRole('navigation', { name: 'Profile sections' }).getByRole('link');
      expect((await sections.allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
        'HistoryBets, deposits and withdrawals',
        'LimitsDeposit, loss and wager limits, breaks, self-exclusion',
        'SettingsContacts, language, time zone, currency and privacy',
        'AccessPassword and active sessions',
      ]);
      // The profile tabs leave the bonuses tab out too.
      const tabs = page.locator('.page-head nav a:visible');
      expect(await tabs.allTextContents()).toEqual(['Overview', 'History', 'Limits', 'Settings', 'Access']);
      await page.screenshot({ path: shotPath(`ux-profile-${width}`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test('/profile/bonuses without the flag goes to /error?errorCode=404, which says "Page not found"', async () => {
    const { context, page, problems } = await openView(1440, token);
    await page.goto(`${server.url}/en/profile/bonuses`, { waitUntil: 'load' });
    await page.waitForURL(/\/en\/error\?errorCode=404$/);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    expect(await page.title()).toContain('Page not found');
    expect(await page.locator('.error-page').textContent()).toContain('We could not find this page');
    expect(await page.locator('.error-page').textContent()).not.toContain('Something went wrong');
    // The Russian page says it in Russian.
    await page.goto(`${server.url}/error?errorCode=404`, { waitUntil: 'load' });
    expect(await page.locator('h1').textContent()).toBe('Страница не найдена');
    expect(problems).toEqual([]);
    await context.close();
  });
});

// ── 5. Confirming the e-mail after "Later" ──

describe('5. the e-mail can be confirmed later, from the settings', () => {
  test('register, press "Later", follow the menu reminder, confirm with the mailed code', async () => {
    const email = `later.${Date.now()}@orbita.example`;
    const { context, page, problems } = await openView(1440);
    await page.goto(`${server.url}/en?signup`, { waitUntil: 'load' });
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getAttribute('data-modal')).toBe('Register');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('Nebula-Orbit-7421');
    await dialog.getByLabel(/I am 18 or older/).check();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => dialog.getAttribute('data-modal'), { timeout: 15_000 }).toBe('ConfirmByPhone');
    await dialog.getByRole('button', { name: 'Later' }).click();
    // At 0 balance PayIn follows the code step (docs/product-rules.md §2).
    await expect.poll(() => dialog.getAttribute('data-modal')).toBe('PayIn');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => sessionOf(page)).toBe('user');

    // The account menu reminds, gently: a dot on the avatar and the first item.
    const toggle = page.locator('[data-account-toggle]');
    expect(await toggle.getAttribute('aria-label')).toBe('Account menu: please confirm your email');
    expect(await page.locator('[data-attention-dot]').isVisible()).toBe(true);
    await toggle.click();
    const reminder = page.locator('#account-menu').getByRole('link', { name: /Confirm your email/ });
    await expect.poll(() => reminder.isVisible()).toBe(true);
    await reminder.click();
    await page.waitForURL(/\/en\/profile\/setting#contacts$/);

    // Settings: the address, "Not confirmed", and "Send code".
    const row = page.getByTestId('contact-email');
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.textContent()).toContain(email);
    expect(await row.textContent()).toContain('Not confirmed');
    await page.screenshot({ path: shotPath('ux-settings-contacts-1440') });
    const before = mailsTo(email).length;
    await row.getByRole('button', { name: 'Send code' }).click();
    let code: string | undefined;
    await expect
      .poll(() => {
        code = /\b(\d{6})\b/.exec(mailsTo(email).slice(before).at(-1)?.text ?? '')?.[1];
        return code;
      })
      .toMatch(/^\d{6}$/);
    await row.getByLabel('Code from the message').fill(code as string);
    await row.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.getAttribute('data-verified')).toBe('true');
    expect(await row.textContent()).toContain('Confirmed');
    expect(await page.locator('.notice[data-kind="success"]').first().textContent()).toContain(
      'Email confirmed',
    );

    // The reminder is gone, and the server agrees.
    expect(await page.locator('[data-attention-dot]').isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-label')).toBe('Account menu');
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value as string;
    const { user } = await apiCall<{ user: { is_email_verified: boolean } }>(
      server.url,
      'GET',
      '/profile/user',
      token,
    );
    expect(user.is_email_verified).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

// ── 6. The currency a guest sees comes from the locale; a player sees the account's ──

describe('6. amounts are in the locale currency for guests, in the account currency for players', () => {
  /** The dice page's amount field unit and profit, the guest note, and a case price of the catalogue. */
  async function amountsOn(page: Page, prefix: string) {
    await page.goto(`${server.url}${prefix}/games/dice`, { waitUntil: 'load' });
    const unit = page.locator('#bet-panel .gk-currency').first();
    await expect.poll(() => unit.textContent(), { timeout: 10_000 }).toMatch(/^[A-Z]{3}$/);
    await expect.poll(() => page.getByTestId('profit-on-win').textContent()).toMatch(/\d/);
    const note = page.getByTestId('guest-currency');
    const dice = {
      unit: await unit.textContent(),
      profit: await page.getByTestId('profit-on-win').textContent(),
      note: (await note.isVisible()) ? await note.textContent() : null,
    };
    await page.goto(`${server.url}${prefix}/games/cases`, { waitUntil: 'load' });
    const price = page.locator('[data-case-price="easy"]');
    return { ...dice, price, catalogueNote: await note.isVisible() };
  }

  test('a guest on /en sees USD, a guest on / sees RUB, a EUR player sees EUR', async () => {
    const { token } = await registeredPlayer(server.url, { currency: 'EUR', prefix: 'euro' });
    const { context, page, problems } = await openView(1440);

    const en = await amountsOn(page, '/en');
    expect(en.unit).toBe('USD');
    expect(en.profit).toContain('$');
    expect(en.note).toContain('US dollar (USD)');
    expect(await en.price.textContent()).toBe('$0.50');
    expect(en.catalogueNote).toBe(true);
    await page.screenshot({ path: shotPath('ux-cases-guest-en-1440') });

    const ru = await amountsOn(page, '');
    expect(ru.unit).toBe('RUB');
    expect(ru.profit).toContain('₽');
    expect(ru.note).toContain('(RUB)');
    expect(await ru.price.textContent()).toMatch(/^50,00\s₽$/);

    await context.addCookies([{ name: 'token', value: token, url: server.url }]);
    const player = await amountsOn(page, '/en');
    expect(player.unit).toBe('EUR');
    expect(player.profit).toContain('€');
    expect(player.note).toBeNull();
    await expect.poll(() => player.price.textContent()).toBe('€0.50');
    expect(player.catalogueNote).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

// ── 8. The language switcher saves a player's locale ──

describe("8. the language switcher saves the player's locale", () => {
  test('switching to Português on the settings page saves br on the profile', async () => {
    const { token } = await registeredPlayer(server.url, { prefix: 'locale' });
    const { context, page, problems } = await openView(1440, token);
    await page.goto(`${server.url}/en/profile/setting`, { waitUntil: 'load' });
    const language = page.getByLabel('Interface language');
    await expect.poll(() => language.inputValue(), { timeout: 10_000 }).toBe('en');
    await page.locator('.locale-switcher summary').click();
    await page.getByRole('link', { name: 'Português (BR)' }).click();
    await page.waitForURL(/\/br\/profile\/setting$/);
    const saved = await apiCall<{ user: { locale: string } }>(server.url, 'GET', '/profile/user', token);
    expect(saved.user.locale).toBe('br');
    await expect
      .poll(() => page.getByLabel('Idioma da interface').inputValue(), { timeout: 10_000 })
      .toBe('br');
    expect(problems).toEqual([]);
    await context.close();
  });
});

// ── 11. The keyboard: focus comes back after Escape; the bet is a few Tab stops away ──

describe('11. keyboard', () => {
  const activeIs = (page: Page, selector: string) =>
    page.evaluate(
      (s) => document.activeElement !== null && document.activeElement === document.querySelector(s),
      selector,
    );

  test.each(WIDTHS)(
    'the login modal opened from the header with the keyboard gives focus back on Escape (%i px)',
    async (width) => {
      const { context, page, problems } = await openView(width);
      await page.goto(`${server.url}/en`, { waitUntil: 'load' });
      const login = 'header .guest-actions [data-modal-open="Login"]';
      let stops = 0;
      while (!(await activeIs(page, login))) {
        expect(++stops, 'Tab stops to the header’s Log in').toBeLessThanOrEqual(15);
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getAttribute('data-modal')).toBe('Login');
      // The dialog holds the focus while it is open.
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await activeIs(page, login)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test.each(WIDTHS)(
    'on a game page the bet button is at most 5 Tab stops from the top, through the skip link (%i px)',
    async (width) => {
      const { context, page, problems } = await openView(width);
      await page.goto(`${server.url}/en/games/dice`, { waitUntil: 'load' });
      await page.getByTestId('bet-button').waitFor();
      const bet = '[data-testid="bet-button"]';
      let stops = 0;
      while (!(await activeIs(page, bet))) {
        expect(++stops, 'Tab stops to the bet button').toBeLessThanOrEqual(5);
        await page.keyboard.press('Tab');
        if (await activeIs(page, 'a.skip-link[href="#bet-panel"]')) {
          expect(await page.locator('a.skip-link[href="#bet-panel"]').isVisible()).toBe(true);
          await page.screenshot({ path: shotPath(`ux-skip-link-${width}`) });
          await page.keyboard.press('Enter');
        }
      }
      expect(await page.getByTestId('bet-button').isVisible()).toBe(true);
      // Shift+Tab goes back into the bet panel (the amount and its buttons), not to the page top.
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#bet-panel')))).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

// ── 16. The home page claims only what is there ──

describe('16. the home page', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await registeredPlayer(server.url, { prefix: 'home' }));
  });

  test.each(WIDTHS)(
    'a tile says "Soon" exactly when the registry says so; no promise of minutes (%i px)',
    async (width) => {
      const { context, page, problems } = await openView(width);
      await page.goto(`${server.url}/en`, { waitUntil: 'load' });
      for (const tile of [...ORIGINALS, ...MORE]) {
        const link = page.locator(`a.tile[data-game="${tile.key}"]`);
        expect(await link.getByTestId('soon-badge').count(), tile.key).toBe(tile.status === 'soon' ? 1 : 0);
        if (tile.status === 'soon') expect(await link.getByTestId('soon-badge').isVisible()).toBe(true);
      }
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toMatch(/minute|Ten original|a 1 % house edge|audited/i);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).not.toMatch(/fast payouts/i);
      // A guest is invited to sign up.
      const signUp = page.getByRole('button', { name: 'Sign up and play' });
      expect(await signUp.isVisible()).toBe(true);
      await page.screenshot({ path: shotPath(`ux-home-guest-${width}`), fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  test.each(WIDTHS)('a logged-in player is not asked to sign up (%i px)', async (width) => {
    const { context, page, problems } = await openView(width, token);
    await page.goto(`${server.url}/en`, { waitUntil: 'load' });
    await expect.poll(() => sessionOf(page)).toBe('user');
    expect(await page.getByRole('button', { name: 'Sign up and play' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign up' }).first().isVisible()).toBe(false);
    const play = page.getByRole('link', { name: 'Choose a game' });
    expect(await play.isVisible()).toBe(true);
    await play.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#games');
    await page.screenshot({ path: shotPath(`ux-home-player-${width}`) });
    expect(problems).toEqual([]);
    await context.close();
  });
});
