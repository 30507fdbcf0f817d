import { useTranslation } from 'react-i18next';
import type { Room } from '../../shared/games.ts';
import type { Locale } from '../../shared/locales.ts';
import { useReducedMotion } from '../games/kit/motion.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { useFormats } from './formats.ts';
import { RecentRounds } from './RecentRounds.tsx';
import { RoomBoard } from './RoomBoard.tsx';
import { RoomPanel } from './RoomPanel.tsx';
import './rooms.css';
import { useRoom } from './use-room.ts';

/**
 * /games/rooms/{room}: one jackpot room live (docs/api-games.md "Rooms", docs/fairness.md §5): the
 * board with the tape of tickets and the players, the panel to join, add or leave, and the room's
 * recent rounds with their verify links.
 */
export default function RoomIsland({ locale, room }: { locale: Locale; room: Room }) {
  return (
    <IslandRoot locale={locale}>
      <RoomPage locale={locale} room={room} />
    </IslandRoot>
  );
}

function RoomPage({ locale, room }: { locale: Locale; room: Room }) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const game = useRoom(room, locale, { reducedMotion });
  const formats = useFormats(game.currency);
  const { view } = game;
  if (!view) {
    return game.failed ? (
      <div className="rm-failed card" role="alert">
        <p>{t('roomGame.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void game.reload()}>
          {t('roomGame.retry')}
        </button>
      </div>
    ) : (
      <div className="rm-loading card" aria-busy="true" />
    );
  }
  const { state } = view;
  const shown = game.showing ?? state.round;
  return (
    <div className="rm" data-room={room} data-testid="room" data-round={state.round.id}>
      <div className="rm-main">
        <section className="rm-board card" aria-label={t(`rooms.${room}`)}>
          <RoomBoard
            round={shown}
            last={state.last}
            phase={game.showing ? 'drawn' : (game.phase ?? 'waiting')}
            left={game.showing ? null : game.left}
            stage={game.showing ? game.stage : null}
            seat={game.showing ? game.seatIn(game.showing.id) : (game.mine?.seat ?? null)}
            formats={formats}
          />
        </section>
        <RoomPanel game={game} state={state} formats={formats} />
      </div>
      <RecentRounds rounds={game.recent} formats={formats} />
    </div>
  );
}
