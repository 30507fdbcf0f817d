import type {
  EventSnapshot,
  FeedMarket,
  FeedMessage,
  Fixture,
  SettlementOutcome,
  SportEventStatus,
} from '../../../shared/sports/feed.ts';
import type { Queryable } from '../../db/client.ts';
import { legsOf, lockBets, reconcile } from './money.ts';
import { oddsToHundredths } from './settlement.ts';
import type { CancelWindow, MarketRow, StoredOutcome, StoredResult } from './store.ts';

/**
 * The feed's messages applied to the book (docs/betting.md "The feed"), each inside the
 * transaction that records it as applied: prices and market status, bet stops, settlements,
 * cancels and their rollbacks. A settlement, a cancel or a rollback changes the legs on its
 * market, and each bet with a changed leg is brought to what its legs now say (money.ts).
 * The operator's own actions take the same paths.
 */

export interface ApplyContext {
  now: Date;
  edgeBps: bigint;
}

/** What one message changed: for the live channels and the balances to push after commit. */
export interface Touched {
  eventId: string;
  markets: Set<string>;
  users: Set<string>;
  bets: number;
  /** The event's own state (score, status, bet stop) changed. */
  event: boolean;
}

export const marketKey = (id: number, specifiers: string) => `${id}|${specifiers}`;

export function touched(eventId: string): Touched {
  return { eventId, markets: new Set(), users: new Set(), bets: 0, event: false };
}

/** Creates the event of a fixture, or updates its description (a recovery, a fixture change). */
export async function upsertFixture(
  tx: Queryable,
  fixture: Fixture,
  producer: 'feed' | 'manual',
  now: Date,
  state?: SportEventStatus,
): Promise<void> {
  const initial: SportEventStatus = state ?? { status: 'not_started', home_score: 0, away_score: 0 };
  await tx.query(
    `insert into sport_events (id, sport, country, category_id, tournament_id, tournament_name, home_id, home_name,
                               away_id, away_name, scheduled_at, status, state, producer, live_odds, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (id) do update set scheduled_at = excluded.scheduled_at, tournament_name = excluded.tournament_name,
            home_name = excluded.home_name, away_name = excluded.away_name, live_odds = excluded.live_odds,
            updated_at = excluded.updated_at`,
    [
      fixture.id,
      fixture.sport,
      fixture.category.country,
      fixture.category.id,
      fixture.tournament.id,
      fixture.tournament.name,
      fixture.home.id,
      fixture.home.name,
      fixture.away.id,
      fixture.away.name,
      new Date(fixture.scheduled),
      initial.status,
      initial,
      producer,
      fixture.live_odds,
      now,
    ],
  );
}

async function setEventState(
  tx: Queryable,
  eventId: string,
  state: SportEventStatus,
  now: Date,
): Promise<void> {
  await tx.query('update sport_events set status = $2, state = $3, updated_at = $4 where id = $1', [
    eventId,
    state.status,
    state,
    now,
  ]);
}

function storedOutcomes(market: FeedMarket): StoredOutcome[] {
  return (market.outcomes ?? []).map((o) => ({
    id: o.id,
    odds: o.odds === undefined ? 0 : oddsToHundredths(o.odds),
    active: o.active,
  }));
}

/**
 * Prices markets: new ones are added; a known one takes the new status and, when the message
 * carries outcomes, the new prices (a status-only update keeps the old prices). Every change bumps
 * the market's version; a market leaving `active` records when (a delayed bet placed before that
 * is refused).
 */
export async function priceMarkets(
  tx: Queryable,
  eventId: string,
  markets: readonly FeedMarket[],
  now: Date,
  t: Touched,
): Promise<void> {
  if (markets.length === 0) return;
  const priced = markets.filter((m) => m.outcomes !== undefined);
  const statusOnly = markets.filter((m) => m.outcomes === undefined);
  const rows = await tx.query<{ market_id: number; specifiers: string }>(
    `insert into sport_markets as m (event_id, market_id, specifiers, status, outcomes, version, suspended_at, updated_at)
     select $1, k.id, k.spec, k.status, k.outcomes, 1, case when k.status <> 1 then $3::timestamptz end, $3
       from jsonb_to_recordset($2::jsonb) as k(id int, spec text, status smallint, outcomes jsonb)
     on conflict (event_id, market_id, specifiers) do update
        set status = excluded.status, outcomes = excluded.outcomes, version = m.version + 1,
            suspended_at = case when excluded.status <> 1 and m.status = 1 then $3::timestamptz else m.suspended_at end,
            updated_at = $3
      where m.status is distinct from excluded.status or m.outcomes is distinct from excluded.outcomes
     returning market_id, specifiers`,
    [
      eventId,
      JSON.stringify(
        priced.map((m) => ({ id: m.id, spec: m.specifiers, status: m.status, outcomes: storedOutcomes(m) })),
      ),
      now,
    ],
  );
  if (statusOnly.length > 0)
    rows.push(
      ...(await tx.query<{ market_id: number; specifiers: string }>(
        `update sport_markets as m set status = k.status, version = m.version + 1, updated_at = $3,
                suspended_at = case when k.status <> 1 and m.status = 1 then $3::timestamptz else m.suspended_at end
           from jsonb_to_recordset($2::jsonb) as k(id int, spec text, status smallint)
          where m.event_id = $1 and m.market_id = k.id and m.specifiers = k.spec and m.status <> k.status
          returning m.market_id, m.specifiers`,
        [
          eventId,
          JSON.stringify(statusOnly.map((m) => ({ id: m.id, spec: m.specifiers, status: m.status }))),
          now,
        ],
      )),
    );
  for (const row of rows) t.markets.add(marketKey(row.market_id, row.specifiers));
}

/** Stops betting on every open market of the event (a goal, a break in play) until prices come again. */
async function stopBetting(
  tx: Queryable,
  eventId: string,
  status: -1 | 0,
  reason: string,
  now: Date,
  t: Touched,
): Promise<void> {
  await tx.query('update sport_events set betstop = $2, updated_at = $3 where id = $1', [
    eventId,
    reason,
    now,
  ]);
  t.event = true;
  const rows = await tx.query<{ market_id: number; specifiers: string }>(
    `update sport_markets set status = $2, version = version + 1, suspended_at = $3, updated_at = $3
      where event_id = $1 and status = 1 returning market_id, specifiers`,
    [eventId, status, now],
  );
  for (const row of rows) t.markets.add(marketKey(row.market_id, row.specifiers));
}

type MarketRef = { id: number; specifiers: string };

/** Sets (or clears, null) a market's settlement, then its legs and bets follow. */
export async function setSettlement(
  tx: Queryable,
  eventId: string,
  market: MarketRef,
  outcomes: readonly SettlementOutcome[] | null,
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  const stored: StoredResult[] | null =
    outcomes?.map((o) => ({
      id: o.id,
      result: o.result,
      void_factor: o.void_factor,
      dead_heat_factor: o.dead_heat_factor,
    })) ?? null;
  const rows = await tx.query<{ market_id: number }>(
    `insert into sport_markets as m (event_id, market_id, specifiers, status, outcomes, settlement, updated_at)
     values ($1, $2, $3, 0, '[]'::jsonb, $4, $5)
     on conflict (event_id, market_id, specifiers) do update
        set settlement = $4, version = m.version + 1, updated_at = $5
      where m.settlement is distinct from $4::jsonb
     returning market_id`,
    [eventId, market.id, market.specifiers, stored === null ? null : JSON.stringify(stored), ctx.now],
  );
  if (rows.length === 0) return;
  t.markets.add(marketKey(market.id, market.specifiers));
  await settleLegs(tx, eventId, market, ctx, t);
}

/** Adds (or removes) a cancel window on a market, then its legs and bets follow. */
export async function changeCancels(
  tx: Queryable,
  eventId: string,
  market: MarketRef,
  window: CancelWindow,
  add: boolean,
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  const [row] = await tx.query<{ cancels: CancelWindow[] }>(
    'select cancels from sport_markets where event_id = $1 and market_id = $2 and specifiers = $3 for update',
    [eventId, market.id, market.specifiers],
  );
  const same = (c: CancelWindow) => c.start_time === window.start_time && c.end_time === window.end_time;
  const before = row?.cancels ?? [];
  const after = add ? (before.some(same) ? before : [...before, window]) : before.filter((c) => !same(c));
  if (after.length === before.length && row) return;
  await setCancels(tx, eventId, market, after, ctx, t);
}

async function setCancels(
  tx: Queryable,
  eventId: string,
  market: MarketRef,
  cancels: readonly CancelWindow[],
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  await tx.query(
    `insert into sport_markets as m (event_id, market_id, specifiers, status, outcomes, cancels, updated_at)
     values ($1, $2, $3, 0, '[]'::jsonb, $4, $5)
     on conflict (event_id, market_id, specifiers) do update set cancels = $4, version = m.version + 1, updated_at = $5`,
    [eventId, market.id, market.specifiers, JSON.stringify(cancels), ctx.now],
  );
  t.markets.add(marketKey(market.id, market.specifiers));
  await settleLegs(tx, eventId, market, ctx, t);
}

/** A leg's result from its market: void when a cancel covers the time it was placed, else the settlement's. */
export function legResult(
  market: Pick<MarketRow, 'settlement' | 'cancels'>,
  outcomeId: string,
  placedAt: Date,
): StoredResult | null {
  const at = placedAt.getTime();
  const cancelled = market.cancels.some(
    (c) =>
      (c.start_time === undefined || at >= c.start_time) && (c.end_time === undefined || at < c.end_time),
  );
  if (cancelled) return { id: outcomeId, result: 0, void_factor: 1, dead_heat_factor: 1 };
  if (!market.settlement) return null;
  // The feed lists every outcome of a settled market; one it leaves out did not win.
  return (
    market.settlement.find((o) => o.id === outcomeId) ?? {
      id: outcomeId,
      result: 0,
      void_factor: 0,
      dead_heat_factor: 1,
    }
  );
}

const sameResult = (a: StoredResult | null, b: StoredResult | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.result === b.result &&
    a.void_factor === b.void_factor &&
    a.dead_heat_factor === b.dead_heat_factor);

/**
 * Every placed leg on the market takes the market's result, and each bet whose leg changed is
 * brought to what its legs say. Bets are locked in id order (as every path locks them).
 */
async function settleLegs(
  tx: Queryable,
  eventId: string,
  market: MarketRef,
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  const [row] = await tx.query<MarketRow>(
    'select * from sport_markets where event_id = $1 and market_id = $2 and specifiers = $3',
    [eventId, market.id, market.specifiers],
  );
  if (!row) return;
  const candidates = await tx.query<{ bet_id: string }>(
    `select distinct l.bet_id from sport_bet_legs l join sport_bets b on b.id = l.bet_id
      where l.event_id = $1 and l.market_id = $2 and l.specifiers = $3 and b.status in ('open', 'settled')`,
    [eventId, market.id, market.specifiers],
  );
  if (candidates.length === 0) return;
  const bets = await lockBets(
    tx,
    candidates.map((c) => c.bet_id),
  );
  const legs = await legsOf(
    tx,
    bets.map((b) => b.id),
  );
  for (const bet of bets) {
    const mine = legs.get(String(bet.id)) ?? [];
    let changed = false;
    for (const leg of mine) {
      if (leg.event_id !== eventId || leg.market_id !== market.id || leg.specifiers !== market.specifiers)
        continue;
      const result = legResult(row, leg.outcome_id, leg.placed_at);
      if (sameResult(result, leg.result)) continue;
      leg.result = result;
      changed = true;
      await tx.query('update sport_bet_legs set result = $3 where bet_id = $1 and idx = $2', [
        leg.bet_id,
        leg.idx,
        result === null ? null : JSON.stringify(result),
      ]);
    }
    if (!changed) continue;
    t.bets++;
    if (await reconcile(tx, bet, mine, ctx)) t.users.add(String(bet.user_id));
  }
}

/** Applies one feed message (its order and uniqueness already checked by the caller). */
export async function applyMessage(
  tx: Queryable,
  message: FeedMessage,
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  const eventId = message.event_id;
  switch (message.type) {
    case 'odds_change': {
      if (message.sport_event_status) {
        await setEventState(tx, eventId, message.sport_event_status, ctx.now);
        t.event = true;
      }
      // Prices again after a stop: the event takes bets on what this message opens.
      const reopened = await tx.query(
        'update sport_events set betstop = null, updated_at = $2 where id = $1 and betstop is not null returning id',
        [eventId, ctx.now],
      );
      if (reopened.length > 0) t.event = true;
      await priceMarkets(tx, eventId, message.markets, ctx.now, t);
      return;
    }
    case 'bet_stop':
      return stopBetting(
        tx,
        eventId,
        message.market_status,
        message.betstop_reason ?? 'bet_stop',
        ctx.now,
        t,
      );
    case 'bet_settlement':
      for (const market of message.markets) await setSettlement(tx, eventId, market, market.outcomes, ctx, t);
      return;
    case 'rollback_bet_settlement':
      for (const market of message.markets) await setSettlement(tx, eventId, market, null, ctx, t);
      return;
    case 'bet_cancel':
    case 'rollback_bet_cancel': {
      const window = { start_time: message.start_time, end_time: message.end_time };
      for (const market of message.markets)
        await changeCancels(tx, eventId, market, window, message.type === 'bet_cancel', ctx, t);
      return;
    }
    case 'fixture_change':
      if (message.change_type === 'cancelled') {
        await tx.query(
          'update sport_events set status = \'cancelled\', state = state || \'{"status":"cancelled"}\'::jsonb, updated_at = $2 where id = $1',
          [eventId, ctx.now],
        );
        t.event = true;
      } else if (message.start_time !== undefined) {
        await tx.query('update sport_events set scheduled_at = $2, updated_at = $3 where id = $1', [
          eventId,
          new Date(message.start_time),
          ctx.now,
        ]);
        t.event = true;
      }
      return;
  }
}

/**
 * A recovery (docs/betting.md "The feed"): the event as the feed says it is now replaces what was
 * kept, whatever messages were missed. Markets take their prices and status; settlements and
 * cancels are set to the snapshot's (a settlement missing from it was rolled back), each changed
 * one moving its legs and bets. `seq` becomes the snapshot's.
 */
export async function applySnapshot(
  tx: Queryable,
  snapshot: EventSnapshot,
  ctx: ApplyContext,
  t: Touched,
): Promise<void> {
  const eventId = snapshot.fixture.id;
  await upsertFixture(tx, snapshot.fixture, 'feed', ctx.now, snapshot.sport_event_status);
  await setEventState(tx, eventId, snapshot.sport_event_status, ctx.now);
  await tx.query('update sport_events set betstop = null, seq = $2 where id = $1', [eventId, snapshot.seq]);
  t.event = true;
  await priceMarkets(tx, eventId, snapshot.markets, ctx.now, t);
  const kept = await tx.query<Pick<MarketRow, 'market_id' | 'specifiers' | 'settlement' | 'cancels'>>(
    'select market_id, specifiers, settlement, cancels from sport_markets where event_id = $1',
    [eventId],
  );
  const settlements = new Map(snapshot.settlements.map((s) => [marketKey(s.id, s.specifiers), s]));
  for (const market of kept) {
    const key = marketKey(market.market_id, market.specifiers);
    const ref = { id: market.market_id, specifiers: market.specifiers };
    const settled = settlements.get(key);
    if (settled) {
      settlements.delete(key);
      await setSettlement(tx, eventId, ref, settled.outcomes, ctx, t);
    } else if (market.settlement) await setSettlement(tx, eventId, ref, null, ctx, t);
    const cancels = snapshot.cancels
      .filter((c) => c.id === market.market_id && c.specifiers === market.specifiers)
      .map((c) => ({ start_time: c.start_time, end_time: c.end_time }));
    if (JSON.stringify(cancels) !== JSON.stringify(market.cancels))
      await setCancels(tx, eventId, ref, cancels, ctx, t);
  }
  for (const settled of settlements.values())
    await setSettlement(
      tx,
      eventId,
      { id: settled.id, specifiers: settled.specifiers },
      settled.outcomes,
      ctx,
      t,
    );
}
