import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import type { CrashRound, CrashState } from '../../src/shared/api/crash.ts';
import { crashed, holdBetting, release } from '../helpers/crash.ts';
import { gamesBench } from '../helpers/games.ts';

/**
 * Crash's maximum profit (docs/configuration.md "Crash", docs/fairness.md §4): RUB bets may make at
 * most 4.00 each; a USD round at most 1.00 in all, after which every open USD bet is cashed out.
 */
const file = path.join(mkdtempSync(path.join(tmpdir(), 'crash-caps-')), 'business.json');
writeFileSync(
  file,
  JSON.stringify({
    currencies: {
      RUB: { crash_max_profit_bet: '4' },
      USD: { crash_max_profit_bet: '1000', crash_max_profit_round: '1' },
    },
  }),
);
const g = gamesBench({
  CRASH_DRIVER: 'true',
  CRASH_BETTING_MS: '300',
  CRASH_PAUSE_MS: '50',
  BUSINESS_CONFIG_FILE: file,
});
const { player, call, cash } = g;

let poll = 0;
const stateOf = async (): Promise<CrashState> =>
  (
    await g.t.app.inject({
      url: '/api/games/crash',
      remoteAddress: `10.78.${(poll >> 8) & 255}.${poll++ & 255}`,
    })
  ).json().data;
const roundOf = async (id: number): Promise<CrashRound> =>
  (await g.t.app.inject({ url: `/api/games/crash/rounds/${id}`, remoteAddress: '10.79.0.1' })).json().data;

describe('crash profit caps', () => {
  test('a bet reaching the profit cap per bet is cashed out there', async () => {
    const p = await player(100_00n);
    const id = await holdBetting(stateOf, g.t.database, 130);
    // 20.00 × 1.20 = 24.00: 4.00 of profit, the cap.
    expect((await call(p, 'POST', '/games/crash/bet', { amount: '20' })).statusCode).toBe(200);
    await release(g.t.database, id);
    await crashed(stateOf, id);
    expect((await roundOf(id)).bets[0]).toMatchObject({
      status: 'cashed',
      cash_out: '1.20',
      payout: '24.00',
    });
    expect(await cash(p)).toBe(104_00n);
  });

  test('when a round’s exposure reaches its cap every open bet of the currency is cashed out at that point', async () => {
    const x = await player(10_00n, 'USD');
    const y = await player(10_00n, 'USD');
    const z = await player(10_00n, 'USD');
    const r = await player(100_00n);
    const id = await holdBetting(stateOf, g.t.database, 160);
    for (const [p, body] of [
      [x, { amount: '1' }],
      [y, { amount: '1', auto_cash_out: '5' }],
      [z, { amount: '0.20', auto_cash_out: '1.10' }],
      [r, { amount: '10' }],
    ] as const)
      expect((await call(p, 'POST', '/games/crash/bet', body)).statusCode).toBe(200);
    await release(g.t.database, id);
    await crashed(stateOf, id);
    const bets = (await roundOf(id)).bets;
    // z leaves at 1.10 (0.02 profit); then 2.00 open reach the remaining 0.98 at 1.49.
    expect(bets.map((b) => [b.currency, b.cash_out, b.payout])).toEqual([
      ['USD', '1.49', '1.49'],
      ['USD', '1.49', '1.49'],
      ['USD', '1.10', '0.22'],
      // RUB has its own caps: 10.00 rides on to its cap per bet, 4.00 of profit at 1.40.
      ['RUB', '1.40', '14.00'],
    ]);
    expect((await cash(x, 'USD')) + (await cash(y, 'USD')) + (await cash(z, 'USD')) - 30_00n).toBe(1_00n);
    expect(await checkLedger(g.t.database)).toEqual([]);
  }, 60_000);
});
