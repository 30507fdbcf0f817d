import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_TYPES, type HistoryType } from '../../client/money.ts';
import { DateField, SelectField } from '../ui/fields.tsx';
import type { HistoryPage } from './use-history-page.ts';

/** Type and date range of the history; applied with the button. */
export function HistoryFilters({ history }: { history: HistoryPage }) {
  const { t } = useTranslation();
  const { draft, editDraft } = history;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    history.apply();
  };
  return (
    <form className="history-filters" onSubmit={apply}>
      <SelectField
        label={t('history.type')}
        value={draft.type}
        onChange={(type) => editDraft({ type })}
        options={[
          { value: '' as HistoryType | '', label: t('history.allTypes') },
          ...HISTORY_TYPES.map((value) => ({ value, label: t(`history.types.${value}`) })),
        ]}
      />
      <DateField
        label={t('history.from')}
        value={draft.from}
        max={draft.to || undefined}
        onChange={(from) => editDraft({ from })}
      />
      <DateField
        label={t('history.to')}
        value={draft.to}
        min={draft.from || undefined}
        onChange={(to) => editDraft({ to })}
      />
      <button type="submit" className="btn">
        {t('history.apply')}
      </button>
    </form>
  );
}
