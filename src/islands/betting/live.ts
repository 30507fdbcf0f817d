import type { SportEvent, SportMarket } from '../../shared/api/sports.ts';

/**
 * How the betting islands fold live updates (`/ws` `sports:live` and `sports:event:<id>`,
 * src/shared/wire/realtime.ts `SportsUpdate`) into what they show. A market carries a version
 * bumped at every change, so an older copy (a load answered after an update arrived, an update
 * overtaken by a load) never replaces a newer one. Pure functions, no I/O.
 */

/** One price's identity on the page: event, market line, outcome (the slip's `pickKey`). */
export const priceKey = (
  eventId: string,
  market: Pick<SportMarket, 'id' | 'specifiers'>,
  outcomeId: string,
) => `${eventId}|${market.id}|${market.specifiers}|${outcomeId}`;

const lineKey = (market: Pick<SportMarket, 'id' | 'specifiers'>) => `${market.id}|${market.specifiers}`;

/** The newer of two copies of a market (the first when neither is newer). */
export function newerMarket(current: SportMarket | null, incoming: SportMarket | null): SportMarket | null {
  if (!current) return incoming;
  if (!incoming) return current;
  return incoming.version > current.version ? incoming : current;
}

/** `current` with each incoming market in its place when newer, new lines added. */
export function mergeMarkets(
  current: readonly SportMarket[],
  incoming: readonly SportMarket[],
): SportMarket[] {
  if (incoming.length === 0) return [...current];
  const byLine = new Map(current.map((m) => [lineKey(m), m]));
  for (const market of incoming)
    byLine.set(lineKey(market), newerMarket(byLine.get(lineKey(market)) ?? null, market)!);
  return [...byLine.values()];
}

/** The event as an update or a load states it, its main market the newer of the two copies. */
export function mergeEvent<E extends SportEvent>(current: E, incoming: SportEvent): E {
  return { ...current, ...incoming, main: newerMarket(current.main, incoming.main) };
}

/** The prices that moved between two copies of an event's markets, and which way. */
export function priceMoves(
  eventId: string,
  before: readonly SportMarket[],
  after: readonly SportMarket[],
): Map<string, 'up' | 'down'> {
  const moves = new Map<string, 'up' | 'down'>();
  const old = new Map<string, number>();
  for (const market of before)
    for (const o of market.outcomes) if (o.odds !== null) old.set(priceKey(eventId, market, o.id), o.odds);
  for (const market of after) {
    for (const o of market.outcomes) {
      const key = priceKey(eventId, market, o.id);
      const was = old.get(key);
      if (was !== undefined && o.odds !== null && o.odds !== was)
        moves.set(key, o.odds > was ? 'up' : 'down');
    }
  }
  return moves;
}

/** Every price of some events' markets, by price key: what the slip's selections are refreshed from. */
export function pricesOf(
  eventId: string,
  markets: readonly SportMarket[],
  betstop = false,
): Map<string, { odds: number | null; active: boolean }> {
  const prices = new Map<string, { odds: number | null; active: boolean }>();
  for (const market of markets)
    for (const o of market.outcomes)
      prices.set(priceKey(eventId, market, o.id), {
        odds: o.odds,
        active: !betstop && market.state === 'active' && o.active && o.odds !== null,
      });
  return prices;
}

/** What a board (the lists of /betting) shows: live events, those starting soon, the top ones. */
export interface BoardLists {
  live: SportEvent[];
  upcoming: SportEvent[];
  top: SportEvent[];
}

const byKickOff = (a: SportEvent, b: SportEvent) =>
  a.scheduled_at.localeCompare(b.scheduled_at) || a.id.localeCompare(b.id);

/**
 * A live update folded into a board: the event updated wherever it is listed; an event that has
 * just started (and that the board's filter takes) moves from "starting soon" to "live now"; an
 * event that ended or was cancelled leaves "live now".
 */
export function applyToBoard(
  lists: BoardLists,
  event: SportEvent,
  takes: (e: SportEvent) => boolean,
): BoardLists {
  const update = (list: SportEvent[]) => list.map((e) => (e.id === event.id ? mergeEvent(e, event) : e));
  const inLive = lists.live.some((e) => e.id === event.id);
  let live = update(lists.live);
  let upcoming = update(lists.upcoming);
  if (event.phase === 'live') {
    if (!inLive && takes(event)) {
      const known = lists.upcoming.find((e) => e.id === event.id);
      live = [...live, known ? mergeEvent(known, event) : event].sort(byKickOff);
    }
    upcoming = upcoming.filter((e) => e.id !== event.id);
  } else if (event.phase === 'ended' || event.phase === 'cancelled') {
    live = live.filter((e) => e.id !== event.id);
    upcoming = upcoming.filter((e) => e.id !== event.id);
  }
  return {
    live,
    upcoming,
    top: update(lists.top).filter((e) => e.phase !== 'ended' && e.phase !== 'cancelled'),
  };
}

/**
 * A fresh load folded over what the board holds: the loaded lists, each event's main market the
 * newer of the loaded copy and the one updates brought meanwhile.
 */
export function applyLoad(current: BoardLists, loaded: BoardLists): BoardLists {
  const known = new Map<string, SportEvent>();
  for (const e of [...current.live, ...current.upcoming, ...current.top]) {
    const seen = known.get(e.id);
    known.set(e.id, seen ? { ...e, main: newerMarket(seen.main, e.main) } : e);
  }
  const fold = (list: SportEvent[]) =>
    list.map((e) => {
      const old = known.get(e.id);
      return old ? { ...e, main: newerMarket(e.main, old.main) } : e;
    });
  return { live: fold(loaded.live), upcoming: fold(loaded.upcoming), top: fold(loaded.top) };
}

/** The top events of a list of upcoming ones: the most markets offered first (the biggest matches). */
export function topEvents(upcoming: readonly SportEvent[], count: number): SportEvent[] {
  return [...upcoming]
    .filter((e) => e.main !== null)
    .sort((a, b) => b.markets_count - a.markets_count || byKickOff(a, b))
    .slice(0, count);
}
