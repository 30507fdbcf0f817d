import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import { accountsWithin, type Balances, payMore, settle, takeBack, type Wager } from '../wallet/stakes.ts';
import {
  type Bet,
  type BetLeg,
  betReturn,
  legFactor,
  legSettlementOf,
  type SystemKind,
} from './settlement.ts';
import type { StoredResult } from './store.ts';

/**
 * A bet's money after a leg changed (docs/betting.md "Settlement"): what the bet should have paid
 * now, against what it has paid. A settlement pays the difference, a rollback takes it back, a
 * resettlement moves only the difference; each move under its own ledger key
 * (`sports:<bet>:<n>`), in the transaction that changed the leg, with the bet's row locked, so a
 * settlement, a rollback and a cash-out of one bet happen one after the other, each once.
 */

export interface BetRow {
  id: string;
  user_id: string;
  currency: Currency;
  kind: 'single' | 'multi' | 'system';
  system: string | null;
  stake: string;
  unit_stake: string;
  bonus_stake: string;
  grant_id: string | null;
  odds_policy: 'none' | 'higher' | 'any';
  live: boolean;
  status: 'pending' | 'open' | 'settled' | 'cashed_out' | 'refused';
  potential: string;
  paid: string;
  owed: string;
  moves: number;
  counted: boolean;
  refusal: string | null;
  client_key: string;
  placed_at: Date;
  accept_at: Date | null;
  settled_at: Date | null;
}

export interface LegRow {
  bet_id: string;
  idx: number;
  event_id: string;
  market_id: number;
  specifiers: string;
  outcome_id: string;
  odds: number;
  version: number;
  result: StoredResult | null;
  placed_at: Date;
}

/** The bet as the settlement maths reads it. */
export function betShape(bet: Pick<BetRow, 'kind' | 'system' | 'stake' | 'unit_stake'>): Bet {
  if (bet.kind === 'system')
    return { kind: 'system', system: bet.system as SystemKind, unitStake: BigInt(bet.unit_stake) };
  return { kind: bet.kind, stake: BigInt(bet.stake) };
}

export function betLegs(legs: readonly LegRow[]): BetLeg[] {
  return legs.map((leg) => ({
    odds: leg.odds,
    factor: leg.result ? legFactor(leg.odds, legSettlementOf(leg.result)) : null,
  }));
}

/** The wager the wallet counts and records for a bet. */
export function wagerOf(bet: BetRow, payout: bigint, edgeBps: bigint): Wager {
  return {
    userId: bet.user_id,
    currency: bet.currency,
    product: 'sports',
    game: 'sportsbook',
    edgeBps,
    ref: `sports:${bet.id}`,
    stake: BigInt(bet.stake),
    bonusStake: BigInt(bet.bonus_stake),
    grantId: bet.grant_id,
    payout,
  };
}

export async function lockBets(tx: Queryable, ids: readonly string[]): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  return tx.query<BetRow>('select * from sport_bets where id = any($1::bigint[]) order by id for update', [
    ids,
  ]);
}

export async function legsOf(tx: Queryable, betIds: readonly string[]): Promise<Map<string, LegRow[]>> {
  const rows = await tx.query<LegRow>(
    'select * from sport_bet_legs where bet_id = any($1::bigint[]) order by bet_id, idx',
    [betIds],
  );
  const out = new Map<string, LegRow[]>();
  for (const row of rows) {
    const list = out.get(String(row.bet_id)) ?? [];
    list.push(row);
    out.set(String(row.bet_id), list);
  }
  return out;
}

/** What an exposure row is keyed by (besides the currency). */
export type ExposureKey = Pick<LegRow, 'event_id' | 'market_id' | 'specifiers' | 'outcome_id'>;

/** The one order every transaction takes exposure rows in, so none waits on another in a circle. */
export function byOutcome(a: ExposureKey, b: ExposureKey): number {
  const x = `${a.event_id}|${a.market_id}|${a.specifiers}|${a.outcome_id}`;
  const y = `${b.event_id}|${b.market_id}|${b.specifiers}|${b.outcome_id}`;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Adds (+1) or releases (−1) what an open bet stands to lose on each of its outcomes: its
 * potential payout less its stake, on every leg (an accumulator risks the book on each).
 */
export async function moveExposure(
  tx: Queryable,
  bet: BetRow,
  legs: readonly LegRow[],
  sign: 1 | -1,
): Promise<void> {
  const liability = (BigInt(bet.potential) - BigInt(bet.stake)) * BigInt(sign);
  legs = [...legs].sort(byOutcome);
  const stake = BigInt(bet.stake) * BigInt(sign);
  await tx.query(
    `insert into sport_exposure (event_id, market_id, specifiers, outcome_id, currency, liability, stakes, bets)
     select k.e, k.m, k.s, k.o, $5, greatest($6::bigint, 0), greatest($7::bigint, 0), greatest($8::int, 0)
       from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as k(e, m, s, o)
     on conflict (event_id, market_id, specifiers, outcome_id, currency) do update
        set liability = greatest(sport_exposure.liability + $6::bigint, 0),
            stakes = greatest(sport_exposure.stakes + $7::bigint, 0),
            bets = greatest(sport_exposure.bets + $8::int, 0)`,
    [
      legs.map((l) => l.event_id),
      legs.map((l) => l.market_id),
      legs.map((l) => l.specifiers),
      legs.map((l) => l.outcome_id),
      bet.currency,
      liability.toString(),
      stake.toString(),
      sign,
    ],
  );
}

/**
 * Brings a locked bet's money to what its legs say now: settled (paid what it returns) or open
 * again (paid nothing). A cashed-out, refused or pending bet is final or not yet placed: nothing
 * moves. Returns the player's balances when money moved.
 */
export async function reconcile(
  tx: Queryable,
  bet: BetRow,
  legs: readonly LegRow[],
  ctx: { edgeBps: bigint; now: Date },
): Promise<Balances | null> {
  if (bet.status !== 'open' && bet.status !== 'settled') return null;
  const outcome = betReturn(betShape(bet), betLegs(legs));
  const desired = outcome.settled ? outcome.payout : 0n;
  const paid = BigInt(bet.paid);
  let owed = BigInt(bet.owed);
  const status = outcome.settled ? 'settled' : 'open';
  if (status === bet.status && desired === paid) return null;
  let balances: Balances | null = null;
  let moves = bet.moves;
  const key = () => `sports:${bet.id}:${++moves}`;
  const entry = (kind: string) => ({
    key: key(),
    kind,
    requestHash: '',
    metadata: { bet: bet.id },
  });
  // Exposure before money: every path takes exposure rows before the player's and the house's.
  if (bet.status === 'open' && status === 'settled') await moveExposure(tx, bet, legs, -1);
  if (bet.status === 'settled' && status === 'open') await moveExposure(tx, bet, legs, 1);
  const accounts = await accountsWithin(tx, bet.user_id, bet.currency);
  if (!bet.counted && outcome.settled) {
    // The first settlement: counted as a settled stake once, paid when it returns anything.
    const wager = wagerOf(bet, desired, ctx.edgeBps);
    const settled = await settle(tx, [
      { wager, ...(desired > 0n ? { pay: { entry: entry('sports_win'), accounts } } : {}) },
    ]);
    balances = settled.balances.get(bet.user_id) ?? null;
  } else if (desired > paid) {
    // More is due: first what the player still owes from a rollback, then money.
    const due = desired - paid;
    const recovered = due < owed ? due : owed;
    owed -= recovered;
    if (due - recovered > 0n) {
      const more = await payMore(tx, {
        wager: wagerOf(bet, due - recovered, ctx.edgeBps),
        entry: entry('sports_resettle'),
        accounts,
      });
      balances = { cash: more.cash, bonus: more.bonus };
    }
    if (recovered > 0n)
      await tx.query("update wagers set payout = payout + $2 where product = 'sports' and ref = $1", [
        `sports:${bet.id}`,
        recovered.toString(),
      ]);
  } else if (desired < paid) {
    const back = await takeBack(tx, {
      wager: wagerOf(bet, paid - desired, ctx.edgeBps),
      entry: entry('sports_rollback'),
      accounts,
    });
    owed += back.short;
    balances = { cash: back.cash, bonus: back.bonus };
  }
  // Every leg void (cancelled): the stake came back, so the wager record says refunded and
  // tournaments take its points back (docs/tournaments.md); a later result undoes that.
  if (bet.counted || outcome.settled)
    await tx.query(
      `update wagers set refunded = $2 where product = 'sports' and ref = $1 and refunded <> $2`,
      [`sports:${bet.id}`, outcome.settled && legs.every((leg) => leg.result?.void_factor === 1)],
    );
  await tx.query(
    `update sport_bets set status = $2, paid = $3, owed = $4, moves = $5, counted = counted or $6,
            settled_at = case when $2 = 'settled' then $7::timestamptz else null end
      where id = $1`,
    [bet.id, status, desired.toString(), owed.toString(), moves, outcome.settled, ctx.now],
  );
  Object.assign(bet, {
    status,
    paid: desired.toString(),
    owed: owed.toString(),
    moves,
    counted: bet.counted || outcome.settled,
  });
  return balances;
}
