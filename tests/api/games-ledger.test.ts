import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { fromMinor } from '../../src/shared/money.ts';
import { gamesBench } from '../helpers/games.ts';

/** Every game's bet moves money through the ledger (docs/api-games.md, "Money and history"). */
const g = gamesBench();
const { player, call, cash } = g;

describe('each game moves money through the ledger', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['dice', '/games/dice/bet', { amount: '10', target: '49.50', direction: 'over' }],
    ['keno', '/games/keno/bet', { amount: '10', risk: 'classic', picks: [1, 2, 3, 4, 5] }],
    [
      'roulette',
      '/games/roulette/bet',
      {
        bets: [
          { kind: 'straight', numbers: [17], amount: '2' },
          { kind: 'split', numbers: [17, 20], amount: '3' },
          { kind: 'red', amount: '5' },
        ],
      },
    ],
    ['wheel', '/games/wheel/bet', { amount: '1', risk: 'medium', segments: 20 }],
    ['cases', '/games/cases/open', { slug: 'easy' }],
  ];
  test.each(cases)(
    '%s: balance = before − stake + payout, the bet is stored and listed',
    async (game, url, body) => {
      const p = await player(1000_00n);
      const res = await call(p, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
      const { bet, balance } = res.json().data;
      const stake = BigInt(Math.round(Number(bet.amount) * 100));
      const payout = BigInt(Math.round(Number(bet.payout) * 100));
      expect(bet).toMatchObject({ game, status: 'settled', currency: 'RUB', nonce: '0' });
      expect(await cash(p)).toBe(1000_00n - stake + payout);
      expect(balance).toBe(fromMinor(1000_00n - stake + payout));
      expect(BigInt(Math.round(Number(bet.profit) * 100))).toBe(payout - stake);
      const listed = (await call(p, 'GET', `/games/bets?game=${game}`)).json();
      expect(listed.data.map((b: { id: string }) => b.id)).toEqual([bet.id]);
      const history = (await call(p, 'GET', '/profile/history?type=bet')).json().data;
      expect(history[0]).toMatchObject({ bet_id: bet.id, game });
    },
  );

  test('cases cost their catalogue price in the player currency', async () => {
    const p = await player(100_00n, 'USD');
    const res = await call(p, 'POST', '/games/cases/open', { slug: 'medium' });
    expect(res.json().data.bet.amount).toBe('1.00');
  });

  test('a bet that returns its stake still posts both legs (red + black on a red pocket)', async () => {
    const p = await player(100_00n);
    let bet: { payout: string; amount: string; id: string } | undefined;
    // Red and black together return the stake unless the ball lands on 0.
    for (let i = 0; i < 5 && (!bet || bet.payout !== bet.amount); i += 1) {
      const res = await call(p, 'POST', '/games/roulette/bet', {
        bets: [
          { kind: 'red', amount: '1' },
          { kind: 'black', amount: '1' },
        ],
      });
      bet = res.json().data.bet;
    }
    expect(bet!.payout).toBe(bet!.amount);
    const postings = await g.t.database.query<{ amount: string }>(
      `select p.amount::text from ledger_postings p join bets b on b.transaction_id = p.transaction_id where b.id = $1`,
      [bet!.id],
    );
    expect(postings.map((r) => r.amount).sort()).toEqual(['-200', '-200', '200', '200']);
  });

  test('after many bets of every game the ledger balances, and a tampered bet is caught', async () => {
    expect(await checkLedger(g.t.database)).toEqual([]);
    const [bet] = await g.t.database.query<{ id: string }>(
      `select id::text from bets where status = 'settled' limit 1`,
    );
    await g.t.database.query('update bets set payout = payout + 1 where id = $1', [bet!.id]);
    expect((await checkLedger(g.t.database)).map((p) => p.rule)).toEqual([
      'bets post their stake and payout',
    ]);
    await g.t.database.query('update bets set payout = payout - 1 where id = $1', [bet!.id]);
  });
});

g.secrecyTest();
