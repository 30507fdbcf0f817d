import { atom, type WritableAtom } from 'nanostores';
import { ODDS_POLICIES, type OddsPolicy } from '../../shared/api/sports.ts';
import { isOddsFormat, ODDS_FORMATS, type OddsFormat } from '../../shared/sports/odds-format.ts';

/**
 * The sportsbook's preferences, remembered in this browser: how odds are written (decimal,
 * fractional, American: every betting island reads `$oddsFormat`, so a switch applies to every
 * price on the page at once) and which price changes the slip accepts.
 */

function stored<T extends string>(key: string, valid: (value: unknown) => value is T, fallback: T) {
  let initial = fallback;
  try {
    const value = globalThis.localStorage?.getItem(key);
    if (valid(value)) initial = value;
  } catch {
    // No storage (private mode): the default.
  }
  const store: WritableAtom<T> = atom(initial);
  store.listen((value) => {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
  });
  return store;
}

const isPolicy = (value: unknown): value is OddsPolicy =>
  typeof value === 'string' && (ODDS_POLICIES as readonly string[]).includes(value);

/** The odds format the player chose; decimal until they choose. */
export const $oddsFormat = stored<OddsFormat>('orbita:betting:odds-format', isOddsFormat, ODDS_FORMATS[0]);

/**
 * What the slip does when a price moves before the bet is taken: `none` refuses any change (the
 * safe default: the player bets the price they saw), `higher` takes a better price, `any` takes any.
 */
export const $oddsPolicy = stored<OddsPolicy>('orbita:betting:odds-policy', isPolicy, 'none');
