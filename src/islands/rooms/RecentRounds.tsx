import { useTranslation } from 'react-i18next';
import type { RoomRound } from '../../shared/api/rooms.ts';
import { formatNumber } from '../games/kit/format.ts';
import type { Formats } from './formats.ts';
import { VerifyLink } from './VerifyLink.tsx';

/** The room's latest drawn rounds: pot, players, winner and chance, winning ticket, verify link. */
export function RecentRounds({ rounds, formats }: { rounds: readonly RoomRound[]; formats: Formats }) {
  const { t } = useTranslation();
  return (
    <section className="rm-rounds card" aria-labelledby="rm-rounds-title" data-testid="room-rounds">
      <h2 id="rm-rounds-title">{t('roomGame.recent')}</h2>
      {rounds.length === 0 ? (
        <p className="muted">{t('roomGame.noRounds')}</p>
      ) : (
        <div className="rm-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('roomGame.colRound')}</th>
                <th scope="col">{t('roomGame.colPot')}</th>
                <th scope="col" className="rm-optional">
                  {t('roomGame.players')}
                </th>
                <th scope="col">{t('roomGame.colWinner')}</th>
                <th scope="col" className="rm-optional">
                  {t('roomGame.chance')}
                </th>
                <th scope="col">{t('roomGame.colTicket')}</th>
                <th scope="col">
                  <span className="gk-sr">{t('roomGame.verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => {
                const winner = round.result ? round.players[round.result.winner_seat] : undefined;
                return (
                  <tr key={round.id} data-testid="room-round">
                    <td>{formatNumber(round.number, formats.tag)}</td>
                    <td>{formats.money(round.pot)}</td>
                    <td className="rm-optional">{formatNumber(round.players.length, formats.tag)}</td>
                    <td className="rm-cell-name">{winner?.player ?? t('roomGame.hidden')}</td>
                    <td className="rm-optional">{winner ? formats.percent(winner.chance) : '—'}</td>
                    <td>
                      {round.result ? formatNumber(Number(round.result.winning_ticket), formats.tag) : '—'}
                    </td>
                    <td>
                      <VerifyLink round={round} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
