import { atom } from 'nanostores';
import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the player asked for reduced motion (read at call time). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

/**
 * True while an auto-bet series plays in instant (turbo) mode: boards show each outcome at once,
 * as under reduced motion (use-auto-bet.ts sets it).
 */
export const $instantPlay = atom(false);

/** Whether boards skip their animations now: reduced motion, or an instant auto-bet series. */
export function animationsOff(): boolean {
  return $instantPlay.get() || prefersReducedMotion();
}

/** `prefers-reduced-motion`, following changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(QUERY);
    const update = () => setReduced(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Whether boards show outcomes without motion: `prefers-reduced-motion`, or an instant auto-bet
 * series running (a board renders its resting state, no transition). Code that starts an
 * animation reads `animationsOff()` at that moment instead, so the first bet of a series is
 * instant too.
 */
export function useReducedMotion(): boolean {
  const reduced = usePrefersReducedMotion();
  const [instant, setInstant] = useState($instantPlay.get());
  useEffect(() => $instantPlay.subscribe(setInstant), []);
  return reduced || instant;
}

/** Resolves after `ms`, or at once when animations are off (they are skipped, not slowed). */
export function wait(ms: number): Promise<void> {
  if (ms <= 0 || animationsOff()) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}
