import type { TournamentBoard, TournamentKind } from '../../shared/api/tournaments.ts';
import { numberFormat } from '../../shared/number-format.ts';
import { moneyText, pointsText, type Translate } from './format.ts';

/**
 * A tournament's standings, the top 100 (src/shared/api/tournaments.ts `TournamentBoard`): place,
 * player (or "Hidden player"), points as the kind counts them, and the prize the place wins now,
 * or won once the tournament is over. The same view is the server's copy in the page's HTML and
 * the island that keeps it live, so the island's first render takes the copy's place without a
 * shift. A table on wide screens; on a phone each row folds into two lines.
 */
export interface LeaderboardProps {
  board: TournamentBoard;
  kind: TournamentKind;
  currency: string;
  tag: string;
  t: Translate;
  /** The player's own rank from their place (`/me`): a live push is a guest's view, without `me`. */
  myRank?: number | null | undefined;
  /** Live: the island's copy (for tests and styles), versus the server's. */
  live?: boolean;
}

export function Leaderboard({ board, kind, currency, tag, t, myRank, live = false }: LeaderboardProps) {
  const over = board.status === 'finished';
  return (
    <section
      className="tn-board card"
      aria-labelledby="tn-board-title"
      data-testid="tn-board"
      data-status={board.status}
      data-version={board.version}
      data-live={live ? 'true' : undefined}
    >
      <header className="tn-board-head">
        <h2 id="tn-board-title">{t(over ? 'tournaments.board.finalTitle' : 'tournaments.board.title')}</h2>
        <p className="tn-board-meta">
          <span>
            {t('tournaments.board.participants', { n: numberFormat(tag).format(board.participants) })}
          </span>
          <span>
            {t('tournaments.card.prizePool')}: <strong>{moneyText(board.prize_pool, currency, tag)}</strong>
          </span>
        </p>
      </header>
      {board.status === 'cancelled' && (
        <p className="tn-note tn-note-cancelled" data-testid="tn-board-cancelled">
          {t('tournaments.detail.cancelledNote')}
        </p>
      )}
      {over && <p className="tn-note">{t('tournaments.detail.finishedNote')}</p>}
      {board.standings.length === 0 ? (
        <p className="muted tn-board-empty" data-testid="tn-board-empty">
          {t('tournaments.board.empty')}
        </p>
      ) : (
        <table className="tn-table tn-standings">
          <thead>
            <tr>
              <th scope="col" className="tn-rank">
                {t('tournaments.board.rank')}
              </th>
              <th scope="col">{t('tournaments.board.player')}</th>
              <th scope="col" className="num">
                {t('tournaments.board.points')}
              </th>
              <th scope="col" className="num">
                {t(over ? 'tournaments.board.won' : 'tournaments.board.prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.standings.map((row) => {
              const mine = row.me || (myRank != null && row.rank === myRank);
              return (
                <tr
                  key={row.rank}
                  className={mine ? 'tn-me' : undefined}
                  data-rank={row.rank}
                  data-testid="tn-standing"
                  aria-current={mine ? 'true' : undefined}
                >
                  <td className="tn-rank" data-medal={row.rank <= 3 ? row.rank : undefined}>
                    <span>{row.rank}</span>
                  </td>
                  <td className="tn-player">
                    {row.player === null ? (
                      <span className="tn-hidden">{t('tournaments.board.hidden')}</span>
                    ) : (
                      <span className="tn-name">{row.player}</span>
                    )}
                    {mine && <span className="tn-you">{t('tournaments.board.you')}</span>}
                  </td>
                  <td className="num tn-points">{pointsText(kind, row.points, currency, tag)}</td>
                  <td
                    className="num tn-prize"
                    data-label={
                      row.prize === null
                        ? undefined
                        : t(over ? 'tournaments.board.won' : 'tournaments.board.prize')
                    }
                  >
                    {row.prize === null ? (
                      <span className="muted" aria-hidden="true">
                        –
                      </span>
                    ) : (
                      moneyText(row.prize, currency, tag)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
