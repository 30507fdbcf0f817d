import { createContext, type ReactNode, useContext } from 'react';
import type { SportEvent, SportMarket } from '../../shared/api/sports.ts';
import type { Locale } from '../../shared/locales.ts';
import { CORRECT_SCORES, mainMarketOf } from '../../shared/sports/markets.ts';
import type { OddsFormat } from '../../shared/sports/odds-format.ts';
import { countryName, dateTime, kickOff, oddsText } from './format.ts';
import {
  eventPath,
  groupMarkets,
  liveClock,
  type MarketGroup,
  mainOutcomes,
  marketName,
  outcomeName,
  shortOutcome,
  type Translate,
} from './labels.ts';
import { priceKey } from './live.ts';
import type { Pick } from './slip-store.ts';

/**
 * The sportsbook's views: event rows, price buttons, a scoreboard and an event's markets. Plain
 * components of their props and one context, so the server renders them as the page's HTML (the
 * catalogue a crawler and a first paint see, src/components/betting/) and the islands render the
 * very same markup live. Nothing here reads the browser.
 */

export interface BettingView {
  t: Translate;
  locale: Locale;
  tag: string;
  format: OddsFormat;
  /** The reader's time zone in the browser; the locale's usual one on the server. */
  timeZone: string | undefined;
  /** Now (ms), for "today" and "in 12 min"; ticks in the islands. */
  now: number;
  /** The selections in the slip, by price key. */
  picked: ReadonlySet<string>;
  /** Prices that moved a moment ago, by price key. */
  moves: ReadonlyMap<string, 'up' | 'down'>;
  /** A price pressed; absent on the server (the buttons then wait for the island). */
  onPick?: ((pick: Pick) => void) | undefined;
  /** A site path in the page's locale. */
  href: (path: string) => string;
  /** Country names by code, as the server wrote them (a browser may not know the language's). */
  countries: Readonly<Record<string, string>>;
}

/** A country's name: the server's, else the browser's own. */
const countryOf = (view: BettingView, code: string) =>
  view.countries[code] ?? countryName(code, view.tag, view.t);

const ViewContext = createContext<BettingView | null>(null);

export function BettingViewProvider({ value, children }: { value: BettingView; children: ReactNode }) {
  return <ViewContext.Provider value={value}>{children}</ViewContext.Provider>;
}

export function useBettingView(): BettingView {
  const view = useContext(ViewContext);
  if (!view) throw new Error('a betting view renders inside BettingViewProvider');
  return view;
}

/** Whether an event's outcome takes bets now. */
function takesBets(
  event: SportEvent,
  market: SportMarket | null,
  outcome: SportMarket['outcomes'][number] | undefined,
) {
  return Boolean(
    market &&
      outcome &&
      !event.betstop &&
      market.state === 'active' &&
      outcome.active &&
      outcome.odds !== null &&
      (event.phase === 'live' || event.phase === 'upcoming'),
  );
}

/** The selection a price button adds: what the slip needs to show and place it. */
function pickOf(event: SportEvent, market: SportMarket, outcomeId: string, odds: number): Pick {
  return {
    event_id: event.id,
    sport: event.sport,
    home: event.home.name,
    away: event.away.name,
    scheduled_at: event.scheduled_at,
    live: event.phase === 'live',
    market_id: market.id,
    specifiers: market.specifiers,
    outcome_id: outcomeId,
    odds,
    active: true,
  };
}

/**
 * One price: the outcome's odds in the player's format, pressed when it is in the slip, marked ▲
 * or ▼ for a few seconds after it moved, locked while its market is suspended.
 */
export function PriceButton({
  event,
  market,
  outcomeId,
  label,
  fullName,
}: {
  event: SportEvent;
  market: SportMarket | null;
  outcomeId: string;
  /** What the button shows above the price ("1", "X", "Over 2.5"); none in a list's columns. */
  label?: string | undefined;
  /** The outcome's whole name, read out with the price. */
  fullName: string;
}) {
  const view = useBettingView();
  const outcome = market?.outcomes.find((o) => o.id === outcomeId);
  const open = takesBets(event, market, outcome);
  const key = market ? priceKey(event.id, market, outcomeId) : `${event.id}|none|${outcomeId}`;
  const move = open ? view.moves.get(key) : undefined;
  const picked = view.picked.has(key);
  const odds = outcome?.odds ?? null;
  const shown = oddsText(odds, view.format);
  const moveText = move ? view.t(move === 'up' ? 'betting.movedUp' : 'betting.movedDown') : '';
  return (
    <button
      type="button"
      className="bt-price"
      aria-pressed={picked}
      data-move={move}
      data-testid="bt-price"
      data-key={key}
      disabled={!open}
      aria-label={`${fullName}: ${open ? shown : view.t('betting.suspended')}${moveText ? `, ${moveText}` : ''}`}
      onClick={
        view.onPick && open && market && odds !== null
          ? () => view.onPick?.(pickOf(event, market, outcomeId, odds))
          : undefined
      }
    >
      {label && <span className="bt-price-label">{label}</span>}
      <span className="bt-price-odds">
        {open ? shown : <LockIcon />}
        {move && (
          <span className="bt-move" aria-hidden="true">
            {move === 'up' ? '▲' : '▼'}
          </span>
        )}
      </span>
    </button>
  );
}

function LockIcon() {
  return (
    <svg className="bt-lock" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M3.5 5V3.8a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <rect x="2" y="5" width="8" height="6" rx="1.2" fill="currentColor" />
    </svg>
  );
}

/** "Live" with its pulsing dot. */
export function LiveBadge() {
  const { t } = useBettingView();
  return (
    <span className="bt-live-badge">
      <span className="bt-live-dot" aria-hidden="true" />
      {t('betting.live')}
    </span>
  );
}

/** When: the live clock, or the kick-off (time over day). */
function EventWhen({ event }: { event: SportEvent }) {
  const view = useBettingView();
  if (event.phase === 'live')
    return (
      <span className="bt-when bt-when-live" data-testid="bt-clock">
        <LiveBadge />
        <span>{liveClock(event, view.t)}</span>
      </span>
    );
  if (event.phase !== 'upcoming')
    return <span className="bt-when muted">{view.t(`betting.phase.${event.phase}`)}</span>;
  const { time, day } = kickOff(event.scheduled_at, view);
  return (
    <span className="bt-when">
      <time dateTime={event.scheduled_at}>{time}</time>
      <span className="muted">{day}</span>
    </span>
  );
}

/**
 * One event in a list: when, the teams (with the score while live), the main market's prices,
 * and how many more markets the event page has.
 */
export function EventRow({ event }: { event: SportEvent }) {
  const view = useBettingView();
  const marketId = event.main?.id ?? mainMarketOf(event.sport);
  const outcomes = mainOutcomes(event.sport);
  const live = event.phase === 'live';
  const more = Math.max(0, event.markets_count - 1);
  const teams = { home: event.home.name, away: event.away.name };
  return (
    <li className="bt-event" data-testid="bt-event" data-event={event.id} data-phase={event.phase}>
      <a className="bt-event-link" href={view.href(eventPath(event.id))}>
        <EventWhen event={event} />
        <span className="bt-teams">
          <span className="bt-team">
            <span className="one-line">{event.home.name}</span>
            {live && <b className="bt-team-score">{event.score.home}</b>}
          </span>
          <span className="bt-team">
            <span className="one-line">{event.away.name}</span>
            {live && <b className="bt-team-score">{event.score.away}</b>}
          </span>
        </span>
      </a>
      <div className="bt-prices" data-count={outcomes.length} title={marketName(marketId, view.t)}>
        {outcomes.map((o) => (
          <PriceButton
            key={o.id}
            event={event}
            market={event.main}
            outcomeId={o.id}
            label={shortOutcome(marketId, o.id, view.t)}
            fullName={outcomeName(marketId, event.main?.specifiers ?? '', o.id, teams, view.t, view.tag)}
          />
        ))}
      </div>
      <a
        className="bt-more"
        href={view.href(eventPath(event.id))}
        aria-label={view.t('betting.moreMarkets', {
          count: more,
          home: event.home.name,
          away: event.away.name,
        })}
      >
        +{more}
      </a>
    </li>
  );
}

/** Events grouped by tournament, in the order they come (kick-off), each group under its name. */
export function EventGroups({ events, testId }: { events: readonly SportEvent[]; testId: string }) {
  const view = useBettingView();
  const groups = new Map<string, SportEvent[]>();
  for (const event of events) {
    const key = `${event.sport}|${event.tournament.id}`;
    const list = groups.get(key);
    if (list) list.push(event);
    else groups.set(key, [event]);
  }
  return (
    <div className="bt-groups" data-testid={testId}>
      {[...groups.values()].map((list) => {
        const first = list[0] as SportEvent;
        const marketId = mainMarketOf(first.sport);
        return (
          <section className="bt-group" key={`${first.sport}|${first.tournament.id}`}>
            <h3 className="bt-group-head">
              <span className="bt-sport-icon" data-sport={first.sport} aria-hidden="true" />
              <span className="one-line">
                {countryOf(view, first.country)} · {first.tournament.name}
              </span>
              <span className="bt-cols" aria-hidden="true">
                {mainOutcomes(first.sport).map((o) => (
                  <span key={o.id}>{shortOutcome(marketId, o.id, view.t)}</span>
                ))}
              </span>
            </h3>
            <ul className="bt-events">
              {list.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A list's section: a heading, the events or what to say when there are none. */
export function EventSection({
  id,
  title,
  events,
  empty,
  live = false,
  more,
}: {
  id: string;
  title: string;
  events: readonly SportEvent[];
  empty: string;
  live?: boolean;
  more?: { href: string; label: string } | undefined;
}) {
  return (
    <section className="bt-section" aria-labelledby={`bt-${id}`} data-testid={`bt-section-${id}`}>
      <h2 id={`bt-${id}`} className="bt-section-head">
        {live && <span className="bt-live-dot" aria-hidden="true" />}
        {title}
        <span className="bt-count">{events.length}</span>
      </h2>
      {events.length > 0 ? (
        <EventGroups events={events} testId={`bt-list-${id}`} />
      ) : (
        <p className="bt-empty muted">{empty}</p>
      )}
      {more && events.length > 0 && (
        <a className="bt-section-more" href={more.href}>
          {more.label}
        </a>
      )}
    </section>
  );
}

/** The top events: a row of cards, each the teams, the kick-off and the main market's prices. */
export function TopEvents({ events }: { events: readonly SportEvent[] }) {
  const view = useBettingView();
  if (events.length === 0) return null;
  return (
    <section className="bt-section bt-top" aria-labelledby="bt-top" data-testid="bt-section-top">
      <h2 id="bt-top" className="bt-section-head">
        {view.t('betting.top')}
      </h2>
      <ul className="bt-top-row">
        {events.map((event) => {
          const marketId = event.main?.id ?? mainMarketOf(event.sport);
          const teams = { home: event.home.name, away: event.away.name };
          return (
            <li className="bt-top-card" key={event.id} data-testid="bt-top-card">
              <a className="bt-top-link" href={view.href(eventPath(event.id))}>
                <span className="bt-top-meta muted one-line">
                  <span className="bt-sport-icon" data-sport={event.sport} aria-hidden="true" />
                  {event.tournament.name}
                </span>
                <span className="bt-top-teams">
                  <span className="one-line">{event.home.name}</span>
                  <span className="one-line">{event.away.name}</span>
                </span>
                <EventWhen event={event} />
              </a>
              <div className="bt-prices" data-count={mainOutcomes(event.sport).length}>
                {mainOutcomes(event.sport).map((o) => (
                  <PriceButton
                    key={o.id}
                    event={event}
                    market={event.main}
                    outcomeId={o.id}
                    label={shortOutcome(marketId, o.id, view.t)}
                    fullName={outcomeName(
                      marketId,
                      event.main?.specifiers ?? '',
                      o.id,
                      teams,
                      view.t,
                      view.tag,
                    )}
                  />
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The event page's head: sport, country and tournament; the teams; the score and clock, or the kick-off. */
export function Scoreboard({ event }: { event: SportEvent }) {
  const view = useBettingView();
  const live = event.phase === 'live';
  const ended = event.phase === 'ended';
  const { score } = event;
  return (
    <header className="bt-scoreboard card" data-testid="bt-scoreboard" data-phase={event.phase}>
      <p className="bt-crumbs muted">
        <span className="bt-sport-icon" data-sport={event.sport} aria-hidden="true" />
        <a href={view.href(`/betting/${event.sport}`)}>{view.t(`sports.names.${event.sport}`)}</a>
        <span aria-hidden="true">·</span>
        <span>{countryOf(view, event.country)}</span>
        <span aria-hidden="true">·</span>
        <a href={view.href(`/betting/${event.sport}?tournament=${encodeURIComponent(event.tournament.id)}`)}>
          {event.tournament.name}
        </a>
      </p>
      <div className="bt-board-row">
        <h1 className="bt-board-teams">
          <span className="bt-board-team">
            {score.server === 'home' && live && <ServeDot />}
            {event.home.name}
          </span>
          <span className="bt-board-score" data-testid="bt-score">
            {live || ended ? (
              <>
                <b>{score.home}</b>
                <span aria-hidden="true">:</span>
                <span className="visually-hidden">–</span>
                <b>{score.away}</b>
              </>
            ) : (
              <span className="bt-vs">{view.t('betting.vs')}</span>
            )}
          </span>
          <span className="bt-board-team">
            {event.away.name}
            {score.server === 'away' && live && <ServeDot />}
          </span>
        </h1>
      </div>
      <p className="bt-board-clock">
        {live ? (
          <>
            <LiveBadge />
            <span data-testid="bt-clock">{liveClock(event, view.t)}</span>
            {score.game_points && (
              <span className="bt-points">
                {view.t('sports.points', { home: score.game_points.home, away: score.game_points.away })}
              </span>
            )}
          </>
        ) : event.phase === 'upcoming' ? (
          <time dateTime={event.scheduled_at}>{dateTime(event.scheduled_at, view.tag, view.timeZone)}</time>
        ) : (
          <span>{view.t(`betting.phase.${event.phase}`)}</span>
        )}
        {event.betstop && live && <span className="bt-betstop">{view.t('betting.betstop')}</span>}
      </p>
      {score.period_scores.length > 0 && (live || ended) && (
        <ol className="bt-periods" aria-label={view.t('betting.periodScores')}>
          {score.period_scores.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a period is its place in the match.
            <li key={i}>
              <span className="muted">{i + 1}</span>
              <span>
                {p.home}:{p.away}
              </span>
            </li>
          ))}
        </ol>
      )}
    </header>
  );
}

function ServeDot() {
  const { t } = useBettingView();
  return (
    <span className="bt-serve" title={t('sports.serving')}>
      <span className="visually-hidden">{t('sports.serving')}</span>
    </span>
  );
}

/** Correct score outcomes in three columns as books show them: home wins, draws, away wins. */
function correctScoreColumns(): string[][] {
  const home: string[] = [];
  const draw: string[] = [];
  const away: string[] = [];
  for (const score of CORRECT_SCORES) {
    const [h, a] = score.split(':').map(Number) as [number, number];
    (h > a ? home : h === a ? draw : away).push(score);
  }
  const order = (list: string[]) =>
    list.sort((x, y) => {
      const [xh, xa] = x.split(':').map(Number) as [number, number];
      const [yh, ya] = y.split(':').map(Number) as [number, number];
      return xh + xa - (yh + ya) || xh - yh || xa - ya;
    });
  return [order(home), order(draw), order(away)];
}

function MarketSection({ event, group }: { event: SportEvent; group: MarketGroup }) {
  const view = useBettingView();
  const teams = { home: event.home.name, away: event.away.name };
  const { def } = group;
  const suspended = event.betstop || group.lines.every((m) => m.state !== 'active');
  const name = (market: SportMarket, outcomeId: string) =>
    outcomeName(def.id, market.specifiers, outcomeId, teams, view.t, view.tag);
  let body: ReactNode;
  if (def.key === 'correct_score') {
    const market = group.lines[0] as SportMarket;
    const offered = new Set(market.outcomes.map((o) => o.id));
    body = (
      <div className="bt-cs">
        {correctScoreColumns().map((column, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the three columns are fixed.
          <div className="bt-cs-col" key={i}>
            {column
              .filter((score) => offered.has(score))
              .map((score) => (
                <PriceButton
                  key={score}
                  event={event}
                  market={market}
                  outcomeId={score}
                  label={score}
                  fullName={score}
                />
              ))}
          </div>
        ))}
        {offered.has('other') && (
          <div className="bt-cs-other">
            <PriceButton
              event={event}
              market={market}
              outcomeId="other"
              label={name(market, 'other')}
              fullName={name(market, 'other')}
            />
          </div>
        )}
      </div>
    );
  } else {
    body = (
      <div className="bt-lines">
        {group.lines.map((market) => (
          <div
            className="bt-outcomes"
            data-count={def.outcomes.length}
            data-state={market.state}
            key={market.specifiers}
          >
            {def.outcomes.map((o) => (
              <PriceButton
                key={o.id}
                event={event}
                market={market}
                outcomeId={o.id}
                label={name(market, o.id)}
                fullName={name(market, o.id)}
              />
            ))}
          </div>
        ))}
      </div>
    );
  }
  return (
    <details className="bt-market" open data-market={def.id} data-state={suspended ? 'suspended' : 'active'}>
      <summary>
        <span>{marketName(def.id, view.t)}</span>
        {suspended && <span className="bt-suspended-tag">{view.t('betting.suspended')}</span>}
      </summary>
      {body}
    </details>
  );
}

/** Every market of an event, grouped as the catalogue lists them; suspended ones greyed out. */
export function EventMarkets({ event, markets }: { event: SportEvent; markets: readonly SportMarket[] }) {
  const view = useBettingView();
  const groups = groupMarkets(event.sport, markets);
  if (groups.length === 0)
    return (
      <p className="bt-empty card muted" data-testid="bt-no-markets">
        {event.phase === 'live' || event.phase === 'upcoming'
          ? view.t('betting.noMarkets')
          : view.t('betting.eventOver')}
      </p>
    );
  return (
    <div className="bt-markets" data-testid="bt-markets">
      {groups.map((group) => (
        <MarketSection key={group.def.id} event={event} group={group} />
      ))}
    </div>
  );
}

/**
 * An event's page: the scoreboard and every market (the server's copy and the island alike;
 * `live` marks the island's).
 */
export function EventPage({
  event,
  live = false,
}: {
  event: SportEvent & { markets: readonly SportMarket[] };
  live?: boolean;
}) {
  return (
    <div className="bt-event-page" data-testid="bt-event-page" data-event={event.id} data-live={live}>
      <Scoreboard event={event} />
      <EventMarkets event={event} markets={event.markets} />
    </div>
  );
}
