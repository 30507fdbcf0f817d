import type { SportEventDetail } from '../../../shared/api/sports.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { FeedMarket, SettlementOutcome, Sport } from '../../../shared/sports/feed.ts';
import { settleMarket } from '../../../sportsfeed/results.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, invalid } from '../../domain-error.ts';
import {
  type ApplyContext,
  changeCancels,
  priceMarkets,
  setSettlement,
  type Touched,
  touched,
  upsertFixture,
} from './apply.ts';
import { eventById, eventDetail, type MarketRow } from './store.ts';

/**
 * The operator's hand on the book (docs/betting.md "Operator"): events of its own, prices,
 * suspensions, settlements by hand (by outcome, or every market from a football score), rollbacks
 * and cancels, on its own events and the feed's alike, through the same paths as the feed's
 * messages; and the biggest exposures.
 */

type MarketRef = { id: number; specifiers: string };
type PriceInput = {
  id: number;
  specifiers: string;
  status: 'active' | 'suspended' | 'deactivated';
  outcomes: { id: string; odds: number | null; active: boolean }[];
};

const STATUS = { active: 1, suspended: -1, deactivated: 0 } as const;

function feedMarket(m: PriceInput): FeedMarket {
  return {
    id: m.id,
    specifiers: m.specifiers,
    status: STATUS[m.status],
    outcomes: m.outcomes.map((o) => ({
      id: o.id,
      active: o.active,
      ...(o.odds === null ? {} : { odds: o.odds / 100 }),
    })),
  };
}

export class Manual {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #context: () => ApplyContext;
  readonly #changed: (t: Touched) => void;

  constructor(deps: {
    database: Database;
    clock: Clock;
    context: () => ApplyContext;
    changed: (t: Touched) => void;
  }) {
    this.#db = deps.database;
    this.#clock = deps.clock;
    this.#context = deps.context;
    this.#changed = deps.changed;
  }

  async #onEvent<T>(eventId: string, work: (tx: Queryable, t: Touched) => Promise<T>): Promise<T> {
    const t = touched(eventId);
    const result = await this.#db.transaction(async (tx) => {
      if (!(await eventById(tx, eventId, true))) throw fail('not_found', 'event', 'event_not_found');
      return work(tx, t);
    });
    this.#changed(t);
    return result;
  }

  async #detail(eventId: string): Promise<SportEventDetail> {
    return (await eventDetail(this.#db, eventId))!;
  }

  async createEvent(input: {
    sport: Sport;
    country: string;
    tournament: string;
    home: string;
    away: string;
    scheduled_at: string;
    markets: PriceInput[];
  }): Promise<SportEventDetail> {
    const id = `op:match:${crypto.randomUUID()}`;
    const slug = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
    const t = touched(id);
    await this.#db.transaction(async (tx) => {
      await upsertFixture(
        tx,
        {
          id,
          sport: input.sport,
          category: { id: `op:category:${input.country}`, country: input.country.toUpperCase() },
          tournament: { id: `op:tournament:${slug(input.tournament)}`, name: input.tournament },
          home: { id: `op:team:${slug(input.home)}`, name: input.home },
          away: { id: `op:team:${slug(input.away)}`, name: input.away },
          scheduled: Date.parse(input.scheduled_at),
          live_odds: false,
        },
        'manual',
        this.#clock.date(),
      );
      await priceMarkets(tx, id, input.markets.map(feedMarket), this.#clock.date(), t);
    });
    this.#changed(t);
    return this.#detail(id);
  }

  async price(eventId: string, markets: PriceInput[]): Promise<SportEventDetail> {
    await this.#onEvent(eventId, (tx, t) =>
      priceMarkets(tx, eventId, markets.map(feedMarket), this.#clock.date(), t),
    );
    return this.#detail(eventId);
  }

  async suspend(eventId: string, markets: MarketRef[] | undefined): Promise<SportEventDetail> {
    await this.#onEvent(eventId, async (tx, t) => {
      const rows = await tx.query<MarketRow>('select * from sport_markets where event_id = $1', [eventId]);
      const chosen = markets
        ? rows.filter((r) => markets.some((m) => m.id === r.market_id && m.specifiers === r.specifiers))
        : rows;
      await priceMarkets(
        tx,
        eventId,
        chosen.map((r) => ({ id: r.market_id, specifiers: r.specifiers, status: -1 as const })),
        this.#clock.date(),
        t,
      );
    });
    return this.#detail(eventId);
  }

  async settle(
    eventId: string,
    input: {
      score?: { home: number; away: number } | undefined;
      markets?: (MarketRef & { outcomes: SettlementOutcome[] })[] | undefined;
    },
  ): Promise<{ markets: number; bets: number }> {
    if (!input.score && !input.markets?.length) throw invalid('markets', 'required');
    return this.#onEvent(eventId, async (tx, t) => {
      const event = (await eventById(tx, eventId))!;
      let markets = input.markets ?? [];
      if (input.score) {
        const { home, away } = input.score;
        const rows = await tx.query<MarketRow>('select * from sport_markets where event_id = $1', [eventId]);
        // A final score settles football's markets; other sports' need more (sets' games): by outcome.
        if (event.sport !== 'football') throw invalid('score', 'invalid_market');
        markets = rows.map((r) => ({
          id: r.market_id,
          specifiers: r.specifiers,
          outcomes: settleMarket(event.sport, r.market_id, r.specifiers, {
            home_score: home,
            away_score: away,
          }),
        }));
      }
      for (const m of markets) await setSettlement(tx, eventId, m, m.outcomes, this.#context(), t);
      return { markets: markets.length, bets: t.bets };
    });
  }

  async rollback(eventId: string, markets: MarketRef[]): Promise<{ markets: number; bets: number }> {
    return this.#onEvent(eventId, async (tx, t) => {
      for (const m of markets) await setSettlement(tx, eventId, m, null, this.#context(), t);
      return { markets: markets.length, bets: t.bets };
    });
  }

  async cancel(
    eventId: string,
    input: { markets: MarketRef[]; start_time?: string | undefined; end_time?: string | undefined },
  ): Promise<{ markets: number; bets: number }> {
    const window = {
      start_time: input.start_time ? Date.parse(input.start_time) : undefined,
      end_time: input.end_time ? Date.parse(input.end_time) : undefined,
    };
    return this.#onEvent(eventId, async (tx, t) => {
      for (const m of input.markets) await changeCancels(tx, eventId, m, window, true, this.#context(), t);
      return { markets: input.markets.length, bets: t.bets };
    });
  }

  async exposures(q: { event_id?: string | undefined; limit: number }) {
    const rows = await this.#db.query<{
      event_id: string;
      home_name: string | null;
      away_name: string | null;
      market_id: number;
      specifiers: string;
      outcome_id: string;
      currency: string;
      liability: string;
      stakes: string;
      bets: number;
    }>(
      `select x.*, e.home_name, e.away_name from sport_exposure x left join sport_events e on e.id = x.event_id
        where ($1::text is null or x.event_id = $1) and x.bets > 0
        order by x.liability desc limit $2`,
      [q.event_id ?? null, q.limit],
    );
    return rows.map((r) => ({
      event_id: r.event_id,
      home: r.home_name ?? '',
      away: r.away_name ?? '',
      market_id: r.market_id,
      specifiers: r.specifiers,
      outcome_id: r.outcome_id,
      currency: r.currency as never,
      liability: fromMinor(BigInt(r.liability)),
      stakes: fromMinor(BigInt(r.stakes)),
      bets: r.bets,
    }));
  }
}
