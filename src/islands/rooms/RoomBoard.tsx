import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RoomPlayer, RoomRound } from '../../shared/api/rooms.ts';
import { formatNumber } from '../games/kit/format.ts';
import type { Formats } from './formats.ts';
import type { Phase } from './room-state.ts';
import { seatColor } from './room-state.ts';
import { Tape } from './Tape.tsx';
import { VerifyLink } from './VerifyLink.tsx';

interface BoardProps {
  /** The round on the board: a drawn one while it is shown, else the live one. */
  round: RoomRound;
  /** The room's last drawn round, named under the live one. */
  last: RoomRound | null;
  phase: Phase;
  left: number | null;
  stage: 'spin' | 'result' | null;
  /** The player's seat in the round on the board. */
  seat: number | null;
  formats: Formats;
}

/** The pot, the phase, the tape of tickets, the outcome of a draw and the players with their chances. */
export function RoomBoard({ round, last, phase, left, stage, seat, formats }: BoardProps) {
  const { t } = useTranslation();
  const shown = stage === 'result' ? round.result : null;
  return (
    <div className="rm-stage" data-testid="room-board" data-phase={stage ? `draw-${stage}` : phase}>
      <dl className="rm-stats">
        <div className="rm-stat rm-pot">
          <dt>{t('roomGame.pot')}</dt>
          <dd data-testid="room-pot">{formats.money(round.pot)}</dd>
        </div>
        <div className="rm-stat">
          <dt>{t('roomGame.players')}</dt>
          <dd data-testid="room-players-count">{formatNumber(round.players.length, formats.tag)}</dd>
        </div>
        <div className="rm-stat rm-clock" data-phase={phase}>
          <dt>{t('roomGame.draw')}</dt>
          <dd data-testid="room-clock">{clockText(t, phase, left, stage, formats.tag)}</dd>
        </div>
      </dl>
      <Tape round={round} stage={stage} />
      <p className="rm-note" role="status" data-testid="room-note">
        {shown
          ? winnerText(t, shown, seat, formats)
          : stage === 'spin'
            ? t('roomGame.drawing')
            : noteText(t, phase, round)}
      </p>
      {shown && round.server_seed && (
        <p className="rm-reveal" data-testid="room-result">
          <span>
            {t('roomGame.winningTicket', {
              ticket: formatNumber(Number(shown.winning_ticket), formats.tag),
              tickets: formatNumber(Number(round.tickets), formats.tag),
            })}
          </span>
          <VerifyLink round={round} />
        </p>
      )}
      {!stage && last?.result && (
        <p className="rm-last" data-testid="room-last">
          {t('roomGame.lastWinner', {
            name: last.result.winner ?? t('roomGame.hidden'),
            prize: formats.money(last.result.prize),
          })}{' '}
          <VerifyLink round={last} />
        </p>
      )}
      <PlayerList round={round} seat={seat} winner={shown?.winner_seat ?? null} formats={formats} />
    </div>
  );
}

function clockText(
  t: TFunction,
  phase: Phase,
  left: number | null,
  stage: BoardProps['stage'],
  tag: string,
): string {
  if (stage || phase === 'drawn') return t('roomGame.clockDrawn');
  if (phase === 'countdown' && left !== null)
    return t('roomGame.seconds', { seconds: formatNumber(left, tag) });
  if (phase === 'drawing') return t('roomGame.clockDrawing');
  return t('roomGame.clockWaiting');
}

function noteText(t: TFunction, phase: Phase, round: RoomRound): string {
  if (phase === 'drawing') return t('roomGame.drawing');
  if (phase === 'countdown') return t('roomGame.countdownHint');
  return round.players.length === 0 ? t('roomGame.empty') : t('roomGame.waiting');
}

function winnerText(t: TFunction, result: NonNullable<RoomRound['result']>, seat: number | null, f: Formats) {
  if (seat === result.winner_seat) return t('roomGame.youWin', { prize: f.money(result.prize) });
  return t('roomGame.winner', { name: result.winner ?? t('roomGame.hidden'), prize: f.money(result.prize) });
}

function PlayerList({
  round,
  seat,
  winner,
  formats,
}: {
  round: RoomRound;
  seat: number | null;
  winner: number | null;
  formats: Formats;
}) {
  const { t } = useTranslation();
  if (round.players.length === 0) return null;
  return (
    <table className="rm-players" data-testid="room-players">
      <thead>
        <tr>
          <th scope="col">{t('roomGame.player')}</th>
          <th scope="col">{t('roomGame.stake')}</th>
          <th scope="col">{t('roomGame.chance')}</th>
        </tr>
      </thead>
      <tbody>
        {round.players.map((player: RoomPlayer) => (
          <tr
            key={player.seat}
            data-me={player.seat === seat}
            data-winner={player.seat === winner}
            data-testid="room-player"
          >
            <td>
              <span className="rm-who">
                <span className="rm-dot" style={{ background: seatColor(player.seat) }} aria-hidden="true" />
                <span className="rm-name">{player.player ?? t('roomGame.hidden')}</span>
                {player.seat === seat && <span className="rm-badge">{t('roomGame.you')}</span>}
              </span>
            </td>
            <td>{formats.money(player.stake)}</td>
            <td>{formats.percent(player.chance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
