import { useEffect, useState } from 'react';
import { type HistoryFilters, type HistoryRow, money } from '../../client/money.ts';
import { useApiCall } from '../ui/useApi.ts';

const PER_PAGE = 20;

type Page = { rows: HistoryRow[]; page: number; total: number };

/**
 * The history list's state (GET /profile/history, docs/api-money.md): the filters being edited and
 * the applied ones, the page, the rows loaded for them (reloaded when `revision` changes), and
 * the CSV export of the applied filters.
 */
export function useHistoryPage(revision: number) {
  const [draft, setDraft] = useState<Required<HistoryFilters>>({ type: '', from: '', to: '' });
  const [filters, setFilters] = useState<HistoryFilters>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const loader = useApiCall();
  const exporter = useApiCall();
  const load = loader.run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` reloads after a withdrawal.
  useEffect(() => {
    let live = true;
    setFailed(false);
    void load(() => money.history(filters, page, PER_PAGE), { replace: true }).then((answer) => {
      if (!live) return;
      if (!answer) return setFailed(true);
      setData({ rows: answer.data, page: answer.meta.page, total: answer.meta.total });
    });
    return () => {
      live = false;
    };
  }, [load, filters, page, revision]);

  const exportCsv = async () => {
    const blob = await exporter.run(() => money.historyCsv(filters));
    if (!blob) return;
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `orbita-history-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  };

  return {
    draft,
    editDraft: (patch: Partial<HistoryFilters>) => setDraft((d) => ({ ...d, ...patch })),
    /** Applies the edited filters from the first page. */
    apply: () => {
      setFilters({ ...draft });
      setPage(1);
    },
    page,
    setPage,
    pages: data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1,
    data,
    failed,
    loading: loader.pending,
    exporting: exporter.pending,
    exportCsv,
    /** The status's label, or the raw status when the catalog has none. */
    statusLabel: (status: string, t: (key: string) => string) =>
      loader.translator.exists(`history.statuses.${status}`) ? t(`history.statuses.${status}`) : status,
  };
}

export type HistoryPage = ReturnType<typeof useHistoryPage>;
