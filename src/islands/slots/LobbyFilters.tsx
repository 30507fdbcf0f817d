import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryKey, SLOT_SORTS, type SlotFilter, type SlotSort } from '../../shared/slot-view.ts';

/** The lobby's search, studio and order fields and its category chips (Favourites among them). */
export function LobbyFilters({
  filter,
  providers,
  categories,
  onChange,
}: {
  filter: SlotFilter;
  providers: readonly string[];
  categories: readonly string[];
  onChange: (next: Partial<SlotFilter>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const categoryName = (category: string) => {
    const key = categoryKey(category);
    return key ? t(key) : category.charAt(0).toUpperCase() + category.slice(1);
  };
  const all = filter.category === null && !filter.favourites;
  return (
    <div className="slot-filters">
      <div className="slot-fields">
        <label className="slot-field slot-search">
          <span className="visually-hidden">{t('slotLobby.search')}</span>
          <input
            type="search"
            value={filter.search}
            placeholder={t('slotLobby.searchPlaceholder')}
            onChange={(event) => onChange({ search: event.target.value })}
            data-testid="slot-search"
          />
        </label>
        {providers.length > 1 && (
          <label className="slot-field" htmlFor={`${id}-provider`}>
            <span>{t('slotLobby.provider')}</span>
            <select
              id={`${id}-provider`}
              value={filter.provider ?? ''}
              onChange={(event) => onChange({ provider: event.target.value || null })}
              data-testid="slot-provider"
            >
              <option value="">{t('slotLobby.allProviders')}</option>
              {providers.map((provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="slot-field" htmlFor={`${id}-sort`}>
          <span>{t('slotLobby.sort')}</span>
          <select
            id={`${id}-sort`}
            value={filter.sort}
            onChange={(event) => onChange({ sort: event.target.value as SlotSort })}
            data-testid="slot-sort"
          >
            {SLOT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`slotLobby.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="slot-chips">
        <legend className="visually-hidden">{t('slotLobby.categories')}</legend>
        <button
          type="button"
          className="slot-chip"
          aria-pressed={all}
          onClick={() => onChange({ category: null, favourites: false })}
        >
          {t('slotLobby.allCategories')}
        </button>
        {categories.map((category) => (
          <button
            key={category}
            type="button"
            className="slot-chip"
            aria-pressed={filter.category === category}
            onClick={() => onChange({ category: filter.category === category ? null : category })}
          >
            {categoryName(category)}
          </button>
        ))}
        <button
          type="button"
          className="slot-chip slot-chip-fav"
          aria-pressed={filter.favourites}
          onClick={() => onChange({ favourites: !filter.favourites })}
        >
          ★ {t('slotLobby.favourites')}
        </button>
      </fieldset>
    </div>
  );
}
