import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../client/money.ts';
import { localHref } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';

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
            <tr
              key={row.id}
              data-type={row.type}
              data-status={row.status}
              data-label={row.label ?? undefined}
            >
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
                {formatMoneyText(row.amount, row.currency, format.tag)}
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

/**
 * What a row is: a payment or bet by its type (a bet names its game and links to the /fairness
 * verifier once it can be verified), any other movement by its label (a bonus converted, rakeback,
 * a VIP level-up bonus…), marked when it moved bonus money rather than cash.
 */
function RowType({ row }: { row: HistoryRow }) {
  const { t, i18n } = useTranslation();
  const type = t(`history.types.${row.type}`);
  if (row.label) {
    const level = row.detail && i18n.exists(`vip.levels.${row.detail}`) ? t(`vip.levels.${row.detail}`) : '';
    const text = t(`history.labels.${row.label}`, { level, name: row.detail ?? '', defaultValue: type });
    return (
      <span className="history-bet">
        {row.label === 'bonus_activated' && row.detail ? `${text} · ${row.detail}` : text}
        {row.balance === 'bonus' ? <span className="history-tag">{t('history.bonusMoney')}</span> : null}
      </span>
    );
  }
  if (row.type !== 'bet') return type;
  const game = row.game && i18n.exists(`games.${row.game}.name`) ? t(`games.${row.game}.name`) : null;
  const name = game ? `${type} · ${game}` : type;
  if (!row.verify) return name;
  return (
    <span className="history-bet">
      {name}
      <a
        className="history-verify"
        href={`${localHref('/fairness')}?${row.verify}`}
        aria-label={`${t('fairness.historyVerify')}: ${game ?? type}`}
        data-testid="history-verify"
      >
        {t('fairness.historyVerify')}
      </a>
    </span>
  );
}
