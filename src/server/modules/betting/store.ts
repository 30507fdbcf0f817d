import type {
  MarketState,
  SportEvent,
  SportEventDetail,
  SportMarket,
  SportTree,
} from '../../../shared/api/sports.ts';
import type { EventStatus, Sport, SportEventStatus } from '../../../shared/sports/feed.ts';
import { mainMarketOf, marketsOf } from '../../../shared/sports/markets.ts';
import type { Queryable } from '../../db/client.ts';

/**
 * The book's state as stored (src/server/db/schema/sports.ts): events and markets as the feed last
 * told them, read into the answers of src/shared/api/sports.ts.
 */

export interface EventRow {
  id: string;
  sport: Sport;
  country: string;
  category_id: string;
  tournament_id: string;
  tournament_name: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  scheduled_at: Date;
  status: EventStatus;
  state: SportEventStatus;
  betstop: string | null;
  producer: string;
  seq: number;
  live_odds: boolean;
}

/** An outcome as stored: odds in hundredths (0: no price). */
export interface StoredOutcome {
  id: string;
  odds: number;
  active: boolean;
}

/** A settled outcome as stored (the feed's names). */
export interface StoredResult {
  id: string;
  result: 0 | 1;
  void_factor: 0 | 0.5 | 1;
  dead_heat_factor: number;
}

export interface CancelWindow {
  start_time?: number | undefined;
  end_time?: number | undefined;
}

export interface MarketRow {
  event_id: string;
  market_id: number;
  specifiers: string;
  status: number;
  outcomes: StoredOutcome[];
  version: number;
  suspended_at: Date | null;
  settlement: StoredResult[] | null;
  cancels: CancelWindow[];
}

/** Whether bets are taken on the event at all now. */
export function eventOpen(event: Pick<EventRow, 'status' | 'betstop'>): boolean {
  return (event.status === 'not_started' || event.status === 'live') && event.betstop === null;
}

/** Whether a market takes bets now (its event open too). */
export function marketOpen(market: MarketRow): boolean {
  return market.status === 1 && market.settlement === null && !market.cancels.some(wholeMarket);
}

const wholeMarket = (c: CancelWindow) => c.start_time === undefined && c.end_time === undefined;

export function marketState(market: MarketRow, event: Pick<EventRow, 'status' | 'betstop'>): MarketState {
  if (market.settlement) return 'settled';
  if (market.status === -4 || market.cancels.some(wholeMarket)) return 'cancelled';
  if (market.status === 1) return eventOpen(event) ? 'active' : 'suspended';
  if (market.status === -1) return 'suspended';
  return 'closed';
}

export function marketView(market: MarketRow, event: Pick<EventRow, 'status' | 'betstop'>): SportMarket {
  const state = marketState(market, event);
  return {
    id: market.market_id,
    specifiers: market.specifiers,
    state,
    version: market.version,
    outcomes: market.outcomes.map((o) => ({
      id: o.id,
      odds: o.odds > 0 ? o.odds : null,
      active: state === 'active' && o.active && o.odds > 0,
    })),
  };
}

export function phaseOf(status: EventStatus): SportEvent['phase'] {
  if (status === 'not_started') return 'upcoming';
  if (status === 'live') return 'live';
  if (status === 'cancelled' || status === 'postponed' || status === 'abandoned') return 'cancelled';
  return 'ended';
}

export function eventView(event: EventRow, main: MarketRow | null, marketsCount: number): SportEvent {
  const s = event.state;
  return {
    id: event.id,
    sport: event.sport,
    country: event.country,
    tournament: { id: event.tournament_id, name: event.tournament_name },
    home: { id: event.home_id, name: event.home_name },
    away: { id: event.away_id, name: event.away_name },
    scheduled_at: event.scheduled_at.toISOString(),
    phase: phaseOf(event.status),
    score: {
      home: s.home_score,
      away: s.away_score,
      period: s.period ?? null,
      minute: s.minute ?? null,
      period_scores: s.period_scores ?? [],
      game_points: s.game_points ?? null,
      server: s.server ?? null,
    },
    betstop: event.betstop !== null,
    main: main ? marketView(main, event) : null,
    markets_count: marketsCount,
  };
}

/** The order an event page lists markets in: the catalogue's, then by line. */
function marketOrder(sport: Sport): (a: MarketRow, b: MarketRow) => number {
  const rank = new Map(marketsOf(sport).map((m, i) => [m.id, i]));
  const line = (m: MarketRow) => Number(/=(-?[\d.]+)/.exec(m.specifiers)?.[1] ?? 0);
  return (a, b) => (rank.get(a.market_id) ?? 999) - (rank.get(b.market_id) ?? 999) || line(a) - line(b);
}

/** A market of a main line (`total=2.5` for a total), so a list shows one of each. */
export function isMainLine(market: MarketRow): boolean {
  return market.specifiers === '' || market.specifiers === 'total=2.5' || market.specifiers === 'hcp=0';
}

export async function eventById(db: Queryable, id: string, lock = false): Promise<EventRow | undefined> {
  const [row] = await db.query<EventRow>(
    `select * from sport_events where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return row;
}

export async function marketsOfEvent(db: Queryable, eventId: string): Promise<MarketRow[]> {
  return db.query<MarketRow>('select * from sport_markets where event_id = $1', [eventId]);
}

export async function marketByKey(
  db: Queryable,
  key: { eventId: string; marketId: number; specifiers: string },
  lock: '' | 'for share' | 'for update' = '',
): Promise<MarketRow | undefined> {
  const [row] = await db.query<MarketRow>(
    `select * from sport_markets where event_id = $1 and market_id = $2 and specifiers = $3 ${lock}`,
    [key.eventId, key.marketId, key.specifiers],
  );
  return row;
}

/** One event with every market, as the event page shows it. */
export async function eventDetail(db: Queryable, id: string): Promise<SportEventDetail | null> {
  const event = await eventById(db, id);
  if (!event) return null;
  const markets = (await marketsOfEvent(db, id)).sort(marketOrder(event.sport));
  const main = markets.find((m) => m.market_id === mainMarketOf(event.sport)) ?? null;
  return { ...eventView(event, main, markets.length), markets: markets.map((m) => marketView(m, event)) };
}

export interface EventsQuery {
  sport?: Sport | undefined;
  tournament?: string | undefined;
  phase: 'live' | 'upcoming' | 'all';
  limit: number;
}

/** Events live now and starting next (those of the query), each with its main market. */
export async function listEvents(db: Queryable, q: EventsQuery, now: Date): Promise<SportEvent[]> {
  const statuses =
    q.phase === 'live' ? ['live'] : q.phase === 'upcoming' ? ['not_started'] : ['live', 'not_started'];
  const events = await db.query<EventRow & { markets_count: number }>(
    `select e.*, (select count(*)::int from sport_markets m where m.event_id = e.id) as markets_count
       from sport_events e
      where e.status = any($1::text[])
        and ($2::text is null or e.sport = $2) and ($3::text is null or e.tournament_id = $3)
        and (e.status = 'live' or e.scheduled_at > $5::timestamptz - interval '3 hours')
      order by (e.status = 'live') desc, e.scheduled_at, e.id
      limit $4`,
    [statuses, q.sport ?? null, q.tournament ?? null, q.limit, now],
  );
  if (events.length === 0) return [];
  const mains = await db.query<MarketRow>(
    `select m.* from sport_markets m join unnest($1::text[], $2::int[]) as k(event_id, market_id)
        on m.event_id = k.event_id and m.market_id = k.market_id and m.specifiers = ''`,
    [events.map((e) => e.id), events.map((e) => mainMarketOf(e.sport))],
  );
  const mainOf = new Map(mains.map((m) => [m.event_id, m]));
  return events.map((e) => eventView(e, mainOf.get(e.id) ?? null, e.markets_count));
}

/** Sports → countries → tournaments, with their live and upcoming events counted. */
export async function sportTree(db: Queryable, now: Date): Promise<SportTree> {
  const rows = await db.query<{
    sport: Sport;
    country: string;
    tournament_id: string;
    tournament_name: string;
    live: number;
    upcoming: number;
  }>(
    `select sport, country, tournament_id, min(tournament_name) as tournament_name,
            count(*) filter (where status = 'live')::int as live,
            count(*) filter (where status = 'not_started')::int as upcoming
       from sport_events
      where status in ('live', 'not_started') and (status = 'live' or scheduled_at > $1::timestamptz - interval '3 hours')
      group by sport, country, tournament_id
      order by sport, country, tournament_name`,
    [now],
  );
  const tree: SportTree = [];
  for (const row of rows) {
    let sport = tree.find((s) => s.sport === row.sport);
    if (!sport) {
      sport = { sport: row.sport, live: 0, upcoming: 0, countries: [] };
      tree.push(sport);
    }
    sport.live += row.live;
    sport.upcoming += row.upcoming;
    let country = sport.countries.find((c) => c.country === row.country);
    if (!country) {
      country = { country: row.country, tournaments: [] };
      sport.countries.push(country);
    }
    country.tournaments.push({
      id: row.tournament_id,
      name: row.tournament_name,
      events: row.live + row.upcoming,
    });
  }
  return tree;
}
