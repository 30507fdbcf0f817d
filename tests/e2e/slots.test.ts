import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { digits, frameShot, gameStage, headerBalance } from '../helpers/game-page.ts';

/**
 * Slots end to end (docs/slots.md): the real server with the in-house studio it starts on
 * loopback, the studio's game client in the page's frame, its spins paid through the signed
 * Wallet API. A guest's demo spins move fun money only; a player's real spins take the stake from
 * the header balance and credit the wins, and the header ends on the balance the server keeps.
 */
const stage = gameStage();

const frameOf = (page: Page) => page.frameLocator('[data-testid="slot-frame"]');

describe('slots through the in-house studio', () => {
  test('a guest plays the demo: fun money in the frame, on a phone as on a desktop', async () => {
    const { context, problems } = await stage.playerContext(null, { width: 390 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/slots/sugar-storm/demo`, { waitUntil: 'networkidle' });
    const frame = frameOf(page);
    const balance = frame.getByTestId('balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toMatch(/FUN/);
    expect(await frame.getByTestId('demo-badge').isVisible()).toBe(true);
    const before = await balance.textContent();
    await frame.getByTestId('spin').click();
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => frame.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
    await frameShot(page, 'slots-demo-studio');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a player spins for real: the stake leaves the header balance, a win comes back', async () => {
    const { token } = await fundedPlayer(stage.server.url, { prefix: 'slots-real' });
    const { context, problems } = await stage.playerContext(token, { width: 1440 });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/slots/fruit-express/play`, { waitUntil: 'networkidle' });
    await expect.poll(() => headerBalance(page)).toContain('1,000');
    const frame = frameOf(page);
    await expect.poll(() => frame.getByTestId('balance').textContent(), { timeout: 15_000 }).toMatch(/1,000/);
    expect(await frame.getByTestId('demo-badge').count()).toBe(0);

    // Spin until a spin wins (Fruit Express wins about one spin in four) and the balance has
    // moved (a first win of exactly the stakes so far leaves it where it began): each spin is a
    // signed bet and win through the Wallet API; the header follows each over /ws.
    const balanceNow = async () =>
      (await apiCall<{ user: { balance: string } }>(stage.server.url, 'GET', '/profile/user', token)).user
        .balance;
    let won = false;
    let balance = '1000.00';
    for (let spin = 0; spin < 60 && !(won && Number(balance) !== 1000); spin += 1) {
      await frame.getByTestId('spin').click();
      await expect.poll(() => frame.getByTestId('spin').isEnabled(), { timeout: 20_000 }).toBe(true);
      won ||= /[1-9]/.test((await frame.getByTestId('win').textContent()) ?? '');
      balance = await balanceNow();
    }
    expect(won, 'a win within 60 spins').toBe(true);
    const user = { balance: await balanceNow() };
    expect(Number(user.balance)).not.toBe(1000);
    // The header shows what the server keeps, to the minor unit.
    await expect
      .poll(async () => digits(await headerBalance(page)), { timeout: 10_000 })
      .toBe(digits(Number(user.balance).toFixed(2)));
    await expect
      .poll(async () => digits(await frame.getByTestId('balance').textContent()), { timeout: 10_000 })
      .toBe(digits(Number(user.balance).toFixed(2)));
    await frameShot(page, 'slots-real');
    expect(problems).toEqual([]);
    await context.close();
  });
});
