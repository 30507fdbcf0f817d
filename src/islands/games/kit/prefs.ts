import { atom, type WritableAtom } from 'nanostores';

/** A boolean preference remembered in localStorage (hotkeys, sound), shared by every game island. */
function storedFlag(key: string, fallback: boolean): WritableAtom<boolean> {
  const read = (): boolean => {
    try {
      const value = globalThis.localStorage?.getItem(key);
      return value === null || value === undefined ? fallback : value === '1';
    } catch {
      return fallback;
    }
  };
  const store = atom(read());
  store.listen((value) => {
    try {
      globalThis.localStorage?.setItem(key, value ? '1' : '0');
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
  });
  return store;
}

/** A text preference remembered in localStorage. */
function storedText(key: string, fallback: string): WritableAtom<string> {
  let initial = fallback;
  try {
    initial = globalThis.localStorage?.getItem(key) ?? fallback;
  } catch {
    // No storage: the fallback.
  }
  const store = atom(initial);
  store.listen((value) => {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
  });
  return store;
}

/** Crash's auto cash-out as the player last typed it (the panel checks it). */
export const $crashAutoCashOut = storedText('orbita:games:crash:auto', '2.00');

/** Game hotkeys (docs/game-kit.md): off until the player turns them on. */
export const $hotkeys = storedFlag('orbita:games:hotkeys', false);
/** Game sounds: on by default. */
export const $sound = storedFlag('orbita:games:sound', true);

const turbo = new Map<string, WritableAtom<boolean>>();

/**
 * Instant (turbo) auto-bet, remembered per player in this browser (`orbita:games:turbo:<id>`): off
 * until the player turns it on. A guest's choice lasts for the page.
 */
export function turboFlag(userId: number | null): WritableAtom<boolean> {
  const key = userId === null ? 'guest' : `orbita:games:turbo:${userId}`;
  let store = turbo.get(key);
  if (!store) {
    store = userId === null ? atom(false) : storedFlag(key, false);
    turbo.set(key, store);
  }
  return store;
}

/** Where a game's last amount is kept: per game and currency (`orbita:games:amount:<game>:<currency>`). */
const amountKey = (game: string, currency: string) => `orbita:games:amount:${game}:${currency}`;

/** The amount the player last chose in this game and currency (minor units), if any. */
export function rememberedAmount(game: string, currency: string): bigint | null {
  try {
    const value = globalThis.localStorage?.getItem(amountKey(game, currency));
    return value && /^\d{1,18}$/.test(value) ? BigInt(value) : null;
  } catch {
    return null;
  }
}

/** Keeps the amount the player chose, so the game offers it again (another game keeps its own). */
export function rememberAmount(game: string, currency: string, minor: bigint): void {
  try {
    globalThis.localStorage?.setItem(amountKey(game, currency), minor.toString());
  } catch {
    // Private mode or storage full: the game starts at its minimum next time.
  }
}
