import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../src/server/clock.ts';
import { balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { userChannel } from '../../src/shared/wire/realtime.ts';
import { bearer } from './auth.ts';
import { activeBonus } from './bonus-grants.ts';
import { betBody, launch, rollbackBody, slotsFile, walletCall, winBody } from './slots.ts';

/**
 * The Wallet API as the aggregator calls it (docs/slots.md): signed calls from a test double, every
 * status, idempotency by request_uuid (the same bytes) and transaction_uuid, rollbacks before
 * their bet, tokens that expire (the clock moves), bonus money, and the ledger check clean.
 * Also the calls at once (docs/slots.md "Idempotency"): many bets and wins of one player end on
 * the exact balance; twins of one request, and a bet racing its own rollback, have one effect.
 * Held against each path the server can take (`SLOT_WALLET_PATH`): `auto`, one statement per
 * bet and win (src/server/modules/slots/statements.ts) with the transaction for what it hands
 * over, and `transaction` only: tests/api/slots-wallet-{auto,transaction}.test.ts.
 * RUB: 1 RUB = 100000 units = 100 minor units.
 */
export function slotWalletSuite(path: 'auto' | 'transaction'): void {
  const RUB = 100_000;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  const { t, player } = slotsFile({ SLOT_WALLET_PATH: path }, { clock });

  const cash = (p: { id: string }) => balanceOf(t.database, { userId: p.id, kind: 'cash' }, 'RUB');
  const count = async (table: string) =>
    Number((await t.database.query<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n);

  describe(`the Wallet API (${path})`, () => {
    test('user/info and user/balance: the player, their currency, the balance × 100000', async () => {
      const p = await player(12_34n);
      const info = await walletCall(t, 'user/info', { user: p.id, request_uuid: randomUUID() });
      expect(info.httpStatus).toBe(200);
      expect(info.signed).toBe(true);
      expect(info.body).toMatchObject({ user: p.id, status: 'RS_OK', currency: 'RUB', country: 'RU' });
      const balance = await walletCall(t, 'user/balance', {
        user: p.id,
        token: p.session,
        request_uuid: randomUUID(),
        game_code: 'orbita_star_quest',
      });
      expect(balance.body).toMatchObject({ status: 'RS_OK', currency: 'RUB', balance: 12.34 * RUB });
      // The bytes are what is signed, whatever the content type says.
      const plain = JSON.stringify({ user: p.id, request_uuid: randomUUID() });
      const asText = await t.app.inject({
        method: 'POST',
        url: '/api/aggregator/wallet/user/info',
        headers: { 'content-type': 'text/plain', 'x-hub88-signature': await signedText(plain) },
        payload: plain,
      });
      expect([asText.statusCode, asText.json().status]).toEqual([200, 'RS_OK']);
      const stranger = await walletCall(t, 'user/info', { user: '999999999', request_uuid: randomUUID() });
      expect(stranger.body.status).toBe('RS_ERROR_USER_DISABLED');
    });

    test('a bad or missing signature is refused (signed answer) and writes nothing', async () => {
      const p = await player(10_00n);
      const before = [await count('slot_requests'), await count('slot_transactions')];
      const bet = betBody(p, p.session, 1 * RUB);
      for (const signature of [null, 'bm90IGEgc2lnbmF0dXJl', '']) {
        const res = await walletCall(t, 'transaction/bet', bet, signature);
        expect(res.httpStatus).toBe(200);
        expect(res.signed).toBe(true);
        expect(res.body).toMatchObject({
          status: 'RS_ERROR_INVALID_SIGNATURE',
          request_uuid: bet.request_uuid,
        });
      }
      // Signed for another body.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/aggregator/wallet/transaction/bet',
        headers: {
          'content-type': 'application/json',
          'x-hub88-signature': await signedOf({ ...bet, amount: 1 }),
        },
        payload: JSON.stringify(bet),
      });
      expect(other.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
      expect([await count('slot_requests'), await count('slot_transactions')]).toEqual(before);
      expect(await cash(p)).toBe(10_00n);
    });

    test('a bet and its win move the money once, record the wager, count VIP and show in the history', async () => {
      const p = await player(100_00n);
      const events: string[] = [];
      const stop = await t.bus.subscribe(userChannel(p.id), (m) => void events.push(m));
      const bet = betBody(p, p.session, 10 * RUB);
      const placed = await walletCall(t, 'transaction/bet', bet);
      expect(placed.body).toEqual({
        user: p.id,
        status: 'RS_OK',
        request_uuid: bet.request_uuid,
        currency: 'RUB',
        balance: 90 * RUB,
      });
      const win = await walletCall(t, 'transaction/win', winBody(bet, 25 * RUB));
      expect(win.body).toMatchObject({ status: 'RS_OK', balance: 115 * RUB });
      expect(await cash(p)).toBe(115_00n);
      const [wager] = await t.database.query<{ stake: string; payout: string; game: string }>(
        `select stake::text, payout::text, game from wagers where product = 'slots' and ref = $1`,
        [bet.transaction_uuid],
      );
      expect(wager).toEqual({ stake: '1000', payout: '2500', game: 'orbita_star_quest' });
      // The VIP progress, and the house edge rakeback pays a share of: the catalogue's RTP 96.21 %
      // is an edge of 379 basis points.
      const [vip] = await t.database.query<{ wagered: string; edge: string }>(
        'select wagered::text, edge::text from vip_progress where user_id = $1',
        [p.id],
      );
      expect(vip).toEqual({ wagered: '1000', edge: String(1000 * 379) });
      const history = await t.app.inject({ url: '/api/profile/history', headers: bearer(p.token) });
      const lines = history.json().data as { type: string; amount: string; game: string; status: string }[];
      expect(lines.filter((l) => l.type === 'bet')).toEqual([
        expect.objectContaining({ amount: '15.00', game: 'orbita_star_quest', status: 'completed' }),
      ]);
      await expect.poll(() => events.length).toBeGreaterThanOrEqual(2);
      expect(JSON.parse(events.at(-1)!)).toMatchObject({ data: { type: 'balance', balance: '115.00' } });
      await stop();
      // A second win of the same bet pays once more and adds to its wager; a win of 0 closes nothing new.
      await walletCall(t, 'transaction/win', winBody(bet, 5 * RUB));
      expect(await cash(p)).toBe(120_00n);
      expect(await checkLedger(t.database)).toEqual([]);
    });

    test('a lost round: a win of 0 settles the bet, moves nothing and records the wager', async () => {
      const p = await player(10_00n);
      const bet = betBody(p, p.session, 2.5 * RUB);
      await walletCall(t, 'transaction/bet', bet);
      const win = await walletCall(t, 'transaction/win', winBody(bet, 0));
      expect(win.body).toMatchObject({ status: 'RS_OK', balance: 7.5 * RUB });
      const rows = await t.database.query(
        `select 1 from wagers where product = 'slots' and ref = $1 and payout = 0`,
        [bet.transaction_uuid],
      );
      expect(rows).toHaveLength(1);
    });

    test('refusals: token, game, currency, money, amounts, unknown bets; nothing written', async () => {
      const p = await player(5_00n);
      const q = await player(5_00n);
      const refused = async (path: string, body: Record<string, unknown>) =>
        (await walletCall(t, path, body)).body;
      expect((await refused('transaction/bet', betBody(p, 'no-such-token', RUB))).status).toBe(
        'RS_ERROR_INVALID_TOKEN',
      );
      expect((await refused('transaction/bet', betBody(p, q.session, RUB))).status).toBe(
        'RS_ERROR_INVALID_TOKEN',
      );
      expect(
        (await refused('transaction/bet', betBody(p, p.session, RUB, { game_code: 'orbita_sugar_storm' })))
          .status,
      ).toBe('RS_ERROR_INVALID_GAME');
      expect((await refused('transaction/bet', betBody(p, p.session, RUB, { currency: 'USD' }))).status).toBe(
        'RS_ERROR_WRONG_CURRENCY',
      );
      expect(await refused('transaction/bet', betBody(p, p.session, 6 * RUB))).toMatchObject({
        status: 'RS_ERROR_NOT_ENOUGH_MONEY',
        currency: 'RUB',
        balance: 5 * RUB,
      });
      // 0.00001 RUB is not a whole number of kopecks; 0 is no stake; free rounds are not offered.
      for (const extra of [{ amount: 1 }, { amount: 1_500 }, { amount: 0 }, { is_free: true }])
        expect((await refused('transaction/bet', betBody(p, p.session, RUB, extra))).status).toBe(
          'RS_ERROR_UNKNOWN',
        );
      expect((await refused('transaction/bet', { user: p.id })).status).toBe('RS_ERROR_UNKNOWN');
      const ghost = betBody(p, p.session, RUB);
      expect((await refused('transaction/win', winBody(ghost, RUB))).status).toBe(
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      expect((await refused('transaction/bet', betBody({ id: '424242424' }, p.session, RUB))).status).toBe(
        'RS_ERROR_USER_DISABLED',
      );
      expect(await cash(p)).toBe(5_00n);
      expect(await t.database.query('select 1 from slot_transactions where user_id = $1', [p.id])).toEqual(
        [],
      );
    });

    test('a player at their wager limit or on a time-out is disabled for bets; a win of an earlier bet still pays', async () => {
      const limited = await player(20_00n);
      const headers = bearer(limited.token);
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/responsible/limits',
        headers,
        payload: { kind: 'wager', period: 'day', amount: '5' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const open = betBody(limited, limited.session, 3 * RUB);
      expect((await walletCall(t, 'transaction/bet', open)).body.status).toBe('RS_OK');
      const over = await walletCall(t, 'transaction/bet', betBody(limited, limited.session, 3 * RUB));
      expect(over.body.status).toBe('RS_ERROR_USER_DISABLED');
      expect(await cash(limited)).toBe(17_00n);

      const resting = await player(20_00n);
      const earlier = betBody(resting, resting.session, 2 * RUB);
      expect((await walletCall(t, 'transaction/bet', earlier)).body.status).toBe('RS_OK');
      const timeOut = await t.app.inject({
        method: 'POST',
        url: '/api/responsible/time-out',
        headers: bearer(resting.token),
        payload: { days: 1, confirm: true },
      });
      expect(timeOut.statusCode, timeOut.body).toBe(200);
      const refused = await walletCall(t, 'transaction/bet', betBody(resting, resting.session, RUB));
      expect(refused.body.status).toBe('RS_ERROR_USER_DISABLED');
      expect((await walletCall(t, 'transaction/win', winBody(earlier, 5 * RUB))).body.status).toBe('RS_OK');
      expect(await cash(resting)).toBe(23_00n);
      expect(await checkLedger(t.database)).toEqual([]);
    });

    test('a repeated request_uuid answers the first bytes, signed, even after the balance changed', async () => {
      const p = await player(20_00n);
      const bet = betBody(p, p.session, 3 * RUB);
      const first = await walletCall(t, 'transaction/bet', bet);
      await walletCall(t, 'transaction/bet', betBody(p, p.session, 4 * RUB));
      const again = await walletCall(t, 'transaction/bet', bet);
      expect(again.bytes).toBe(first.bytes);
      expect(again.signed).toBe(true);
      expect(await cash(p)).toBe(13_00n);
      // A refusal is the request's answer too.
      const poor = betBody(p, p.session, 100 * RUB);
      const refused = await walletCall(t, 'transaction/bet', poor);
      expect((await walletCall(t, 'transaction/bet', poor)).bytes).toBe(refused.bytes);
    });

    test('a used transaction_uuid: the same body is answered RS_OK once more, another body is a duplicate', async () => {
      const p = await player(20_00n);
      const bet = betBody(p, p.session, 3 * RUB);
      await walletCall(t, 'transaction/bet', bet);
      const retried = await walletCall(t, 'transaction/bet', { ...bet, request_uuid: randomUUID() });
      expect(retried.body).toMatchObject({ status: 'RS_OK', balance: 17 * RUB });
      const changed = await walletCall(t, 'transaction/bet', {
        ...bet,
        request_uuid: randomUUID(),
        amount: 4 * RUB,
      });
      expect(changed.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      const win = winBody(bet, 2 * RUB);
      await walletCall(t, 'transaction/win', win);
      const otherWin = await walletCall(t, 'transaction/win', {
        ...win,
        request_uuid: randomUUID(),
        amount: 9 * RUB,
      });
      expect(otherWin.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      expect(await cash(p)).toBe(19_00n);
    });

    test('a rollback before its bet is recorded; the late bet is refused as a duplicate', async () => {
      const p = await player(10_00n);
      const bet = betBody(p, p.session, 4 * RUB);
      const rollback = await walletCall(t, 'transaction/rollback', rollbackBody(bet));
      expect(rollback.body).toMatchObject({ status: 'RS_OK', balance: 10 * RUB });
      const late = await walletCall(t, 'transaction/bet', bet);
      expect(late.body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      expect(await cash(p)).toBe(10_00n);
    });

    test('a rollback hands the bet back once; a win of a rolled-back bet and a rollback of a won bet are refused', async () => {
      const p = await player(10_00n);
      const bet = betBody(p, p.session, 4 * RUB);
      await walletCall(t, 'transaction/bet', bet);
      expect((await walletCall(t, 'transaction/rollback', rollbackBody(bet))).body.balance).toBe(10 * RUB);
      expect((await walletCall(t, 'transaction/rollback', rollbackBody(bet))).body.status).toBe('RS_OK');
      expect((await walletCall(t, 'transaction/win', winBody(bet, RUB))).body.status).toBe(
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
      const won = betBody(p, p.session, 1 * RUB);
      await walletCall(t, 'transaction/bet', won);
      await walletCall(t, 'transaction/win', winBody(won, 2 * RUB));
      expect((await walletCall(t, 'transaction/rollback', rollbackBody(won))).body.status).toBe(
        'RS_ERROR_UNKNOWN',
      );
      expect(await cash(p)).toBe(11_00n);
      expect(await checkLedger(t.database)).toEqual([]);
    });

    test('after the token expires: bets are refused, wins and rollbacks of earlier bets are accepted', async () => {
      const p = await player(10_00n);
      const bet = betBody(p, p.session, 2 * RUB);
      const other = betBody(p, p.session, 3 * RUB);
      await walletCall(t, 'transaction/bet', bet);
      await walletCall(t, 'transaction/bet', other);
      clock.advance(12 * 3_600_000 + 1);
      try {
        expect((await walletCall(t, 'transaction/bet', betBody(p, p.session, RUB))).body.status).toBe(
          'RS_ERROR_TOKEN_EXPIRED',
        );
        expect((await walletCall(t, 'transaction/win', winBody(bet, 6 * RUB))).body.status).toBe('RS_OK');
        expect((await walletCall(t, 'transaction/rollback', rollbackBody(other))).body.status).toBe('RS_OK');
        expect(await cash(p)).toBe(14_00n);
      } finally {
        clock.advance(-(12 * 3_600_000 + 1));
      }
    });

    test('bonus money: real money first, then the bonus; wagering counted at 100 %; the max bet refused', async () => {
      const p = await player(4_00n);
      const grantId = await activeBonus(t.database, p.id, 20_00n);
      const bet = betBody(p, p.session, 10 * RUB);
      const placed = await walletCall(t, 'transaction/bet', bet);
      expect(placed.body).toMatchObject({ status: 'RS_OK', balance: 14 * RUB });
      expect(await cash(p)).toBe(0n);
      expect(await balanceOf(t.database, { userId: p.id, kind: 'bonus' }, 'RUB')).toBe(14_00n);
      await walletCall(t, 'transaction/win', winBody(bet, 20 * RUB));
      // The payout splits as the stake did: 40 % cash, 60 % bonus money.
      expect(await cash(p)).toBe(8_00n);
      expect(await balanceOf(t.database, { userId: p.id, kind: 'bonus' }, 'RUB')).toBe(26_00n);
      const [grant] = await t.database.query<{ wagered: string }>(
        'select wagered::text from bonus_grants where id = $1',
        [grantId],
      );
      expect(grant?.wagered).toBe('1000');
      await t.database.query('update bonus_grants set max_bet = 500 where id = $1', [grantId]);
      const over = await walletCall(t, 'transaction/bet', betBody(p, p.session, 6 * RUB));
      expect(over.body.status).toBe('RS_ERROR_UNKNOWN');
      // A rolled-back bonus-funded bet hands the bonus part back to its grant.
      const small = betBody(p, p.session, 9 * RUB);
      await t.database.query('update bonus_grants set max_bet = 0 where id = $1', [grantId]);
      await walletCall(t, 'transaction/bet', small);
      await walletCall(t, 'transaction/rollback', rollbackBody(small));
      expect(await cash(p)).toBe(8_00n);
      expect(await balanceOf(t.database, { userId: p.id, kind: 'bonus' }, 'RUB')).toBe(26_00n);
      expect(await checkLedger(t.database)).toEqual([]);
    });

    test('a bonus weighing slots at 40 % counts 40 % of a slot stake; a game named apart counts its own', async () => {
      const p = await player(100_00n);
      const grantId = await activeBonus(t.database, p.id, 10_00n);
      await t.database.query('update bonus_grants set weights = $2 where id = $1', [
        grantId,
        JSON.stringify({ default: 100, slots: 40, orbita_fruit_express: 0 }),
      ]);
      const wagered = async () =>
        (
          await t.database.query<{ wagered: string }>(
            'select wagered::text from bonus_grants where id = $1',
            [grantId],
          )
        )[0]?.wagered;
      const bet = betBody(p, p.session, 10 * RUB);
      await walletCall(t, 'transaction/bet', bet);
      await walletCall(t, 'transaction/win', winBody(bet, 0));
      expect(await wagered()).toBe('400');
      const fruit = { ...p, session: await launch(t, p, 'fruit-express') };
      const other = betBody(fruit, fruit.session, 10 * RUB, { game_code: 'orbita_fruit_express' });
      expect((await walletCall(t, 'transaction/bet', other)).body.status).toBe('RS_OK');
      await walletCall(t, 'transaction/win', winBody(other, 0));
      expect(await wagered()).toBe('400');
    });
  });

  async function signedText(text: string): Promise<string> {
    const { sign } = await import('../../src/server/modules/slots/signature.ts');
    const { aggregatorKeys } = await import('../helpers/slots.ts');
    return sign(text, aggregatorKeys.privateKey);
  }

  async function signedOf(body: Record<string, unknown>): Promise<string> {
    const { sign } = await import('../../src/server/modules/slots/signature.ts');
    const { aggregatorKeys } = await import('../helpers/slots.ts');
    return sign(JSON.stringify(body), aggregatorKeys.privateKey);
  }

  describe(`the Wallet API, concurrently (${path})`, () => {
    test('50 bets and their wins of one player at once: the exact balance, a clean ledger', async () => {
      const p = await player(2_000_00n);
      const bets = Array.from({ length: 50 }, (_, i) => betBody(p, p.session, (i + 1) * RUB));
      const results = await Promise.all(
        bets.map(async (bet, i) => {
          const placed = await walletCall(t, 'transaction/bet', bet);
          const won = await walletCall(t, 'transaction/win', winBody(bet, (i % 3) * RUB));
          return [placed.body.status, won.body.status];
        }),
      );
      expect(results.flat().every((s) => s === 'RS_OK')).toBe(true);
      const staked = (50 * 51) / 2;
      const paid = Array.from({ length: 50 }, (_, i) => i % 3).reduce((a, b) => a + b, 0);
      expect(await cash(p)).toBe(BigInt((2_000 - staked + paid) * 100));
      const [wagers] = await t.database.query<{ n: string }>(
        `select count(*)::text as n from wagers where product = 'slots' and user_id = $1`,
        [p.id],
      );
      expect(wagers?.n).toBe('50');
      expect(await checkLedger(t.database)).toEqual([]);
    });

    test('twins of one request: one effect, the same bytes to both', async () => {
      const p = await player(10_00n);
      const bet = betBody(p, p.session, 2 * RUB);
      const twins = await Promise.all([1, 2, 3].map(() => walletCall(t, 'transaction/bet', bet)));
      expect(new Set(twins.map((r) => r.bytes)).size).toBe(1);
      expect(twins[0]!.body.status).toBe('RS_OK');
      expect(await cash(p)).toBe(8_00n);
      // One transaction under several request ids at once: one stake.
      const other = betBody(p, p.session, 3 * RUB);
      const retries = await Promise.all(
        [1, 2, 3].map(() => walletCall(t, 'transaction/bet', { ...other, request_uuid: randomUUID() })),
      );
      expect(retries.map((r) => r.body.status)).toEqual(['RS_OK', 'RS_OK', 'RS_OK']);
      expect(await cash(p)).toBe(5_00n);
    });

    test('a bet racing its rollback: exactly one effect, whichever comes first', async () => {
      const p = await player(100_00n);
      for (let i = 0; i < 10; i++) {
        const bet = betBody(p, p.session, 5 * RUB);
        const before = await cash(p);
        const [placed, rolled] = await Promise.all([
          walletCall(t, 'transaction/bet', bet),
          walletCall(t, 'transaction/rollback', rollbackBody(bet)),
        ]);
        expect(rolled.body.status).toBe('RS_OK');
        // Either the bet came first and was handed back, or the rollback first and the bet is refused.
        expect(['RS_OK', 'RS_ERROR_DUPLICATE_TRANSACTION']).toContain(placed.body.status);
        expect(await cash(p)).toBe(before);
      }
      expect(await checkLedger(t.database)).toEqual([]);
    });
  });
}
