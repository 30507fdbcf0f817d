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

const queued: Array<() => void> = [];
const lastOf = new Map<string, () => void>();
let scheduled = false;
/**
 * The shortest time between two updates of an instant series: 10 a second still reads as live for
 * results nobody can follow one by one, and each update (style, layout, painting the tables and
 * chips) costs the page's threads far more than a bet does (at 20 a second, 196 bets/s against 237
 * in the same hour: docs/performance.md).
 */
const UPDATE_MS = 100;
let lastFlush = 0;

/** Runs what `onFrame` put off, in the order it came (one React render for all of it). */
export function flushFrame(): void {
  scheduled = false;
  lastFlush = performance.now();
  const now = queued.splice(0);
  const last = [...lastOf.values()];
  lastOf.clear();
  for (const fn of now) fn();
  for (const fn of last) fn();
}

/**
 * While an instant auto-bet series runs, what a bet changes on the page is shown in the next
 * update (a frame at least UPDATE_MS after the last): `fn` (state updates, a sound) runs with the
 * rest of the update's in one render, so two hundred bets a second cost ten renders, not two
 * hundred. `key`: only the update's last call under it runs (the balance, the stake shown, an
 * announcement). Outside a series `fn` runs at once. A hidden tab has no frames: a timer stands
 * in. The series flushes what is left as it ends.
 */
export function onFrame(fn: () => void, key?: string): void {
  if (!$instantPlay.get()) {
    fn();
    return;
  }
  if (key === undefined) queued.push(fn);
  else {
    lastOf.delete(key);
    lastOf.set(key, fn);
  }
  if (scheduled) return;
  scheduled = true;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    if (scheduled) flushFrame();
  };
  const wait = Math.max(0, lastFlush + UPDATE_MS - performance.now());
  // The next frame after the wait; a hidden tab has no frames, so a timer stands in.
  const fallback = setTimeout(run, wait + 100);
  setTimeout(() => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else run();
  }, wait);
}

/** Whether an instant auto-bet series runs now (a game's `play` then keeps no busy state of its own). */
export function inInstantSeries(): boolean {
  return $instantPlay.get();
}

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
