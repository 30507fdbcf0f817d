import { isHTTPError } from 'ky';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { realtime } from '../../client/realtime.ts';
import { localHref } from '../../client/site.ts';
import type { SportEventDetail } from '../../shared/api/sports.ts';
import type { Locale } from '../../shared/locales.ts';
import { sportsEventChannel } from '../../shared/wire/realtime.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import { sportsApi } from './api.ts';
import { mergeEvent, mergeMarkets, priceMoves } from './live.ts';
import { useBettingT, useIslandView, useMoves } from './use-view.ts';
import { BettingViewProvider, EventPage } from './views.tsx';

/** A safety net under the live updates: the event is read again this often while in view. */
const RELOAD_MS = 120_000;

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; event: SportEventDetail };

/**
 * An event's page, live (docs/betting.md "Pages"): the score and clock, every market grouped,
 * prices and suspensions as `/ws` `sports:event:<id>` brings them (a moved price marked ▲ or ▼),
 * read again after a reconnect. The server's copy (`staticId`) stays on screen until the first
 * read has answered, then this takes its place.
 */
export function BettingEvent({
  locale,
  id,
  staticId,
  countries,
}: {
  locale: Locale;
  id: string;
  staticId: string;
  /** Country names by code, as the server wrote them. */
  countries?: Readonly<Record<string, string>> | undefined;
}) {
  const { t } = useBettingT();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [moves, noteMoves] = useMoves();
  const view = useIslandView(locale, moves, countries);
  const current = useRef(state);
  current.current = state;

  const load = useCallback(async () => {
    try {
      const { data } = await sportsApi.event(id);
      // A price that moved is marked however it arrived: a read (the periodic one, or after a gap
      // in the socket's events) brings the same news as a push would have.
      const was = current.current;
      if (was.status === 'ready')
        noteMoves(priceMoves(id, was.event.markets, mergeMarkets(was.event.markets, data.markets)));
      setState((now) =>
        now.status === 'ready'
          ? {
              status: 'ready',
              event: {
                ...mergeEvent(now.event, data),
                markets: mergeMarkets(now.event.markets, data.markets),
              },
            }
          : { status: 'ready', event: data },
      );
    } catch (error) {
      if (current.current.status === 'ready') return;
      setState({ status: isHTTPError(error) && error.response.status === 404 ? 'missing' : 'failed' });
    }
  }, [id, noteMoves]);

  const shown = state.status !== 'loading';
  useLayoutEffect(() => {
    const copy = document.getElementById(staticId);
    if (!copy || !shown) return;
    copy.hidden = true;
    return () => {
      copy.hidden = false;
    };
  }, [staticId, shown]);

  useEffect(() => {
    const off = realtime.subscribe(sportsEventChannel(id), {
      event: (update) => {
        const now = current.current;
        if (now.status !== 'ready' || update.event.id !== id) return;
        noteMoves(priceMoves(id, now.event.markets, update.markets));
        setState((was) =>
          was.status === 'ready'
            ? {
                status: 'ready',
                event: {
                  ...mergeEvent(was.event, update.event),
                  markets: mergeMarkets(was.event.markets, update.markets),
                },
              }
            : was,
        );
      },
      gap: () => void load(),
      // The first read may answer before the socket has joined: read again once it has, so a
      // change published in between is not missed until the next periodic read.
      gapOnFirstJoin: true,
    });
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, RELOAD_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [id, load, noteMoves]);

  if (state.status === 'loading') return document.getElementById(staticId) ? null : <IslandSkeleton />;
  if (state.status !== 'ready')
    return (
      <div
        className="bt-empty card"
        data-testid={state.status === 'missing' ? 'bt-event-missing' : 'bt-unavailable'}
      >
        <p>{t(state.status === 'missing' ? 'betting.eventMissing' : 'betting.unavailable')}</p>
        {state.status === 'failed' ? (
          <button type="button" className="btn" onClick={() => void load()}>
            {t('betting.retry')}
          </button>
        ) : (
          <a className="btn" href={localHref('/betting', locale)}>
            {t('betting.backToLists')}
          </a>
        )}
      </div>
    );
  return (
    <BettingViewProvider value={view}>
      <EventPage event={state.event} live />
    </BettingViewProvider>
  );
}
