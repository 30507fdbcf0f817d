/**
 * The edge in Chromium against the real server (docs/edge.md): a blocked country gets /no-access
 * (pages server-side, a 451 from the API in the browser), the page cache never mixes the two;
 * a retired host moves a logged-in player to the mirror, where single sign-on logs them in; an
 * affiliate's visitor registers and deposits, and the operator report counts them.
 */
import { type AddressInfo, createServer } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const RU = '77.88.8.8';
const KZ = '95.56.0.1';
const OPERATOR = 'operator-token-0123456789abcdef';
const PASSWORD = 'Orbit-7-Nebula!';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The retired host is a name of this machine: Chromium resolves it to the test server.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--host-resolver-rules=MAP retired.test 127.0.0.1',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A page that records its errors; a 451's console line is expected where a test says so. */
async function open(context: BrowserContext) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

const sessionState = (page: Page) => page.locator('[data-session]').getAttribute('data-session');

describe('geo blocking', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'true', GEO_BLOCKED_COUNTRIES: 'RU' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, ip: string, agent = 'Mozilla/5.0 Chrome/120') =>
    fetch(server.url + path, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': agent } });

  test('pages from a blocked country render /no-access server-side, in its own layout', async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': RU },
      locale: 'en-US',
    });
    const { page } = await open(context);
    await page.goto(`${server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/en/no-access');
    expect(await page.locator('body').getAttribute('data-layout')).toBe('no-access');
    expect(await page.locator('h1').textContent()).toBeTruthy();
    await context.close();
  });

  test('a 451 from the API sends the browser to /no-access', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    // The page itself comes from an allowed country; the API answers as to a blocked one.
    await context.route('**/*', (route) => {
      const api = new URL(route.request().url()).pathname.startsWith('/api/');
      void route.continue({
        headers: { ...route.request().headers(), 'x-forwarded-for': api ? RU : KZ },
      });
    });
    const { page, problems } = await open(context);
    const answers: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/geo_ip')) answers.push(res.status());
    });
    await page.goto(`${server.url}/en/faq`);
    await page.waitForURL(/\/en\/no-access$/, { timeout: 15_000 });
    expect(answers).toContain(451);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a successful geo answer on /no-access sends the visitor home', async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': KZ },
      locale: 'en-US',
    });
    const { page } = await open(context);
    await page.goto(`${server.url}/en/no-access`);
    await page.waitForURL(/\/en$/, { timeout: 15_000 });
    // The Region header rides on later calls: the cookie holds the region of docs/product-rules.md §9.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'region')?.value).toBe('KZ');
    expect(cookies.find((c) => c.name === 'userVersion')?.value).toBe(KZ);
    await context.close();
  });

  test('a user agent claiming google from a blocked country is not believed without DNS', async () => {
    // A crawler reads pages once its address resolves to its engine and back (docs/edge.md "Geo"):
    // 77.88.8.8 is no Google address, with or without a network (verified crawlers:
    // tests/api/edge-geo.test.ts, on a fake resolver).
    const res = await get('/en/faq', RU, 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/no-access');
  });

  test('the page cache never gives a blocked visitor a page, nor anybody else /no-access', async () => {
    // Warm the cache for both pages from both sides.
    for (let i = 0; i < 3; i++) {
      await get('/en/faq', KZ);
      await get('/en/no-access', RU);
      await new Promise((r) => setTimeout(r, 100));
    }
    const normal = await get('/en/faq', KZ);
    expect(normal.status).toBe(200);
    expect(normal.headers.get('etag')).toBeTruthy(); // from the cache
    expect(await normal.text()).toContain('data-layout="default"');
    const blocked = await get('/en/faq', RU);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get('location')).toBe('/en/no-access');
    const noAccess = await get('/en/no-access', RU);
    expect(await noAccess.text()).toContain('data-layout="no-access"');
    const again = await get('/en/faq', KZ);
    expect(await again.text()).toContain('data-layout="default"');
  });
});

describe('a retired host and single sign-on', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startServer({
      PORT: String(port),
      PUBLIC_SITE_URL: `http://localhost:${port}`,
      MIRROR_HOSTS: `retired.test:${port},127.0.0.1:${port}`,
      RETIRED_HOSTS: `retired.test:${port}`,
      YANDEX_VERIFICATION: 'yandex-e2e',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a player logged in on the main host is moved from the retired host to the mirror, logged in', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page, problems } = await open(context);
    const main = `http://localhost:${port}`;
    await page.goto(`${main}/en/faq?no_sso`, { waitUntil: 'networkidle' });
    const token = await page.evaluate(async (password) => {
      const res = await fetch('/api/api/v2/auth/register/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `sso.${Date.now()}@orbita.example`, password, locale: 'en' }),
      });
      const { token } = (await res.json()) as { token: string };
      // biome-ignore lint/suspicious/noDocumentCookie: the page keeps its token in this cookie, as src/client/token.ts writes it.
      document.cookie = `token=${token}; path=/; SameSite=Lax`;
      return token;
    }, PASSWORD);
    expect(token).toBeTruthy();

    await page.goto(`http://retired.test:${port}/en/faq?x=1`);
    await page.waitForURL(`http://127.0.0.1:${port}/en/faq?x=1`, { timeout: 20_000 });
    await expect.poll(() => sessionState(page), { timeout: 15_000 }).toBe('user');
    const mirrorCookies = await context.cookies(`http://127.0.0.1:${port}`);
    expect(mirrorCookies.find((c) => c.name === 'token')?.value).toBeTruthy();
    expect(mirrorCookies.find((c) => c.name === 'token')?.value).not.toBe(token); // its own session
    expect(page.url()).not.toContain('sso_code');
    expect(await page.locator('meta[name="yandex-verification"]').getAttribute('content')).toBe('yandex-e2e');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a guest on the mirror goes to the main host once and comes back a guest', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const { page } = await open(context);
    const visited: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest()) visited.push(new URL(req.url()).host);
    });
    await page.goto(`http://127.0.0.1:${port}/en/faq`, { waitUntil: 'networkidle' });
    // The trip to the main host and back is over once the page is on the mirror again after it.
    await expect
      .poll(
        () =>
          visited.includes(`localhost:${port}`) &&
          visited.at(-1) === `127.0.0.1:${port}` &&
          new URL(page.url()).host === `127.0.0.1:${port}`,
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(visited).toContain(`localhost:${port}`);
    expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
    expect(await sessionState(page)).toBe('guest');
    // The ssoRedirected cookie: the next page does not go again.
    visited.length = 0;
    await page.goto(`http://127.0.0.1:${port}/en/top`, { waitUntil: 'networkidle' });
    expect(visited).toEqual([`127.0.0.1:${port}`]);
    await context.close();
  });

  test.each([
    ['no_sso in the query', '/en/faq?no_sso', undefined],
    ['a bot', '/en/faq', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  ])('%s: no redirect to the main host', async (_name, path, userAgent) => {
    const context = await browser.newContext({ locale: 'en-US', ...(userAgent ? { userAgent } : {}) });
    const { page } = await open(context);
    const visited: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest()) visited.push(new URL(req.url()).host);
    });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(visited).toEqual([`127.0.0.1:${port}`]);
    await context.close();
  });
});

describe('affiliate attribution', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ OPERATOR_API_TOKEN: OPERATOR, SANDBOX_WEBHOOK_INTERVAL_MS: '200' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a visitor from a partner registers and deposits; the report counts them for that partner', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const { page, problems } = await open(context);
    const query =
      'utm_source=news&utm_medium=cpc&utm_campaign=autumn&utm_term=dice&partner=p77&adplace=top&stag=s77';
    const utm = page.waitForResponse((res) => res.url().includes('/api/middleware/utm'));
    await page.goto(`${server.url}/en?${query}`, { waitUntil: 'networkidle' });
    expect((await utm).status()).toBe(200);

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    const days = (name: string) => Math.round(((cookies[name]?.expires ?? 0) - Date.now() / 1000) / 86_400);
    expect(cookies.partner?.value).toBe('p77');
    expect(days('partner')).toBe(30);
    expect(cookies.adplace?.value).toBe('top');
    expect(cookies.stag?.value).toBe('s77');
    expect(days('stag')).toBe(1);
    expect(cookies.advId?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(days('advId')).toBe(1);
    expect(cookies.partner?.sameSite).toBe('Lax');

    // Registration through the Register modal.
    await page.getByRole('button', { name: 'Sign up' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getAttribute('data-modal')).toBe('Register');
    await dialog.getByLabel('Email').fill(`affiliate.${Date.now()}@orbita.example`);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(/I am 18 or older/).check();
    // The device fingerprint (FingerprintJS's visitor id) is made while the modal is open, kept in
    // local storage and sent as `fp` with the registration.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('fp'))).toMatch(/^[0-9a-f]{32}$/);
    const fp = await page.evaluate(() => localStorage.getItem('fp'));
    const registered = page.waitForRequest((req) => req.url().includes('/auth/register/email'));
    const attached = page.waitForResponse((res) => res.url().includes('/api/attachSource'));
    await dialog.getByRole('button', { name: 'Create account' }).click();
    expect((await registered).postDataJSON().fp).toBe(fp);
    expect((await attached).status()).toBe(200);
    await expect.poll(() => dialog.getAttribute('data-modal'), { timeout: 15_000 }).toBe('ConfirmByPhone');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => sessionState(page)).toBe('user');

    const token = (await context.cookies()).find((c) => c.name === 'token')?.value as string;
    // The operator sees that fingerprint, opened from its sealed copy, on the player's device list.
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
    const devices = await fetch(`${server.url}/api/operator/players/${userId}/devices`, {
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(
      ((await devices.json()) as { data: { fingerprint: string }[] }).data.map((d) => d.fingerprint),
    ).toEqual([fp]);

    // A deposit of 500.00 through the sandbox checkout.
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const deposit = await api(
      'POST',
      '/payments/deposits',
      { amount: '500', method: 'sandbox_card' },
      { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    );
    expect(deposit.status).toBe(200);
    const { data } = (await deposit.json()) as { data: { redirect_url: string } };
    const paid = await fetch(data.redirect_url, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const day = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          const res = await api('GET', `/operator/attribution/report?from=${day}&to=${day}`, undefined, {
            authorization: `Bearer ${OPERATOR}`,
          });
          const rows = ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
          return rows.find((row) => row.partner === 'p77');
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        partner: 'p77',
        campaign: 'autumn',
        visits: 1,
        registrations: 1,
        first_deposits: 1,
        deposit_sum: { USD: '50000' }, // the account currency chosen in Register: USD for en-US
      });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the operator’s search-engine data and links render into the pages at once', async () => {
    const operator = (method: string, path: string, body: object) =>
      fetch(`${server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${OPERATOR}` },
        body: JSON.stringify(body),
      });
    const page = async () => (await fetch(`${server.url}/en/faq`)).text();
    expect(await page()).not.toContain('data-seo-text'); // cached from here on
    await page();
    expect(
      (
        await operator('PUT', '/operator/seo', {
          locale: 'en',
          path: '/faq',
          title: 'Orbita FAQ: provably fair answers',
          description: 'Every question about fair games',
          keywords: 'faq, fairness',
          text: 'Orbita answers <b>every</b> question.',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await operator('PUT', '/operator/settings', {
          revshare_service_frontend_url: 'https://partners.example/',
        })
      ).status,
    ).toBe(200);
    const html = await page();
    expect(html).toContain('<title>Orbita FAQ: provably fair answers</title>');
    expect(html).toContain('<meta name="keywords" content="faq, fairness">');
    expect(html).toContain('content="Every question about fair games"');
    expect(html).toContain('Orbita answers &lt;b&gt;every&lt;/b&gt; question.');
    expect(html).toContain('href="https://partners.example/"');
    // Other locales keep their own texts.
    expect(await (await fetch(`${server.url}/kz/faq`)).text()).not.toContain(
      'Orbita FAQ: provably fair answers',
    );
  });
});
