import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { realtime } from '../../client/realtime.ts';
import { localHref } from '../../client/site.ts';
import type { RoomState } from '../../shared/api/rooms.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import { ROOMS, type Room } from '../../shared/games.ts';
import type { Locale } from '../../shared/locales.ts';
import { $user } from '../../stores/user.ts';
import { gameApi } from '../games/kit/api.ts';
import { formatNumber } from '../games/kit/format.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { useFormats } from './formats.ts';
import { applyRoomEvent, phaseOf, secondsLeft } from './room-state.ts';
import './lobby.css';

/** /games/rooms: the three rooms live in the player's currency: pot, players, countdown, last winner. */
export default function RoomsLobbyIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Lobby locale={locale} />
    </IslandRoot>
  );
}

type Rooms = Partial<Record<Room, RoomState>>;

/** A value not loaded yet. */
const WAIT = '…';

function useLobby(locale: Locale) {
  const user = useStore($user);
  const currency = displayCurrency(user, locale);
  const [rooms, setRooms] = useState<Rooms>({});
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const loads = useRef(0);

  const load = useCallback(async () => {
    const run = ++loads.current;
    const sent = Date.now();
    const data = await gameApi.get('GET /games/rooms', { query: { currency } }).catch(() => null);
    if (!data || run !== loads.current) return;
    setOffset(data.server_time - (sent + Date.now()) / 2);
    setRooms(Object.fromEntries(data.rooms.map((state) => [state.room, state])));
  }, [currency]);

  useEffect(() => {
    void load();
    const offs = ROOMS.map((room) =>
      realtime.subscribe(`rooms:${room}`, {
        event: (event, version) =>
          setRooms((current) => {
            const state = current[room];
            if (!state) return current;
            const next = applyRoomEvent({ state, showing: null }, event, version);
            if (next === 'reload') {
              void load();
              return current;
            }
            return next.state === state ? current : { ...current, [room]: next.state };
          }),
        gap: () => void load(),
      }),
    );
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => {
      for (const off of offs) off();
      clearInterval(timer);
    };
  }, [load]);

  return { rooms, currency, now, offset };
}

function Lobby({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { rooms, currency, now, offset } = useLobby(locale);
  const formats = useFormats(currency);
  return (
    <ul className="rm-lobby" data-testid="rooms-lobby">
      {ROOMS.map((room) => {
        const state = rooms[room];
        const round = state?.round;
        const left = round ? secondsLeft(round.countdown_ends_at, now, offset) : null;
        const phase = round ? phaseOf(round, left) : null;
        const last = state?.last?.result;
        return (
          <li key={room}>
            <a
              className="rm-card card"
              data-room={room}
              data-phase={phase ?? 'loading'}
              href={localHref(`/games/rooms/${room}`)}
              data-testid={`rooms-card-${room}`}
            >
              <span className="rm-portal" aria-hidden="true" />
              <strong className="rm-card-name">{t(`rooms.${room}`)}</strong>
              {/* While the rooms load, each line shows `…`: the card keeps its height, nothing moves. */}
              <span className="rm-card-min" aria-busy={state && round ? undefined : true}>
                {state && round ? t('rooms.minBet', { amount: formats.money(state.min_bet) }) : WAIT}
              </span>
              <dl className="rm-card-stats">
                <div>
                  <dt>{t('roomGame.pot')}</dt>
                  <dd data-testid={round ? `rooms-pot-${room}` : undefined}>
                    {round ? formats.money(round.pot) : WAIT}
                  </dd>
                </div>
                <div>
                  <dt>{t('roomGame.players')}</dt>
                  <dd data-testid={round ? `rooms-players-${room}` : undefined}>
                    {round ? formatNumber(round.players.length, formats.tag) : WAIT}
                  </dd>
                </div>
              </dl>
              <span className="rm-card-phase" data-testid={round ? `rooms-phase-${room}` : undefined}>
                {!round
                  ? WAIT
                  : phase === 'countdown' && left !== null
                    ? t('roomGame.drawIn', { seconds: formatNumber(left, formats.tag) })
                    : t(phase === 'drawing' ? 'roomGame.drawing' : 'roomGame.clockWaiting')}
              </span>
              <span className="rm-card-last">
                {!round
                  ? WAIT
                  : last
                    ? t('roomGame.lastWinner', {
                        name: last.winner ?? t('roomGame.hidden'),
                        prize: formats.money(last.prize),
                      })
                    : t('roomGame.noRounds')}
              </span>
              <span className="btn btn-primary rm-enter">{t('roomGame.enter')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
