/**
 * How every market the in-house feed offers settles from a final score (docs/betting.md
 * "Settlement"): each outcome's `result`, `void_factor` and `dead_heat_factor`, as the feed's
 * `bet_settlement` carries them. Pure and self-contained (it imports only src/shared), because the
 * casino's operator tools settle by hand with the same rules: this file is the one part of
 * src/sportsfeed/ the casino may import.
 *
 * Lines: a whole line (`total=2`, `hcp=-1`) that the score meets exactly is a push (result 0,
 * void_factor 1: the stake back); a quarter line (`total=2.25`, `hcp=-0.75`) is half the stake on
 * each neighbouring line (2 and 2.5, -0.5 and -1), so it settles half won (result 1, void_factor
 * 0.5) or half lost (result 0, void_factor 0.5) when one half pushes. `hcp` is the home side's
 * handicap: home covers when home − away + hcp > 0. None of these markets can dead-heat, so the
 * dead-heat factor is always 1.
 */
import type { SettlementOutcome, Sport } from '../shared/sports/feed.ts';
import { CORRECT_SCORES, MARKETS, parseSpecifiers } from '../shared/sports/markets.ts';

/** One outcome's settlement without its id. */
export interface Settled {
  result: 0 | 1;
  void_factor: 0 | 0.5 | 1;
}

const WON: Settled = { result: 1, void_factor: 0 };
const LOST: Settled = { result: 0, void_factor: 0 };
const PUSH: Settled = { result: 0, void_factor: 1 };

/** The final score a market settles on: goals, sets, points or maps, and each period's. */
export interface FinalScore {
  home_score: number;
  away_score: number;
  /** Tennis: each set's games (a tiebreak counts as one game: 7-6 is 13 games). */
  period_scores?: readonly { home: number; away: number }[];
}

/**
 * The lines a line bets on: itself for a whole or half line, its two neighbours a quarter away for
 * a quarter line (2.25 → 2 and 2.5). Throws on a line that is not a multiple of 0.25.
 */
export function splitLine(line: number): number[] {
  const quarters = line * 4;
  if (!Number.isFinite(line) || Math.abs(quarters - Math.round(quarters)) > 1e-9)
    throw new Error(`Not a quarter line: ${line}`);
  return Math.round(quarters) % 2 !== 0 ? [line - 0.25, line + 0.25] : [line];
}

/**
 * Both sides of a line on a value: `over` wins when value > line (a total over, or home's side of
 * a handicap with value = home − away and line = −hcp), `under` when value < line.
 */
export function lineSettlement(value: number, line: number): { over: Settled; under: Settled } {
  const halves = splitLine(line).map((half) => Math.sign(value - half));
  const side = (sign: 1 | -1): Settled => {
    const wins = halves.filter((h) => h === sign).length;
    const pushes = halves.filter((h) => h === 0).length;
    if (halves.length === 1) return wins === 1 ? WON : pushes === 1 ? PUSH : LOST;
    if (wins === 2) return WON;
    if (pushes === 2) return PUSH;
    if (wins === 1 && pushes === 1) return { result: 1, void_factor: 0.5 };
    if (pushes === 1) return { result: 0, void_factor: 0.5 };
    if (wins === 0) return LOST;
    // Half won and half lost cannot happen on a whole-number score.
    throw new Error(`Line ${line} splits ${value} both ways`);
  };
  return { over: side(1), under: side(-1) };
}

/** A specifier's number (`total=2.5` → 2.5); throws when missing or not a number. */
function lineOf(specifiers: string, key: 'total' | 'hcp'): number {
  const raw = parseSpecifiers(specifiers)[key];
  const value = raw === undefined ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) throw new Error(`Market needs ${key}=…: '${specifiers}'`);
  return value;
}

const outcome = (id: string, settled: Settled): SettlementOutcome => ({
  id,
  ...settled,
  dead_heat_factor: 1,
});
const wonIf = (id: string, won: boolean) => outcome(id, won ? WON : LOST);

/** Home's handicap outcomes (`1714` home, `1715` away) on a margin. */
function handicap(margin: number, hcp: number): SettlementOutcome[] {
  const { over, under } = lineSettlement(margin, -hcp);
  return [outcome('1714', over), outcome('1715', under)];
}

/** Over (`12`) and under (`13`) on a total. */
function total(value: number, line: number): SettlementOutcome[] {
  const { over, under } = lineSettlement(value, line);
  return [outcome('12', over), outcome('13', under)];
}

/** A two-way winner (`4` home, `5` away); a tie voids both (draw no bet). */
function winner(home: number, away: number): SettlementOutcome[] {
  if (home === away) return [outcome('4', PUSH), outcome('5', PUSH)];
  return [wonIf('4', home > away), wonIf('5', away > home)];
}

/**
 * A football market's outcomes settled on the final score (90 minutes with stoppage time): 1
 * (1X2), 10 (double chance), 11 (draw no bet), 16 (Asian handicap), 18 (total), 29 (both teams to
 * score), 41 (correct score, up to 4:4 and `other`). Throws on any other market.
 */
export function settleFootballMarket(
  marketId: number,
  specifiers: string,
  home: number,
  away: number,
): SettlementOutcome[] {
  switch (marketId) {
    case 1:
      return [wonIf('1', home > away), wonIf('2', home === away), wonIf('3', home < away)];
    case 10:
      return [wonIf('9', home >= away), wonIf('10', home !== away), wonIf('11', home <= away)];
    case 11:
      return winner(home, away);
    case 16:
      return handicap(home - away, lineOf(specifiers, 'hcp'));
    case 18:
      return total(home + away, lineOf(specifiers, 'total'));
    case 29:
      return [wonIf('74', home > 0 && away > 0), wonIf('76', home === 0 || away === 0)];
    case 41: {
      const exact = `${home}:${away}`;
      const listed = CORRECT_SCORES.includes(exact);
      return [...CORRECT_SCORES.map((id) => wonIf(id, id === exact)), wonIf('other', !listed)];
    }
    default:
      throw new Error(`Not a football market: ${marketId}`);
  }
}

/** Tennis' total games: every set's games, a tiebreak counting as one. Throws without the sets' scores. */
function gamesOf(score: FinalScore): number {
  if (!score.period_scores?.length) throw new Error('Total games settle on each set’s games (period_scores)');
  return score.period_scores.reduce((sum, set) => sum + set.home + set.away, 0);
}

/**
 * Any market of the catalogue settled on an event's final score: football as above; tennis 186
 * (winner by sets) and 189 (total games, from `period_scores`: it throws without them); basketball
 * 219 (winner including overtime), 223 (handicap including overtime) and 225 (total including
 * overtime); esports 186 (winner by maps) and 328 (total maps). Outcomes come in the catalogue's
 * order. Throws on a market the sport does not offer or a line that is missing or not a quarter.
 */
export function settleMarket(
  sport: Sport,
  marketId: number,
  specifiers: string,
  score: FinalScore,
): SettlementOutcome[] {
  const def = MARKETS[marketId];
  if (!def?.sports.includes(sport)) throw new Error(`Market ${marketId} is not a ${sport} market`);
  const { home_score: home, away_score: away } = score;
  if (sport === 'football') return settleFootballMarket(marketId, specifiers, home, away);
  switch (marketId) {
    case 186:
    case 219:
      return winner(home, away);
    case 189:
      return total(gamesOf(score), lineOf(specifiers, 'total'));
    case 223:
      return handicap(home - away, lineOf(specifiers, 'hcp'));
    case 225:
    case 328:
      return total(home + away, lineOf(specifiers, 'total'));
    default:
      throw new Error(`Market ${marketId} has no settlement`);
  }
}
