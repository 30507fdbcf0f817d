import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { gameStage, headerBalance } from '../helpers/game-page.ts';

/**
 * What a new player reported on the game pages, in Chromium against the real server, with one
 * funded RUB player: the board and the bet button in one screen on a phone, a board that does not
 * move when the first result lands, amount messages that say what is wrong and name the limits in
 * the player's money (the server's too), numbers in the player's locale (pt-BR), instant auto-bet,
 * keno's returned stake and pick count, the cases sorted by price with a price that is not a field.
 */

const stage = gameStage();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The player's bets of one game (newest first) and balance, from the API. */
const betsOf = async (token: string, game: string) =>
  (
    await apiCall<{ data: { amount: string; payout: string }[] }>(
      stage.server.url,
      'GET',
      `/games/bets?game=${game}&per_page=100`,
      token,
    )
  ).data;
const balanceOf = async (token: string) =>
  (await apiCall<{ user: { balance: string } }>(stage.server.url, 'GET', '/profile/user', token)).user
    .balance;

/** Shown text with the no-break spaces Intl puts in amounts ("RUB\u00a01.00") as plain spaces. */
const plain = async (text: Promise<string | null>) => (await text)?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

/** An amount as shown in en-US ("RUB 1,003.98") as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Where an element is, vertically, in page coordinates (independent of the scroll). */
const pageTop = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

/** Opens a page and waits for the player's session (the header shows the balance). */
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  await expect.poll(() => headerBalance(page)).toMatch(/\d/);
}

/**
 * Follows the page's `/ws` socket: whether it carries the player's channel yet (until then a bet
 * goes over HTTP), how many bet requests it sent, and the most ever unanswered at once.
 */
function watchSocket(page: Page) {
  const seen = { authenticated: false, requests: 0, inFlight: 0, most: 0 };
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (!String(payload).includes('"type":"request"')) return;
      seen.requests += 1;
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
    });
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"response"')) seen.inFlight -= 1;
      if (String(payload).includes('"type":"authenticated"')) seen.authenticated = true;
    });
  });
  return seen;
}

/** Counts the page's bets of `game` sent over HTTP (the manual path, and the socket's fallback). */
function countHttpBets(page: Page, game: string) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/games/${game}/bet`)) seen.count += 1;
  });
  return seen;
}

/**
 * Runs an instant auto-bet series of `count` bets once `ready` (the page's socket carries the
 * player's channel); `during` looks at the page while it runs. Resolves with the ms from the click
 * to the end.
 */
async function instantSeries(
  page: Page,
  count: number,
  ready: () => boolean,
  during: () => Promise<void> = async () => {},
) {
  await page.getByTestId('mode-auto').click();
  const turbo = page.getByTestId('turbo-toggle');
  if ((await turbo.getAttribute('aria-checked')) !== 'true') await turbo.click();
  await page.getByTestId('autobet-form').locator('input[name="autobet-count"]').fill(String(count));
  await expect.poll(ready).toBe(true);
  const button = page.getByTestId('bet-button');
  const started = Date.now();
  await button.click();
  await expect.poll(() => button.getAttribute('data-running'), { timeout: 2_000 }).toBe('true');
  await during();
  await expect
    .poll(() => button.getAttribute('data-running'), { timeout: 20_000, interval: 50 })
    .toBe('false');
  return Date.now() - started;
}

/** "My bets" lists `id` first. */
async function expectNewestOfMine(page: Page, id: string) {
  await page.getByTestId('tab-mine').click();
  await expect
    .poll(() =>
      page
        .locator('[data-testid="bet-tabs"] [data-panel="mine"] tbody tr')
        .first()
        .getAttribute('data-bet-id'),
    )
    .toBe(id);
}

/**
 * Resizes the page and waits until it has laid itself out at the new size (Chromium applies a
 * new viewport over a frame or two; a board's ResizeObserver a frame later).
 */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The page tops of `selectors`, once four readings a frame apart agree (the layout has settled). */
async function stableTops(page: Page, selectors: string[]): Promise<number[]> {
  await page.evaluate(() => document.fonts.ready);
  let last: number[] | null = null;
  let agreeing = 0;
  for (let i = 0; i < 30; i++) {
    const now = await Promise.all(selectors.map((selector) => pageTop(page, selector)));
    agreeing = last && now.every((top, j) => top === last?.[j]) ? agreeing + 1 : 0;
    if (agreeing === 3) return now;
    last = now;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  return last ?? [];
}

/** Whether every element is entirely on screen, below the site's sticky header. */
async function onScreen(page: Page, selectors: string[]): Promise<boolean> {
  return page.evaluate((list) => {
    let node = document.elementFromPoint(window.innerWidth / 2, 1);
    let top = 0;
    while (node && node !== document.body) {
      const { position } = getComputedStyle(node);
      if (position === 'fixed' || position === 'sticky') {
        top = node.getBoundingClientRect().bottom;
        break;
      }
      node = node.parentElement;
    }
    return list.every((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return (
        box !== undefined && box.height > 0 && box.top >= top - 1 && box.bottom <= window.innerHeight + 1
      );
    });
  }, selectors);
}

/** A game page, its outcome (what must be watched) and how to lay a bet. */
interface GameCase {
  game: string;
  path: string;
  /** The parts of the board that show the outcome. */
  watch: string[];
  /** What must not move when the first result lands (games with result history, item 10). */
  steady?: string[];
  prepare?: (page: Page) => Promise<void>;
}

const GAMES: GameCase[] = [
  {
    game: 'dice',
    path: 'dice',
    watch: ['[data-testid="dice-result"]', '.dice-track'],
    steady: ['.gk-stage', '.dice-track'],
  },
  {
    game: 'roulette',
    path: 'roulette',
    watch: ['[data-testid="roulette-wheel"]'],
    steady: ['.gk-stage', '[data-testid="roulette-table"]'],
    prepare: async (page) => {
      await page.locator('.rack-chip').first().waitFor();
      await page.locator('[data-testid="roulette-table"] [data-spot="red"]').click();
    },
  },
  {
    game: 'keno',
    path: 'keno',
    watch: ['.keno-grid', '[data-testid="keno-drawn"]'],
    steady: ['.gk-stage', '.keno-grid'],
    prepare: async (page) => {
      await page.getByTestId('keno-autopick').click();
    },
  },
  { game: 'wheel', path: 'wheel', watch: ['.wheel-stage'] },
  { game: 'cases', path: 'cases/easy', watch: ['.cg-reel-window'] },
  { game: 'coinflip', path: 'coinflip', watch: ['.cf-coin-stage'] },
];

describe('game pages, as a new player reported them', () => {
  let token: string;
  let context: BrowserContext;
  let problems: string[];

  beforeAll(async () => {
    ({ token } = await fundedPlayer(stage.server.url, { prefix: 'ux' }));
    // Reduced motion: outcomes show at once (instant play is tested on its own below).
    ({ context, problems } = await stage.playerContext(token, { reducedMotion: 'reduce' }));
  });
  afterAll(async () => {
    await context?.close();
  });

  test.each(GAMES)(
    '$game: the board and the bet button share the screen at 390 and 1440 px; the first result moves nothing',
    async ({ path, watch, steady, prepare, game }) => {
      const page = await context.newPage();
      await page.setViewportSize(PHONE);
      await open(page, `${stage.server.url}/en/games/${path}`);
      await page.getByTestId('game-shell').waitFor();
      await prepare?.(page);
      const button =
        game === 'coinflip' ? page.getByTestId('coinflip-start') : page.getByTestId('bet-button');
      await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();

      // Where the board's parts are before any result, at both widths.
      const place = () => stableTops(page, steady ?? []);
      const settle = async (width: number) => {
        if (game !== 'roulette') return;
        await expect
          .poll(() => page.locator('.roulette').getAttribute('data-orientation'))
          .toBe(width < 600 ? 'tall' : 'wide');
        // The wheel has its size for this width (roulette-head.css, roulette-tall.css) before the
        // board is measured: a reading taken while it still had the other width's size would be
        // compared with the settled board later (seen once on a loaded machine).
        await expect
          .poll(() =>
            page.getByTestId('roulette-wheel').evaluate((wheel) => wheel.getBoundingClientRect().width),
          )
          .toBe(width < 600 ? 104 : Math.min(200, Math.max(120, width * 0.22)));
      };
      await settle(PHONE.width);
      const phoneBefore = await place();
      await resize(page, DESKTOP);
      await settle(DESKTOP.width);
      const desktopBefore = await place();

      for (const viewport of [PHONE, DESKTOP]) {
        await resize(page, viewport);
        await settle(viewport.width);
        // The player scrolls to the bet button (the page's bottom on a phone) and taps it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await button.click();
        const pressed = game === 'coinflip' ? '[data-testid="coinflip-heads"]' : '[data-testid="bet-button"]';
        await expect.poll(() => onScreen(page, [...watch, pressed]), { timeout: 5_000 }).toBe(true);
        if (game === 'coinflip') {
          // Call until the series ends; cash out a win.
          await page.getByTestId('coinflip-heads').click();
          // The call is decided once the series is lost or a cash-out is offered (after a right call).
          const board = page.getByTestId('coinflip-board');
          const cashout = page.getByTestId('coinflip-cashout');
          await expect
            .poll(
              async () => (await board.getAttribute('data-series')) === 'lost' || (await cashout.isEnabled()),
            )
            .toBe(true);
          if ((await board.getAttribute('data-series')) === 'open') await cashout.click();
          await expect
            .poll(() => page.getByTestId('coinflip-board').getAttribute('data-series'))
            .toMatch(/won|lost/);
        } else {
          await expect.poll(() => page.getByTestId('bet-button').getAttribute('aria-busy')).toBe('false');
        }
      }
      await expect.poll(() => page.locator('[data-testid="result-chips"] li').count()).toBeGreaterThan(0);

      if (steady) {
        // The history row was there, empty, before the first result: nothing under it moved.
        expect(await place()).toEqual(desktopBefore);
        await resize(page, PHONE);
        await settle(PHONE.width);
        expect(await place()).toEqual(phoneBefore);
      }
      await page.close();
    },
  );

  test("the amount field says what is wrong and names the limits; so do the server's refusals", async () => {
    const page = await context.newPage();
    await open(page, `${stage.server.url}/en/games/dice`);
    const amount = page.getByTestId('bet-amount');
    await expect.poll(() => amount.inputValue()).toBe('1.00');
    const error = page.getByTestId('amount-error');
    const says = async (typed: string) => {
      await amount.fill(typed);
      return plain(error.textContent());
    };
    expect(await says('abc')).toBe('Enter the amount as a number, for example 10.50');
    expect(await says('1.234')).toBe('Use at most two decimal places, for example 10.50');
    expect(await says('0.5')).toBe('The minimum bet is RUB 1.00');
    expect(await says('20000')).toBe('The maximum bet is RUB 10,000.00');
    const balance = await balanceOf(token);
    expect(await says('5000')).toBe(
      `That is more than your balance of RUB ${Number(balance).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(await page.getByTestId('bet-button').getAttribute('aria-disabled')).toBe('true');
    // A valid stake: no message, and the profit of a win to the cent (1.00 at 2× makes 1.00).
    await page.getByTestId('dice-multiplier').fill('2');
    await amount.fill('1');
    expect(await error.count()).toBe(0);
    expect(await plain(page.getByTestId('profit-on-win').textContent())).toBe('RUB 1.00');
    await page.close();

    // The server's refusals, with the limits the page knows widened so the bets reach it.
    const wide = await context.newPage();
    // This page starts from the game's minimum, not the amount the earlier steps chose (prefs.ts).
    await wide.addInitScript(() => localStorage.removeItem('orbita:games:amount:dice:RUB'));
    await wide.route('**/config/currencies', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as {
        data: { limits: Record<string, { min_bet: string; max_bet: string }> }[];
      };
      for (const currency of body.data)
        for (const band of Object.values(currency.limits))
          Object.assign(band, { min_bet: '0.01', max_bet: '100000' });
      await route.fulfill({ response: answer, json: body });
    });
    const notice = wide.locator('[data-testid="notices"] .notice').last();
    await open(wide, `${stage.server.url}/en/games/dice`);
    // The widened minimum, raised to the smallest stake that can win (docs/fairness.md §8).
    await expect.poll(() => wide.getByTestId('bet-amount').inputValue()).toMatch(/^0\.0[1-9]$/);
    await wide.getByTestId('bet-amount').fill('0.5');
    await wide.getByTestId('bet-button').click();
    await expect.poll(() => plain(notice.textContent())).toContain('The minimum bet is RUB 1.00');
    // The wheel of fortune takes at most 1 RUB (docs/product-rules.md §9).
    await open(wide, `${stage.server.url}/en/games/wheel`);
    await expect.poll(() => wide.getByTestId('bet-amount').inputValue()).toMatch(/^0\.0[1-9]$/);
    await wide.getByTestId('bet-amount').fill('2');
    await wide.getByTestId('bet-button').click();
    await expect.poll(() => plain(notice.textContent())).toContain('The maximum bet is RUB 1.00');
    expect(await notice.textContent()).not.toMatch(/error\.|gameKit\.|bet_above_max/);
    await wide.close();
    // The two refusals are the console's only complaints (the browser logs every 422).
    const refused = problems.filter((line) => line.includes('status of 422'));
    expect(refused).toHaveLength(2);
    problems.splice(0, problems.length, ...problems.filter((line) => !refused.includes(line)));
  });

  test('the minimum bet that arrives while the player is in the amount field does not join their digits', async () => {
    const page = await context.newPage();
    // The currencies (and with them the minimum bet) answer only once the player is in the field.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/config/currencies', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, `${stage.server.url}/en/games/dice`);
    const amount = page.getByTestId('bet-amount');
    await amount.focus();
    const limits = page.waitForResponse((response) => response.url().endsWith('/config/currencies'));
    release();
    await limits;
    // Time for the page to take the limits in (it used to write the minimum into the field now).
    await page.waitForTimeout(300);
    await amount.pressSequentially('10');
    expect(await amount.inputValue()).toBe('10');
    await page.close();
  });

  test('pt-BR: the numbers use the decimal comma and "1,5" is a stake, at 1440 and 390 px', async () => {
    const br = await stage.playerContext(token, { reducedMotion: 'reduce', width: DESKTOP.width });
    const page = await br.context.newPage();
    await open(page, `${stage.server.url}/br/games/dice`);
    const amount = page.getByTestId('bet-amount');
    await expect.poll(() => amount.inputValue()).toBe('1,00');
    expect(await page.getByTestId('dice-target').inputValue()).toBe('50,00');
    expect(await page.getByTestId('dice-chance').inputValue()).toBe('50,00');
    expect(await page.getByTestId('dice-multiplier').inputValue()).toBe('1,98');
    expect(await page.getByTestId('profit-on-win').textContent()).toBe('RUB\u00a00,98');

    // The linked inputs read the comma too: a 49,5 % chance is a 2× multiplier.
    await page.getByTestId('dice-chance').fill('49,5');
    await page.getByTestId('dice-chance').press('Tab');
    expect(await page.getByTestId('dice-multiplier').inputValue()).toBe('2,00');
    await amount.fill('1,5');
    await amount.press('Tab');
    expect(await amount.inputValue()).toBe('1,50');
    expect(await page.getByTestId('amount-error').count()).toBe(0);
    expect(await page.getByTestId('profit-on-win').textContent()).toBe('RUB\u00a01,50');
    const answered = page.waitForResponse((response) => response.url().endsWith('/games/dice/bet'));
    await page.getByTestId('bet-button').click();
    const { data } = (await (await answered).json()) as {
      data: { bet: { amount: string; params: unknown } };
    };
    expect(data.bet).toMatchObject({ amount: '1.50', params: { target: '49.50' } });
    await expect.poll(() => page.getByTestId('dice-result').getAttribute('data-state')).toMatch(/win|loss/);
    expect(await page.locator('.dice-roll').textContent()).toMatch(/^\d{1,3},\d{2}$/);
    expect(await page.getByTestId('result-chips').locator('li').first().textContent()).toMatch(/\d,\d{2}×$/);
    await page.getByTestId('tab-mine').click();
    await expect
      .poll(() => page.locator('[data-testid="bet-tabs"] [data-panel="mine"] tbody tr').first().textContent())
      .toContain('RUB\u00a01,50');

    // Auto-bet reads the comma as well; reduced motion turns instant play on by itself.
    await page.getByTestId('mode-auto').click();
    const form = page.getByTestId('autobet-form');
    await form.locator('input[name="autobet-count"]').fill('1');
    await form.locator('input[name="stop-profit"]').fill('0,5');
    expect(await page.getByTestId('turbo-toggle').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('turbo-toggle').isDisabled()).toBe(true);
    await page.getByTestId('bet-button').click();
    await expect.poll(() => page.getByTestId('bet-button').getAttribute('data-running')).toBe('false');
    expect(await form.locator('.gk-error').count()).toBe(0);

    for (const width of [DESKTOP.width, PHONE.width]) {
      await resize(page, width === PHONE.width ? PHONE : DESKTOP);
      // No English decimals anywhere in the game (a dot before exactly two digits).
      const text = (await page.getByTestId('game-shell').textContent()) ?? '';
      expect(text).not.toMatch(/\d\.\d{2}(?!\d)/);
      expect(text).toMatch(/\d,\d{2}/);
    }
    await br.context.close();
    expect(br.problems).toEqual([]);
  });

  test('instant auto-bet: 30 bets over the socket without animations in under 5 s; balance and history agree', async () => {
    const motion = await stage.playerContext(token, { width: DESKTOP.width });
    const page = await motion.context.newPage();
    // How the bets went: over HTTP (the manual path) or as `request` frames on the page's socket.
    const overHttp = countHttpBets(page, 'dice');
    const socket = watchSocket(page);
    await open(page, `${stage.server.url}/en/games/dice`);
    await expect.poll(() => page.getByTestId('bet-amount').inputValue()).toBe('1.00');
    const before = (await betsOf(token, 'dice')).length;
    await page.getByTestId('mode-auto').click();
    // Off for a new player; the series turns it on (and it is remembered, below).
    expect(await page.getByTestId('turbo-toggle').getAttribute('aria-checked')).toBe('false');
    const took = await instantSeries(page, 30, () => socket.authenticated);
    // With the 0.6 s roll and the beat between bets, 30 bets would take about 28 s.
    expect(took).toBeLessThan(5_000);
    // Exactly 30 bets, each sent once, all over the socket (docs/api-money.md "Bets over the socket").
    expect((await betsOf(token, 'dice')).length).toBe(before + 30);
    expect([socket.requests, overHttp.count]).toEqual([30, 0]);
    const balance = await balanceOf(token);
    await expect.poll(async () => amountOf(await headerBalance(page))).toBe(Number(balance));
    // The chips keep the newest 20; the first of them is the series' last bet.
    await expect.poll(() => page.getByTestId('result-chips').locator('li').count()).toBe(20);
    const last = (await betsOf(token, 'dice'))[0] as unknown as { id: string };
    await expectNewestOfMine(page, last.id);
    // Remembered for this player.
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => headerBalance(page)).toMatch(/\d/);
    await page.getByTestId('mode-auto').click();
    expect(await page.getByTestId('turbo-toggle').getAttribute('aria-checked')).toBe('true');
    await motion.context.close();
    expect(motion.problems).toEqual([]);
  });

  test('keno and wheel: an instant series bets several at once and the board ends on the last result', async () => {
    const player = await stage.playerContext(token, { width: DESKTOP.width });
    const page = await player.context.newPage();
    const socket = watchSocket(page);
    for (const game of ['keno', 'wheel'] as const) {
      socket.authenticated = false;
      socket.most = 0;
      await open(page, `${stage.server.url}/en/games/${game}`);
      if (game === 'keno')
        for (const n of [4, 9, 23]) await page.locator(`.keno-cell[data-number="${n}"]`).click();
      const before = (await betsOf(token, game)).length;
      await instantSeries(
        page,
        25,
        () => socket.authenticated,
        async () => {
          // The inputs keep the series' own: keno's picks are locked while it runs.
          if (game === 'keno') expect(await page.getByTestId('keno-clear').isDisabled()).toBe(true);
        },
      );
      const bets = (await betsOf(token, game)) as unknown as { id: string; multiplier: string }[];
      expect(bets.length).toBe(before + 25);
      // A fixed stake and no stops: the next bet went out before the previous answer.
      expect(socket.most).toBeGreaterThan(1);
      await expect.poll(async () => amountOf(await headerBalance(page))).toBe(Number(await balanceOf(token)));
      // The board shows the series' last bet.
      await expectNewestOfMine(page, bets[0]!.id);
      if (game === 'wheel') {
        const shown = (await page.getByTestId('wheel-result').textContent()) ?? '';
        expect(Number.parseFloat(shown)).toBe(Number.parseFloat(bets[0]!.multiplier));
      }
      if (game === 'keno') expect(await page.getByTestId('keno-clear').isDisabled()).toBe(false);
    }
    await player.context.close();
    expect(player.problems).toEqual([]);
  });

  test('a socket lost during an instant series: the unanswered bet is replayed over HTTP, never placed twice', async () => {
    const lost = await stage.playerContext(token, { width: DESKTOP.width });
    const page = await lost.context.newPage();
    const overHttp = countHttpBets(page, 'dice');
    // The fifth bet reaches the server, which places it; its answer never reaches the page, and
    // the socket closes.
    let requests = 0;
    let dropped = false;
    let authenticated = false;
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      let dropId: number | null = null;
      ws.onMessage((message) => {
        const text = String(message);
        if (!dropped && text.includes('"type":"request"') && ++requests === 5)
          dropId = (JSON.parse(text) as { id: number }).id;
        server.send(message);
      });
      server.onMessage((message) => {
        const text = String(message);
        if (text.includes('"type":"authenticated"')) authenticated = true;
        if (dropId !== null && !dropped && text.includes(`"type":"response","id":${dropId},`)) {
          dropped = true;
          void ws.close();
          return;
        }
        ws.send(message);
      });
    });
    await open(page, `${stage.server.url}/en/games/dice`);
    await expect.poll(() => page.getByTestId('bet-amount').inputValue()).toBe('1.00');
    const before = (await betsOf(token, 'dice')).length;
    await instantSeries(page, 12, () => authenticated);
    expect(dropped).toBe(true);
    expect(overHttp.count).toBeGreaterThan(0);
    expect((await betsOf(token, 'dice')).length).toBe(before + 12);
    const balance = await balanceOf(token);
    await expect.poll(async () => amountOf(await headerBalance(page))).toBe(Number(balance));
    await lost.context.close();
    expect(lost.problems).toEqual([]);
  });

  test('keno: "Numbers to pick" follows the picks; a 1.00× draw says the stake is returned', async () => {
    const page = await context.newPage();
    await open(page, `${stage.server.url}/en/games/keno`);
    const count = page.getByLabel('Numbers to pick');
    const cell = (n: number) => page.locator(`.keno-cell[data-number="${n}"]`);
    for (const n of [3, 8, 12, 19, 27, 33]) await cell(n).click();
    expect(await count.inputValue()).toBe('6');
    await page.getByTestId('keno-clear').click();
    // Classic, 3 picks: one hit pays 1.00× (44 % of draws).
    for (const n of [5, 14, 23]) await cell(n).click();
    expect(await count.inputValue()).toBe('3');
    const status = page.getByTestId('keno-status');
    let returned = false;
    for (let i = 0; i < 30 && !returned; i++) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/games/keno/bet'));
      await page.getByTestId('bet-button').click();
      const { data } = (await (await answer).json()) as { data: { bet: { amount: string; payout: string } } };
      await expect.poll(() => status.getAttribute('data-verdict')).toBeTruthy();
      await expect.poll(() => page.getByTestId('bet-button').getAttribute('aria-busy')).toBe('false');
      if (data.bet.payout === data.bet.amount) {
        returned = true;
        expect(await status.textContent()).toMatch(/1 of 3 hit: 1\.00× · Stake returned$/);
        expect(await page.getByTestId('bet-announce').textContent()).toMatch(/^Stake returned/);
        expect(
          await page.getByTestId('result-chips').locator('li').first().getAttribute('data-verdict'),
        ).toBe('push');
      }
    }
    expect(returned).toBe(true);
    await page.close();
  });

  test('cases: the catalogue goes from the cheapest up; the price is a price, not a field', async () => {
    const page = await context.newPage();
    for (const viewport of [DESKTOP, PHONE]) {
      await resize(page, viewport);
      await open(page, `${stage.server.url}/en/games/cases`);
      const tiles = page.locator('[data-testid="case-catalogue"] li');
      expect(await tiles.count()).toBe(6);
      // In reading order (rows, then left to right) the prices rise.
      const shown = await tiles.evaluateAll((items) =>
        items
          .map((item) => ({
            box: item.getBoundingClientRect(),
            price: item.querySelector('[data-case-price]')?.textContent ?? '',
          }))
          .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
          .map((item) => Number(item.price.replace(/[^\d.]/g, ''))),
      );
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
      expect(shown[0]).toBe(50);
    }
    await open(page, `${stage.server.url}/en/games/cases/easy`);
    const price = page.getByTestId('bet-amount');
    await expect.poll(() => price.getAttribute('data-amount')).toBe('50.00');
    expect(await price.evaluate((el) => el.tagName)).toBe('OUTPUT');
    expect(await plain(price.textContent())).toBe('RUB 50.00');
    expect(await page.locator('[data-testid="game-shell"] form input[name="amount"]').count()).toBe(0);
    expect(await page.locator('.gk-panel').getByRole('textbox').count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  });
});
