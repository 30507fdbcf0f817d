import type { SportEventDetail } from '../../shared/api/sports.ts';
import { type BoardKind, BoardSections } from './board-sections.tsx';
import type { BoardLists } from './live.ts';
import { type BettingView, BettingViewProvider, EventPage } from './views.tsx';

/**
 * The server's copies of the betting islands' content (rendered by Astro into the page's HTML, no
 * script): what a crawler reads and what a player sees until the island takes over. `view` is the
 * server's (its translate function, the locale's time zone, decimal odds, nothing picked).
 */

export function StaticBoard({
  view,
  lists,
  kind,
}: {
  view: BettingView;
  lists: BoardLists;
  kind: BoardKind;
}) {
  return (
    <BettingViewProvider value={view}>
      <BoardSections lists={lists} kind={kind} />
    </BettingViewProvider>
  );
}

export function StaticEvent({ view, event }: { view: BettingView; event: SportEventDetail }) {
  return (
    <BettingViewProvider value={view}>
      <EventPage event={event} />
    </BettingViewProvider>
  );
}
