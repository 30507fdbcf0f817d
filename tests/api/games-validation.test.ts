import { describe, expect, test } from 'vitest';
import { bearer, register } from '../helpers/auth.ts';
import { gamesBench } from '../helpers/games.ts';

/** Limits and input errors of the games API (docs/api-games.md, "Errors"): a refused bet changes nothing. */
const g = gamesBench();
const { player, call, expectNothingChanged } = g;

const RED_BET = { kind: 'red', amount: '1' };

describe('limits and validation change nothing', () => {
  /** A dice bet body. */
  const dice = (amount: string, target: string, direction = 'under') => ({ amount, target, direction });
  test.each([
    ['below the minimum', dice('0.50', '50'), 'amount', 'bet_below_min:1.00'],
    ['above the maximum', dice('10000.01', '50'), 'amount', 'bet_above_max:10000.00'],
    ['above the balance', dice('60', '50'), 'amount', 'insufficient_funds'],
    ['a malformed amount', dice('1e3', '50'), 'amount', 'invalid_amount'],
    ['a chance above 98 %', dice('1', '98.01'), 'target', 'invalid_chance'],
    ['a target with 3 decimals', dice('1', '50.005'), 'target', 'invalid_target'],
    ['a bad direction', dice('1', '50', 'sideways'), 'direction', 'invalid_direction'],
  ])('dice %s → 422 %s', async (_name, body, field, key) => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', '/games/dice/bet', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([key]);
    await expectNothingChanged(p, 50_00n);
  });

  const picksError = { picks: ['invalid_picks'] };
  test.each([
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [1, 1] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: ['a'] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'classic', picks: [0.5] }, picksError],
    ['/games/keno/bet', { amount: '1', risk: 'wild', picks: [1] }, { risk: ['invalid_risk'] }],
    ['/games/roulette/bet', { bets: [] }, { bets: ['invalid_bets'] }],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'split', numbers: [1, 5], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [RED_BET, { kind: 'straight', numbers: [1.5], amount: '1' }] },
      { bets: ['invalid_bets:2'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [RED_BET, RED_BET, { kind: 'straight', numbers: [1] }] },
      { bets: ['invalid_bets:3'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'line', numbers: [1, 2, 3, 4, 5, 6, 7], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'red', numbers: [0], amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    ['/games/roulette/bet', { bets: [{ kind: 'dozen', amount: '1' }] }, { bets: ['invalid_bets:1'] }],
    [
      '/games/roulette/bet',
      { bets: [{ kind: 'straight', numbers: [7], index: 1, amount: '1' }] },
      { bets: ['invalid_bets:1'] },
    ],
    ['/games/roulette/bet', { bets: [{ ...RED_BET, color: 'red' }] }, { bets: ['invalid_bets:1'] }],
    ['/games/roulette/bet', { bets: [{ kind: 'red', amount: '-1' }] }, { bets: ['invalid_bets:1'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: 15 }, { segments: ['invalid_segments'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: '10' }, { segments: ['invalid_segments'] }],
    ['/games/wheel/bet', { amount: '1', risk: 'low', segments: [10] }, { segments: ['invalid_segments'] }],
    ['/games/cases/open', { slug: 'nope' }, { slug: ['invalid_case'] }],
    ['/games/coinflip/flip', { side: 'edge' }, { side: ['invalid_side'] }],
    ['/games/coinflip/flip', { side: 'heads', index: 0, bet_id: 'x1' }, { bet_id: ['invalid_bet_id'] }],
  ])('%s with %j → 422 %j, and nothing changes', async (url, body, errors) => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', url, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
    await expectNothingChanged(p, 50_00n);
  });

  test('wheel of fortune is capped at 1 RUB (docs/product-rules.md §9)', async () => {
    const p = await player(50_00n);
    const res = await call(p, 'POST', '/games/wheel/bet', { amount: '1.01', risk: 'low', segments: 10 });
    expect(res.json().errors.amount).toEqual(['bet_above_max:1.00']);
  });

  test('a player without a currency is told to choose one', async () => {
    const { token } = await register(g.t);
    const res = await g.t.app.inject({
      method: 'POST',
      url: '/api/games/dice/bet',
      headers: bearer(token),
      payload: { amount: '1', target: '50', direction: 'under' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.currency).toEqual(['currency_required']);
  });

  test('a guest gets 401', async () => {
    const res = await g.t.app.inject({ method: 'POST', url: '/api/games/dice/bet', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

g.secrecyTest();
