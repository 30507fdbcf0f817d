import type { SportEvent } from '../../shared/api/sports.ts';
import { type BoardLists, topEvents } from './live.ts';
import { EventSection, TopEvents, useBettingView } from './views.tsx';

/**
 * The sections of a board (/betting and a sport's page) as the server renders them and the board
 * island (BettingBoard.tsx) renders them live: no browser code here, so a page can render it.
 */

/** The board's shape: the /betting home (live, top, starting soon) or a sport's page (live, upcoming). */
export type BoardKind = 'home' | 'sport';

/** How many events each part of a board lists. */
export const BOARD_LIMITS = {
  live: 50,
  upcoming: { home: 100, sport: 100 },
  soon: { home: 12, sport: 100 },
  top: 6,
} as const;

/** The lists a board shows from its events: the server's rendering and the island's reads share it. */
export function boardOf(live: SportEvent[], upcoming: SportEvent[], kind: BoardKind): BoardLists {
  return {
    live,
    upcoming: upcoming.slice(0, BOARD_LIMITS.soon[kind]),
    top: kind === 'home' ? topEvents(upcoming, BOARD_LIMITS.top) : [],
  };
}

/**
 * The board's sections in order: live now, the top events (home), starting soon or upcoming.
 * `live` marks the island's copy (tests wait for it: its buttons add to the slip).
 */
export function BoardSections({
  lists,
  kind,
  live = false,
}: {
  lists: BoardLists;
  kind: BoardKind;
  live?: boolean;
}) {
  const { t } = useBettingView();
  return (
    <div className="bt-board" data-testid="bt-board" data-live={live}>
      <EventSection
        id="live"
        title={t('betting.liveNow')}
        events={lists.live}
        empty={t('betting.noLive')}
        live
      />
      {kind === 'home' && <TopEvents events={lists.top} />}
      <EventSection
        id="upcoming"
        title={t(kind === 'home' ? 'betting.startingSoon' : 'betting.upcoming')}
        events={lists.upcoming}
        empty={t('betting.noUpcoming')}
      />
    </div>
  );
}
