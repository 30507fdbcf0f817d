import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import type { Locale } from '../../shared/locales.ts';

/** A lobby with nothing to show (the aggregator down, nothing kept): its message, a retry, the originals. */
export function LobbyUnavailable({
  locale,
  title,
  text,
  retry,
  testId,
}: {
  locale: Locale;
  title: string;
  text: string;
  retry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="slot-nothing card" data-testid={testId}>
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <div className="slot-nothing-actions">
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t('slotLobby.retry')}
        </button>
        <a className="btn" href={`${localHref('/', locale)}#games`}>
          {t('slotLobby.toOriginals')}
        </a>
      </div>
    </section>
  );
}

/** A card's "Play" (to `{base}/play`) and, when the game has one, "Demo". */
export function PlayDemo({ base, locale, demo }: { base: string; locale: Locale; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="slot-actions">
      <a className="btn btn-primary" href={localHref(`${base}/play`, locale)}>
        {t('slotLobby.play')}
      </a>
      {demo && (
        <a className="btn" href={localHref(`${base}/demo`, locale)}>
          {t('slotLobby.demo')}
        </a>
      )}
    </div>
  );
}
