import type { Sport } from './feed.ts';

/**
 * The market catalogue (docs/betting.md "Markets"): each market the book offers, by the feed's
 * market id, with its outcomes' ids and what the page calls them. Ids follow the industry's
 * standard odds feed where it has one; specifiers name a market's line (`total=2.5`, `hcp=-0.25`:
 * the home side's handicap). Names are translation keys (`sports.markets.*`, `sports.outcomes.*`),
 * with `{total}`, `{hcp}` and team names filled in by the page.
 */

export interface MarketOutcomeDef {
  id: string;
  /** Translation key of the outcome's name, or a literal (a correct score, `2:1`). */
  name: string;
  literal?: boolean;
}

export interface MarketDef {
  id: number;
  /** Translation key under `sports.markets`. */
  key: string;
  /** The specifier the market's line is named by, if any. */
  line?: 'total' | 'hcp';
  outcomes: readonly MarketOutcomeDef[];
  sports: readonly Sport[];
}

const HOME = { id: '1', name: 'home' };
const DRAW = { id: '2', name: 'draw' };
const AWAY = { id: '3', name: 'away' };
const HOME_2WAY = { id: '4', name: 'home' };
const AWAY_2WAY = { id: '5', name: 'away' };
const OVER = { id: '12', name: 'over' };
const UNDER = { id: '13', name: 'under' };

/** Correct score outcomes: every score up to 4:4, then any other. */
export const CORRECT_SCORES: readonly string[] = Array.from(
  { length: 25 },
  (_, i) => `${Math.floor(i / 5)}:${i % 5}`,
);

export const MARKETS: Readonly<Record<number, MarketDef>> = {
  1: { id: 1, key: 'match_result', outcomes: [HOME, DRAW, AWAY], sports: ['football'] },
  10: {
    id: 10,
    key: 'double_chance',
    outcomes: [
      { id: '9', name: 'home_or_draw' },
      { id: '10', name: 'home_or_away' },
      { id: '11', name: 'draw_or_away' },
    ],
    sports: ['football'],
  },
  11: { id: 11, key: 'draw_no_bet', outcomes: [HOME_2WAY, AWAY_2WAY], sports: ['football'] },
  16: {
    id: 16,
    key: 'handicap',
    line: 'hcp',
    outcomes: [
      { id: '1714', name: 'home' },
      { id: '1715', name: 'away' },
    ],
    sports: ['football'],
  },
  18: { id: 18, key: 'total', line: 'total', outcomes: [OVER, UNDER], sports: ['football'] },
  29: {
    id: 29,
    key: 'both_teams_to_score',
    outcomes: [
      { id: '74', name: 'yes' },
      { id: '76', name: 'no' },
    ],
    sports: ['football'],
  },
  41: {
    id: 41,
    key: 'correct_score',
    outcomes: [
      ...CORRECT_SCORES.map((s) => ({ id: s, name: s, literal: true })),
      { id: 'other', name: 'other' },
    ],
    sports: ['football'],
  },
  186: { id: 186, key: 'winner', outcomes: [HOME_2WAY, AWAY_2WAY], sports: ['tennis', 'esports'] },
  189: { id: 189, key: 'total_games', line: 'total', outcomes: [OVER, UNDER], sports: ['tennis'] },
  219: { id: 219, key: 'winner_incl_overtime', outcomes: [HOME_2WAY, AWAY_2WAY], sports: ['basketball'] },
  223: {
    id: 223,
    key: 'handicap_incl_overtime',
    line: 'hcp',
    outcomes: [
      { id: '1714', name: 'home' },
      { id: '1715', name: 'away' },
    ],
    sports: ['basketball'],
  },
  225: {
    id: 225,
    key: 'total_incl_overtime',
    line: 'total',
    outcomes: [OVER, UNDER],
    sports: ['basketball'],
  },
  328: { id: 328, key: 'total_maps', line: 'total', outcomes: [OVER, UNDER], sports: ['esports'] },
};

/** The markets of a sport, in the order an event page lists them. */
export function marketsOf(sport: Sport): MarketDef[] {
  return Object.values(MARKETS).filter((m) => m.sports.includes(sport));
}

/** A specifier string's values: `total=2.5|hcp=-1` → { total: '2.5', hcp: '-1' }. */
export function parseSpecifiers(specifiers: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!specifiers) return out;
  for (const part of specifiers.split('|')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** The main market of a sport, the one a list of events shows. */
export function mainMarketOf(sport: Sport): number {
  if (sport === 'football') return 1;
  if (sport === 'basketball') return 219;
  return 186;
}
