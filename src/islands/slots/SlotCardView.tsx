import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import type { SlotGame } from '../../shared/api/slots.ts';
import type { Locale } from '../../shared/locales.ts';
import { PlayDemo } from './lobby-parts.tsx';

/**
 * One game of the lobby (the same card as src/components/SlotCard.astro, plus the favourite star):
 * the art lazy in a fixed 16:10 box, the name, studio and RTP, "Play" and "Demo".
 */
export function SlotCardView({
  game,
  locale,
  rtp,
  favourite,
  onStar,
}: {
  game: SlotGame;
  locale: Locale;
  /** The RTP as shown, or null when the aggregator states none. */
  rtp: string | null;
  favourite: boolean;
  onStar: (slug: string) => void;
}) {
  const { t } = useTranslation();
  const base = `/games/slots/${game.slug}`;
  const play = localHref(`${base}/play`, locale);
  return (
    <li className="slot-card" data-slug={game.slug} data-testid="slot-card">
      <a className="slot-art" href={play} tabIndex={-1}>
        <img src={game.thumb} alt={game.name} width={320} height={200} loading="lazy" decoding="async" />
      </a>
      <button
        type="button"
        className="slot-star"
        aria-pressed={favourite}
        aria-label={t(favourite ? 'slotLobby.removeFavourite' : 'slotLobby.addFavourite', {
          name: game.name,
        })}
        onClick={() => onStar(game.slug)}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill={favourite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <path d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.4l-5.6 2.9 1.1-6.2L3 9.7l6.2-.9z" />
        </svg>
      </button>
      <div className="slot-info">
        <a className="slot-name" href={play}>
          {game.name}
        </a>
        <span className="slot-meta">
          <span>{game.provider}</span>
          {rtp && <span className="slot-rtp">{t('slotLobby.rtp', { value: rtp })}</span>}
        </span>
      </div>
      <PlayDemo base={base} locale={locale} demo={game.demo} />
    </li>
  );
}
