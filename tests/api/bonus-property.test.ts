import fc from 'fast-check';
import { expect, test } from 'vitest';
import { placeMines, TILES } from '../../src/games/miner/engine.ts';
import { balanceOf } from '../../src/server/modules/ledger/ledger.ts';
import { checkLedger } from '../../src/server/modules/wallet/check.ts';
import { bonusApi, ok, unique } from '../helpers/bonus.ts';
import { gamesBench, type Player } from '../helpers/games.ts';
import { credit } from '../helpers/players.ts';

/**
 * The promise of docs/bonuses.md as a property: whatever a player does, in any order (deposit,
 * activate a bonus, bet, play a round to a win or a loss, join and leave a room or have it drawn,
 * cancel, let the bonus expire, withdraw), their cash is exactly what a model of the rules says
 * real money earned: deposits − withdrawals + the cash parts of settled results + what bonuses
 * converted when their wagering was done. So withdrawable cash never exceeds deposits −
 * withdrawals + settled results: bonus money reaches cash only through completed wagering.
 *
 * The model knows only the rules: real money pays a stake first; a payout splits like its stake;
 * settled stakes wager the active bonus (dice and miner 100 %, rooms 0 %); completion converts
 * what the bonus holds; an ended bonus's open stakes win for the house.
 */
const OPERATOR = 'operator-token-bonus-property-0123456789';
const g = gamesBench({
  OPERATOR_API_TOKEN: OPERATOR,
  ROOMS_COUNTDOWN_MS: '600000',
  KYC_ON_FIRST_WITHDRAWAL: 'false',
  KYC_THRESHOLD_MIN_PAYOUTS: '100000',
  SANDBOX_WEBHOOK_INTERVAL_MS: '3600000',
  // Every run registers a player from the one test address.
  RATE_LIMIT_API_PER_MINUTE: '100000',
});
const { player, call } = g;
const bonus = bonusApi(() => g.t, OPERATOR);

type Action =
  | { kind: 'deposit'; amount: number }
  | { kind: 'activate' }
  | { kind: 'bet'; amount: number; chance: 'safe' | 'even' | 'long' }
  | { kind: 'start'; amount: number }
  | { kind: 'finish'; win: boolean }
  | { kind: 'join'; amount: number }
  | { kind: 'leave' }
  | { kind: 'draw' }
  | { kind: 'cancel' }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amount: number };

/** Actions weighted towards play: most sequences stake bonus money, some win with it. */
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 120 }) }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'activate' as const }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      amount: fc.integer({ min: 1, max: 60 }),
      chance: fc.constantFrom('safe' as const, 'even' as const, 'long' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('start' as const), amount: fc.integer({ min: 1, max: 40 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('finish' as const), win: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('join' as const), amount: fc.integer({ min: 1, max: 80 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'leave' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'draw' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      amount: fc.integer({ min: 100, max: 400 }),
    }),
  },
);

const TARGETS = { safe: '5.00', even: '49.50', long: '90.00' } as const;
const minor = (decimal: string) => BigInt(Math.round(Number(decimal) * 100));
const major = (amount: number) => String(amount);

/** What the model knows of one bonus. */
interface ModelGrant {
  id: string;
  requirement: bigint;
  wagered: bigint;
  /** The bonus money it holds: its amount, less what it staked, plus what those stakes won. */
  held: bigint;
  status: 'active' | 'completed' | 'ended';
  /** Its deadline passed in the database; nothing has swept it yet. */
  expired: boolean;
}

/** The model: what cash must be, and what the bonus and the open plays hold. */
class Model {
  cash = 0n;
  grant: ModelGrant | null = null;
  round: { id: string; stake: bigint; cashPart: bigint; funder: ModelGrant | null; field: unknown } | null =
    null;
  room: { roundId: string; stake: bigint } | null = null;

  /** The active bonus that can still pay stakes and be wagered. */
  get usable(): ModelGrant | null {
    return this.grant?.status === 'active' && !this.grant.expired ? this.grant : null;
  }

  /** A stake of `stake` when the player holds `cashBefore`: the cash part and the bonus part. */
  fund(stake: bigint, cashBefore: bigint) {
    const cashPart = this.usable && cashBefore < stake ? cashBefore : stake;
    const bonusPart = stake - cashPart;
    this.cash -= cashPart;
    if (bonusPart > 0n) this.usable!.held -= bonusPart;
    return { cashPart, funder: bonusPart > 0n ? this.usable : null };
  }

  /** A settled stake: it wagers the active bonus, its payout splits like it, a completion converts. */
  settle(stake: bigint, cashPart: bigint, funder: ModelGrant | null, payout: bigint, weight: bigint) {
    const wagering = this.usable;
    if (wagering) wagering.wagered += (stake * weight) / 100n;
    const cashShare = cashPart === stake ? payout : (payout * cashPart) / stake;
    const bonusShare = payout - cashShare;
    this.cash += cashShare;
    if (funder?.status === 'active') funder.held += bonusShare;
    else if (funder?.status === 'completed') this.cash += bonusShare;
    if (wagering && wagering.wagered >= wagering.requirement) {
      this.cash += wagering.held;
      wagering.held = 0n;
      wagering.status = 'completed';
    }
  }

  end() {
    if (this.grant?.status !== 'active') return;
    this.grant.status = 'ended';
    this.grant.held = 0n;
  }
}

/** The second player of every room round a run has drawn. */
let partner: Player;

test('no sequence of play turns bonus money into cash without wagering it', {
  timeout: 600_000,
}, async () => {
  partner = await player(10_000_000n);
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(action, { minLength: 4, maxLength: 16 }),
      fc.integer({ min: 1, max: 4 }),
      async (actions, wager) => {
        runs += 1;
        const p = await player(0n);
        const code = await bonus.promo((await bonus.campaign({ wager, amount: { RUB: '100' } })).id, {
          max_uses_per_player: 100,
        });
        const model = new Model();
        const balances = async () => ({
          cash: await balanceOf(g.t.database, { userId: p.id, kind: 'cash' }, 'RUB'),
          bonus: await balanceOf(g.t.database, { userId: p.id, kind: 'bonus' }, 'RUB'),
        });
        for (const step of actions) {
          const before = await balances();
          await play(step, p, model, code, before.cash);
          const after = await balances();
          expect(after.cash, `after ${JSON.stringify(step)} of ${JSON.stringify(actions)}`).toBe(model.cash);
          if (!model.grant?.expired)
            expect(after.bonus, `bonus after ${JSON.stringify(step)}`).toBe(
              model.grant?.status === 'active' ? model.grant.held : 0n,
            );
        }
        // The player's room stake is drawn, so the next run finds the room free.
        await drawRoom(p, model);
        expect(await checkLedger(g.t.database)).toEqual([]);
      },
    ),
    { numRuns: 40 },
  );
  expect(runs).toBe(40);
});

/** One action of the player against the API, and what the model says it does. */
async function play(step: Action, p: Player, model: Model, code: string, cashBefore: bigint) {
  switch (step.kind) {
    case 'deposit': {
      const amount = BigInt(step.amount) * 100n;
      await credit(g.t, p.id, amount, { key: unique('deposit') });
      model.cash += amount;
      return;
    }
    case 'activate': {
      const granted = ok(await call(p, 'POST', '/bonus/promo', { code })).data;
      const res = await call(p, 'POST', `/bonus/grants/${granted.id}/activate`);
      if (model.usable || (model.grant?.status === 'active' && !model.grant.expired)) {
        expect(res.statusCode).toBe(409);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      if (model.grant?.expired) model.end();
      model.grant = {
        id: granted.id,
        requirement: minor(res.json().data.requirement),
        wagered: 0n,
        held: 100_00n,
        status: 'active',
        expired: false,
      };
      return;
    }
    case 'bet': {
      const res = await call(p, 'POST', '/games/dice/bet', {
        amount: major(step.amount),
        target: TARGETS[step.chance],
        direction: 'over',
      });
      if (res.statusCode === 422) {
        expect(res.json().errors).toEqual({ amount: ['insufficient_funds'] });
        return;
      }
      const bet = ok(res).data.bet;
      const stake = minor(bet.amount);
      const { cashPart, funder } = model.fund(stake, cashBefore);
      model.settle(stake, cashPart, funder, minor(bet.payout), 100n);
      return;
    }
    case 'start': {
      if (model.round) return;
      const res = await call(p, 'POST', '/games/miner/start', { amount: major(step.amount), mines: 3 });
      if (res.statusCode === 422) return;
      const bet = ok(res).data.bet;
      const stake = minor(bet.amount);
      model.round = { id: bet.id, stake, ...model.fund(stake, cashBefore), field: bet };
      return;
    }
    case 'finish': {
      const round = model.round;
      if (!round) return;
      const mines = placeMines(await g.floatsOf(round.field as never, 3), 3);
      const tile = step.win
        ? Array.from({ length: TILES }, (_, i) => i).find((t) => !mines.includes(t))!
        : mines[0]!;
      const revealed = ok(await call(p, 'POST', '/games/miner/reveal', { tile, index: 0, bet_id: round.id }))
        .data.bet;
      const ended = step.win ? ok(await call(p, 'POST', '/games/miner/cashout', {})).data.bet : revealed;
      expect(ended.status).toBe('settled');
      model.round = null;
      model.settle(round.stake, round.cashPart, round.funder, minor(ended.payout), 100n);
      return;
    }
    case 'join': {
      if (model.room) return;
      const res = await call(p, 'POST', '/games/rooms/red/join', { amount: major(step.amount) });
      if (res.statusCode === 422) {
        expect(res.json().errors).toEqual({ amount: ['insufficient_funds'] });
        return;
      }
      const joined = ok(res).data;
      // A room stake is real money only.
      model.cash -= minor(joined.stake);
      model.room = { roundId: joined.round.id, stake: minor(joined.stake) };
      return;
    }
    case 'leave': {
      if (!model.room) return;
      ok(await call(p, 'POST', '/games/rooms/red/leave', { round_id: model.room.roundId }));
      model.cash += model.room.stake;
      model.room = null;
      return;
    }
    case 'draw':
      return drawRoom(p, model);
    case 'cancel': {
      if (model.grant?.status !== 'active') return;
      ok(await call(p, 'POST', `/bonus/grants/${model.grant.id}/cancel`));
      model.end();
      return;
    }
    case 'expire': {
      if (model.grant?.status !== 'active') return;
      await g.t.database.query(
        `update bonus_grants set expires_at = now() - interval '1 second' where id = $1`,
        [model.grant.id],
      );
      model.grant.expired = true;
      return;
    }
    case 'withdraw': {
      const res = await call(
        p,
        'POST',
        '/payments/withdrawals',
        { amount: major(step.amount), method: 'sandbox_card', details: { card: '4242' } },
        unique('w'),
      );
      if (res.statusCode === 200) {
        // An expired bonus ends in the withdrawal's transaction; an active one refuses it.
        expect(model.usable).toBeNull();
        if (model.grant?.expired) model.end();
        model.cash -= BigInt(step.amount) * 100n;
        return;
      }
      expect([409, 422]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().errors).toEqual({ bonus: ['bonus_withdrawal_refused'] });
      return;
    }
  }
}

/** A second player joins the player's room round and the leader draws it. */
async function drawRoom(p: Player, model: Model) {
  if (!model.room) return;
  ok(await call(partner, 'POST', '/games/rooms/red/join', { amount: '10', round_id: model.room.roundId }));
  await g.t.database.query(
    "update room_rounds set countdown_ends_at = now() - interval '1 millisecond' where id = $1",
    [model.room.roundId],
  );
  let drawn: { status: string; winner_id: string | null; prize: string | null } | undefined;
  await expect
    .poll(
      async () => {
        [drawn] = await g.t.database.query<{
          status: string;
          winner_id: string | null;
          prize: string | null;
        }>('select status, winner_id::text, prize::text from room_rounds where id = $1', [
          model.room!.roundId,
        ]);
        return drawn?.status;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe('settled');
  // A room stake is real money only and wagers no bonus (rooms 0 %); the prize is cash.
  model.settle(
    model.room.stake,
    model.room.stake,
    null,
    drawn!.winner_id === p.id ? BigInt(drawn!.prize!) : 0n,
    0n,
  );
  model.room = null;
}
