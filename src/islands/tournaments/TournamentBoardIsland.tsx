import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../../client/realtime.ts';
import type { TournamentBoard, TournamentKind } from '../../shared/api/tournaments.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { tournamentChannel } from '../../shared/wire/realtime.ts';
import { tournamentsApi } from './api.ts';
import { newerBoard, type Translate } from './format.ts';
import { Leaderboard } from './Leaderboard.tsx';
import { $liveBoard, $myRank } from './store.ts';
import { TournamentsRoot } from './TournamentsRoot.tsx';

interface BoardProps {
  locale: Locale;
  id: string;
  kind: TournamentKind;
  currency: string;
  /** The board the server rendered (its copy is the page's element `staticId`). */
  board: TournamentBoard;
  staticId: string;
}

/**
 * /tournament/{id}: the leaderboard, live. It starts from the board the server rendered (whose
 * copy stays on screen until this has its catalog, then this takes its place: same markup, no
 * shift), follows `/ws` `tournament:<id>` and takes each board newer than the one it shows. A
 * reconnect (events may have been missed) and the first join (the page may have come from the
 * cache, up to half a minute old) read the board again over HTTP, which for a player also marks
 * their own row. A tournament that is over is shown as the server rendered it.
 */
export default function TournamentBoardIsland(props: BoardProps) {
  return (
    <TournamentsRoot locale={props.locale} waiting={null}>
      <LiveBoard {...props} />
    </TournamentsRoot>
  );
}

function LiveBoard({ locale, id, kind, currency, board: initial, staticId }: BoardProps) {
  const { t: tf } = useTranslation();
  const t = useMemo<Translate>(() => (key, options) => tf(key, options ?? {}) as string, [tf]);
  const [board, setBoard] = useState(initial);
  const myRank = useStore($myRank);
  const shown = useRef(board);

  const take = useCallback((incoming: TournamentBoard) => {
    const next = newerBoard(shown.current, incoming);
    if (next === shown.current) return;
    shown.current = next;
    setBoard(next);
    $liveBoard.set(next);
  }, []);

  const load = useCallback(async () => {
    try {
      take((await tournamentsApi.board(id)).data);
    } catch {
      // The board as it is; the next push or reconnect brings a newer one.
    }
  }, [id, take]);

  useLayoutEffect(() => {
    const copy = document.getElementById(staticId);
    if (!copy) return;
    copy.hidden = true;
    return () => {
      copy.hidden = false;
    };
  }, [staticId]);

  // A tournament that is over moves no more: no socket is opened for it.
  const over = initial.status === 'finished' || initial.status === 'cancelled';
  useEffect(() => {
    if (over) return;
    return realtime.subscribe(tournamentChannel(id), {
      event: (update) => take(update.board),
      gap: () => void load(),
      gapOnFirstJoin: true,
    });
  }, [id, over, take, load]);

  return (
    <Leaderboard
      board={board}
      kind={kind}
      currency={currency}
      tag={LANGUAGE_TAG[locale]}
      t={t}
      myRank={myRank}
      live
    />
  );
}
