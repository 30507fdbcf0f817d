import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStudio } from '../../src/studio/index.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { type FakeWallet, startFakeWallet } from '../helpers/fake-wallet.ts';
import { gamesApi } from '../helpers/studio.ts';

/**
 * The studio's game client in Chromium, at 1440 px and on a 390 px phone: a demo session loads
 * with its DEMO badge, a spin debits the bet at once and ends on the balance the studio keeps; a
 * real session in Russian shows roubles. Screenshots go to $STUDIO_SCREENSHOTS (a temp folder
 * by default).
 */
const SHOTS = process.env.STUDIO_SCREENSHOTS ?? path.join(tmpdir(), 'studio-screenshots');

let browser: Browser;
let wallet: FakeWallet;
let studio: Awaited<ReturnType<typeof startStudio>>;

async function launch(body: Record<string, unknown>): Promise<string> {
  const response = await gamesApi(
    studio.url,
    'url',
    { operator_id: '1', platform: 'GPL_DESKTOP', lobby_url: 'https://casino.test/', ...body },
    wallet.operatorPrivateKeyPem,
  );
  return ((await response.json()) as { url: string }).url;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  wallet = await startFakeWallet({ balance: 500_000_000, currency: 'RUB' });
  studio = await startStudio({
    walletUrl: wallet.url,
    operatorId: '1',
    operatorPublicKeyPem: wallet.operatorPublicKeyPem,
  });
  wallet.setStudioKey(studio.publicKeyPem);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await studio?.close();
  await wallet?.close();
});

describe('game client', () => {
  for (const [width, height, game, lang] of [
    [1440, 900, 'orbita_star_quest', 'en'],
    [390, 844, 'orbita_sugar_storm', 'hi'],
    [390, 844, 'orbita_fruit_express', 'kk'],
  ] as const) {
    test(`a demo spin at ${width} px (${game}, ${lang}) moves the balance`, async () => {
      const url = await launch({ game_code: game, currency: 'XXX', lang });
      const page = await browser.newPage({ viewport: { width, height } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url);
      const balance = page.getByTestId('balance');
      await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toMatch(/FUN/);
      await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
      const first = await balance.textContent();
      await page.screenshot({ path: path.join(SHOTS, `${width}-${game}-before.png`) });
      await page.getByTestId('spin').click();
      await expect.poll(() => balance.textContent(), { timeout: 10_000 }).not.toBe(first);
      await expect.poll(() => page.getByTestId('spin').isEnabled(), { timeout: 15_000 }).toBe(true);
      const state = (await (await fetch(`${url}/state`)).json()) as {
        balance: string;
        fair: { nonce: number };
      };
      expect(state.fair.nonce).toBe(1);
      const expected = await page.evaluate(
        ([minor, tag]) =>
          `${new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(minor) / 100)} FUN`,
        [state.balance, { en: 'en-US', hi: 'hi-IN', kk: 'kk-KZ' }[lang]] as const,
      );
      await expect.poll(() => balance.textContent()).toBe(expected);
      await page.screenshot({ path: path.join(SHOTS, `${width}-${game}-after.png`) });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  test('a real session in Russian shows roubles, the paytable and the fairness screen', async () => {
    const url = await launch({
      game_code: 'orbita_star_quest',
      currency: 'RUB',
      lang: 'ru',
      user: 'p1',
      token: 't1',
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(url);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toMatch(/₽/);
    await page.getByTestId('spin').click();
    await expect
      .poll(() => wallet.calls.filter((c) => c.path === '/transaction/win').length, { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Таблица выплат и правила' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Возврат игроку');
    await page.screenshot({ path: path.join(SHOTS, '1440-paytable-ru.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Доказуемая честность' }).click();
    await expect.poll(() => page.getByTestId('server-seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Раскрыть серверный сид и сменить пару' }).click();
    await expect.poll(() => page.getByTestId('revealed-seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.screenshot({ path: path.join(SHOTS, '1440-fairness-ru.png') });
    await page.close();
  });

  test('wins, cascades and free spins are drawn: the lit cells, the payline and the feature bar', async () => {
    const url = await launch({ game_code: 'orbita_star_quest', currency: 'XXX', lang: 'en' });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const column = ['A', 'B', 'C'];
    const grid = [column, ['B', 'A', 'C'], ['C', 'B', 'A'], ['B', 'A', 'C'], column];
    const line = {
      kind: 'line',
      line: 3,
      symbol: 'A',
      count: 5,
      cells: [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 1],
        [4, 0],
      ],
      win: 500,
    };
    const step = { stops: [1, 2, 3, 4, 5], multiplier: 1, freeSpinsLeft: 0, freeSpinsAwarded: 0 };
    const result = {
      game: 'star-quest',
      steps: [
        { ...step, kind: 'base', grid, wins: [line], freeSpinsAwarded: 3, freeSpinsLeft: 3 },
        { ...step, kind: 'free', grid, wins: [{ ...line, win: 1500 }], multiplier: 3, freeSpinsLeft: 2 },
      ],
      win: 2000,
      capped: false,
      floatsUsed: 12,
    };
    const fair = { server_seed_hash: 'a'.repeat(64), client_seed: 'c', nonce: 0 };
    await page.route('**/spin', (route) =>
      route.fulfill({
        json: { result, balance: '101900', payout: '2000', currency: 'XXX', fair, round: 'r' },
      }),
    );
    await page.goto(url);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toMatch(/FUN/);
    await page.getByTestId('spin').click();
    await expect
      .poll(() => page.locator('.feature:not([hidden])').textContent(), { timeout: 10_000 })
      .toContain('×3');
    await expect.poll(() => page.locator('.cell.win').count(), { timeout: 10_000 }).toBe(5);
    await expect.poll(() => page.locator('.lines polyline').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, '1440-free-spins.png') });
    await expect.poll(() => page.getByTestId('win').textContent(), { timeout: 10_000 }).toBe('20.00 FUN');
    await expect.poll(() => page.locator('.banner.show').textContent()).toContain('Big win!');
    await expect.poll(() => page.locator('.banner').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.screenshot({ path: path.join(SHOTS, '1440-big-win.png') });
    await page.close();
  });

  test('a cascade on a phone: the winning cells burst and the refilled grid lands', async () => {
    const url = await launch({ game_code: 'orbita_sugar_storm', currency: 'XXX', lang: 'ru' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const base = Array.from({ length: 6 }, (_, reel) =>
      ['A', 'B', 'C', 'D', 'E'].map((s, row) => (row < 2 && reel < 4 ? 'A' : s === 'A' ? 'F' : s)),
    );
    const refill = base.map((column, reel) => (reel < 4 ? ['G', 'H', 'C', 'D', 'E'] : column));
    const cells = [0, 1, 2, 3].flatMap((reel) => [
      [reel, 0],
      [reel, 1],
    ]);
    const step = { stops: [], multiplier: 1, freeSpinsLeft: 0, freeSpinsAwarded: 0 };
    const result = {
      game: 'sugar-storm',
      steps: [
        {
          ...step,
          kind: 'base',
          grid: base,
          wins: [{ kind: 'anywhere', symbol: 'A', count: 8, cells, win: 150 }],
        },
        { ...step, kind: 'cascade', grid: refill, wins: [] },
      ],
      win: 150,
      capped: false,
      floatsUsed: 20,
    };
    const fair = { server_seed_hash: 'a'.repeat(64), client_seed: 'c', nonce: 0 };
    await page.route('**/spin', (route) =>
      route.fulfill({
        json: { result, balance: '100050', payout: '150', currency: 'XXX', fair, round: 'r' },
      }),
    );
    await page.goto(url);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toMatch(/FUN/);
    await page.getByTestId('spin').click();
    await expect.poll(() => page.locator('.cell.win').count(), { timeout: 10_000 }).toBe(8);
    await page.screenshot({ path: path.join(SHOTS, '390-cascade-win.png') });
    await expect.poll(() => page.getByTestId('spin').isEnabled(), { timeout: 15_000 }).toBe(true);
    const shown = await page
      .locator('.reel')
      .evaluateAll((reels) =>
        reels.map((reel) => [...reel.querySelectorAll('img')].map((img) => img.getAttribute('alt'))),
      );
    expect(shown).toEqual(refill);
    await expect.poll(() => page.getByTestId('win').textContent()).toMatch(/^1,50 FUN$/);
    await page.screenshot({ path: path.join(SHOTS, '390-cascade-after.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('autoplay in turbo counts down and stops when asked', async () => {
    const url = await launch({ game_code: 'orbita_fruit_express', currency: 'XXX', lang: 'en' });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(url);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toMatch(/FUN/);
    await page.getByRole('button', { name: 'Turbo' }).click();
    await page.getByRole('button', { name: 'Autoplay' }).click();
    await page.getByRole('dialog').getByLabel('Number of spins').selectOption('25');
    await page.getByTestId('autoplay-start').click();
    const nonce = async () =>
      ((await (await fetch(`${url}/state`)).json()) as { fair: { nonce: number } }).fair.nonce;
    await expect.poll(nonce, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await page.getByTestId('spin').click();
    await expect
      .poll(() => page.getByTestId('spin').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Spin');
    await expect.poll(() => page.getByRole('button', { name: 'Autoplay' }).isEnabled()).toBe(true);
    const stopped = await nonce();
    expect(stopped).toBeLessThan(25);
    expect(await page.getByTestId('spin').isEnabled()).toBe(true);
    await page.close();
  });
});
