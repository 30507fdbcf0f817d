import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CashoutOffer, OddsPolicy, SlipQuote, SportBet } from '../../../shared/api/sports.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Sport } from '../../../shared/sports/feed.ts';
import type { AppConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { currencyOf } from '../games/limits.ts';
import { requestHashOf } from '../ledger/ledger.ts';
import { type Balances, KeyUsed, rollback, settle, stake, stakeAccounts } from '../wallet/stakes.ts';
import { legResult } from './apply.ts';
import {
  type BetRow,
  betShape,
  byOutcome,
  type LegRow,
  legsOf,
  lockBets,
  moveExposure,
  wagerOf,
} from './money.ts';
import {
  type BetKind,
  cashoutValue,
  checkSlip,
  legFactor,
  legSettlementOf,
  linesOf,
  potentialReturn,
  type SystemKind,
  systemOf,
} from './settlement.ts';
import { type EventRow, eventOpen, type MarketRow, marketOpen } from './store.ts';

/**
 * Bets (docs/betting.md "Bets"): the slip's checks, placement through the wallet (the stake taken,
 * bonus money as the bonus rules allow), the live delay, the liability cap, cash-out, and the
 * player's views. Every path that touches a placed bet locks its row first.
 */

export interface SlipLegInput {
  event_id: string;
  market_id: number;
  specifiers: string;
  outcome_id: string;
}

export interface PlaceInput {
  kind: 'single' | 'multi' | 'system';
  system?: string | null | undefined;
  stake: bigint;
  odds_policy: OddsPolicy;
  legs: (SlipLegInput & { odds: number })[];
}

export interface BookDeps {
  config: AppConfig;
  database: Database;
  /** The secret cash-out offers are signed with. */
  offerKey: string;
}

const legKey = (l: SlipLegInput) => ({
  eventId: l.event_id,
  marketId: l.market_id,
  specifiers: l.specifiers,
  outcomeId: l.outcome_id,
});

/** The slip's kind as the settlement maths names it; 422 for an unknown system. */
function kindOf(kind: PlaceInput['kind'], system: string | null | undefined): BetKind {
  if (kind !== 'system') return kind;
  if (!system || !systemOf(system)) throw invalid('system', 'invalid_system');
  return system as SystemKind;
}

/** Checks the slip's shape: 422 `legs: legs_count | same_event`. */
function checkShape(kind: BetKind, legs: readonly SlipLegInput[]): void {
  const error = checkSlip(kind, legs.map(legKey));
  if (error) throw invalid('legs', error);
}

/** The smallest stake (a system's per line) and what one outcome may stand to lose, per currency. */
export function stakeBand(config: AppConfig, currency: Currency): { min: bigint; liability: bigint } {
  const crash = config.currencies[currency].limits.crash;
  return { min: crash.min, liability: crash.max * BigInt(config.env.SPORTS_LIABILITY_MULTIPLE) };
}

interface LegNow {
  event: EventRow;
  market: MarketRow;
  /** The outcome's price now (hundredths), null when it takes no bets. */
  odds: number | null;
}

/** Each leg's event, market and price now; 404 for an unknown event, market or outcome. */
async function legsNow(db: Queryable, legs: readonly SlipLegInput[], lock: boolean): Promise<LegNow[]> {
  const out: LegNow[] = [];
  for (const leg of legs) {
    const [event] = await db.query<EventRow>('select * from sport_events where id = $1', [leg.event_id]);
    if (!event) throw fail('not_found', 'legs', 'event_not_found');
    const [market] = await db.query<MarketRow>(
      `select * from sport_markets where event_id = $1 and market_id = $2 and specifiers = $3${lock ? ' for share' : ''}`,
      [leg.event_id, leg.market_id, leg.specifiers],
    );
    const outcome = market?.outcomes.find((o) => o.id === leg.outcome_id);
    if (!market || !outcome) throw fail('not_found', 'legs', 'outcome_not_found');
    const open = eventOpen(event) && marketOpen(market) && outcome.active && outcome.odds > 0;
    out.push({ event, market, odds: open ? outcome.odds : null });
  }
  return out;
}

/** Whether a price now is taken under the player's policy for the price they saw. */
function acceptable(seen: number, now: number, policy: OddsPolicy): boolean {
  if (now === seen) return true;
  if (policy === 'any') return true;
  return policy === 'higher' && now > seen;
}

/** The most a bet may stake (per line for a system) so that no outcome passes its limit. */
async function maxStakeOf(
  db: Queryable,
  currency: Currency,
  kind: BetKind,
  legs: readonly (SlipLegInput & { odds: number })[],
  limit: bigint,
): Promise<bigint> {
  // What one minor unit staked (per line) stands to lose: potential − stake of a unit bet.
  const unit = 1_000_000n;
  const shape =
    kind === 'single' || kind === 'multi'
      ? { kind, stake: unit }
      : { kind: 'system' as const, system: kind, unitStake: unit };
  const lines = kind === 'single' || kind === 'multi' ? 1n : BigInt(linesOf(kind).length);
  const risk =
    potentialReturn(
      shape,
      legs.map((l) => ({ odds: l.odds, factor: null })),
    ) -
    unit * lines;
  let room = limit;
  for (const leg of legs) {
    const [row] = await db.query<{ liability: string }>(
      `select liability::text from sport_exposure
        where event_id = $1 and market_id = $2 and specifiers = $3 and outcome_id = $4 and currency = $5`,
      [leg.event_id, leg.market_id, leg.specifiers, leg.outcome_id, currency],
    );
    const left = limit - BigInt(row?.liability ?? '0');
    if (left < room) room = left;
  }
  if (room <= 0n) return 0n;
  if (risk <= 0n) return limit;
  return (room * unit) / risk;
}

/** A slip as it stands now (`POST /sports/slip`). */
export async function quote(
  deps: BookDeps,
  user: UserRow,
  kind: PlaceInput['kind'],
  system: string | null | undefined,
  legs: SlipLegInput[],
): Promise<SlipQuote> {
  const currency = currencyOf(user);
  const betKind = kindOf(kind, system);
  const now = await legsNow(deps.database, legs, false);
  const band = stakeBand(deps.config, currency);
  const priced = legs.map((l, i) => ({ ...l, odds: now[i]!.odds ?? 0 }));
  const shapeOk = checkSlip(betKind, legs.map(legKey)) === null && priced.every((l) => l.odds > 0);
  const max = shapeOk ? await maxStakeOf(deps.database, currency, betKind, priced, band.liability) : 0n;
  return {
    legs: legs.map((l, i) => ({ ...l, odds: now[i]!.odds, active: now[i]!.odds !== null })),
    lines: betKind === 'single' || betKind === 'multi' ? 1 : linesOf(betKind).length,
    max_stake: fromMinor(max),
    min_stake: fromMinor(band.min),
    delay_ms: now.some((l) => l.event.status === 'live') ? deps.config.env.SPORTS_LIVE_DELAY_MS : 0,
  };
}

/** A placed bet, and the player's balances after its stake (null on a replay). */
export interface Placed {
  bet: SportBet;
  balances: Balances | null;
}

/**
 * Places a bet: the slip's shape and stake band, then in one transaction under the wallet's key
 * for it: each leg's price now against the price the player saw (the odds policy), the liability
 * cap of every outcome (a conditional add: concurrent bets can never pass it), the stake taken,
 * the bet and its legs stored. A bet with a live leg is `pending` until its delay has passed
 * (`acceptDue`); the others are `open` at once. A retry with the same key answers the same bet.
 */
export async function placeBet(
  deps: BookDeps,
  user: UserRow,
  input: PlaceInput,
  key: string,
  nowDate: Date,
): Promise<Placed> {
  const { database, config } = deps;
  const currency = currencyOf(user);
  const kind = kindOf(input.kind, input.system);
  checkShape(kind, input.legs);
  const band = stakeBand(config, currency);
  if (input.stake < band.min) throw invalid('stake', 'bet_below_min', fromMinor(band.min));
  const lines = kind === 'single' || kind === 'multi' ? 1n : BigInt(linesOf(kind).length);
  const total = input.stake * lines;
  const requestHash = requestHashOf({ ...input, stake: input.stake.toString() });
  const accounts = await stakeAccounts(database, user.id, currency);
  try {
    const staked = await database.transaction(async (tx) => {
      let accepted: { odds: number; market: MarketRow }[] = [];
      let live = false;
      let potential = 0n;
      return stake(tx, {
        userId: user.id,
        currency,
        product: 'sports',
        game: 'sportsbook',
        amount: total,
        accounts,
        entry: {
          key: `sports:bet:${user.id}:${key}`,
          kind: 'sports_bet',
          requestHash,
          metadata: { legs: input.legs.length },
        },
        prepare: async () => {
          const now = await legsNow(tx, input.legs, true);
          accepted = input.legs.map((leg, i) => {
            const current = now[i]!;
            if (current.odds === null) throw fail('conflict', 'legs', 'market_suspended', i);
            if (!acceptable(leg.odds, current.odds, input.odds_policy))
              throw fail('conflict', 'legs', 'odds_changed', i);
            return { odds: current.odds, market: current.market };
          });
          live = now.some((l) => l.event.status === 'live');
          const shape =
            kind === 'single' || kind === 'multi'
              ? { kind, stake: total }
              : { kind: 'system' as const, system: kind, unitStake: input.stake };
          potential = potentialReturn(
            shape,
            accepted.map((a) => ({ odds: a.odds, factor: null })),
          );
          await takeExposure(tx, currency, input.legs, potential - total, total, band.liability, async () =>
            maxStakeOf(
              tx,
              currency,
              kind,
              input.legs.map((l, i) => ({ ...l, odds: accepted[i]!.odds })),
              band.liability,
            ),
          );
          return undefined;
        },
        record: async ({ funding }) => {
          const delay = live ? config.env.SPORTS_LIVE_DELAY_MS : 0;
          const [bet] = await tx.query<BetRow>(
            `insert into sport_bets (user_id, currency, kind, system, stake, unit_stake, bonus_stake, grant_id, odds_policy,
                                     live, status, potential, client_key, placed_at, accept_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning *`,
            [
              user.id,
              currency,
              input.kind,
              input.kind === 'system' ? kind : null,
              total.toString(),
              input.stake.toString(),
              funding.bonus.toString(),
              funding.grantId,
              input.odds_policy,
              live,
              delay > 0 ? 'pending' : 'open',
              potential.toString(),
              key,
              nowDate,
              delay > 0 ? new Date(nowDate.getTime() + delay) : null,
            ],
          );
          await tx.query(
            `insert into sport_bet_legs (bet_id, idx, event_id, market_id, specifiers, outcome_id, odds, version, placed_at)
             select $1, k.idx, k.e, k.m, k.s, k.o, k.odds, k.v, $2
               from unnest($3::int[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[], $9::int[])
                 as k(idx, e, m, s, o, odds, v)`,
            [
              bet!.id,
              nowDate,
              input.legs.map((_, i) => i),
              input.legs.map((l) => l.event_id),
              input.legs.map((l) => l.market_id),
              input.legs.map((l) => l.specifiers),
              input.legs.map((l) => l.outcome_id),
              accepted.map((a) => a.odds),
              accepted.map((a) => a.market.version),
            ],
          );
          return bet!;
        },
      });
    });
    return {
      bet: (await betViews(database, [staked.record]))[0]!,
      balances: { cash: staked.cash, bonus: staked.bonus },
    };
  } catch (error) {
    if (!(error instanceof KeyUsed)) throw error;
    const [bet] = await database.query<BetRow>(
      'select * from sport_bets where user_id = $1 and client_key = $2',
      [user.id, key],
    );
    if (!bet) throw fail('conflict', 'idempotency_key', 'idempotency_conflict');
    return { bet: (await betViews(database, [bet]))[0]!, balances: null };
  }
}

/**
 * Adds a bet's liability to each of its outcomes, each add conditional on staying within the
 * limit; when one would pass it the whole bet is refused with the largest stake that still fits
 * (422 `stake: stake_above_max:<max>`).
 */
async function takeExposure(
  tx: Queryable,
  currency: Currency,
  legs: readonly SlipLegInput[],
  liability: bigint,
  stakeTotal: bigint,
  limit: bigint,
  maxStake: () => Promise<bigint>,
): Promise<void> {
  for (const leg of [...legs].sort(byOutcome)) {
    const rows = await tx.query(
      `insert into sport_exposure as x (event_id, market_id, specifiers, outcome_id, currency, liability, stakes, bets)
       select $1, $2, $3, $4, $5, $6, $7, 1 where $6::bigint <= $8::bigint
       on conflict (event_id, market_id, specifiers, outcome_id, currency) do update
          set liability = x.liability + $6, stakes = x.stakes + $7, bets = x.bets + 1
        where x.liability + $6 <= $8::bigint
       returning 1`,
      [
        leg.event_id,
        leg.market_id,
        leg.specifiers,
        leg.outcome_id,
        currency,
        liability.toString(),
        stakeTotal.toString(),
        limit.toString(),
      ],
    );
    if (rows.length === 0) throw invalid('stake', 'stake_above_max', fromMinor(await maxStake()));
  }
}

/**
 * Decides the pending bets whose delay has passed: each leg's market must have stayed open since
 * the bet was placed and its price now must pass the bet's odds policy; then the bet is open at
 * those prices, else refused and its stake handed back. One transaction per bet, its row locked
 * (a bet another instance is deciding is skipped).
 */
export async function acceptDue(
  deps: BookDeps,
  now: Date,
  limit = 100,
): Promise<{ userIds: string[]; decided: number }> {
  const due = await deps.database.query<{ id: string }>(
    "select id from sport_bets where status = 'pending' and accept_at <= $1 order by accept_at limit $2",
    [now, limit],
  );
  const userIds: string[] = [];
  for (const { id } of due) {
    const user = await deps.database.transaction(async (tx) => {
      const [bet] = await tx.query<BetRow>(
        "select * from sport_bets where id = $1 and status = 'pending' for update skip locked",
        [id],
      );
      if (!bet) return null;
      const legs = (await legsOf(tx, [bet.id])).get(String(bet.id)) ?? [];
      const current = await legsNow(tx, legs, false).catch(() => null);
      let refusal: string | null = current ? null : 'market_suspended';
      const prices: number[] = [];
      legs.forEach((leg, i) => {
        if (refusal || !current) return;
        const c = current[i]!;
        // Stopped since it was placed, or a result (a cancel covering its time) already on it.
        if (
          c.odds === null ||
          (c.market.suspended_at && c.market.suspended_at >= leg.placed_at) ||
          legResult(c.market, leg.outcome_id, leg.placed_at) !== null
        )
          refusal = 'market_suspended';
        else if (!acceptable(leg.odds, c.odds, bet.odds_policy)) refusal = 'odds_changed';
        else prices.push(c.odds);
      });
      if (refusal) {
        await moveExposure(tx, bet, legs, -1);
        const accounts = await stakeAccounts(deps.database, bet.user_id, bet.currency);
        await rollback(tx, {
          userId: bet.user_id,
          currency: bet.currency,
          accounts,
          entry: {
            key: `sports:refund:${bet.id}`,
            kind: 'sports_refund',
            requestHash: '',
            metadata: { bet: bet.id },
          },
          prepare: async () => ({
            amount: BigInt(bet.stake),
            ...(BigInt(bet.bonus_stake) > 0n && bet.grant_id
              ? { bonus: { amount: BigInt(bet.bonus_stake), grantId: bet.grant_id } }
              : {}),
          }),
        });
        await tx.query(
          "update sport_bets set status = 'refused', refusal = $2, settled_at = $3 where id = $1",
          [bet.id, refusal, now],
        );
        return bet.user_id;
      }
      // Accepted at the prices now (the policy allowed any change); the exposure follows them.
      const potential = potentialReturn(
        betShape(bet),
        prices.map((odds) => ({ odds, factor: null })),
      );
      await moveExposure(tx, bet, legs, -1);
      const updated = { ...bet, potential: potential.toString() };
      await moveExposure(tx, updated, legs, 1);
      for (const [i, leg] of legs.entries())
        if (prices[i] !== leg.odds)
          await tx.query('update sport_bet_legs set odds = $3 where bet_id = $1 and idx = $2', [
            bet.id,
            leg.idx,
            prices[i],
          ]);
      await tx.query("update sport_bets set status = 'open', potential = $2 where id = $1", [
        bet.id,
        potential.toString(),
      ]);
      return bet.user_id;
    });
    if (user) userIds.push(user);
  }
  return { userIds, decided: due.length };
}

// ───────────────────────────── cash-out ─────────────────────────────

function offerMac(key: string, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** The value of an open single or accumulator at today's prices, and the versions it read. */
async function cashoutNow(db: Queryable, bet: BetRow, legs: readonly LegRow[], marginBps: number) {
  if (bet.status !== 'open' || bet.kind === 'system') return null;
  const versions: number[] = [];
  const current = await legsNow(db, legs, false).catch(() => null);
  if (!current) return null;
  const value = cashoutValue({
    stake: BigInt(bet.stake),
    marginBps,
    legs: legs.map((leg, i) => {
      versions.push(current[i]!.market.version);
      return {
        placedOdds: leg.odds,
        currentOdds: current[i]!.odds,
        factor: leg.result ? legFactor(leg.odds, legSettlementOf(leg.result)) : null,
      };
    }),
  });
  return value === null || value <= 0n ? null : { value, versions: versions.join('.') };
}

/** A cash-out offer, signed, valid a few seconds (409 `bet: cashout_unavailable` when there is none). */
export async function cashoutOffer(
  deps: BookDeps,
  user: UserRow,
  betId: string,
  now: Date,
): Promise<CashoutOffer> {
  const bet = await ownBet(deps.database, user, betId);
  const legs = (await legsOf(deps.database, [bet.id])).get(String(bet.id)) ?? [];
  const offer = await cashoutNow(deps.database, bet, legs, deps.config.env.SPORTS_CASHOUT_MARGIN_BPS);
  if (!offer) throw fail('conflict', 'bet', 'cashout_unavailable');
  const expires = now.getTime() + deps.config.env.SPORTS_CASHOUT_OFFER_MS;
  const text = `${bet.id}.${offer.value}.${expires}.${offer.versions}`;
  return {
    value: fromMinor(offer.value),
    offer: `${offer.value}.${expires}.${offer.versions}.${offerMac(deps.offerKey, text).toString('hex')}`,
    expires_at: new Date(expires).toISOString(),
  };
}

/**
 * Accepts an offer: under the bet's lock, the bet still open and every market at the version the
 * offer read (a price move, a suspension or a settlement since changes it), then the value is
 * paid as the bet's settlement. A settlement waiting on the same lock then finds it cashed out;
 * one that came first leaves nothing to cash out. Exactly one of them wins.
 */
export async function acceptCashout(
  deps: BookDeps,
  user: UserRow,
  betId: string,
  offer: string,
  now: Date,
): Promise<{ bet: SportBet; balances: Balances | null }> {
  const [valueText, expiresText, versions, mac] = offer.split('.').length >= 4 ? splitOffer(offer) : [];
  if (!valueText || !expiresText || versions === undefined || !mac) throw invalid('offer', 'invalid_offer');
  const expected = offerMac(deps.offerKey, `${betId}.${valueText}.${expiresText}.${versions}`);
  const given = Buffer.from(mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw invalid('offer', 'invalid_offer');
  if (Number(expiresText) < now.getTime()) throw fail('conflict', 'offer', 'cashout_expired');
  await ownBet(deps.database, user, betId);
  const value = BigInt(valueText);
  const balances = await deps.database.transaction(async (tx) => {
    const [bet] = await lockBets(tx, [betId]);
    if (bet?.status !== 'open') throw fail('conflict', 'bet', 'bet_settled');
    const legs = (await legsOf(tx, [bet.id])).get(String(bet.id)) ?? [];
    const current = await cashoutNow(tx, bet, legs, deps.config.env.SPORTS_CASHOUT_MARGIN_BPS);
    if (!current || current.versions !== versions || current.value !== value)
      throw fail('conflict', 'offer', 'cashout_changed');
    await moveExposure(tx, bet, legs, -1);
    const accounts = await stakeAccounts(deps.database, bet.user_id, bet.currency);
    const settled = await settle(tx, [
      {
        wager: wagerOf(bet, value, BigInt(deps.config.env.SPORTS_EDGE_BPS)),
        pay: {
          entry: {
            key: `sports:cashout:${bet.id}`,
            kind: 'sports_cashout',
            requestHash: '',
            metadata: { bet: bet.id },
          },
          accounts,
        },
      },
    ]);
    await tx.query(
      "update sport_bets set status = 'cashed_out', paid = $2, counted = true, moves = moves + 1, settled_at = $3 where id = $1",
      [bet.id, value.toString(), now],
    );
    return settled.balances.get(bet.user_id) ?? null;
  });
  return { bet: await betView(deps.database, user, betId), balances };
}

/** value.expires.versions(a.b.c).mac: the versions part holds dots itself. */
function splitOffer(offer: string): [string, string, string, string] {
  const parts = offer.split('.');
  return [parts[0]!, parts[1]!, parts.slice(2, -1).join('.'), parts.at(-1)!];
}

// ───────────────────────────── views ─────────────────────────────

async function ownBet(db: Queryable, user: UserRow, betId: string): Promise<BetRow> {
  const [bet] = await db.query<BetRow>('select * from sport_bets where id = $1 and user_id = $2', [
    betId,
    user.id,
  ]);
  if (!bet) throw fail('not_found', 'bet', 'not_found');
  return bet;
}

function legState(leg: LegRow): SportBet['legs'][number]['state'] {
  const r = leg.result;
  if (!r) return 'open';
  if (r.void_factor === 1) return 'void';
  if (r.void_factor === 0.5) return r.result === 1 ? 'half_won' : 'half_lost';
  if (r.result === 0) return 'lost';
  return r.dead_heat_factor < 1 ? 'dead_heat' : 'won';
}

export async function betViews(db: Queryable, bets: readonly BetRow[]): Promise<SportBet[]> {
  if (bets.length === 0) return [];
  const legs = await legsOf(
    db,
    bets.map((b) => b.id),
  );
  const events = await db.query<Pick<EventRow, 'id' | 'sport' | 'home_name' | 'away_name' | 'scheduled_at'>>(
    'select id, sport, home_name, away_name, scheduled_at from sport_events where id = any($1::text[])',
    [[...new Set([...legs.values()].flat().map((l) => l.event_id))]],
  );
  const eventOf = new Map(events.map((e) => [e.id, e]));
  return bets.map((bet) => {
    const mine = legs.get(String(bet.id)) ?? [];
    const total =
      bet.kind === 'system' ? null : Number(mine.reduce((p, l) => (p * BigInt(l.odds)) / 100n, 100n));
    return {
      id: String(bet.id),
      kind: bet.kind,
      system: bet.system,
      lines: bet.kind === 'system' ? Number(BigInt(bet.stake) / BigInt(bet.unit_stake)) : 1,
      currency: bet.currency,
      stake: fromMinor(BigInt(bet.stake)),
      unit_stake: fromMinor(BigInt(bet.unit_stake)),
      odds_policy: bet.odds_policy,
      live: bet.live,
      status: bet.status,
      refusal: bet.refusal,
      total_odds: total,
      potential: fromMinor(BigInt(bet.potential)),
      payout: fromMinor(BigInt(bet.paid)),
      placed_at: bet.placed_at.toISOString(),
      settled_at: bet.settled_at?.toISOString() ?? null,
      legs: mine.map((leg) => {
        const event = eventOf.get(leg.event_id);
        return {
          event_id: leg.event_id,
          sport: (event?.sport ?? 'football') as Sport,
          home: event?.home_name ?? '',
          away: event?.away_name ?? '',
          scheduled_at: (event?.scheduled_at ?? leg.placed_at).toISOString(),
          market_id: leg.market_id,
          specifiers: leg.specifiers,
          outcome_id: leg.outcome_id,
          odds: leg.odds,
          state: legState(leg),
        };
      }),
    };
  });
}

export async function betView(db: Queryable, user: UserRow, betId: string): Promise<SportBet> {
  return (await betViews(db, [await ownBet(db, user, betId)]))[0]!;
}

export async function myBets(
  db: Queryable,
  user: UserRow,
  q: { status: 'open' | 'settled' | 'all'; limit: number; before?: string | undefined },
): Promise<SportBet[]> {
  const statuses =
    q.status === 'open'
      ? ['pending', 'open']
      : q.status === 'settled'
        ? ['settled', 'cashed_out', 'refused']
        : null;
  const rows = await db.query<BetRow>(
    `select * from sport_bets where user_id = $1 and ($2::text[] is null or status = any($2::text[]))
        and ($3::bigint is null or id < $3) order by id desc limit $4`,
    [user.id, statuses, q.before ?? null, q.limit],
  );
  return betViews(db, rows);
}
