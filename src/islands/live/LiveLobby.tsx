import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';
import { liveApi } from '../../client/slots.ts';
import { pocketColor } from '../../games/roulette/engine.ts';
import type { LiveTableState } from '../../shared/api/live.ts';
import type { SlotGame } from '../../shared/api/slots.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoneyText } from '../../shared/money.ts';
import { providersOf } from '../../shared/slot-view.ts';
import { $user } from '../../stores/user.ts';
import { LobbyUnavailable, PlayDemo } from '../slots/lobby-parts.tsx';
import { useSlotCatalogue } from '../slots/use-slot-catalogue.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';

/** How often the lobby asks what the tables are doing (the server keeps the answer 2 s). */
const POLL_MS = 3_000;
/** Results a card shows. */
const RESULTS_SHOWN = 10;

/** A table's state and when (on this page's clock) it arrived: the countdown runs from there. */
interface Received {
  state: LiveTableState;
  receivedAt: number;
}

/**
 * The tables' states, read now and every few seconds while the page is in view, and a clock that
 * ticks each second for the countdowns. A failed read keeps the last states.
 */
function useTableStates(): { tables: ReadonlyMap<string, Received>; now: number } {
  const [tables, setTables] = useState<ReadonlyMap<string, Received>>(new Map());
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const answer = await liveApi.tables();
          const at = performance.now();
          if (live) setTables(new Map(answer.data.map((state) => [state.slug, { state, receivedAt: at }])));
        } catch {
          // Kept as they were; the next read tries again.
        }
      }
      if (live) timer = setTimeout(read, POLL_MS);
    };
    void read();
    const tick = setInterval(() => setNow(performance.now()), 1_000);
    return () => {
      live = false;
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, []);
  return { tables, now };
}

/**
 * The live casino's lobby (docs/live-casino.md "Lobby"): the live tables of the aggregator's
 * catalogue, each with what it is doing now (the phase and the seconds left to bet), the viewers,
 * the last results and the limits in the player's currency; a studio filter; Play and Demo.
 */
export function LiveLobby({ locale, initial }: { locale: Locale; initial: SlotGame[] | null }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[locale];
  const { state, retry } = useSlotCatalogue(initial, liveApi.games);
  const { tables, now } = useTableStates();
  const currency = displayCurrency(useStore($user), locale);
  const [provider, setProvider] = useState('');
  const games = state.status === 'ready' ? state.games : [];
  const providers = useMemo(() => providersOf(games), [games]);
  const shown = provider ? games.filter((g) => g.provider === provider) : games;

  if (state.status === 'loading') return <IslandSkeleton />;
  if (state.status === 'failed' || games.length === 0)
    return (
      <LobbyUnavailable
        locale={locale}
        title={t('liveLobby.noTablesTitle')}
        text={t('liveLobby.noTablesText')}
        retry={retry}
        testId="live-unavailable"
      />
    );

  return (
    <div className="live-lobby" data-testid="live-lobby">
      <div className="slot-fields live-filters">
        <label className="slot-field">
          {t('slotLobby.provider')}
          <select value={provider} onChange={(e) => setProvider(e.target.value)} data-testid="live-provider">
            <option value="">{t('slotLobby.allProviders')}</option>
            {providers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <p className="slot-count muted" aria-live="polite" data-testid="live-count">
          {t('liveLobby.shown', { count: shown.length })}
        </p>
      </div>
      <ul className="live-grid" data-testid="live-grid">
        {shown.map((game) => (
          <LiveCard
            key={game.slug}
            game={game}
            locale={locale}
            table={tables.get(game.slug) ?? null}
            now={now}
            currency={currency}
            tag={tag}
          />
        ))}
      </ul>
    </div>
  );
}

function LiveCard({
  game,
  locale,
  table,
  now,
  currency,
  tag,
}: {
  game: SlotGame;
  locale: Locale;
  table: Received | null;
  now: number;
  currency: string;
  tag: string;
}) {
  const { t } = useTranslation();
  const base = `/games/live-casino/${game.slug}`;
  const play = localHref(`${base}/play`, locale);
  const state = table?.state ?? null;
  const left = table
    ? Math.max(0, Math.ceil((table.state.phase_left_ms - (now - table.receivedAt)) / 1000))
    : 0;
  const limits = state?.limits[currency];
  return (
    <li className="live-card" data-slug={game.slug} data-testid="live-card">
      <a className="slot-art live-art" href={play} tabIndex={-1}>
        <img src={game.thumb} alt={game.name} width={320} height={200} loading="lazy" decoding="async" />
        {state && (
          <span className="live-phase" data-phase={state.phase} data-testid="live-phase">
            <span className="live-dot" aria-hidden="true" />
            {state.phase === 'betting'
              ? t('liveLobby.phase.betting', { seconds: left })
              : t(`liveLobby.phase.${state.phase}`)}
          </span>
        )}
      </a>
      <div className="slot-info">
        <a className="slot-name" href={play}>
          {game.name}
        </a>
        <span className="slot-meta">
          <span>{game.provider}</span>
          {state?.dealer && <span>{t('liveLobby.dealer', { name: state.dealer })}</span>}
        </span>
      </div>
      <dl className="live-facts">
        <div>
          <dt>{t('liveLobby.players')}</dt>
          <dd data-testid="live-players">{state ? state.players.toLocaleString(tag) : '—'}</dd>
        </div>
        <div>
          <dt>{t('liveLobby.limits')}</dt>
          <dd data-testid="live-limits">
            {limits
              ? `${formatMoneyText(limits.min, currency, tag)} – ${formatMoneyText(limits.max, currency, tag)}`
              : '—'}
          </dd>
        </div>
      </dl>
      <div className="live-results-row">
        <span className="live-results-title">{t('liveLobby.lastResults')}</span>
        <ol className="live-results" data-testid="live-results">
          {(state?.results ?? []).slice(0, RESULTS_SHOWN).map((result, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: results repeat; the position is the identity.
            <ResultChip key={`${i}-${result}`} result={result} />
          ))}
        </ol>
      </div>
      <PlayDemo base={base} locale={locale} demo={game.demo} />
    </li>
  );
}

/** Roulette's pocket in its colour, or baccarat's winner (player, banker, tie) as the roads mark it. */
function ResultChip({ result }: { result: string }) {
  const { t } = useTranslation();
  if (/^\d+$/.test(result)) {
    const colour = pocketColor(Number(result));
    return (
      <li className={`live-result live-result--${colour}`}>
        <span className="visually-hidden">{t(`roulette.colour.${colour}`)} </span>
        {result}
      </li>
    );
  }
  const side = result === 'P' ? 'player' : result === 'B' ? 'banker' : 'tie';
  return (
    <li className={`live-result live-result--${side}`} title={t(`liveLobby.side.${side}`)}>
      <span aria-hidden="true">{t(`liveLobby.sideShort.${side}`)}</span>
      <span className="visually-hidden">{t(`liveLobby.side.${side}`)}</span>
    </li>
  );
}
