import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCall, fundedPlayer } from '../helpers/funding.ts';
import { gameStage, shot } from '../helpers/game-page.ts';

/**
 * What a real-money player must never doubt (docs/bonuses.md, docs/fairness.md): amounts in their
 * own currency on the cached content pages, a history with one row per money movement, a restored
 * round showing its own stake, each game keeping its amount, every bet row opening its own
 * verification, and a page that shows a campaign change in every locale.
 */
const OPERATOR = 'e2e-operator-token-trust-0123456789';
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

let usd: { token: string };
const amountField = (page: Page) => page.getByTestId('bet-amount');

describe('a USD player', () => {
  test('sees the VIP club and the offers of /bonuses in dollars on the Russian pages, never rubles', async () => {
    await operator('/operator/bonus/campaigns', {
      name: 'e2e-trust-both',
      kind: 'no_deposit',
      amount: { RUB: '500', USD: '5' },
      wager: 1,
      days: 7,
      is_public: true,
    });
    await operator('/operator/bonus/campaigns', {
      name: 'e2e-trust-rub-only',
      kind: 'no_deposit',
      amount: { RUB: '700' },
      currencies: ['RUB'],
      wager: 1,
      days: 7,
      is_public: true,
    });
    usd = await fundedPlayer(stage.server.url, { currency: 'USD', amount: '50', prefix: 'trust' });
    const { context, problems } = await stage.playerContext(usd.token);
    const page = await context.newPage();

    await page.goto(`${stage.server.url}/vip-club`, { waitUntil: 'networkidle' });
    const levels = page.getByTestId('vip-levels');
    await expect.poll(() => levels.textContent()).toContain('$');
    expect(await levels.textContent()).not.toContain('₽');

    await page.goto(`${stage.server.url}/bonuses`, { waitUntil: 'networkidle' });
    const offers = page.locator('[data-testid="offers"] > li:visible');
    await expect.poll(() => offers.count()).toBe(1);
    expect((await offers.first().textContent())?.replace(/\s/g, ' ')).toContain('5,00 $');
    expect(await page.locator('[data-testid="offers"]').textContent()).not.toContain('700');
    await shot(page, 'trust-bonuses-usd');

    // A guest on the same page sees the page's currency (rubles for ru).
    const guest = await stage.playerContext(null);
    const guestPage = await guest.context.newPage();
    await guestPage.goto(`${stage.server.url}/bonuses`, { waitUntil: 'networkidle' });
    expect(await guestPage.locator('[data-testid="offers"] > li:visible').count()).toBe(2);
    expect(await guestPage.locator('[data-testid="offers"]').textContent()).toContain('₽');
    await guest.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a restored miner round shows its own stake; each game keeps the amount last chosen', async () => {
    const { context, problems } = await stage.playerContext(usd.token);
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).not.toBe('');
    await amountField(page).fill('0.50');
    await amountField(page).blur();
    await page.goto(`${stage.server.url}/en/games/keno`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).not.toBe('');
    expect(await amountField(page).inputValue()).not.toBe('0.50');
    await amountField(page).fill('0.30');
    await amountField(page).blur();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).toBe('0.50');

    // A miner round started at 0.10 elsewhere (another tab, a reload) is shown at 0.10.
    await apiCall(stage.server.url, 'POST', '/games/miner/start', usd.token, { amount: '0.10', mines: 3 });
    await page.goto(`${stage.server.url}/en/games/miner`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).toBe('0.10');
    expect(await page.getByTestId('profit-on-win').count()).toBe(0);
    await apiCall(stage.server.url, 'POST', '/games/miner/reveal', usd.token, { tile: 0 }).catch(
      () => undefined,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a bet in "My bets" and a result chip open that bet in the verifier', async () => {
    const { context, problems } = await stage.playerContext(usd.token);
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).not.toBe('');
    const answer = page.waitForResponse((res) => res.url().includes('/games/dice/bet'));
    await page.getByTestId('bet-button').click();
    const bet = ((await (await answer).json()) as { data: { bet: { id: string } } }).data.bet;
    await page.getByTestId('tab-mine').click();
    const row = page.locator(`[data-testid="bet-tabs"] [data-panel="mine"] tr[data-bet-id="${bet.id}"]`);
    await row.waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await page.getByTestId('bet-tabs').innerHTML()}`);
    });
    expect(await row.getByTestId('my-bet-verify').getAttribute('href')).toContain(`/fairness?bet=${bet.id}`);
    const chip = page.getByTestId('result-chips').locator(`a[href*="bet=${bet.id}"]`);
    await chip.waitFor({ state: 'attached' });
    await page.goto(new URL((await chip.getAttribute('href'))!, stage.server.url).href, {
      waitUntil: 'networkidle',
    });
    // The verifier loaded that bet: its pair is still active, so it says the seed shows after a rotation.
    await expect.poll(() => page.getByTestId('bet-state').getAttribute('data-state')).toBe('hidden');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the dice number waits for the marker: while it slides, the new roll is not shown', async () => {
    const { context, problems } = await stage.playerContext(usd.token);
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/games/dice`, { waitUntil: 'networkidle' });
    await expect.poll(() => amountField(page).inputValue()).not.toBe('');
    const answer = page.waitForResponse((res) => res.url().includes('/games/dice/bet'));
    await page.getByTestId('bet-button').click();
    const roll = ((await (await answer).json()) as { data: { bet: { outcome: { roll: string } } } }).data.bet
      .outcome.roll;
    // Read the marker's state and the number together, the moment the slide shows.
    const seen = await page.waitForFunction(() => {
      const marker = document.querySelector<HTMLElement>('.dice-marker');
      const number = document.querySelector('[data-testid="dice-roll"]');
      return marker && number ? { settled: marker.dataset.settled, text: number.textContent } : null;
    });
    const state = (await seen.jsonValue()) as { settled: string; text: string };
    if (state.settled === 'false') expect(state.text).not.toBe(roll);
    await expect.poll(() => page.getByTestId('dice-roll').textContent()).toBe(roll);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('history: a completed bonus is one row when activated and one when converted, also after the filter', async () => {
    await operator('/operator/bonus/promo-codes', {
      code: 'E2ETRUST',
      campaign_id: (
        await operator('/operator/bonus/campaigns', {
          name: 'e2e-trust-history',
          kind: 'no_deposit',
          amount: { USD: '1' },
          wager: 1,
          days: 7,
        })
      ).id,
      max_uses: 10,
    });
    const granted = await apiCall<{ data: { id: string } }>(
      stage.server.url,
      'POST',
      '/bonus/promo',
      usd.token,
      {
        code: 'E2ETRUST',
      },
    );
    await apiCall(stage.server.url, 'POST', `/bonus/grants/${granted.data.id}/activate`, usd.token, {});
    // Cash covers the stakes: 1.00 of bets completes the ×1 wagering, the bonus converts.
    await apiCall(stage.server.url, 'POST', '/games/dice/bet', usd.token, {
      amount: '1',
      target: '49.50',
      direction: 'over',
    });
    const { context, problems } = await stage.playerContext(usd.token);
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/en/profile/history`, { waitUntil: 'networkidle' });
    const rows = page.locator('[data-testid="history-table"] tbody tr');
    await rows.first().waitFor();
    const labels = async () => (await rows.allTextContents()).filter((text) => text.includes('Bonus'));
    await expect.poll(labels).toHaveLength(2);
    const select = page.locator('.history-filters select').first();
    await select.selectOption('bonus');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await select.selectOption('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(labels).toHaveLength(2);
    const texts = await labels();
    expect(texts.some((text) => text.includes('Bonus converted to cash'))).toBe(true);
    expect(texts.some((text) => text.includes('Bonus activated'))).toBe(true);
    await shot(page, 'trust-history');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('cached pages', () => {
  test('a new campaign shows on /bonuses in every locale at once', async () => {
    const paths = ['/bonuses', '/en/bonuses', '/kz/bonuses', '/br/bonuses', '/hi/bonuses'];
    const read = async (path: string) => (await fetch(`${stage.server.url}${path}`)).text();
    // Cached in every locale first (the second read is the cache's).
    for (const path of paths) {
      await read(path);
      expect(await read(path)).not.toContain('data-kind="cashback"');
    }
    await operator('/operator/bonus/campaigns', {
      name: 'e2e-trust-cashback',
      kind: 'cashback',
      percent: 10,
      wager: 1,
      days: 7,
      is_public: true,
    });
    for (const path of paths) expect(await read(path), path).toContain('data-kind="cashback"');
  });
});
