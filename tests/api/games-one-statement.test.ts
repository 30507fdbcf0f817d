import { describe, expect, test } from 'vitest';
import * as dice from '../../src/games/dice/engine.ts';
import { instantBets } from '../../src/server/modules/games/instant-statement.ts';
import { gamesBench } from '../helpers/games.ts';

/**
 * The instant bet in one statement (src/server/modules/games/pipeline.ts, drizzle/0015_bet_function.sql):
 * after a player's first bet, a bet is one call of `place_instant_bet` with the nonce the server
 * predicted; a stale prediction is refused by the database and computed again from the real nonce;
 * replays, 409s, refusals and concurrency keep the guarantees of the transaction it stands for (the
 * rules both paths share: tests/helpers/instant-bets.ts, run on each by games-instant-*.test.ts).
 */
const g = gamesBench();
const { player, call, cash } = g;
const under50 = { amount: '1', target: '50', direction: 'under' };

function counts() {
  return {
    oneStatement: instantBets.oneStatement.value,
    staleNonce: instantBets.staleNonce.value,
    handedOver: instantBets.handedOver.value,
  };
}

/** Asserts the stored roll is the one the bet's own nonce gives. */
async function expectRollOfItsNonce(bet: {
  seed_pair_id: string;
  client_seed: string;
  nonce: string;
  outcome: { roll: string };
}) {
  const [f] = await g.floatsOf(bet, 1);
  expect(bet.outcome.roll).toBe(dice.formatRoll(dice.rollFromFloat(f!)));
}

describe('one statement per bet', () => {
  test('after the first bet, bets take the one statement with consecutive nonces and the rolls of their nonces', async () => {
    const p = await player(100_00n);
    await call(p, 'POST', '/games/dice/bet', under50); // the first stake creates the VIP progress row
    const before = counts();
    for (let i = 1; i <= 5; i += 1) {
      const res = await call(p, 'POST', '/games/dice/bet', under50);
      expect(res.statusCode).toBe(200);
      const { bet } = res.json().data;
      expect(bet.nonce).toBe(String(i));
      await expectRollOfItsNonce(bet);
    }
    expect(counts().oneStatement - before.oneStatement).toBe(5);
    expect(counts().handedOver - before.handedOver).toBe(0);
    const bets = (await call(p, 'GET', '/games/bets?per_page=10')).json();
    expect(bets.meta.total).toBe(6);
    const paid = bets.data.reduce(
      (sum: bigint, b: { payout: string }) => sum + BigInt(Math.round(Number(b.payout) * 100)),
      0n,
    );
    expect(await cash(p)).toBe(100_00n - 6_00n + paid);
    // One ledger transaction of two or four postings per bet, each balanced.
    const ledger = await g.t.database.query<{ n: number; sum: string }>(
      `select count(*)::int as n, sum(lp.amount)::text as sum
         from bets b join ledger_postings lp on lp.transaction_id = b.transaction_id
        where b.user_id = $1 group by b.id`,
      [p.id],
    );
    expect(ledger).toHaveLength(6);
    expect(ledger.every((row) => row.sum === '0' && (row.n === 2 || row.n === 4))).toBe(true);
  });

  test('a nonce taken elsewhere (another instance) makes the prediction stale: the bet is computed again from the real nonce', async () => {
    const p = await player(100_00n);
    await call(p, 'POST', '/games/dice/bet', under50);
    // Another instance's bets took nonces 1 and 2 of the same pair.
    await g.t.database.query(
      `update seed_pairs set nonce = nonce + 2 where user_id = $1 and status = 'active'`,
      [p.id],
    );
    const before = counts();
    const { bet } = (await call(p, 'POST', '/games/dice/bet', under50)).json().data;
    expect(bet.nonce).toBe('3');
    await expectRollOfItsNonce(bet);
    expect(counts().staleNonce - before.staleNonce).toBe(1);
    expect(counts().oneStatement - before.oneStatement).toBe(1);
    expect((await call(p, 'POST', '/games/dice/bet', under50)).json().data.bet.nonce).toBe('4');
  });

  test('a pair rotated elsewhere is refused too: the bet takes the new pair at nonce 0', async () => {
    const p = await player(100_00n);
    await call(p, 'POST', '/games/dice/bet', under50);
    // A rotation on another instance (this process's prediction still names the old pair).
    await g.t.database.query(
      `with old as (update seed_pairs set status = 'revealed', revealed_at = now() where user_id = $1 and status = 'active' returning id)
       update seed_pairs set status = 'active', client_seed = 'elsewhere', activated_at = now()
        where user_id = $1 and status = 'next' and exists (select 1 from old)`,
      [p.id],
    );
    const { bet } = (await call(p, 'POST', '/games/dice/bet', under50)).json().data;
    expect(bet).toMatchObject({ nonce: '0', client_seed: 'elsewhere' });
    await expectRollOfItsNonce(bet);
  });

  test('a stake the cash cannot cover is refused (422) and changes nothing, the prediction stays right', async () => {
    const p = await player(2_00n);
    expect((await call(p, 'POST', '/games/dice/bet', under50)).statusCode).toBe(200);
    const held = await cash(p);
    const before = counts();
    const refused = await call(p, 'POST', '/games/dice/bet', {
      amount: '5',
      target: '50',
      direction: 'under',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount).toEqual(['insufficient_funds']);
    expect(await cash(p)).toBe(held);
    expect((await call(p, 'GET', '/games/fairness/seeds')).json().data.nonce).toBe('1');
    expect((await call(p, 'POST', '/games/dice/bet', under50)).json().data.bet.nonce).toBe('1');
    expect(counts().staleNonce - before.staleNonce).toBe(0);
  });

  test('the function itself: a stale nonce raises CB001, a stake without cash CB003, each writing nothing', async () => {
    const p = await player(2_00n);
    expect((await call(p, 'POST', '/games/dice/bet', under50)).statusCode).toBe(200);
    const [pair] = await g.t.database.query<{ id: string; nonce: string }>(
      `select id::text, nonce::text from seed_pairs where user_id = $1 and status = 'active'`,
      [p.id],
    );
    const [account] = await g.t.database.query<{ id: string }>(
      `select id::text from ledger_accounts where user_id = $1 and kind = 'cash'`,
      [p.id],
    );
    const [house] = await g.t.database.query<{ id: string }>(
      `select id::text from ledger_accounts where user_id is null and kind like 'house:%' limit 1`,
    );
    const call_ = (nonce: string, stake: string, key: string) =>
      g.t.database.query(
        `select * from place_instant_bet($1, 'h', '{}', $2, 'dice', 'RUB', $3, 0, '0', $4, $5, '{}', '{}', $6, $7, 0, '{}', $8, $9)`,
        [
          key,
          p.id,
          stake,
          pair!.id,
          nonce,
          account!.id,
          house!.id,
          [account!.id, house!.id],
          [`-${stake}`, stake],
        ],
      );
    const stale = await call_(String(Number(pair!.nonce) + 5), '1', 'fn-key-stale').catch(
      (e: { code?: string }) => e,
    );
    expect((stale as { code?: string }).code).toBe('CB001');
    const poor = await call_(pair!.nonce, '100000', 'fn-key-poor').catch((e: { code?: string }) => e);
    expect((poor as { code?: string }).code).toBe('CB003');
    const keys = await g.t.database.query(
      `select 1 from ledger_transactions where idempotency_key in ('fn-key-stale', 'fn-key-poor')`,
    );
    expect(keys).toEqual([]);
    const [after] = await g.t.database.query<{ nonce: string }>(
      'select nonce::text from seed_pairs where id = $1',
      [pair!.id],
    );
    expect(after!.nonce).toBe(pair!.nonce);
  });

  test('the function itself: ten concurrent calls predicting the same nonce place one bet, the others raise CB001', async () => {
    const p = await player(100_00n);
    await call(p, 'POST', '/games/dice/bet', under50);
    const [pair] = await g.t.database.query<{ id: string; nonce: string }>(
      `select id::text, nonce::text from seed_pairs where user_id = $1 and status = 'active'`,
      [p.id],
    );
    const [account] = await g.t.database.query<{ id: string }>(
      `select id::text from ledger_accounts where user_id = $1 and kind = 'cash'`,
      [p.id],
    );
    const [house] = await g.t.database.query<{ id: string }>(
      `select id::text from ledger_accounts where user_id is null and kind like 'house:%' limit 1`,
    );
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        g.t.database.query<{ r_status: string }>(
          `select r_status from place_instant_bet($1, 'h', '{}', $2, 'dice', 'RUB', 1, 0, '0', $3, $4, '{}', '{}', $5, $6, 0, '{}', $7, $8)`,
          [
            `fn-race-${i}`,
            p.id,
            pair!.id,
            pair!.nonce,
            account!.id,
            house!.id,
            [account!.id, house!.id],
            ['-1', '1'],
          ],
        ),
      ),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.value).toEqual([{ r_status: 'placed' }]);
    const codes = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
    );
    expect(codes).toEqual(Array(9).fill('CB001'));
    const [after] = await g.t.database.query<{ nonce: string }>(
      'select nonce::text from seed_pairs where id = $1',
      [pair!.id],
    );
    expect(after!.nonce).toBe(String(Number(pair!.nonce) + 1));
    // This process's prediction is now stale: its next bet is computed again and takes the next nonce.
    const { bet } = (await call(p, 'POST', '/games/dice/bet', under50)).json().data;
    expect(bet.nonce).toBe(String(Number(pair!.nonce) + 1));
    await expectRollOfItsNonce(bet);
  });
});

g.secrecyTest();
