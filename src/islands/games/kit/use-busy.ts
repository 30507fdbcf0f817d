import { useEffect } from 'react';
import { holdBusy } from '../../../stores/busy.ts';

/**
 * Marks the page busy (src/stores/busy.ts) while `active`: a bet in flight, an open round, auto-bet
 * running or a dialog open, so a new build never reloads the page under the player (docs/pwa.md).
 */
export function useBusyWhile(active: boolean): void {
  useEffect(() => (active ? holdBusy() : undefined), [active]);
}
