import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../src/server/db/client.ts';
import { forfeitGrant } from '../../src/server/modules/bonus/engine.ts';
import { balanceOf, requestHashOf } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import {
  KeyUsed,
  rollback,
  type Settlement,
  settle,
  stake,
  stakeAccounts,
  type Wager,
} from '../../src/server/modules/wallet/stakes.ts';
import { activeBonus } from '../helpers/bonus-grants.ts';
import { gamesBench, type Player } from '../helpers/games.ts';

/**
 * The wallet's money path (src/server/modules/wallet/stakes.ts) called as a product with its own
 * outside ids would call it (an aggregator's transactions, here under product `slots`): each call
 * idempotent on its key, nothing counted or recorded twice, a rollback handing bonus money back to
 * its grant and never counting.
 */
const g = gamesBench();
const db = () => g.t.database;

const entry = (key: string, kind = 'test_stake') => ({
  key,
  kind,
  requestHash: requestHashOf({ key }),
  metadata: { product: 'slots' },
});

/**
 * The ledger's rules, but for the reconciliation of grants with the products' stake tables and of
 * slots with the aggregator's transactions (src/server/modules/slots), which do not know the stakes
 * made up here under product `slots` without an aggregator (tests/api/slots-*.test.ts hold the
 * real ones to both rules).
 */
const MADE_UP = new Set([
  'bonuses post what their grants record',
  'slots post what their transactions record',
]);
const ledgerProblems = async () => (await checkLedger(db())).filter((p) => !MADE_UP.has(p.rule));

const bonusOf = (p: Player) => balanceOf(db(), { userId: p.id, kind: 'bonus' }, 'RUB');
const wagersOf = (p: Player) =>
  db().query<{ ref: string; stake: string; bonus_stake: string; payout: string }>(
    `select ref, stake::text, bonus_stake::text, payout::text from wagers where user_id = $1 order by ref`,
    [p.id],
  );
const vipWagered = async (p: Player) =>
  (
    await db().query<{ wagered: string }>('select wagered::text from vip_progress where user_id = $1', [p.id])
  )[0]?.wagered ?? '0';

/** Stakes `amount` for the player under `key` (product `slots`, game `demo-slot`); answers the funding. */
async function stakeOf(p: Player, key: string, amount: bigint) {
  const accounts = await stakeAccounts(db(), p.id, 'RUB');
  return db().transaction((tx) =>
    stake(tx, {
      userId: p.id,
      currency: 'RUB',
      product: 'slots',
      game: 'demo-slot',
      amount,
      accounts,
      entry: entry(key),
      record: async ({ transactionId }) => transactionId,
    }),
  );
}

function wager(
  p: Player,
  ref: string,
  amount: bigint,
  payout: bigint,
  bonus: { stake: bigint; grantId: string | null },
): Wager {
  return {
    userId: p.id,
    currency: 'RUB',
    product: 'slots',
    game: 'demo-slot',
    ref,
    stake: amount,
    bonusStake: bonus.stake,
    grantId: bonus.grantId,
    payout,
  };
}

describe('the wallet: stake, settle, refund', () => {
  test('a stake under a used key throws KeyUsed and moves nothing; a settlement pays once per key', async () => {
    const p = await g.player(100_00n);
    const first = await stakeOf(p, 'wallet-test:bet:1', 10_00n);
    expect(first.cash).toBe(90_00n);
    await expect(stakeOf(p, 'wallet-test:bet:1', 10_00n)).rejects.toBeInstanceOf(KeyUsed);
    expect(await g.cash(p)).toBe(90_00n);
    const accounts = await stakeAccounts(db(), p.id, 'RUB');
    const win: Settlement = {
      wager: wager(p, 'round-1', 10_00n, 25_00n, { stake: 0n, grantId: null }),
      pay: { entry: entry('wallet-test:win:1', 'test_win'), accounts },
    };
    const settled = await db().transaction((tx) => settle(tx, [win]));
    expect(settled.balances.get(p.id)?.cash).toBe(115_00n);
    expect(settled.paid.get('round-1')?.bonusPayout).toBe(0n);
    // The same payout key again: refused, and the whole settlement (counters, record) rolls back.
    const again = { ...win, wager: { ...win.wager, ref: 'round-1-again' } };
    await expect(db().transaction((tx) => settle(tx, [again]))).rejects.toBeInstanceOf(KeyUsed);
    expect(await g.cash(p)).toBe(115_00n);
    expect(await wagersOf(p)).toEqual([{ ref: 'round-1', stake: '1000', bonus_stake: '0', payout: '2500' }]);
    expect(await vipWagered(p)).toBe('1000');
    // One wager per ref: settling round-1 a second time (a lost settlement, no payout) is refused.
    const twice = { wager: { ...win.wager, payout: 0n } };
    await expect(db().transaction((tx) => settle(tx, [twice]))).rejects.toThrow(/wagers_pkey/);
    expect(await vipWagered(p)).toBe('1000');
    expect(await ledgerProblems()).toEqual([]);
  });

  test('many settlements at once: each payout under its own key, one record each, lost ones counted too', async () => {
    const players = await Promise.all([g.player(50_00n), g.player(50_00n), g.player(50_00n)]);
    for (const [i, p] of players.entries()) await stakeOf(p, `wallet-test:many:${i}`, 5_00n);
    const settlements = await Promise.all(
      players.map(async (p, i): Promise<Settlement> => {
        const w = wager(p, `many-${i}`, 5_00n, i === 2 ? 0n : BigInt(i + 1) * 5_00n, {
          stake: 0n,
          grantId: null,
        });
        if (w.payout === 0n) return { wager: w };
        return {
          wager: w,
          pay: {
            entry: entry(`wallet-test:many-win:${i}`, 'test_win'),
            accounts: await stakeAccounts(db(), p.id, 'RUB'),
          },
        };
      }),
    );
    const settled = await db().transaction((tx) => settle(tx, settlements));
    expect([...settled.paid.keys()].sort()).toEqual(['many-0', 'many-1']);
    expect(await Promise.all(players.map((p) => g.cash(p)))).toEqual([50_00n, 55_00n, 45_00n]);
    for (const p of players) expect(await wagersOf(p)).toHaveLength(1);
    expect(await ledgerProblems()).toEqual([]);
  });

  test('a rollback hands the cash part back to cash and the bonus part to its grant, and never counts', async () => {
    const p = await g.player(4_00n);
    const grantId = await activeBonus(db(), p.id, 20_00n);
    const staked = await stakeOf(p, 'wallet-test:refund:1', 10_00n);
    expect(staked.funding).toEqual({ bonus: 6_00n, grantId });
    expect([await g.cash(p), await bonusOf(p)]).toEqual([0n, 14_00n]);
    const accounts = await stakeAccounts(db(), p.id, 'RUB');
    const back = (tx: Queryable, key: string) =>
      rollback(tx, {
        userId: p.id,
        currency: 'RUB',
        accounts,
        entry: entry(key, 'test_rollback'),
        prepare: async () => ({ amount: 10_00n, bonus: { amount: 6_00n, grantId } }),
      });
    const done = await db().transaction((tx) => back(tx, 'wallet-test:rollback:1'));
    expect([done.cash, done.bonus]).toEqual([4_00n, 20_00n]);
    await expect(db().transaction((tx) => back(tx, 'wallet-test:rollback:1'))).rejects.toBeInstanceOf(
      KeyUsed,
    );
    expect([await g.cash(p), await bonusOf(p)]).toEqual([4_00n, 20_00n]);
    expect(await wagersOf(p)).toEqual([]);
    expect(await vipWagered(p)).toBe('0');
    expect(await ledgerProblems()).toEqual([]);
  });

  test('a rollback after its bonus ended: the bonus part is forfeited at once, never cash', async () => {
    const p = await g.player(1_00n);
    const grantId = await activeBonus(db(), p.id, 10_00n);
    await stakeOf(p, 'wallet-test:refund:2', 5_00n);
    await db().transaction((tx) => forfeitGrant(tx, grantId, 'test'));
    const accounts = await stakeAccounts(db(), p.id, 'RUB');
    await db().transaction((tx) =>
      rollback(tx, {
        userId: p.id,
        currency: 'RUB',
        accounts,
        entry: entry('wallet-test:rollback:2', 'test_rollback'),
        prepare: async () => ({ amount: 5_00n, bonus: { amount: 4_00n, grantId } }),
      }),
    );
    expect([await g.cash(p), await bonusOf(p)]).toEqual([1_00n, 0n]);
    expect(await ledgerProblems()).toEqual([]);
  });

  test('the ledger check finds a settled bet whose wager is missing', async () => {
    const p = await g.player(10_00n);
    const res = await g.call(p, 'POST', '/games/dice/bet', { amount: '1', target: '50', direction: 'under' });
    const id = res.json().data.bet.id as string;
    expect(await ledgerProblems()).toEqual([]);
    await db().query(`delete from wagers where ref = $1`, [`bet:${id}`]);
    const problems = await ledgerProblems();
    expect(problems).toEqual([
      { rule: 'every settled stake has its wager', detail: expect.stringContaining(`bet:${id}`) },
    ]);
    await db().query(
      `insert into wagers (product, ref, user_id, game, currency, stake, payout)
       select 'originals', 'bet:' || id, user_id, game, currency, amount, payout from bets where id = $1`,
      [id],
    );
  });
});
