import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { activeBonus } from './bonus-grants.ts';
import { gamesBench, type Player } from './games.ts';

/**
 * The rules of an instant bet (src/server/modules/wallet/stakes.ts, the wallet's `stake` settled at
 * once), held against each path the server can take (`INSTANT_BET_PATH`): `auto`, the one statement
 * (drizzle/0015_bet_function.sql) with the transaction for what it hands over, and `transaction`
 * only. tests/api/games-instant-auto.test.ts and games-instant-transaction.test.ts run it.
 */
export function instantBetSuite(path: 'auto' | 'transaction'): void {
  const g = gamesBench({ INSTANT_BET_PATH: path });
  const { player, call, cash } = g;
  const under50 = { amount: '1', target: '50', direction: 'under' };

  interface WagerRow {
    product: string;
    ref: string;
    game: string;
    stake: string;
    bonus_stake: string;
    payout: string;
    bonus_payout: string;
  }
  const wagersOf = (p: Player) =>
    g.t.database.query<WagerRow>(
      `select product, ref, game, stake::text, bonus_stake::text, payout::text, bonus_payout::text
         from wagers where user_id = $1 order by settled_at, ref`,
      [p.id],
    );

  describe(`instant bets (${path})`, () => {
    test('a replayed key writes nothing and answers the first answer; another request under it is a 409', async () => {
      const p = await player(100_00n);
      await call(p, 'POST', '/games/dice/bet', under50);
      const first = await call(p, 'POST', '/games/dice/bet', under50, `instant-${path}-key-1`);
      const cashAfter = await cash(p);
      await call(p, 'POST', '/games/dice/bet', under50);
      const replay = await call(p, 'POST', '/games/dice/bet', under50, `instant-${path}-key-1`);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data).toEqual(first.json().data);
      expect(replay.json().data.balance).toBe((Number(cashAfter) / 100).toFixed(2));
      const conflict = await call(
        p,
        'POST',
        '/games/dice/bet',
        { ...under50, amount: '2' },
        `instant-${path}-key-1`,
      );
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().errors.idempotency_key).toEqual(['idempotency_conflict']);
      expect((await call(p, 'GET', '/games/bets')).json().meta.total).toBe(3);
      // The replay took no nonce and recorded no wager: the next bet has the next nonce.
      expect((await call(p, 'POST', '/games/dice/bet', under50)).json().data.bet.nonce).toBe('3');
      expect(await wagersOf(p)).toHaveLength(4);
    });

    test('a stake the cash cannot cover is refused (422) and changes nothing', async () => {
      const p = await player(2_00n);
      expect((await call(p, 'POST', '/games/dice/bet', under50)).statusCode).toBe(200);
      const held = await cash(p);
      const refused = await call(p, 'POST', '/games/dice/bet', {
        amount: '5',
        target: '50',
        direction: 'under',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.amount).toEqual(['insufficient_funds']);
      expect(await cash(p)).toBe(held);
      expect((await call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('1');
      expect(await wagersOf(p)).toHaveLength(1);
      expect((await call(p, 'POST', '/games/dice/bet', under50)).json().data.bet.nonce).toBe('1');
    });

    test('each settled bet of every instant game is one wager record: product, game, stake, payout, real money', async () => {
      const p = await player(1_000_00n);
      const plays: [string, Record<string, unknown>][] = [
        ['/games/dice/bet', { amount: '10', target: '49.50', direction: 'over' }],
        ['/games/keno/bet', { amount: '10', risk: 'classic', picks: [1, 2, 3, 4, 5] }],
        ['/games/roulette/bet', { bets: [{ kind: 'red', amount: '10' }] }],
        ['/games/wheel/bet', { amount: '1', risk: 'medium', segments: 20 }],
      ];
      for (const [url, body] of plays) {
        const res = await call(p, 'POST', url, body);
        expect(res.statusCode, res.body).toBe(200);
      }
      const bets = (await call(p, 'GET', '/games/bets?per_page=10')).json().data as {
        id: string;
        game: string;
        amount: string;
        payout: string;
      }[];
      const wagers = await wagersOf(p);
      expect(wagers).toHaveLength(plays.length);
      for (const bet of bets) {
        const wager = wagers.find((w) => w.ref === `bet:${bet.id}`);
        expect(wager).toMatchObject({
          product: 'originals',
          game: bet.game,
          stake: String(Math.round(Number(bet.amount) * 100)),
          payout: String(Math.round(Number(bet.payout) * 100)),
          bonus_stake: '0',
          bonus_payout: '0',
        });
      }
      // VIP progress counts every stake once (31 RUB: 31 points).
      expect((await call(p, 'GET', '/vip/status')).json().data.points).toBe('31');
    });

    test('a stake the bonus money tops up records its bonus part as the money source', async () => {
      const p = await player(3_00n);
      await activeBonus(g.t.database, p.id, 50_00n);
      const bet = await call(p, 'POST', '/games/dice/bet', { amount: '5', target: '98', direction: 'under' });
      expect(bet.statusCode, bet.body).toBe(200);
      const id = bet.json().data.bet.id as string;
      const wagers = await wagersOf(p);
      expect(wagers).toHaveLength(1);
      // The cash (3.00) pays first, the bonus the rest (2.00); the payout splits like the stake.
      expect(wagers[0]).toMatchObject({ ref: `bet:${id}`, stake: '500', bonus_stake: '200' });
      const payout = BigInt(wagers[0]!.payout);
      expect(BigInt(wagers[0]!.bonus_payout)).toBe(payout - (payout * 300n) / 500n);
      expect(await checkLedger(g.t.database)).toEqual([]);
    });

    test('60 concurrent bets of one player on 5 RUB: never below zero, consecutive nonces, one wager per bet', async () => {
      const p = await player(5_00n);
      await call(p, 'POST', '/games/dice/bet', { amount: '1', target: '1', direction: 'under' });
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call(
            p,
            'POST',
            '/games/dice/bet',
            { amount: '1', target: '1', direction: 'under' },
            `conc-${path}-${i}-0001`,
          ),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length + results.filter((r) => r.statusCode === 422).length).toBe(60);
      const nonces = ok.map((r) => Number(r.json().data.bet.nonce)).sort((x, y) => x - y);
      expect(nonces).toEqual(nonces.map((_, i) => i + 1));
      expect(await cash(p)).toBeGreaterThanOrEqual(0n);
      expect(await wagersOf(p)).toHaveLength(ok.length + 1);
      const [sum] = await g.t.database.query<{ balance: string; postings: string }>(
        `select a.balance::text, (select coalesce(sum(amount), 0)::text from ledger_postings where account_id = a.id) as postings
           from ledger_accounts a where a.user_id = $1 and a.kind = 'cash'`,
        [p.id],
      );
      expect(sum!.balance).toBe(sum!.postings);
      expect(await checkLedger(g.t.database)).toEqual([]);
    });
  });

  g.secrecyTest();
}
