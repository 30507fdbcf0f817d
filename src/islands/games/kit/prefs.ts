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
