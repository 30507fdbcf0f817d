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

/** The bottom of whatever is pinned to the top of the viewport (the site's sticky header), px. */
export function pinnedTop(): number {
  let node = document.elementFromPoint(window.innerWidth / 2, 1);
  while (node && node !== document.body) {
    const { position } = getComputedStyle(node);
    if (position === 'fixed' || position === 'sticky')
      return Math.max(0, node.getBoundingClientRect().bottom);
    node = node.parentElement;
  }
  return 0;
}

const MARGIN = 8;

/**
 * Scrolls the page so that the board and the bet button are on screen as a bet starts (on a phone
 * the panel is under the board, and a player who scrolled down to the button would otherwise not
 * see the dice roll or the wheel). When the whole board cannot be shown with the button, its
 * watched part (`[data-gk-watch]`: the wheel, the reel) is; failing that, the watched part alone.
 */
export function keepInView(board: HTMLElement | null, action: HTMLElement | null): void {
  if (!board || !action || typeof window === 'undefined') return;
  const watch = board.querySelector<HTMLElement>('[data-gk-watch]') ?? board;
  const view = { top: pinnedTop() + MARGIN, bottom: window.innerHeight - MARGIN };
  const button = action.getBoundingClientRect();
  const whole = board.getBoundingClientRect();
  const fits =
    Math.max(whole.bottom, button.bottom) - Math.min(whole.top, button.top) <= view.bottom - view.top;
  const delta = scrollToShow(fits ? whole : watch.getBoundingClientRect(), button, view);
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: animationsOff() ? 'instant' : 'smooth' });
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
