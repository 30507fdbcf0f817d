import { atom, computed } from 'nanostores';
import type { BetKind } from '../../shared/api/sports.ts';
import { SPORTS, type Sport } from '../../shared/sports/feed.ts';
import { MAX_MULTI_LEGS } from './systems.ts';

/**
 * The bet slip's state, shared by every betting island of the page (the lists' and the event
 * page's price buttons add to it, the slip shows and places it) and kept in localStorage, so a
 * slip survives a reload, a page change and a login, and follows the player across tabs. Stakes
 * are canonical decimals ("12.50"); the slip's field shows them in the page's locale.
 */

/** One selection: an outcome of a market of an event, with what the slip shows of it. */
export interface Pick {
  event_id: string;
  sport: Sport;
  home: string;
  away: string;
  scheduled_at: string;
  /** Picked while the event was live: the bet waits the live delay. */
  live: boolean;
  market_id: number;
  specifiers: string;
  outcome_id: string;
  /** The price as last seen (hundredths): what the bet is placed at. */
  odds: number;
  /** Whether the outcome takes bets now (its market active, a price). */
  active: boolean;
}

export interface SlipState {
  picks: Pick[];
  kind: BetKind;
  /** The chosen system (`2/3`, `trixie`, …) when `kind` is `system`. */
  system: string | null;
  stakes: {
    /** Each single's stake by the pick's key. */
    single: Record<string, string>;
    multi: string;
    /** A system's stake per line. */
    system: string;
  };
}

const EMPTY: SlipState = {
  picks: [],
  kind: 'single',
  system: null,
  stakes: { single: {}, multi: '', system: '' },
};

const STORAGE_KEY = 'orbita:betting:slip';

/** A selection's identity: one outcome of one market line of one event. */
export const pickKey = (p: Pick | Omit<Pick, 'odds' | 'active'>): string =>
  `${p.event_id}|${p.market_id}|${p.specifiers}|${p.outcome_id}`;

/** The market line a selection belongs to: a slip holds one outcome of each. */
export const marketKey = (p: { event_id: string; market_id: number; specifiers: string }): string =>
  `${p.event_id}|${p.market_id}|${p.specifiers}`;

const isText = (v: unknown): v is string => typeof v === 'string';

/** A stored selection as it was written, or null when it is not one (an older build's, a hand edit). */
function readPick(value: unknown): Pick | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (
    !isText(p.event_id) ||
    !isText(p.home) ||
    !isText(p.away) ||
    !isText(p.scheduled_at) ||
    !isText(p.specifiers) ||
    !isText(p.outcome_id) ||
    typeof p.market_id !== 'number' ||
    typeof p.odds !== 'number' ||
    !Number.isInteger(p.odds) ||
    p.odds < 101 ||
    !(SPORTS as readonly unknown[]).includes(p.sport)
  )
    return null;
  return {
    event_id: p.event_id,
    sport: p.sport as Sport,
    home: p.home,
    away: p.away,
    scheduled_at: p.scheduled_at,
    live: p.live === true,
    market_id: p.market_id,
    specifiers: p.specifiers,
    outcome_id: p.outcome_id,
    odds: p.odds,
    active: p.active !== false,
  };
}

const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;
const stake = (v: unknown): string => (isText(v) && DECIMAL.test(v) ? v : '');

/** The slip as stored, checked field by field: whatever is not valid is dropped. */
export function parseSlip(text: string | null | undefined): SlipState {
  if (!text) return EMPTY;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    const picks = (Array.isArray(raw.picks) ? raw.picks : [])
      .map(readPick)
      .filter((p): p is Pick => p !== null)
      .slice(0, MAX_MULTI_LEGS);
    const kind = raw.kind === 'multi' || raw.kind === 'system' ? raw.kind : 'single';
    const stakes = (raw.stakes ?? {}) as Record<string, unknown>;
    const singles: Record<string, string> = {};
    const keys = new Set(picks.map(pickKey));
    if (stakes.single && typeof stakes.single === 'object')
      for (const [key, value] of Object.entries(stakes.single as Record<string, unknown>))
        if (keys.has(key) && stake(value)) singles[key] = stake(value);
    return {
      picks,
      kind,
      system: isText(raw.system) ? raw.system : null,
      stakes: { single: singles, multi: stake(stakes.multi), system: stake(stakes.system) },
    };
  } catch {
    return EMPTY;
  }
}

function readStored(): SlipState {
  try {
    return parseSlip(globalThis.localStorage?.getItem(STORAGE_KEY));
  } catch {
    return EMPTY;
  }
}

/** The page's slip. */
export const $slip = atom<SlipState>(readStored());
/** The keys of the selections in the slip: the price buttons mark them. */
export const $pickedKeys = computed($slip, (slip) => new Set(slip.picks.map(pickKey)));
/** Whether the phone's slip drawer is open. */
export const $slipOpen = atom(false);
/** Counts selections added: the phone's slip button bounces at each. */
export const $slipBump = atom(0);

let writing = false;
$slip.listen((slip) => {
  try {
    writing = true;
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(slip));
  } catch {
    // Private mode or storage full: the slip lasts for this page only.
  } finally {
    writing = false;
  }
});
// Another tab changed the slip: this one shows the same.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === STORAGE_KEY && !writing) $slip.set(parseSlip(event.newValue));
});

/** What a price button's press did to the slip. */
export type PickResult = 'added' | 'removed' | 'replaced' | 'full';

/**
 * A price pressed: a selection already in the slip leaves it; another outcome of the same market
 * line takes its place (a slip never backs two outcomes of one market); a new one is added unless
 * the slip holds the most legs a bet can have. Two or more selections turn a single slip into an
 * accumulator, as players expect; the player can switch back.
 */
export function togglePick(pick: Pick): PickResult {
  const slip = $slip.get();
  const key = pickKey(pick);
  if (slip.picks.some((p) => pickKey(p) === key)) {
    removePick(key);
    return 'removed';
  }
  const line = marketKey(pick);
  const replaced = slip.picks.some((p) => marketKey(p) === line);
  const picks = [...slip.picks.filter((p) => marketKey(p) !== line), pick];
  if (picks.length > MAX_MULTI_LEGS) return 'full';
  const kind = slip.kind === 'single' && picks.length === 2 && slip.picks.length === 1 ? 'multi' : slip.kind;
  $slip.set({ ...slip, picks, kind });
  return replaced ? 'replaced' : 'added';
}

export function removePick(key: string): void {
  const slip = $slip.get();
  const picks = slip.picks.filter((p) => pickKey(p) !== key);
  const single = { ...slip.stakes.single };
  delete single[key];
  $slip.set({
    ...slip,
    picks,
    kind: picks.length < 2 ? 'single' : slip.kind,
    stakes: { ...slip.stakes, single },
  });
}

/** Removes the given selections (those a placed bet took), or every one. */
export function clearPicks(keys?: readonly string[]): void {
  const slip = $slip.get();
  if (!keys) {
    $slip.set({ ...slip, picks: [], kind: 'single', stakes: { ...slip.stakes, single: {} } });
    return;
  }
  const gone = new Set(keys);
  const picks = slip.picks.filter((p) => !gone.has(pickKey(p)));
  const single = Object.fromEntries(Object.entries(slip.stakes.single).filter(([key]) => !gone.has(key)));
  $slip.set({
    ...slip,
    picks,
    kind: picks.length < 2 ? 'single' : slip.kind,
    stakes: { ...slip.stakes, single },
  });
}

export function setKind(kind: BetKind): void {
  $slip.set({ ...$slip.get(), kind });
}

export function setSystem(system: string | null): void {
  $slip.set({ ...$slip.get(), system });
}

/** Sets a stake: a single's by its pick key, the accumulator's, or the system's per line. */
export function setStake(target: { single: string } | 'multi' | 'system', value: string): void {
  const slip = $slip.get();
  const stakes =
    typeof target === 'object'
      ? { ...slip.stakes, single: { ...slip.stakes.single, [target.single]: value } }
      : { ...slip.stakes, [target]: value };
  $slip.set({ ...slip, stakes });
}

/**
 * Prices as they stand now (a quote, a live update): each selection takes its outcome's price and
 * whether it takes bets. Answers the selections whose price moved, and which way, for the marks.
 */
export function refreshPicks(
  prices: ReadonlyMap<string, { odds: number | null; active: boolean }>,
): Map<string, 'up' | 'down'> {
  const slip = $slip.get();
  const moved = new Map<string, 'up' | 'down'>();
  let changed = false;
  const picks = slip.picks.map((p) => {
    const now = prices.get(pickKey(p));
    if (!now) return p;
    const active = now.active && now.odds !== null;
    const odds = now.odds ?? p.odds;
    if (odds === p.odds && active === p.active) return p;
    changed = true;
    if (odds !== p.odds) moved.set(pickKey(p), odds > p.odds ? 'up' : 'down');
    return { ...p, odds, active };
  });
  if (changed) $slip.set({ ...slip, picks });
  return moved;
}
