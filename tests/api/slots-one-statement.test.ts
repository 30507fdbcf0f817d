import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { slotStatements } from '../../src/server/modules/slots/statements.ts';
import { insertSession } from '../../src/server/modules/slots/store.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { activeBonus } from '../helpers/bonus-grants.ts';
import { betBody, listEntry, slotsFile, walletCall, winBody } from '../helpers/slots.ts';

/**
 * The Wallet API's bet and win in one statement each (src/server/modules/slots/statements.ts,
 * drizzle/0024_slot_statements.sql): the common case takes it, with the money, the wager and the
 * answer bytes of the transaction it stands for; what it cannot decide goes to the transaction.
 * The rules both paths keep are tests/helpers/slot-wallet-suite.ts, run on each.
 */
const RUB = 100_000;
const { t, player, double } = slotsFile();

const cash = (p: { id: string }) => balanceOf(t.database, { userId: p.id, kind: 'cash' }, 'RUB');
const counts = () => ({ one: slotStatements.oneStatement.value, handed: slotStatements.handedOver.value });
const delta = (before: ReturnType<typeof counts>) => {
  const now = counts();
  return { one: now.one - before.one, handed: now.handed - before.handed };
};

describe('one statement per bet and per win', () => {
  test('after the first settled stake, bets and wins take one statement each, with exact money', async () => {
    const p = await player(1_000_00n);
    // The first win counts the first stake: the VIP row is created by the transaction (and so may
    // a first use of the house's account in this currency be).
    let before = counts();
    const first = betBody(p, p.session, 10 * RUB);
    expect((await walletCall(t, 'transaction/bet', first)).body.status).toBe('RS_OK');
    expect((await walletCall(t, 'transaction/win', winBody(first, 0))).body.status).toBe('RS_OK');
    expect(delta(before).one + delta(before).handed).toBe(2);
    expect(delta(before).handed).toBeGreaterThanOrEqual(1);

    before = counts();
    let expected = 990_00n;
    for (const won of [0, 25, 3]) {
      const bet = betBody(p, p.session, 5 * RUB);
      const placed = await walletCall(t, 'transaction/bet', bet);
      expected -= 5_00n;
      expect(placed.signed).toBe(true);
      expect(placed.body).toEqual({
        user: p.id,
        status: 'RS_OK',
        request_uuid: bet.request_uuid,
        currency: 'RUB',
        balance: Number(expected) * 1000,
      });
      const paid = await walletCall(t, 'transaction/win', winBody(bet, won * RUB));
      expected += BigInt(won) * 100n;
      expect(paid.body).toMatchObject({ status: 'RS_OK', balance: Number(expected) * 1000 });
      // A repeat answers the same bytes (the transaction reads them back).
      const again = await walletCall(t, 'transaction/bet', bet);
      expect(again.bytes).toBe(placed.bytes);
    }
    expect(delta(before)).toEqual({ one: 6, handed: 3 });
    expect(await cash(p)).toBe(expected);

    // Each bet and each paying win is one balanced ledger transaction; each round one wager.
    const wagers = await t.database.query<{ stake: string; payout: string }>(
      `select stake::text, payout::text from wagers where user_id = $1 and product = 'slots' order by settled_at`,
      [p.id],
    );
    expect(wagers.map((w) => [w.stake, w.payout])).toEqual([
      ['1000', '0'],
      ['500', '0'],
      ['500', '2500'],
      ['500', '300'],
    ]);
    // Counted on both paths alike: the house edge of the catalogue's RTP 96.21 % is 379 basis points.
    const vip = await t.database.query<{ wagered: string; edge: string }>(
      'select wagered::text, edge::text from vip_progress where user_id = $1',
      [p.id],
    );
    expect(vip[0]).toEqual({ wagered: '2500', edge: String(2500 * 379) });
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('refusals, a used transaction id and bonus money go to the transaction, which answers them', async () => {
    const p = await player(10_00n);
    const warm = betBody(p, p.session, RUB);
    await walletCall(t, 'transaction/bet', warm);
    await walletCall(t, 'transaction/win', winBody(warm, 0));

    const before = counts();
    const tooMuch = await walletCall(t, 'transaction/bet', betBody(p, p.session, 100 * RUB));
    expect(tooMuch.body).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 9 * RUB });
    const badToken = await walletCall(t, 'transaction/bet', betBody(p, 'no-such-token', RUB));
    expect(badToken.body.status).toBe('RS_ERROR_INVALID_TOKEN');
    const bet = betBody(p, p.session, RUB);
    await walletCall(t, 'transaction/bet', bet);
    const reused = await walletCall(t, 'transaction/bet', {
      ...bet,
      request_uuid: randomUUID(),
      amount: 2 * RUB,
    });
    expect(reused.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const unknown = await walletCall(
      t,
      'transaction/win',
      winBody({ ...bet, transaction_uuid: randomUUID() }, RUB),
    );
    expect(unknown.body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(delta(before)).toEqual({ one: 1, handed: 4 });

    // With a bonus active, the engine decides: the stake is counted into its wagering.
    await activeBonus(t.database, p.id, 50_00n);
    const withBonus = counts();
    const played = await walletCall(t, 'transaction/win', winBody(bet, 0));
    expect(played.body.status).toBe('RS_OK');
    expect(delta(withBonus)).toEqual({ one: 0, handed: 1 });
    const [grant] = await t.database.query<{ wagered: string }>(
      `select wagered::text from bonus_grants where user_id = $1 and status = 'active'`,
      [p.id],
    );
    expect(grant?.wagered).toBe('100');
    expect(await checkLedger(t.database)).toEqual([]);
  });

  test('a live table’s stakes count as `live` (10 % of a bonus’s wagering by default), by the transaction', async () => {
    const p = await player(100_00n);
    double().list = [...double().list, listEntry('orbita_live_roulette', { category: 'Live', rtp: '97.30' })];
    expect(await t.app.slots.refresh()).toBe(true);
    // The slots lobby leaves the live tables to the live casino's.
    const lobby = await t.app.inject('/api/slots/games');
    expect((lobby.json() as { data: { slug: string }[] }).data.map((g) => g.slug)).not.toContain(
      'live-roulette',
    );
    await insertSession(t.database, {
      token: `live-${p.id}`,
      userId: p.id,
      currency: 'RUB',
      gameCode: 'orbita_live_roulette',
      platform: 'desktop',
      now: new Date(),
      ttlMs: 3_600_000,
    });
    const warm = betBody(p, `live-${p.id}`, RUB, { game_code: 'orbita_live_roulette' });
    await walletCall(t, 'transaction/bet', warm);
    await walletCall(t, 'transaction/win', winBody(warm, 0));
    const grantId = await activeBonus(t.database, p.id, 10_00n);
    const before = counts();
    const bet = betBody(p, `live-${p.id}`, 10 * RUB, { game_code: 'orbita_live_roulette' });
    expect((await walletCall(t, 'transaction/bet', bet)).body.status).toBe('RS_OK');
    expect((await walletCall(t, 'transaction/win', winBody(bet, 20 * RUB))).body.status).toBe('RS_OK');
    expect(delta(before).handed).toBeGreaterThanOrEqual(1);
    const wagers = await t.database.query<{ product: string }>(
      'select product from wagers where ref = any($1::text[])',
      [[warm.transaction_uuid, bet.transaction_uuid]],
    );
    expect(wagers.map((w) => w.product)).toEqual(['live', 'live']);
    const [grant] = await t.database.query<{ wagered: string }>(
      'select wagered::text from bonus_grants where id = $1',
      [grantId],
    );
    expect(grant?.wagered).toBe('100');
    // The edge of RTP 97.30 %: 270 basis points on both stakes.
    const [vip] = await t.database.query<{ edge: string }>(
      'select edge::text from vip_progress where user_id = $1',
      [p.id],
    );
    expect(vip?.edge).toBe(String(1100 * 270));
  });
});
