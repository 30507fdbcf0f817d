import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/locales.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { useHistoryPage } from './use-history-page.ts';

/** Everything that moved the player's money: filters, CSV export, the table and its pages. */
export function HistoryPanel({ locale, revision }: { locale: Locale; revision: number }) {
  const { t } = useTranslation();
  const history = useHistoryPage(revision);
  const { data, page, pages } = history;

  return (
    <section className="panel" aria-labelledby="history-title" data-testid="history">
      <div className="panel-head">
        <h2 id="history-title">{t('history.title')}</h2>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void history.exportCsv()}
          disabled={history.exporting}
          data-testid="history-export"
        >
          {t('history.export')}
        </button>
      </div>
      <HistoryFilters history={history} />
      {!data ? (
        history.failed ? (
          <p className="muted">{t('payments.loadFailed')}</p>
        ) : (
          <IslandSkeleton />
        )
      ) : data.rows.length === 0 ? (
        <p className="history-empty" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <HistoryTable
          rows={data.rows}
          locale={locale}
          busy={history.loading}
          statusLabel={(status) => history.statusLabel(status, t)}
        />
      )}
      {data && pages > 1 && (
        <nav className="pager" aria-label={t('history.pages')}>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page <= 1}
            onClick={() => history.setPage(page - 1)}
          >
            {t('history.prev')}
          </button>
          <span>{t('history.pageOf', { page: data.page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={page >= pages}
            onClick={() => history.setPage(page + 1)}
          >
            {t('history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
