import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshShoe } from '../../src/games/live/baccarat.ts';
import { baccaratRound, rouletteRound } from '../../src/games/live/node.ts';
import { LOCALES } from '../../src/shared/locales.ts';
import {
  COMMITMENT,
  catalog,
  decodeEntities,
  localized,
  NEXT_SEED,
  SEED,
  sha256,
  VECTORS,
} from '../helpers/fairness.ts';
import { apiCall, fundedPlayer, registeredPlayer } from '../helpers/funding.ts';
import { gameStage } from '../helpers/game-page.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * /fairness: the explainer in every locale, the in-browser verifier against `npm run verify`
 * vectors with no request leaving the page, a bet loaded by `?bet=` whose seed is revealed
 * through the fairness modal, and the Verify link of bet rows in the history.
 *
 * The modal's edge cases (a hidden seed, a rotation) run first against Playwright routes that answer
 * from the documented contract (docs/api-games.md); the last block plays real dice bets on the
 * server and verifies them from the game page's fairness button and the history.
 */

/** Polls like `expect.poll`, with room for a cold page to load its island. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const stage = gameStage();

const registerPlayer = async () => (await registeredPlayer(stage.server.url, { prefix: 'fair' })).token;
/** A browser context, logged in when given a token, that records page errors. */
const newContext = (width: number, token?: string) => stage.playerContext(token ?? null, { width });

async function shot(page: Page, name: string, fullPage = false) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: path.join(SHOTS, `fairness-${name}-${width}.png`), fullPage });
}

describe('/fairness page', () => {
  test.each(LOCALES)('renders the explainer with translated headings in %s', async (locale) => {
    const res = await fetch(stage.server.url + localized(locale, '/fairness'));
    expect(res.status).toBe(200);
    const html = decodeEntities(await res.text());
    const strings = catalog(locale);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(strings.title);
    const headings = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    for (const section of ['seeds', 'stream', 'games', 'rotation', 'crash', 'rooms', 'live']) {
      expect(headings).toContain(strings.page[section].title);
    }
    expect(headings).toContain(strings.verify.title);
    expect(html.includes(strings.page.stream.p1), 'stream prose').toBe(true);
    expect(html.includes('HMAC_SHA256(key = serverSeed'), 'formula').toBe(true);
    // The footer links the page in every locale, under the navigation's label (src/shared/navigation.ts).
    const site = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, `../../src/i18n/locales/${locale}.json`), 'utf8'),
    );
    const footerLink = new RegExp(`href="${localized(locale, '/fairness')}"[^>]*>${site.nav.fairness}</a>`);
    expect(footerLink.test(html), 'footer link').toBe(true);
  });
});

describe('the verifier', () => {
  let context: BrowserContext;
  let problems: string[];

  beforeAll(async () => {
    ({ context, problems } = await newContext(1280));
  });
  afterAll(async () => {
    await context?.close();
  });

  test('recomputes prefilled bets in the browser, with no request leaving the page', async () => {
    const page = await context.newPage();
    const query = `game=dice&server_seed=${SEED}&client_seed=lucky-orbit&nonce=7&target=49.50&direction=under&commitment=${COMMITMENT}`;
    await page.goto(`${stage.server.url}/en/fairness?${query}`, { waitUntil: 'networkidle' });
    const result = page.getByTestId('verify-result');
    await eventually(() => result.getByTestId('verify-roll').textContent()).toBe(VECTORS.dice);
    expect(await result.getByTestId('verify-sha256').textContent()).toBe(COMMITMENT);
    expect(await result.getByTestId('verify-match').textContent()).toContain('Matches');
    expect(await result.locator('.fair-verdict').textContent()).toBe('Roll under 49.50 · win');
    await shot(page, 'dice');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'dice');
    await page.setViewportSize({ width: 1280, height: 900 });

    // From here on, nothing may go over the network: every outcome is computed locally.
    const requests: string[] = [];
    // The browser refetches the tab icon when the address changes; that is not the page's doing.
    const record = (request: Request) => {
      if (!request.url().endsWith('/favicon.svg')) requests.push(request.url());
    };
    page.on('request', record);
    const form = page.locator('.fair-form');
    const game = form.getByLabel('Game');

    await game.selectOption('keno');
    await eventually(() => result.getByTestId('verify-drawn').textContent()).toBe(VECTORS.keno);
    await shot(page, 'keno');

    await game.selectOption('roulette');
    await eventually(() => result.getByTestId('verify-pocket').textContent()).toBe(VECTORS.roulette);

    await game.selectOption('miner');
    await form.getByLabel('Mines').fill('3');
    await eventually(() => result.getByTestId('verify-mines').textContent()).toBe(VECTORS.miner3);
    await shot(page, 'miner');

    await game.selectOption('hilo');
    await form.getByLabel('Number of cards').fill('5');
    await eventually(() =>
      result.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card'))),
    ).toEqual(VECTORS.hilo5);
    await shot(page, 'hilo');

    await game.selectOption('coinflip');
    await form.getByLabel('Number of flips').fill('4');
    await eventually(() =>
      result.locator('[data-side]').evaluateAll((flips) => flips.map((f) => f.getAttribute('data-side'))),
    ).toEqual(VECTORS.coinflip4);

    await game.selectOption('crash');
    await form.getByLabel('Round hash').fill(SEED);
    await form.getByLabel('Salt').fill('orbita');
    await eventually(() => result.getByTestId('verify-crash').textContent()).toBe(VECTORS.crash);
    // For crash the check is the chain link: sha256 of this hash is the previous round's hash.
    expect(await result.getByTestId('verify-sha256').textContent()).toBe(COMMITMENT);

    await game.selectOption('rooms');
    await form.getByLabel('Round ID').fill('r-1');
    await form.getByLabel('Tickets in the round').fill('1000');
    await eventually(() => result.getByTestId('verify-ticket').textContent()).toBe(VECTORS.rooms);

    // Another site's seed text is verified as it is, with a warning; a seed that is too long is
    // explained at the field, and nothing is shown as a result.
    await form.getByLabel('Server seed', { exact: true }).fill('not-a-seed');
    await eventually(() => form.getByTestId('seed-warning').textContent()).toContain('64 characters');
    await eventually(() => result.getByTestId('verify-ticket').count()).toBe(1);
    await form.getByLabel('Server seed', { exact: true }).fill('x'.repeat(257));
    await eventually(() => form.locator('.field-error').first().textContent()).toContain('256 characters');
    expect(await result.getByTestId('verify-ticket').count()).toBe(0);

    // Only the crash chain check reads what the site publishes (its terminating hash and salt);
    // every bet is recomputed in the page.
    expect(requests.filter((url) => !/\/api\/games\/crash(\/rounds\?limit=1)?$/.test(url))).toEqual([]);
    page.off('request', record);
    // The address describes what is on screen, so it can be shared.
    await form.getByLabel('Server seed', { exact: true }).fill(SEED);
    await eventually(() => page.url()).toContain('game=rooms');
    expect(page.url()).toContain('round_id=r-1');
    expect(problems).toEqual([]);
  });

  test('formats the roll for the page locale', async () => {
    // A context of its own: the pages above stored the English locale cookie.
    const russian = await newContext(390);
    const page = await russian.context.newPage();
    await page.goto(
      `${stage.server.url}/fairness?game=dice&server_seed=${SEED}&client_seed=lucky-orbit&nonce=7`,
    );
    await eventually(() => page.getByTestId('verify-roll').textContent()).toBe('9,17');
    await shot(page, 'ru-page', true);
    await russian.context.close();
  });

  test('verifies live table rounds from a link, with the engine’s result and no request', async () => {
    const hash = 'c0ffee'.padEnd(64, '7');
    const salt = '9a'.repeat(32);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.url());
    });
    const result = page.getByTestId('verify-result');
    const form = page.locator('.fair-form');

    const spin = rouletteRound(hash, salt);
    await page.goto(`${stage.server.url}/en/fairness?game=live-roulette&hash=${hash}&salt=${salt}`);
    await eventually(() => result.getByTestId('verify-pocket').textContent()).toBe(String(spin.pocket));
    expect(await result.getByTestId('verify-pocket').getAttribute('data-color')).toBe(spin.color);
    expect(await form.getByLabel('Game').inputValue()).toBe('live-roulette');
    expect(await form.locator('[name="commitment"]').count()).toBe(0);

    // Hand 1 of a shoe is dealt from a fresh shoe (its burn first).
    const hand = baccaratRound(hash, salt, freshShoe());
    await page.goto(
      `${stage.server.url}/en/fairness?game=live-baccarat&hash=${hash}&salt=${salt}&shoe_hand=1`,
    );
    const winner = result.getByTestId('verify-winner');
    await eventually(() => winner.getAttribute('data-winner')).toBe(hand.winner);
    const cardsOf = (side: string) =>
      result
        .getByTestId(`verify-${side}-cards`)
        .locator('[data-card]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    expect(await cardsOf('player')).toEqual(hand.player);
    expect(await cardsOf('banker')).toEqual(hand.banker);
    expect(await result.getByTestId('verify-player-total').textContent()).toBe(`Total ${hand.playerTotal}`);
    expect(await result.getByTestId('verify-banker-total').textContent()).toBe(`Total ${hand.bankerTotal}`);
    expect(await winner.textContent()).toBe(
      { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[hand.winner],
    );
    await shot(page, 'live-baccarat');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'live-baccarat');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 104 hands cannot fit in one shoe: the chain contradicts the number, shown at the field.
    const handField = form.getByLabel('Hand number in its shoe');
    await handField.fill('104');
    await eventually(() => form.locator('.field-error').textContent()).toContain('The chain contradicts');
    expect(await handField.getAttribute('aria-invalid')).toBe('true');
    expect(await winner.count()).toBe(0);
    await handField.fill('105');
    await eventually(() => form.locator('.field-error').textContent()).toContain('from 1 to 104');
    await handField.fill('1');
    await eventually(() => winner.getAttribute('data-winner')).toBe(hand.winner);
    expect(page.url()).toContain(`game=live-baccarat&hash=${hash}&salt=${salt}&shoe_hand=1`);
    await form.getByLabel('Round hash').fill('xyz');
    await eventually(() => form.locator('.field-error').textContent()).toContain('64 characters');

    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a guest opening a bet link is asked to log in', async () => {
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/fairness?bet=42`);
    const state = page.getByTestId('bet-state');
    await eventually(() => state.getAttribute('data-state')).toBe('login');
    await page.close();
  });
});

describe('a bet of the player, revealed through the fairness modal', () => {
  let context: BrowserContext;
  let problems: string[];
  let page: Page;
  let revealed = false;
  const rotations: unknown[] = [];

  const bet = () => ({
    id: '42',
    game: 'dice',
    status: 'settled',
    currency: 'RUB',
    amount: '10.00',
    payout: '0.00',
    profit: '-10.00',
    multiplier: '0',
    params: { target: '49.50', direction: 'over' },
    outcome: { roll: VECTORS.dice, win: false },
    nonce: 7,
    client_seed: 'lucky-orbit',
    commitment: COMMITMENT,
    server_seed: revealed ? SEED : null,
    seed_pair_id: 'p1',
    created_at: '2025-05-01T10:00:00.000Z',
  });
  const active = (clientSeed: string, nonce: number) => ({
    commitment: revealed ? sha256(NEXT_SEED) : COMMITMENT,
    client_seed: clientSeed,
    nonce,
    next_commitment: sha256(revealed ? `${NEXT_SEED}:next` : NEXT_SEED),
  });
  const json = (route: Route, data: unknown) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data) });

  beforeAll(async () => {
    ({ context, problems } = await newContext(1280, await registerPlayer()));
    await context.route(
      (url) => url.pathname.startsWith('/api/games/'),
      async (route) => {
        const request = route.request();
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('/games/bets/42')) return json(route, { data: bet() });
        if (pathname.endsWith('/games/fairness/seeds') && request.method() === 'GET')
          return json(route, { data: active('lucky-orbit', 8) });
        if (pathname.endsWith('/games/fairness/seeds') && request.method() === 'PUT') {
          const body = request.postDataJSON() as { client_seed?: string };
          rotations.push(body);
          revealed = true;
          return json(route, {
            data: {
              previous: {
                id: 'p1',
                server_seed: SEED,
                commitment: COMMITMENT,
                client_seed: 'lucky-orbit',
                nonce: 8,
              },
              active: active(body.client_seed ?? 'random', 0),
            },
          });
        }
        if (pathname.endsWith('/games/fairness/history')) {
          const data = revealed
            ? [
                {
                  id: 'p1',
                  server_seed: SEED,
                  commitment: COMMITMENT,
                  client_seed: 'lucky-orbit',
                  bets: 8,
                  created_at: '2025-05-01T09:00:00.000Z',
                  revealed_at: '2025-05-01T10:05:00.000Z',
                },
              ]
            : [];
          return json(route, { data, meta: { page: 1, per_page: 10, total: data.length } });
        }
        return route.fulfill({ status: 404, contentType: 'application/json', body: '{"errors":{}}' });
      },
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  test('a bet whose pair is active explains that its seed is still secret', async () => {
    page = await context.newPage();
    await page.goto(`${stage.server.url}/en/fairness?bet=42`, { waitUntil: 'networkidle' });
    const state = page.getByTestId('bet-state');
    await eventually(() => state.getAttribute('data-state')).toBe('hidden');
    const form = page.locator('.fair-form');
    expect(await form.getByLabel('Client seed').inputValue()).toBe('lucky-orbit');
    expect(await form.getByLabel('Nonce').inputValue()).toBe('7');
    expect(await form.getByLabel('Server seed', { exact: true }).inputValue()).toBe('');
    expect(await page.getByTestId('verify-roll').count()).toBe(0);
  });

  test('the modal shows the active pair, traps focus, locks the page scroll and rotates', async () => {
    const opener = page.getByTestId('open-seeds');
    await opener.click();
    const dialog = page.locator('[role="dialog"][data-modal="Fairness"]');
    await dialog.getByTestId('fair-commitment').waitFor();
    expect(await dialog.getByTestId('fair-commitment').textContent()).toBe(COMMITMENT);
    expect(await dialog.getByTestId('fair-client-seed').textContent()).toBe('lucky-orbit');
    expect(await dialog.getByTestId('fair-nonce').textContent()).toBe('8');
    expect(await dialog.getByTestId('fair-next-commitment').textContent()).toBe(sha256(NEXT_SEED));
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await shot(page, 'modal');

    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    const seedField = dialog.getByLabel('New client seed');
    await seedField.fill('');
    await dialog.getByRole('button', { name: 'Change client seed (rotates)' }).click();
    expect(await dialog.locator('.field-error').textContent()).toContain('1 to 64');
    expect(rotations).toEqual([]);
    await dialog.getByRole('button', { name: 'Random' }).click();
    expect(await seedField.inputValue()).toMatch(/^[0-9a-f]{32}$/);
    await seedField.fill('my own seed');
    await dialog.getByRole('button', { name: 'Change client seed (rotates)' }).click();

    await dialog.getByTestId('fair-revealed-seed').waitFor();
    expect(rotations).toEqual([{ client_seed: 'my own seed' }]);
    expect(await dialog.getByTestId('fair-revealed-seed').textContent()).toBe(SEED);
    expect(await dialog.getByTestId('fair-client-seed').textContent()).toBe('my own seed');
    expect(await dialog.getByTestId('fair-nonce').textContent()).toBe('0');
    const link = new URL(
      (await dialog.getByTestId('fair-verify-link').getAttribute('href')) ?? '',
      stage.server.url,
    );
    expect(link.pathname).toBe('/en/fairness');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      game: 'dice',
      server_seed: SEED,
      client_seed: 'lucky-orbit',
      nonce: '7',
      commitment: COMMITMENT,
    });
    await dialog.getByTestId('fair-history').waitFor();
    expect(await dialog.getByTestId('fair-history').locator('li').count()).toBe(1);
    await shot(page, 'modal-revealed');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'modal-revealed');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('after the rotation the bet loads revealed and verifies', async () => {
    await eventually(() => page.getByTestId('verify-roll').textContent()).toBe(VECTORS.dice);
    expect(await page.getByTestId('bet-state').count()).toBe(0);
    expect(await page.locator('.fair-verdict').textContent()).toBe('Roll over 49.50 · loss');
    expect(await page.getByTestId('verify-match').textContent()).toContain('Matches');
    await eventually(() => page.url()).toContain(`server_seed=${SEED}`);
    expect(problems).toEqual([]);
  });

  test('bet rows of the history link to the verifier', async () => {
    const history = await context.newPage();
    await history.route(
      (url) => url.pathname === '/api/profile/history',
      (route) =>
        json(route, {
          data: [
            {
              id: 'h1',
              type: 'bet',
              amount: '-10.00',
              currency: 'RUB',
              status: 'success',
              created_at: '2025-05-01T10:00:00.000Z',
              bet_id: '42',
              game: 'dice',
              label: null,
              detail: null,
              balance: 'cash',
              verify: 'bet=42',
            },
            {
              id: 'h2',
              type: 'deposit',
              amount: '100.00',
              currency: 'RUB',
              status: 'success',
              created_at: '2025-05-01T09:00:00.000Z',
            },
          ],
          meta: { page: 1, per_page: 20, total: 2 },
        }),
    );
    await history.goto(`${stage.server.url}/en/profile/history`);
    const link = history.getByTestId('history-verify');
    await link.waitFor();
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe('/en/fairness?bet=42');
    await shot(history, 'history');
    expect(await history.locator('tr[data-type="bet"] td').nth(1).textContent()).toContain('Dice');
    await link.click();
    await eventually(() => history.getByTestId('verify-roll').textContent()).toBe(VECTORS.dice);
  });
});

describe('against the real games API', () => {
  let token: string;
  let context: BrowserContext;
  let problems: string[];
  let page: Page;

  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
    apiCall<T>(stage.server.url, method, url, token, body);
  const diceBet = async () =>
    (
      await call<{ data: { bet: { id: string; outcome: { roll: string }; commitment: string } } }>(
        'POST',
        '/games/dice/bet',
        { amount: '10', target: '49.50', direction: 'under' },
      )
    ).data.bet;

  beforeAll(async () => {
    ({ token } = await fundedPlayer(stage.server.url, { prefix: 'fairness' }));
    ({ context, problems } = await newContext(1280, token));
  });
  afterAll(async () => {
    await context?.close();
  });

  test("the dice page's fairness button opens the modal; a rotation reveals the seed of the commitment", async () => {
    const bet = await diceBet();
    page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    const opener = page.getByTestId('fairness-open');
    await opener.click();
    const dialog = page.locator('[role="dialog"][data-modal="Fairness"]');
    await dialog.getByTestId('fair-commitment').waitFor();
    const commitment = await dialog.getByTestId('fair-commitment').textContent();
    expect(commitment).toBe(bet.commitment);
    expect(await dialog.getByTestId('fair-nonce').textContent()).toBe('1');
    const next = await dialog.getByTestId('fair-next-commitment').textContent();
    await shot(page, 'game-modal');

    // Space is the kit's bet hotkey, and the modal lives inside the kit's React tree (whose bet
    // panel is a form): neither a key nor the rotation's submit may place a bet.
    const before = (await call<{ data: unknown[] }>('GET', '/games/bets?game=dice')).data.length;
    await page.keyboard.press('Space');

    await dialog.getByRole('button', { name: 'Change client seed (rotates)' }).click();
    await dialog.getByTestId('fair-revealed-seed').waitFor();
    const seed = (await dialog.getByTestId('fair-revealed-seed').textContent()) ?? '';
    expect(sha256(seed)).toBe(commitment);
    expect(await dialog.getByTestId('fair-commitment').textContent()).toBe(next);
    expect(await dialog.getByTestId('fair-nonce').textContent()).toBe('0');
    await dialog.getByTestId('fair-history').waitFor();
    expect((await call<{ data: unknown[] }>('GET', '/games/bets?game=dice')).data.length).toBe(before);

    // The verify link opens the verifier on the pair's last bet, which is the bet above.
    await dialog.getByTestId('fair-verify-link').click();
    await page.waitForURL(/\/en\/fairness\?/);
    await eventually(() => page.getByTestId('verify-roll').textContent()).toBe(bet.outcome.roll);
    expect(await page.getByTestId('verify-match').textContent()).toContain('Matches');
  });

  test('a bet from the history verifies once its pair is rotated from the verifier', async () => {
    const bet = await diceBet();
    await page.goto(`${stage.server.url}/en/profile/history`);
    const link = page.locator(`[data-testid="history-verify"][href$="bet=${bet.id}"]`);
    await link.click();
    const state = page.getByTestId('bet-state');
    await eventually(() => state.getAttribute('data-state')).toBe('hidden');
    await page.getByTestId('open-seeds').click();
    const dialog = page.locator('[role="dialog"][data-modal="Fairness"]');
    await dialog.getByRole('button', { name: 'Change client seed (rotates)' }).click();
    await dialog.getByTestId('fair-revealed-seed').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await eventually(() => page.getByTestId('verify-roll').textContent()).toBe(bet.outcome.roll);
    expect(await page.locator('.fair-verdict').textContent()).toMatch(/^Roll under 49\.50 · (win|loss)$/);
    expect(problems).toEqual([]);
  });
});
