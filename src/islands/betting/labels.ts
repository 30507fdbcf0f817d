import type { SportEvent, SportMarket } from '../../shared/api/sports.ts';
import { numberFormat } from '../../shared/number-format.ts';
import type { Sport } from '../../shared/sports/feed.ts';
import {
  MARKETS,
  type MarketDef,
  mainMarketOf,
  marketsOf,
  parseSpecifiers,
} from '../../shared/sports/markets.ts';

/**
 * What the sportsbook's pages call markets, outcomes, lines, periods and scores, from the market
 * catalogue (src/shared/sports/markets.ts: names are keys under `sports.markets` and
 * `sports.outcomes`). Shared by the server's rendering of the lists and by the islands: both pass
 * their own translate function. Pure, no I/O.
 */

/** A translate function: the server's `getT(locale)` or an island's `t`. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The teams an outcome's name may carry. */
export interface Teams {
  home: string;
  away: string;
}

/** A specifier's number as the locale writes it: `2.5` → "2,5" in Russian. */
function lineNumber(value: number, tag: string, signed: boolean): string {
  return numberFormat(tag, {
    maximumFractionDigits: 2,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value);
}

/** The market's line (`total=2.5` → 2.5, `hcp=-0.25` → −0.25), or null for a market without one. */
export function lineOf(def: MarketDef | undefined, specifiers: string): number | null {
  if (!def?.line) return null;
  const value = Number(parseSpecifiers(specifiers)[def.line]);
  return Number.isFinite(value) ? value : null;
}

/**
 * An outcome's handicap: the home side's as the specifier states it, the away side's with the
 * opposite sign (`hcp=-0.25`: home −0.25, away +0.25).
 */
export function handicapOf(line: number, outcomeName: string): number {
  const value = outcomeName === 'away' ? -line : line;
  return value === 0 ? 0 : value;
}

/** The market's name: "Total goals", "Asian handicap"; an unknown market by its number. */
export function marketName(marketId: number, t: Translate): string {
  const def = MARKETS[marketId];
  return def ? t(`sports.markets.${def.key}`) : t('betting.market', { id: marketId });
}

/** The market's name with its line when it has one: "Total goals 2.5", "Asian handicap −0.25". */
export function marketTitle(marketId: number, specifiers: string, t: Translate, tag: string): string {
  const def = MARKETS[marketId];
  const line = lineOf(def, specifiers);
  const name = marketName(marketId, t);
  if (line === null) return name;
  return `${name} ${lineNumber(line, tag, def?.line === 'hcp')}`;
}

/**
 * An outcome's name as a player reads it, teams and line filled in: "Arsenal", "Draw",
 * "Arsenal or draw", "Over 2.5", "Chelsea (+0.25)", "2:1".
 */
export function outcomeName(
  marketId: number,
  specifiers: string,
  outcomeId: string,
  teams: Teams,
  t: Translate,
  tag: string,
): string {
  const def = MARKETS[marketId];
  const outcome = def?.outcomes.find((o) => o.id === outcomeId);
  if (!def || !outcome) return outcomeId;
  if (outcome.literal) return outcome.name;
  const line = lineOf(def, specifiers);
  const total = line === null ? '' : lineNumber(line, tag, false);
  const name = t(`sports.outcomes.${outcome.name}`, { home: teams.home, away: teams.away, total });
  // The handicap in brackets after the side, as books everywhere print it: "Chelsea (+0.25)".
  if (def.line === 'hcp' && line !== null)
    return `${name} (${lineNumber(handicapOf(line, outcome.name), tag, true)})`;
  return name;
}

/**
 * The short column names of a list's main market: "1 X 2" (Russian books: "П1 Х П2"), "1 2" for
 * a two-way winner. Keys under `sports.short`.
 */
export function shortOutcome(marketId: number, outcomeId: string, t: Translate): string {
  const outcome = MARKETS[marketId]?.outcomes.find((o) => o.id === outcomeId);
  return outcome ? t(`sports.short.${outcome.name}`) : outcomeId;
}

/** The outcomes a list shows for an event's main market, in catalogue order (prices may be missing). */
export function mainOutcomes(sport: Sport): readonly { id: string; name: string }[] {
  return MARKETS[mainMarketOf(sport)]?.outcomes ?? [];
}

/** A group of the event page: one market of the catalogue with its lines (one when it has none). */
export interface MarketGroup {
  def: MarketDef;
  /** Its lines in order (by the line's number), each a market as the server sent it. */
  lines: SportMarket[];
}

/** A market that can be shown: offered now or suspended for a moment (greyed out). */
const shown = (market: SportMarket) => market.state === 'active' || market.state === 'suspended';

/**
 * The event page's markets, grouped as the catalogue lists them for the sport (match result,
 * double chance, draw no bet, handicap by line, total by line, both teams to score, correct
 * score): lines sorted by their number, closed, settled and cancelled markets left out, markets
 * the catalogue does not know dropped.
 */
export function groupMarkets(sport: Sport, markets: readonly SportMarket[]): MarketGroup[] {
  const order = marketsOf(sport);
  // Ids the catalogue has but the sport's list does not (a feed sending more): after the sport's own.
  const extra = [...new Set(markets.map((m) => m.id))]
    .filter((id) => MARKETS[id] && !order.some((def) => def.id === id))
    .map((id) => MARKETS[id] as MarketDef);
  const groups: MarketGroup[] = [];
  for (const def of [...order, ...extra]) {
    const lines = markets
      .filter((m) => m.id === def.id && shown(m))
      .sort((a, b) => (lineOf(def, a.specifiers) ?? 0) - (lineOf(def, b.specifiers) ?? 0));
    if (lines.length > 0) groups.push({ def, lines });
  }
  return groups;
}

/** Other words feeds use for the periods the catalog names (`pause` between quarters or maps, `ot`). */
const PERIOD_ALIASES: Readonly<Record<string, string>> = {
  pause: 'break',
  interval: 'break',
  ot: 'overtime',
  penalty_shootout: 'penalties',
};

/**
 * The period now as a player reads it: "1st half" → `sports.period.half` {n}, "Set 3", "Q4",
 * "Map 2", "Half-time", "Overtime"; the feed's own word for one this list does not know.
 */
export function periodName(period: string | null, t: Translate): string | null {
  if (!period) return null;
  const half = /^(\d)(?:st|nd|rd|th)_half$/.exec(period);
  if (half) return t('sports.period.half', { n: Number(half[1]) });
  const numbered = /^(set|q|quarter|map|period)_?(\d+)$/.exec(period);
  if (numbered) {
    const kind = numbered[1] === 'q' ? 'quarter' : numbered[1];
    return t(`sports.period.${kind}`, { n: Number(numbered[2]) });
  }
  const named = PERIOD_ALIASES[period] ?? period;
  if (['halftime', 'overtime', 'penalties', 'break', 'ended', 'paused'].includes(named))
    return t(`sports.period.${named}`);
  return period.replace(/_/g, ' ');
}

/**
 * What the clock of a live event says: the minute in football and basketball ("67′"), else the
 * period ("Set 3"). Both when both are known ("Q4 · 7′").
 */
export function liveClock(event: SportEvent, t: Translate): string {
  const period = periodName(event.score.period, t);
  const minute = event.score.minute === null ? null : `${event.score.minute}′`;
  if (event.sport === 'football') {
    if (event.score.period === 'halftime') return period ?? '';
    return minute ?? period ?? t('betting.live');
  }
  return [period, minute].filter(Boolean).join(' · ') || t('betting.live');
}

/**
 * An event's page: `/betting/event/<id>`, the id one path segment (`od:match:20786070`: a colon
 * may stand in a path, so the feed's ids read as they are).
 */
export const eventPath = (id: string): string =>
  `/betting/event/${encodeURIComponent(id).replace(/%3A/gi, ':')}`;

/** A system's name: "Trixie", "Lucky 15", "System 2/3" (keys under `betting.systems`). */
export function systemName(name: string, t: Translate): string {
  const generic = /^(\d)\/(\d)$/.exec(name);
  if (generic) return t('betting.systems.kOfN', { k: Number(generic[1]), n: Number(generic[2]) });
  return t(`betting.systems.${name}`);
}
