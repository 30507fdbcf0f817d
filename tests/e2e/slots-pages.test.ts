import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { STRONG_PASSWORD } from '../helpers/auth.ts';
import { logInThroughModal } from '../helpers/browser.ts';
import { apiCall, registeredPlayer } from '../helpers/funding.ts';
import { gameStage, laidOut, shot } from '../helpers/game-page.ts';
import { type GamesDouble, gamesDouble, listEntry, slotsEnv } from '../helpers/slots.ts';

/**
 * The slots pages in Chromium (docs/slots.md) against the real server, the aggregator played by the
 * Games API double (tests/helpers/slots.ts): the lobby's catalogue (server-rendered from the one the
 * server keeps), filters, sorts, favourites and recently played games; the game page's frame (a page
 * of the double) for the demo (a guest) and for real money (login first); the kept catalogue while
 * the aggregator is down. Screenshots at 1440 and 390 px; no sideways scroll at 390 px.
 */

/** The catalogue the double lists, in its order (most played first). */
const GAMES = [
  game('star-quest', 'Star Quest', 'Orbita Studio', 'Video', '96.21'),
  game('sugar-storm', 'Sugar Storm', 'Orbita Studio', 'Cascade', '96.54'),
  game('fruit-express', 'Fruit Express', 'Orbita Studio', 'Classic', '95.80'),
  game('aurora-reels', 'Aurora Reels', 'Nebula Games', 'Video', '97.02'),
  game('comet-cash', 'Comet Cash', 'Nebula Games', 'Classic', null, { demo_game_support: false }),
];

function game(
  slug: string,
  name: string,
  product: string,
  category: string,
  rtp: string | null,
  extra: Record<string, unknown> = {},
) {
  // The double's art, relative to its address: the server keeps it and serves it from ours.
  return listEntry(`orbita_${slug.replaceAll('-', '_')}`, {
    name,
    product,
    category,
    rtp,
    url_thumb: `/art/${slug}.svg`,
    ...extra,
  });
}

const GAME_URL = '/operator/generic/v2/game/url';
const GAME_LIST = '/operator/generic/v2/game/list';

// The double starts first and fills `env`, which gameStage's own beforeAll reads afterwards.
const env: Record<string, string> = {};
let double: GamesDouble;
beforeAll(async () => {
  double = await gamesDouble();
  double.list = GAMES;
  double.frames = true;
  Object.assign(env, slotsEnv(double.url), { AGGREGATOR_LIST_REFRESH_MS: '1000' });
});
afterAll(() => double?.close());

const stage = gameStage(env);

// The server reads the list once it is ready (not awaited): the tests start from a kept catalogue.
beforeAll(async () => {
  await vi.waitFor(
    async () => {
      const res = await fetch(`${stage.server.url}/api/slots/games`);
      const { data } = (await res.json()) as { data: unknown[] };
      if (data.length !== GAMES.length) throw new Error(`the server keeps ${data.length} games`);
    },
    { timeout: 15_000, interval: 100 },
  );
});

const cards = (page: Page) => page.getByTestId('slot-grid').getByTestId('slot-card');
const names = (page: Page) => cards(page).locator('.slot-name').allTextContents();

/** The games opened through the double's game/url from call `since` on. */
const launches = (since: number) =>
  double.calls
    .slice(since)
    .filter((call) => call.path === GAME_URL)
    .map(({ body }) => ({
      game: body.game_code,
      platform: body.platform,
      demo: body.currency === 'XXX',
    }));

async function guestPage(path: string, width = 1440) {
  const { context, problems } = await stage.playerContext(null, { width });
  const since = double.calls.length;
  const page = await context.newPage();
  const response = await page.goto(`${stage.server.url}${path}`, { waitUntil: 'networkidle' });
  return { context, problems, since, page, status: response?.status() };
}

describe('the slots lobby', () => {
  test('lists the catalogue with RTP, lazy art and links; filters, search and sorts narrow it', async () => {
    const { context, problems, page } = await guestPage('/en/games/slots');
    await expect.poll(() => cards(page).count()).toBe(GAMES.length);
    const first = cards(page).first();
    expect(await first.locator('.slot-rtp').textContent()).toBe('RTP 96.21%');
    expect(await first.locator('.slot-name').getAttribute('href')).toBe('/en/games/slots/star-quest/play');
    expect(await first.getByRole('link', { name: 'Demo' }).getAttribute('href')).toBe(
      '/en/games/slots/star-quest/demo',
    );
    const art = first.locator('img');
    expect(await art.getAttribute('loading')).toBe('lazy');
    expect([await art.getAttribute('width'), await art.getAttribute('height')]).toEqual(['320', '200']);
    // The art is ours, kept from the aggregator's address (docs/slots.md "Art"), and it shows.
    expect(await art.getAttribute('src')).toMatch(/^\/api\/slots\/games\/star-quest\/art\?v=[\w-]{12}$/);
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // No demo offered, no RTP stated: neither shows.
    const comet = page.locator('[data-slug="comet-cash"]');
    expect(await comet.getByRole('link', { name: 'Demo' }).count()).toBe(0);
    expect(await comet.locator('.slot-rtp').count()).toBe(0);

    await page.getByTestId('slot-provider').selectOption('Nebula Games');
    expect(await names(page)).toEqual(['Aurora Reels', 'Comet Cash']);
    await page.getByTestId('slot-provider').selectOption('');
    await page.getByRole('button', { name: 'Cascades' }).click();
    expect(await names(page)).toEqual(['Sugar Storm']);
    await page.getByRole('button', { name: 'All games' }).click();
    await page.getByTestId('slot-search').fill('orbita fru');
    expect(await names(page)).toEqual(['Fruit Express']);
    await page.getByTestId('slot-search').fill('nothing like it');
    await page.getByTestId('slots-empty').waitFor();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByTestId('slot-sort').selectOption('name');
    expect(await names(page)).toEqual([
      'Aurora Reels',
      'Comet Cash',
      'Fruit Express',
      'Star Quest',
      'Sugar Storm',
    ]);
    await page.getByTestId('slot-sort').selectOption('rtp');
    expect((await names(page))[0]).toBe('Aurora Reels');
    expect((await names(page)).at(-1)).toBe('Comet Cash');
    await page.getByTestId('slot-sort').selectOption('popular');

    // A guest's star asks to log in first.
    await first.getByRole('button', { name: 'Add Star Quest to favourites' }).click();
    await page.locator('[role="dialog"][data-modal="Login"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await shot(page, 'slots-lobby', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('speaks the page language: Russian texts, RTP as Russian formats a percentage', async () => {
    const { context, page } = await guestPage('/games/slots');
    await expect.poll(() => cards(page).count()).toBe(GAMES.length);
    expect(await cards(page).first().locator('.slot-rtp').textContent()).toBe('RTP 96,21\u00a0%');
    expect(await cards(page).first().getByRole('link', { name: 'Играть' }).count()).toBe(1);
    await page.goto(`${stage.server.url}/br/games/slots`, { waitUntil: 'networkidle' });
    await expect.poll(() => cards(page).count()).toBe(GAMES.length);
    expect(await cards(page).first().locator('.slot-rtp').textContent()).toBe('RTP 96,21%');
    await context.close();
  });

  test('the aggregator down: the lobby still shows the kept catalogue', async () => {
    double.down = true;
    try {
      const downSince = double.calls.length;
      // A scheduled refresh has met the aggregator down (every second).
      await expect
        .poll(() => double.calls.slice(downSince).some((call) => call.path === GAME_LIST), {
          timeout: 10_000,
        })
        .toBe(true);
      const { context, problems, page } = await guestPage('/en/games/slots');
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => cards(page).count()).toBe(GAMES.length);
      expect(await names(page)).toEqual(GAMES.map((g) => g.name));
      expect(await page.getByTestId('slots-unavailable').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      double.down = false;
    }
  });

  test('a player sees the recently played row, stars games and filters the favourites', async () => {
    const { token } = await registeredPlayer(stage.server.url, { prefix: 'slots' });
    const favourites = async () =>
      (await apiCall<{ data: string[] }>(stage.server.url, 'GET', '/slots/favourites', token)).data;
    const recently = async () =>
      (await apiCall<{ data: string[] }>(stage.server.url, 'GET', '/slots/recent', token)).data;
    const open = (slug: string) =>
      apiCall(stage.server.url, 'POST', `/slots/games/${slug}/launch`, token, { platform: 'desktop' });
    // Played Star Quest, then Fruit Express (once more if both landed in the same millisecond).
    await open('star-quest');
    await expect
      .poll(async () => {
        await open('fruit-express');
        return recently();
      })
      .toEqual(['fruit-express', 'star-quest']);
    await apiCall(stage.server.url, 'PUT', '/slots/favourites/sugar-storm', token);
    expect(await favourites()).toEqual(['sugar-storm']);
    const { context, problems } = await stage.playerContext(token, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/slots`, { waitUntil: 'networkidle' });
    const recent = page.getByTestId('slots-recent');
    await recent.waitFor();
    expect(await recent.locator('.slot-name').allTextContents()).toEqual(['Fruit Express', 'Star Quest']);
    const sugar = page.getByTestId('slot-grid').locator('[data-slug="sugar-storm"] .slot-star');
    await expect.poll(() => sugar.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('slot-grid').getByRole('button', { name: 'Add Star Quest to favourites' }).click();
    await expect.poll(favourites).toEqual(['star-quest', 'sugar-storm']);
    await page.getByRole('button', { name: '★ Favourites' }).click();
    expect(await names(page)).toEqual(['Star Quest', 'Sugar Storm']);
    await page
      .getByTestId('slot-grid')
      .getByRole('button', { name: 'Remove Sugar Storm from favourites' })
      .click();
    await expect.poll(() => names(page)).toEqual(['Star Quest']);
    await expect.poll(favourites).toEqual(['star-quest']);
    await shot(page, 'slots-lobby-player', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the home lobby', () => {
  test('lists the first slots of the kept catalogue, server-rendered, without React', async () => {
    // Rendered by the server from its kept catalogue (`Astro.locals.content.slots`).
    const listed = await fetch(`${stage.server.url}/api/slots/games`);
    expect(listed.status).toBe(200);
    const { data } = (await listed.json()) as { data: { slug: string; name: string }[] };
    expect(data.map((g) => g.name)).toEqual(GAMES.map((g) => g.name));
    const { context, problems } = await stage.playerContext(null, { width: 1440 });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${stage.server.url}/en`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('home-slots');
    expect(await row.locator('.slot-name').allTextContents()).toEqual(data.slice(0, 6).map((g) => g.name));
    expect(await row.locator('.slot-name').first().getAttribute('href')).toBe(
      `/en/games/slots/${data[0]?.slug}/play`,
    );
    expect(await row.locator('img').first().getAttribute('loading')).toBe('lazy');
    expect(scripts.some((name) => /react|ModalHost|mount/i.test(name))).toBe(false);
    await shot(page, 'slots-home', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a slot game page', () => {
  test('the demo opens for a guest in a 16:9 frame with a fullscreen button, the facts and the demo note', async () => {
    const { context, problems, since, page } = await guestPage('/en/games/slots/star-quest/demo');
    const frame = page.getByTestId('slot-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('allow')).toBe('fullscreen; autoplay');
    expect(await frame.getAttribute('src')).toBe(`${double.url}/frame?game=star-quest&mode=demo`);
    expect(await page.frameLocator('[data-testid="slot-frame"]').locator('#game').textContent()).toBe(
      'star-quest · demo',
    );
    expect(launches(since)).toEqual([{ game: 'orbita_star_quest', platform: 'GPL_DESKTOP', demo: true }]);
    expect(await page.locator('h1').textContent()).toBe('Star Quest');
    expect(await page.getByTestId('slot-mode-note').textContent()).toContain(
      'Demo mode: you play with fun money',
    );
    const facts = await page.getByTestId('slot-facts').textContent();
    expect(facts).toContain('Orbita Studio');
    expect(facts).toContain('96.21%');
    const box = await page.getByTestId('slot-stage').boundingBox();
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 16 / 9)).toBeLessThan(0.02);
    expect(await page.getByTestId('slot-back').getAttribute('href')).toBe('/en/games/slots');

    await page.getByTestId('slot-fullscreen').click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null))
      .toBe('slot-stage');
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);

    await shot(page, 'slots-demo', { wide: 1440 });
    // On a phone the game asks for its phone layout and takes the whole width, most of the height.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('slot-frame').waitFor();
    await laidOut(page);
    expect(launches(since).at(-1)).toEqual({ game: 'orbita_star_quest', platform: 'GPL_MOBILE', demo: true });
    const phone = await page.getByTestId('slot-stage').boundingBox();
    expect(phone?.width).toBe(390);
    expect(phone?.height ?? 0).toBeGreaterThan(500);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('real money: a guest gets the Login modal first, then the game once logged in', async () => {
    const { email } = await registeredPlayer(stage.server.url, { prefix: 'slots-play' });
    const { context, problems, since, page } = await guestPage('/en/games/slots/sugar-storm/play');
    await page.locator('[role="dialog"][data-modal="Login"]').waitFor();
    expect(await page.getByTestId('slot-login').isVisible()).toBe(true);
    expect(launches(since)).toEqual([]);
    await page.keyboard.press('Escape');
    await shot(page, 'slots-play-guest', { wide: 1440 });
    await logInThroughModal(page, email, STRONG_PASSWORD);
    await page.getByTestId('slot-frame').waitFor();
    // At a zero balance the login is followed by the deposit modal (src/islands/modals/finish.ts).
    await page.locator('[role="dialog"][data-modal="PayIn"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(launches(since)).toEqual([{ game: 'orbita_sugar_storm', platform: 'GPL_DESKTOP', demo: false }]);
    expect(await page.frameLocator('[data-testid="slot-frame"]').locator('#game').textContent()).toBe(
      'sugar-storm · real',
    );
    expect(await page.getByTestId('slot-mode-note').textContent()).toContain('Real money');
    await shot(page, 'slots-play', { wide: 1440 });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an unknown game says it is not in the catalogue; a game without a demo says that', async () => {
    // The kept catalogue does not list it: the server answers its 404 page, no game to open.
    const { context, since, page, status } = await guestPage('/en/games/slots/no-such-game/demo');
    expect(status).toBe(404);
    expect(await page.getByTestId('not-found').locator('h1').textContent()).toContain('Page not found');
    expect(await page.getByTestId('slot-play').count()).toBe(0);
    await page.goto(`${stage.server.url}/en/games/slots/comet-cash/demo`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('slot-failed').textContent())
      .toContain('This game has no demo mode.');
    expect(await page.locator('h1').textContent()).toBe('Comet Cash');
    expect(launches(since)).toEqual([]);
    await context.close();
  });
});
