import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotGame } from '../../shared/api/slots.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import {
  categoriesOf,
  formatRtp,
  gamesBySlug,
  NO_FILTER,
  providersOf,
  type SlotFilter,
  visibleGames,
} from '../../shared/slot-view.ts';
import { openModal } from '../../stores/modals.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import { LobbyFilters } from './LobbyFilters.tsx';
import { LobbyUnavailable } from './lobby-parts.tsx';
import { SlotCardView } from './SlotCardView.tsx';
import { usePlayerSlots, useSlotCatalogue } from './use-slot-catalogue.ts';

/** Recently played games shown above the catalogue. */
const RECENT_SHOWN = 6;

/**
 * The slots lobby (docs/slots.md): the catalogue with its filters, search and orders, the
 * favourite stars, and a player's recently played games. The aggregator down: the catalogue the
 * server kept; nothing at all: a friendly message with a retry.
 */
export function SlotsLobby({ locale, initial }: { locale: Locale; initial: SlotGame[] | null }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[locale];
  const { state, retry } = useSlotCatalogue(initial);
  const { player, favourites, recent, toggleFavourite } = usePlayerSlots();
  const [filter, setFilter] = useState<SlotFilter>(NO_FILTER);
  const games = state.status === 'ready' ? state.games : [];
  const favouriteSet = useMemo(() => new Set(favourites), [favourites]);
  const shown = useMemo(
    () => visibleGames(games, filter, favouriteSet, tag),
    [games, filter, favouriteSet, tag],
  );
  const recentGames = useMemo(() => gamesBySlug(games, recent).slice(0, RECENT_SHOWN), [games, recent]);

  if (state.status === 'loading') return <IslandSkeleton />;
  if (state.status === 'failed' || games.length === 0)
    return (
      <LobbyUnavailable
        locale={locale}
        title={t('slotLobby.noGamesTitle')}
        text={t('slotLobby.noGamesText')}
        retry={retry}
        testId="slots-unavailable"
      />
    );

  const card = (game: SlotGame) => (
    <SlotCardView
      key={game.slug}
      game={game}
      locale={locale}
      rtp={formatRtp(game.rtp, tag)}
      favourite={favouriteSet.has(game.slug)}
      onStar={toggleFavourite}
    />
  );
  const change = (next: Partial<SlotFilter>) => {
    if (next.favourites && !player) {
      openModal('Login');
      return;
    }
    setFilter((current) => ({ ...current, ...next }));
  };

  return (
    <div className="slots-lobby" data-testid="slots-lobby">
      {player && recentGames.length > 0 && (
        <section className="slot-recent" aria-labelledby="slot-recent-title" data-testid="slots-recent">
          <h2 id="slot-recent-title">{t('slotLobby.recent')}</h2>
          <ul className="slot-grid slot-row">{recentGames.map(card)}</ul>
        </section>
      )}
      <section aria-labelledby="slot-catalogue-title">
        <h2 id="slot-catalogue-title" className="visually-hidden">
          {t('slotLobby.catalogue')}
        </h2>
        <LobbyFilters
          filter={filter}
          providers={providersOf(games)}
          categories={categoriesOf(games)}
          onChange={change}
        />
        <p className="slot-count muted" aria-live="polite" data-testid="slot-count">
          {t('slotLobby.shown', { count: shown.length })}
        </p>
        {shown.length > 0 ? (
          <ul className="slot-grid" data-testid="slot-grid">
            {shown.map(card)}
          </ul>
        ) : (
          <div className="slot-empty card" data-testid="slots-empty">
            <p>
              {filter.favourites && favourites.length === 0
                ? t('slotLobby.noFavourites')
                : t('slotLobby.empty')}
            </p>
            <button type="button" className="btn" onClick={() => setFilter(NO_FILTER)}>
              {t('slotLobby.reset')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
