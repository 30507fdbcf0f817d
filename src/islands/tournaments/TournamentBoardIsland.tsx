import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../../client/realtime.ts';
import type { TournamentBoard, TournamentKind, TournamentStatus } from '../../shared/api/tournaments.ts';
import { formatDate } from '../../shared/date-format.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { tournamentChannel } from '../../shared/wire/realtime.ts';
import { SERVER_TIME_ZONE } from '../betting/format.ts';
import { tournamentsApi } from './api.ts';
import { dayFormat, momentFormat, newerBoard, type Translate } from './format.ts';
import { Leaderboard } from './Leaderboard.tsx';
import { $liveBoard, $myRank } from './store.ts';
import { TournamentsRoot } from './TournamentsRoot.tsx';
import { timingText } from './time.ts';

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
  const tag = LANGUAGE_TAG[locale];

  useEffect(() => {
    if (board.status !== initial.status) markHead(board.status, t, tag, SERVER_TIME_ZONE[locale]);
  }, [board.status, initial.status, t, tag, locale]);

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

  return <Leaderboard board={board} kind={kind} currency={currency} tag={tag} t={t} myRank={myRank} live />;
}

/**
 * The page's head, which the server rendered, follows the status a board brings: a tournament
 * the operator ended says "Finished" and when, without a reload (its countdown stops; an end
 * brought forward shows as now, in the zone the server wrote the page in).
 */
function markHead(status: TournamentStatus, t: Translate, tag: string, timeZone: string) {
  const head = document.querySelector<HTMLElement>('[data-testid="tn-hero"]');
  if (!head || head.dataset.status === status) return;
  head.dataset.status = status;
  const chip = head.querySelector<HTMLElement>('.tn-status');
  if (chip) {
    chip.dataset.status = status;
    chip.textContent = t(`tournaments.status.${status}`);
  }
  const countdown = head.querySelector<HTMLElement>('.tn-countdown');
  if (countdown && (status === 'finished' || status === 'cancelled')) {
    delete countdown.dataset.tnUntil;
    countdown.dataset.timing = status === 'finished' ? 'ended' : 'cancelled';
    const now = new Date();
    const today = formatDate(now, tag, dayFormat(timeZone));
    countdown.textContent = timingText({ key: status === 'finished' ? 'ended' : 'cancelled' }, t, today);
  }
  const ends = head.querySelector<HTMLTimeElement>('time[data-tn-ends]');
  if (ends && status === 'finished' && Date.parse(ends.dateTime) > Date.now()) {
    ends.dateTime = new Date().toISOString();
    ends.textContent = formatDate(new Date(), tag, momentFormat(timeZone));
  }
}
