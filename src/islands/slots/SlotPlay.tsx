import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../client/errors.ts';
import { localHref } from '../../client/site.ts';
import { liveApi, slotsApi, wantsMobileLayout } from '../../client/slots.ts';
import type { SlotGame } from '../../shared/api/slots.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { categoryKey, formatRtp, platformFor } from '../../shared/slot-view.ts';
import { openModal } from '../../stores/modals.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';

export type SlotMode = 'play' | 'demo';
/** Which lobby the game is from: the slots, or the live casino's tables (docs/live-casino.md). */
export type GameKind = 'slots' | 'live';

const LOBBY_PATH: Record<GameKind, string> = { slots: '/games/slots', live: '/games/live-casino' };
type Failure = 'notFound' | 'noDemo' | 'conflict' | 'unavailable';
type Launch =
  | { status: 'waiting' }
  | { status: 'login' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; reason: Failure };

/**
 * A slot's game page (docs/slots.md), or a live table's (`kind` live, docs/live-casino.md): opens
 * the game (real money for a player, the demo for anybody) and shows the aggregator's URL in a
 * frame, with a fullscreen button and the game's facts. A guest on /play gets the Login modal
 * first, then the game once logged in.
 */
export function SlotPlay({
  locale,
  slug,
  mode,
  name,
  game,
  kind = 'slots',
}: {
  kind?: GameKind;
  locale: Locale;
  slug: string;
  mode: SlotMode;
  name: string;
  game: SlotGame | null;
}) {
  const { t } = useTranslation();
  const session = useStore($sessionStatus);
  const userId = useStore($user)?.id ?? null;
  const [launch, setLaunch] = useState<Launch>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<SlotGame | null>(game);
  const stage = useRef<HTMLDivElement>(null);
  const askedLogin = useRef(false);
  const needsPlayer = mode === 'play';
  const noDemo = mode === 'demo' && info !== null && !info.demo;
  const api = kind === 'live' ? liveApi : slotsApi;
  const lobbyPath = LOBBY_PATH[kind];

  // The game's facts: the server's, else the catalogue's entry.
  useEffect(() => {
    if (game) return;
    let live = true;
    api.games().then(
      (answer) => {
        if (live) setInfo(answer.data.find((entry) => entry.slug === slug) ?? null);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [game, slug, api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (noDemo) {
      setLaunch({ status: 'failed', reason: 'noDemo' });
      return;
    }
    if (needsPlayer && session === 'unknown') return;
    if (needsPlayer && userId === null) {
      setLaunch({ status: 'login' });
      if (!askedLogin.current) {
        askedLogin.current = true;
        openModal('Login');
      }
      return;
    }
    let live = true;
    setLaunch({ status: 'waiting' });
    const platform = platformFor(wantsMobileLayout());
    const open = needsPlayer ? api.launch : api.demo;
    open(slug, platform).then(
      (answer) => {
        if (live) setLaunch({ status: 'ready', url: answer.data.url });
      },
      (error: unknown) => {
        if (!live) return;
        const report = describeApiError(error);
        if (needsPlayer && (report.sessionLost || report.status === 401)) {
          setLaunch({ status: 'login' });
          openModal('Login');
        } else
          setLaunch({
            status: 'failed',
            reason: report.status === 404 ? 'notFound' : report.status === 409 ? 'conflict' : 'unavailable',
          });
      },
    );
    return () => {
      live = false;
    };
  }, [needsPlayer, noDemo, session, userId, slug, attempt, api]);

  const fullscreen = () => {
    void stage.current?.requestFullscreen?.().catch(() => undefined);
  };
  const demoHref = localHref(`${lobbyPath}/${slug}/demo`, locale);
  const rtp = info ? formatRtp(info.rtp, LANGUAGE_TAG[locale]) : null;
  const category = info ? categoryKey(info.category) : null;

  return (
    <div className="slot-play" data-testid="slot-play" data-state={launch.status}>
      <div className="slot-stage" ref={stage} data-testid="slot-stage">
        {launch.status === 'ready' ? (
          <iframe
            src={launch.url}
            title={t('slotLobby.game.frameTitle', { name })}
            allow="fullscreen; autoplay"
            allowFullScreen
            data-testid="slot-frame"
          />
        ) : launch.status === 'login' ? (
          <div className="slot-stage-note" data-testid="slot-login">
            <h2>{t(kind === 'live' ? 'liveLobby.game.loginTitle' : 'slotLobby.game.loginTitle')}</h2>
            <p className="muted">
              {t(kind === 'live' ? 'liveLobby.game.loginText' : 'slotLobby.game.loginText')}
            </p>
            <div className="slot-nothing-actions">
              <button type="button" className="btn btn-primary" onClick={() => openModal('Login')}>
                {t('auth.login')}
              </button>
              <button type="button" className="btn" onClick={() => openModal('Register')}>
                {t('auth.register')}
              </button>
              {info?.demo !== false && (
                <a className="btn btn-ghost" href={demoHref}>
                  {t('slotLobby.game.tryDemo')}
                </a>
              )}
            </div>
          </div>
        ) : launch.status === 'failed' ? (
          <div className="slot-stage-note" role="alert" data-testid="slot-failed">
            <p>{t(`slotLobby.game.${launch.reason}`)}</p>
            <div className="slot-nothing-actions">
              {launch.reason === 'unavailable' && (
                <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                  {t('slotLobby.retry')}
                </button>
              )}
              <a className="btn" href={localHref(lobbyPath, locale)}>
                {t(kind === 'live' ? 'liveLobby.game.back' : 'slotLobby.game.back')}
              </a>
            </div>
          </div>
        ) : (
          <div className="slot-stage-note" aria-live="polite">
            <span className="slot-spinner" aria-hidden="true" />
            <p className="muted">{t('slotLobby.game.loading')}</p>
          </div>
        )}
      </div>
      <div className="slot-bar">
        <dl className="slot-facts" data-testid="slot-facts">
          {info && (
            <div>
              <dt>{t('slotLobby.game.provider')}</dt>
              <dd>{info.provider}</dd>
            </div>
          )}
          {rtp && (
            <div>
              <dt>{t('slotLobby.game.rtp')}</dt>
              <dd className="slot-rtp">{rtp}</dd>
            </div>
          )}
          {category && (
            <div>
              <dt>{t('slotLobby.game.category')}</dt>
              <dd>{t(category)}</dd>
            </div>
          )}
        </dl>
        <button
          type="button"
          className="btn slot-fullscreen"
          onClick={fullscreen}
          disabled={launch.status !== 'ready'}
          data-testid="slot-fullscreen"
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </svg>
          {t('slotLobby.game.fullscreen')}
        </button>
      </div>
    </div>
  );
}
