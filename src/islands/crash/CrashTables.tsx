import { useTranslation } from 'react-i18next';
import type { CrashBet, CrashRound, MyCrashBet } from '../../shared/api/crash.ts';
import { pointClass } from './crash-state.ts';

/** Money and multipliers as the page shows them. */
export interface CrashFormats {
  money: (decimal: string, currency?: string) => string;
  multiplier: (decimal: string) => string;
}

/** The recent crash points, newest first, coloured by size; each opens its round's details. */
export function HistoryStrip({
  history,
  onOpen,
  formats,
}: {
  history: readonly { id: number; crash_point: string }[];
  onOpen: (id: number) => void;
  formats: CrashFormats;
}) {
  const { t } = useTranslation();
  return (
    <nav className="cr-strip" aria-label={t('crashGame.history')} data-testid="crash-history">
      {history.map((item) => (
        <button
          key={item.id}
          type="button"
          className={`cr-point cr-${pointClass(item.crash_point)}`}
          onClick={() => onOpen(item.id)}
          title={t('crashGame.roundNo', { id: item.id })}
        >
          {formats.multiplier(item.crash_point)}
        </button>
      ))}
    </nav>
  );
}

/** One row per bet: player, stake, cash-out multiplier, profit. */
export function BetsTable({
  bets,
  formats,
  testId,
  caption,
}: {
  bets: readonly CrashBet[];
  formats: CrashFormats;
  testId: string;
  caption?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="cr-scroll">
      <table className="cr-table" data-testid={testId}>
        {caption && <caption className="gk-sr">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('crashGame.player')}</th>
            <th scope="col">{t('crashGame.stake')}</th>
            <th scope="col">{t('crashGame.cashedAt')}</th>
            <th scope="col">{t('crashGame.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <tr key={bet.id} data-status={bet.status} data-testid="crash-bet-row">
              <td className="cr-name">{bet.player ?? t('crashGame.hidden')}</td>
              <td>{formats.money(bet.stake, bet.currency)}</td>
              <td>{bet.cash_out ? formats.multiplier(bet.cash_out) : bet.status === 'lost' ? '✗' : '—'}</td>
              <td
                className={bet.status === 'lost' ? 'cr-loss' : bet.status === 'cashed' ? 'cr-win' : undefined}
              >
                {bet.status === 'open' ? '—' : formats.money(bet.profit, bet.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The live round's players (this round's bets), with totals. */
export function PlayersTable({ round, formats }: { round: CrashRound | null; formats: CrashFormats }) {
  const { t } = useTranslation();
  const bets = round?.bets ?? [];
  return (
    <section className="cr-players card" aria-labelledby="cr-players-title">
      <h2 id="cr-players-title">
        {t('crashGame.players')} <span className="muted">{bets.length}</span>
      </h2>
      {bets.length === 0 ? (
        <p className="muted">{t('crashGame.noPlayers')}</p>
      ) : (
        <BetsTable bets={bets} formats={formats} testId="crash-players" />
      )}
    </section>
  );
}

/** The player's own recent bets. */
export function MyBets({
  bets,
  formats,
  onOpen,
}: {
  bets: readonly MyCrashBet[];
  formats: CrashFormats;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="cr-mine card" aria-labelledby="cr-mine-title" data-testid="crash-my-bets">
      <h2 id="cr-mine-title">{t('crashGame.myBets')}</h2>
      {bets.length === 0 ? (
        <p className="muted">{t('crashGame.noBets')}</p>
      ) : (
        <div className="cr-scroll">
          <table className="cr-table">
            <thead>
              <tr>
                <th scope="col">{t('crashGame.round')}</th>
                <th scope="col">{t('crashGame.stake')}</th>
                <th scope="col">{t('crashGame.auto')}</th>
                <th scope="col">{t('crashGame.cashedAt')}</th>
                <th scope="col">{t('crashGame.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.id} data-status={bet.status}>
                  <td>
                    <button type="button" className="cr-link" onClick={() => onOpen(bet.round_id)}>
                      {bet.round_id}
                    </button>
                  </td>
                  <td>{formats.money(bet.stake, bet.currency)}</td>
                  <td>{bet.auto_cash_out ? formats.multiplier(bet.auto_cash_out) : '—'}</td>
                  <td>
                    {bet.cash_out ? formats.multiplier(bet.cash_out) : bet.status === 'lost' ? '✗' : '…'}
                  </td>
                  <td
                    className={
                      bet.status === 'lost' ? 'cr-loss' : bet.status === 'cashed' ? 'cr-win' : undefined
                    }
                  >
                    {bet.status === 'open' ? '…' : formats.money(bet.profit, bet.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
