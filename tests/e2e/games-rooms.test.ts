import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { RoomRound } from '../../src/shared/api/rooms.ts';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { gameStage, headerBalance, laidOut } from '../helpers/game-page.ts';
import { minor } from '../helpers/rooms.ts';
import { SHOTS } from '../helpers/stage.ts';

/**
 * Rooms in Chromium against the real server (docs/api-games.md "Rooms"): two players in two
 * browser contexts join the red room; each sees the other live; the countdown runs, the tape
 * lands on the winner, whose header balance grows by the pot less the commission; the round's
 * verify link recomputes the winning ticket on /fairness. The lobby shows the three rooms live.
 * The draw is scripted (TEST_ROOMS_WINNER_SEAT, NODE_ENV=test): the first seat, Alice, wins.
 */
const stage = gameStage({ NODE_ENV: 'test', ROOMS_COUNTDOWN_MS: '4000', TEST_ROOMS_WINNER_SEAT: '0' });

/** The page, full height, at 1440 and at 390 px (`rooms-<name>-1440.png`, `-390.png`); no sideways scroll. */
async function shot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await laidOut(page);
    await page.screenshot({ path: path.join(SHOTS, `rooms-${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px: no horizontal scroll`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** What a locator shows, its spaces (Intl writes no-break spaces) as plain ones. */
const shown = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');
const phase = (page: Page) => page.getByTestId('room-board').getAttribute('data-phase');
/** The header balance in minor units ("RUB 1,028" or "RUB 1,027.50", en-US). */
const balanceOf = async (page: Page) => {
  const [whole = '0', cents = ''] = ((await headerBalance(page)) ?? '').replace(/[^\d.]/g, '').split('.');
  return BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2) || '0');
};

describe('rooms', () => {
  test('two players in the red room: live joins, countdown, the draw, the winner paid the pot less 5 %', async () => {
    const base = stage.server.url;
    const [alice, bob] = await Promise.all([
      fundedPlayer(base, { amount: '1000', prefix: 'rooms-a' }),
      fundedPlayer(base, { amount: '1000', prefix: 'rooms-b' }),
    ]);
    const a = await stage.playerContext(alice.token, { width: 1440 });
    const b = await stage.playerContext(bob.token, { width: 1440, reducedMotion: 'reduce' });
    const guest = await stage.playerContext(null, { width: 1440 });
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();
    const lobby = await guest.context.newPage();

    await lobby.goto(`${base}/en/games/rooms`);
    for (const room of ['red', 'yellow', 'purple'])
      await expect.poll(() => lobby.getByTestId(`rooms-pot-${room}`).textContent()).toBe('$0.00');
    await pageA.goto(`${base}/en/games/rooms/red`);
    await pageB.goto(`${base}/en/games/rooms/red`);
    // The islands load slowly on a busy machine; a failure names what the pages reported.
    for (const [page, problems] of [
      [pageA, a.problems],
      [pageB, b.problems],
    ] as const) {
      await expect
        .poll(() => phase(page), { timeout: 30_000, message: `the room page loads (${problems.join('; ')})` })
        .toBe('waiting');
    }
    await expect.poll(() => balanceOf(pageA)).toBe(1_000_00n);
    await shot(pageA, 'red-empty');

    await pageA.getByTestId('bet-amount').fill('10');
    await pageA.getByTestId('room-join').click();
    await expect.poll(() => shown(pageA.getByTestId('room-mine'))).toContain('RUB 10.00');
    // Bob sees Alice come in, live; so does the lobby (a guest sees USD rounds: not this one).
    await expect.poll(() => pageB.getByTestId('room-player').count()).toBe(1);
    expect(await shown(pageB.getByTestId('room-pot'))).toBe('RUB 10.00');
    await expect.poll(() => pageA.getByTestId('room-leave').isVisible()).toBe(true);
    await shot(pageA, 'red-one-player');

    await pageB.getByTestId('bet-amount').fill('30');
    await pageB.getByTestId('room-join').click();
    await expect.poll(() => phase(pageA)).toBe('countdown');
    expect(await shown(pageA.getByTestId('room-pot'))).toBe('RUB 40.00');
    expect(await pageA.getByTestId('room-leave').count()).toBe(0);
    const chances = await pageA.getByTestId('room-player').allTextContents();
    expect(chances.map((row) => row.replace(/\s/g, ''))).toEqual([
      expect.stringContaining('RUB10.0025%'),
      expect.stringContaining('RUB30.0075%'),
    ]);
    await shot(pageA, 'red-countdown');

    // The draw: the tape runs (Alice), or lands at once (Bob, reduced motion); then the result.
    await expect.poll(() => phase(pageA), { timeout: 15_000 }).toMatch(/^draw-/);
    // Each page's result stays a few seconds (Bob's at once, Alice's after the tape), then the next round.
    await expect.poll(() => phase(pageB), { timeout: 15_000 }).toBe('draw-result');
    const noteB = await shown(pageB.getByTestId('room-note'));
    await expect.poll(() => phase(pageA), { timeout: 15_000 }).toBe('draw-result');
    const notes = [await shown(pageA.getByTestId('room-note')), noteB];
    await shot(pageA, 'red-result');

    const rounds = await apiCall<{ data: RoomRound[] }>(
      base,
      'GET',
      '/games/rooms/red/rounds?currency=RUB',
      '',
    );
    const round = rounds.data[0]!;
    expect(round.status).toBe('settled');
    expect(round.result!.prize).toBe('38.00');
    const winnerPage = round.result!.winner_seat === 0 ? pageA : pageB;
    const loserPage = winnerPage === pageA ? pageB : pageA;
    const staked = round.result!.winner_seat === 0 ? 10_00n : 30_00n;
    await expect.poll(() => balanceOf(winnerPage), { timeout: 15_000 }).toBe(1_000_00n - staked + 38_00n);
    expect(await balanceOf(loserPage)).toBe(1_000_00n - (40_00n - staked));
    expect(notes[round.result!.winner_seat]).toBe('You win RUB 38.00!');
    expect(notes[1 - round.result!.winner_seat]).toMatch(/^#[0-9A-F]{6} wins RUB 38\.00$/);
    // Afterwards the board names the last winner, with the round's verify link.
    await expect
      .poll(() => shown(loserPage.getByTestId('room-last')), { timeout: 15_000 })
      .toContain('RUB 38.00');
    expect(minor(round.pot) - minor(round.result!.prize)).toBe(2_00n);

    // The round is in the recent rounds with a link that recomputes its ticket on /fairness.
    await expect.poll(() => pageB.getByTestId('room-round').count()).toBe(1);
    const verify = pageB.getByTestId('room-round').first().getByTestId('room-verify');
    await verify.click();
    await pageB.waitForURL(/\/fairness\?/);
    await expect
      .poll(() => shown(pageB.getByTestId('verify-ticket')))
      .toBe(`#${round.result!.winning_ticket}`);
    expect(await shown(pageB.getByTestId('verify-match'))).toContain('✓');

    // The lobby follows the rooms live: a USD round of the purple room fills as a player joins.
    const usd = await fundedPlayer(base, { amount: '10', currency: 'USD', prefix: 'rooms-usd' });
    await apiCall(base, 'POST', '/games/rooms/purple/join', usd.token, { amount: '0.50' });
    await expect.poll(() => shown(lobby.getByTestId('rooms-pot-purple'))).toBe('$0.50');
    expect(await shown(lobby.getByTestId('rooms-players-purple'))).toBe('1');
    await shot(lobby, 'lobby-en');

    // The same pages in Russian.
    await lobby.goto(`${base}/games/rooms`);
    await expect.poll(() => shown(lobby.getByTestId('rooms-pot-red'))).toMatch(/₽/);
    await shot(lobby, 'lobby-ru');
    await pageA.goto(`${base}/games/rooms/red`);
    await expect.poll(() => phase(pageA)).toBe('waiting');
    await expect.poll(() => pageA.getByTestId('room-round').count()).toBe(1);
    await shot(pageA, 'red-ru');

    expect([...a.problems, ...b.problems, ...guest.problems]).toEqual([]);
    for (const context of [a, b, guest]) await context.context.close();
  });
});
