import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { realtime } from '../../client/realtime.ts';
import type { SportEvent } from '../../shared/api/sports.ts';
import type { Locale } from '../../shared/locales.ts';
import type { Sport } from '../../shared/sports/feed.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import { sportsApi } from './api.ts';
import { BOARD_LIMITS, type BoardKind, BoardSections, boardOf } from './board-sections.tsx';
import { applyLoad, applyToBoard, type BoardLists, priceMoves } from './live.ts';
import { useBettingT, useIslandView, useMoves } from './use-view.ts';
import { BettingViewProvider } from './views.tsx';

/** How often the lists are read again while the page is in view: new fixtures, pre-match prices. */
const RELOAD_MS = 60_000;

/** Which events a board lists, and how many. */
export interface BoardFilter {
  sport?: Sport | undefined;
  tournament?: string | undefined;
}

/** The board's lists from two reads of the events (live, upcoming); top events picked from the upcoming. */
export async function loadBoard(filter: BoardFilter, kind: BoardKind): Promise<BoardLists> {
  const base = {
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...(filter.tournament ? { tournament: filter.tournament } : {}),
  };
  const [live, upcoming] = await Promise.all([
    sportsApi.events({ ...base, phase: 'live', limit: BOARD_LIMITS.live }),
    sportsApi.events({ ...base, phase: 'upcoming', limit: BOARD_LIMITS.upcoming[kind] }),
  ]);
  return boardOf(live.data, upcoming.data, kind);
}

/**
 * The lists of /betting and of a sport's page, live: the events read here, their scores, clocks
 * and main prices kept current over `/ws` `sports:live` (a moved price marked ▲ or ▼), an event
 * that starts moving to "Live now", one that ends leaving it, and the lists read again every
 * minute and after a reconnect. The server's copy of the lists (`staticId`, the page's HTML)
 * stays on screen until the first read has answered, then this takes its place: the page never
 * blanks, and the island's props carry no copy of the events.
 */
export function BettingBoard({
  locale,
  filter,
  kind,
  staticId,
  countries,
}: {
  locale: Locale;
  filter: BoardFilter;
  kind: BoardKind;
  staticId: string;
  /** Country names by code, as the server wrote them. */
  countries?: Readonly<Record<string, string>> | undefined;
}) {
  const { t } = useBettingT();
  const [lists, setLists] = useState<BoardLists | null>(null);
  const [failed, setFailed] = useState(false);
  const [moves, noteMoves] = useMoves();
  const view = useIslandView(locale, moves, countries);
  const current = useRef(lists);
  current.current = lists;
  /** Updates that came before the first read answered: folded in after it. */
  const early = useRef<SportEvent[]>([]);

  const { sport, tournament } = filter;
  const takes = useCallback(
    (event: SportEvent) =>
      (!sport || event.sport === sport) && (!tournament || event.tournament.id === tournament),
    [sport, tournament],
  );

  const load = useCallback(async () => {
    try {
      const loaded = await loadBoard({ sport, tournament }, kind);
      setLists((now) => {
        if (now) return applyLoad(now, loaded);
        const caught = early.current.reduce((lists, event) => applyToBoard(lists, event, takes), loaded);
        early.current = [];
        return caught;
      });
      setFailed(false);
    } catch {
      // The lists as they are (or the server's copy); the next read tries again.
      setFailed(true);
    }
  }, [sport, tournament, kind, takes]);

  const ready = lists !== null;
  useLayoutEffect(() => {
    const copy = document.getElementById(staticId);
    if (!copy || !ready) return;
    copy.hidden = true;
    return () => {
      copy.hidden = false;
    };
  }, [staticId, ready]);

  useEffect(() => {
    const off = realtime.subscribe('sports:live', {
      event: (update) => {
        const lists = current.current;
        if (!lists) {
          early.current.push(update.event);
          return;
        }
        const before = [...lists.live, ...lists.upcoming, ...lists.top].find((e) => e.id === update.event.id);
        if (before?.main && update.event.main)
          noteMoves(priceMoves(update.event.id, [before.main], [update.event.main]));
        setLists((now) => (now ? applyToBoard(now, update.event, takes) : now));
      },
      gap: () => void load(),
      // The first read may answer before the socket has joined: read again once it has, so a
      // change published in between is not missed until the next periodic read.
      gapOnFirstJoin: true,
    });
    void load();
    let timer: ReturnType<typeof setTimeout>;
    const again = () => {
      timer = setTimeout(() => {
        if (document.visibilityState === 'visible') void load();
        again();
      }, RELOAD_MS);
    };
    again();
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [load, takes, noteMoves]);

  if (!lists) {
    // The server's copy is on screen meanwhile; without one (astro dev) a skeleton, then the failure.
    if (document.getElementById(staticId)) return null;
    return failed ? (
      <div className="bt-empty card" data-testid="bt-unavailable">
        <p>{t('betting.unavailable')}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          {t('betting.retry')}
        </button>
      </div>
    ) : (
      <IslandSkeleton />
    );
  }

  return (
    <BettingViewProvider value={view}>
      <BoardSections lists={lists} kind={kind} live />
    </BettingViewProvider>
  );
}
