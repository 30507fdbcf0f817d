import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { registeredPlayer } from '../helpers/funding.ts';
import { gameStage, headerBalance, shot } from '../helpers/game-page.ts';

/**
 * Bonuses and the VIP club in Chromium against the real server (docs/bonuses.md): a player redeems
 * a promo code on /bonuses, activates the bonus (the header shows the bonus balance), plays dice
 * with it until the wagering is done and sees the money move from the bonus balance to the real
 * one; the VIP page for a guest (levels) and for that player (level and progress). Screenshots at
 * 1280 and 390 px.
 */

const OPERATOR = 'e2e-operator-token-bonus-0123456789';
const stage = gameStage({ OPERATOR_API_TOKEN: OPERATOR });

async function operator(path: string, body: unknown) {
  const res = await fetch(`${stage.server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data;
}

async function profile(token: string) {
  const res = await fetch(`${stage.server.url}/api/profile/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { user: { balance: string; bonus_balance: string } }).user;
}

const bonusSlot = (page: Page) => page.locator('[data-account-bonus]');

describe('bonuses', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;

  test('a code redeemed and activated on /bonuses shows the bonus balance and what is left to wager', async () => {
    const campaign = await operator('/operator/bonus/campaigns', {
      name: 'e2e-welcome',
      kind: 'no_deposit',
      amount: { RUB: '100' },
      wager: 1,
      days: 7,
      is_public: true,
    });
    await operator('/operator/bonus/promo-codes', {
      code: 'E2EBONUS',
      campaign_id: campaign.id,
      max_uses: 10,
    });
    ({ token } = await registeredPlayer(stage.server.url, { prefix: 'bonus' }));
    ({ context } = await stage.playerContext(token));
    page = await context.newPage();
    await page.goto(`${stage.server.url}/en/bonuses`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('offers').textContent()).resolves.toContain('without a deposit');

    await page.locator('#promo-code').fill('e2ebonus');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByTestId('bonus-available-item').waitFor();
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByTestId('bonus-active').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('bonus-remaining').textContent())?.replace(/\s/g, ' '))
      .toContain('RUB 100.00 left to wager');
    await expect.poll(() => bonusSlot(page).isVisible()).toBe(true);
    await expect.poll(() => bonusSlot(page).textContent()).toContain('100');
    await shot(page, 'bonuses-active');

    // A wrong code is told apart.
    await page.locator('#promo-code').fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect.poll(() => page.locator('#promo-message').textContent()).toContain('no such promo code');
  });

  test('dice bets wager it; the stake that completes it moves the bonus money to the real balance', async () => {
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('bet-amount').inputValue()).not.toBe('');
    await page.getByTestId('bet-amount').fill('10');
    // Ten bets of 10 wager the 100 exactly (cash first, then the bonus; whatever they lose, the
    // tenth is still covered).
    for (let i = 1; i <= 10; i += 1) {
      await page.getByTestId('bet-button').click();
      await expect
        .poll(
          async () =>
            (
              (await fetch(`${stage.server.url}/api/games/bets`, {
                headers: { authorization: `Bearer ${token}` },
              }).then((r) => r.json())) as { meta: { total: number } }
            ).meta.total,
        )
        .toBe(i);
    }
    const after = await profile(token);
    expect(after.bonus_balance).toBe('0.00');
    await expect.poll(() => bonusSlot(page).isVisible()).toBe(false);
    await expect
      .poll(async () => (await headerBalance(page))?.replace(/[^\d.]/g, ''))
      .toBe(Number(after.balance).toFixed(2));

    await page.goto(`${stage.server.url}/en/bonuses`, { waitUntil: 'networkidle' });
    await page.getByTestId('bonus-none-active').waitFor();
    await page.goto(`${stage.server.url}/en/profile`, { waitUntil: 'networkidle' });
    await page.getByTestId('overview-bets').waitFor();
    await expect.poll(() => page.getByTestId('overview-bonus-balance').textContent()).toContain('0');
    await shot(page, 'profile-overview');
  });

  test('the VIP page: the levels for a guest, the level and progress for a player', async () => {
    const { context: guest } = await stage.playerContext(null);
    const view = await guest.newPage();
    await view.goto(`${stage.server.url}/en/vip-club`, { waitUntil: 'networkidle' });
    await expect(view.getByTestId('vip-levels').locator(':scope > li').count()).resolves.toBe(5);
    await view.getByTestId('vip-guest').waitFor();
    await shot(view, 'vip-guest');
    await guest.close();

    // 10 bets of 10 RUB: 100 points, the first level (bronze).
    await page.goto(`${stage.server.url}/en/vip-club`, { waitUntil: 'networkidle' });
    await page.getByTestId('vip-status').waitFor();
    await expect.poll(() => page.locator('#vip-status').textContent()).toBe('Bronze');
    await expect
      .poll(() => page.getByTestId('vip-next').textContent())
      .toContain('4900 more points to Silver');
    await shot(page, 'vip-player');
    await context.close();
  });
});
