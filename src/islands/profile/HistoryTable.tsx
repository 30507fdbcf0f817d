import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../client/money.ts';
import { formatDecimal } from '../../client/money-format.ts';
import { localHref } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import type { Locale } from '../../shared/locales.ts';

/** One page of the history: date, type (a bet links to the verifier), signed amount, status. */
export function HistoryTable(props: {
  rows: readonly HistoryRow[];
  locale: Locale;
  busy: boolean;
  statusLabel: (status: string) => string;
}) {
  const { t } = useTranslation();
  const format = formatters(props.locale);
  return (
    <div className="history-table-wrap" aria-busy={props.busy}>
      <table className="history-table" data-testid="history-table">
        <thead>
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('history.type')}</th>
            <th scope="col" className="num">
              {t('history.amount')}
            </th>
            <th scope="col">{t('history.status')}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={`${row.type}-${row.id}`} data-type={row.type} data-status={row.status}>
              <td data-label={t('history.date')}>
                {format.date(row.created_at, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: undefined,
                })}
              </td>
              <td data-label={t('history.type')}>
                <RowType row={row} />
              </td>
              <td
                data-label={t('history.amount')}
                className={`num ${row.amount.startsWith('-') ? 'minus' : 'plus'}`}
              >
                {formatDecimal(row.amount, row.currency, format.tag)}
              </td>
              <td data-label={t('history.status')}>
                <span className="status-pill" data-status={row.status}>
                  {props.statusLabel(row.status)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A bet row names its game and links to the /fairness verifier, which loads the bet by id. */
function RowType({ row }: { row: HistoryRow & { bet_id?: string | number | null; game?: string | null } }) {
  const { t, i18n } = useTranslation();
  const label = t(`history.types.${row.type}`);
  if (row.type !== 'bet') return label;
  const game = row.game && i18n.exists(`games.${row.game}.name`) ? t(`games.${row.game}.name`) : null;
  // A rooms line is one round, not one bet: it names the game; the room lists its verify links.
  if (row.bet_id == null) return game ? `${label} · ${game}` : label;
  return (
    <span className="history-bet">
      {game ? `${label} · ${game}` : label}
      <a
        className="history-verify"
        href={`${localHref('/fairness')}?bet=${encodeURIComponent(String(row.bet_id))}`}
        aria-label={`${t('fairness.historyVerify')}: ${game ?? label}`}
        data-testid="history-verify"
      >
        {t('fairness.historyVerify')}
      </a>
    </span>
  );
}
