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
