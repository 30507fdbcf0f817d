import { atom, computed } from 'nanostores';
import { $modals } from './modals.ts';

/** Holds taken by islands that must not be interrupted (a bet in flight, an open round, auto-bet). */
const $holds = atom(0);

/**
 * Whether the player is in the middle of something a page reload would break: a game round or an
 * open modal (docs/pwa.md "Updates"). A new build waits for the next navigation while this is true.
 */
export const $busy = computed([$modals, $holds], (modals, holds) => modals.length > 0 || holds > 0);

/** Marks the page busy until the returned release is called (calling it twice releases once). */
export function holdBusy(): () => void {
  $holds.set($holds.get() + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    $holds.set($holds.get() - 1);
  };
}
