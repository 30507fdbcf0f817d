import { type RefObject, useEffect } from 'react';
import { animationsOff } from './motion.ts';

/** A vertical extent in viewport pixels. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * How far to scroll (px, positive = down) so that `watch` (where the outcome shows) and `action`
 * (the bet button) are both inside `view`; when they cannot both fit, so that `watch` starts at the
 * top of the view (the outcome matters more than the button just pressed). 0 when both are in view.
 */
export function scrollToShow(watch: Span, action: Span, view: Span): number {
  const inside = (s: Span) => s.top >= view.top && s.bottom <= view.bottom;
  if (inside(watch) && inside(action)) return 0;
  const top = Math.min(watch.top, action.top);
  const bottom = Math.max(watch.bottom, action.bottom);
  if (bottom - top > view.bottom - view.top) return watch.top - view.top;
  if (top < view.top) return top - view.top;
  return bottom - view.bottom;
}

/** The fixed or sticky element (or its ancestor) at a point of the viewport, or null. */
function pinnedAt(x: number, y: number): Element | null {
  let node = document.elementFromPoint(x, y);
  while (node && node !== document.body) {
    const { position } = getComputedStyle(node);
    if (position === 'fixed' || position === 'sticky') return node;
    node = node.parentElement;
  }
  return null;
}

/** The bottom of whatever is pinned to the top of the viewport (the site's sticky header), px. */
export function pinnedTop(): number {
  const pinned = pinnedAt(window.innerWidth / 2, 1);
  return pinned ? Math.max(0, pinned.getBoundingClientRect().bottom) : 0;
}

/** The top of whatever is pinned to the bottom of the viewport (a running round's action bar), px. */
export function pinnedBottom(): number {
  const pinned = pinnedAt(window.innerWidth / 2, window.innerHeight - 1);
  return pinned ? Math.min(window.innerHeight, pinned.getBoundingClientRect().top) : window.innerHeight;
}

const MARGIN = 8;

/**
 * Scrolls the page so that the board and the bet button are on screen as a bet starts (on a phone
 * the panel is under the board, and a player who scrolled down to the button would otherwise not
 * see the dice roll or the wheel). When the whole board cannot be shown with the button, its
 * watched part (`[data-gk-watch]`: the wheel, the reel) is; failing that, the watched part alone.
 * A button pinned to the bottom of the screen (`usePinnedBar`) is always shown: then only the board
 * has to fit above it.
 */
export function keepInView(board: HTMLElement | null, action: HTMLElement | null): void {
  if (!board || !action || typeof window === 'undefined') return;
  const watch = board.querySelector<HTMLElement>('[data-gk-watch]') ?? board;
  const view = { top: pinnedTop() + MARGIN, bottom: pinnedBottom() - MARGIN };
  const whole = board.getBoundingClientRect();
  const button = getComputedStyle(action).position === 'fixed' ? null : action.getBoundingClientRect();
  const height = button
    ? Math.max(whole.bottom, button.bottom) - Math.min(whole.top, button.top)
    : whole.bottom - whole.top;
  const shown = height <= view.bottom - view.top ? whole : watch.getBoundingClientRect();
  const delta = scrollToShow(shown, button ?? shown, view);
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: animationsOff() ? 'instant' : 'smooth' });
}

/**
 * While `pinned`, the element is a running round's action bar: on a phone its CSS
 * (`.gk-pinnable[data-pinned]`, action-bar.css) fixes it to the bottom of the screen. Its height is
 * kept in `--action-bar-h` on the root, which lifts the end of the page and the banners above it.
 */
export function usePinnedBar(ref: RefObject<HTMLElement | null>, pinned: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !pinned) return;
    const root = document.documentElement.style;
    const update = () => {
      const fixed = getComputedStyle(element).position === 'fixed';
      if (fixed) root.setProperty('--action-bar-h', `${Math.ceil(element.getBoundingClientRect().height)}px`);
      else root.removeProperty('--action-bar-h');
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.removeProperty('--action-bar-h');
    };
  }, [ref, pinned]);
}

/**
 * Keeps `--gk-pinned-top` on the element at the height of the site's sticky header, for parts of a
 * board that stick under it on a phone (the roulette wheel while the table scrolls).
 */
export function usePinnedTop(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => element.style.setProperty('--gk-pinned-top', `${Math.round(pinnedTop())}px`);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [ref]);
}
