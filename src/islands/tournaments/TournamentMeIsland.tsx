import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TournamentCard,
  TournamentEntry,
  TournamentKind,
  TournamentMe,
  TournamentStatus,
} from '../../shared/api/tournaments.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { openModal } from '../../stores/modals.ts';
import { $sessionStatus } from '../../stores/user.ts';
import { tournamentsApi } from './api.ts';
import { joinErrorLines } from './errors.ts';
import { meReadDelay, moneyText, pointsText, type Translate } from './format.ts';
import { $liveBoard, $myRank } from './store.ts';
import { TournamentsRoot } from './TournamentsRoot.tsx';

/** The least time between two reads of the player's place: boards may be pushed every second. */
export const ME_READ_GAP_MS = 5_000;

interface MeProps {
  locale: Locale;
  id: string;
  kind: TournamentKind;
  currency: string;
  status: TournamentStatus;
  entry: TournamentEntry;
  /** The buy-in as the server rendered it for a guest (the tournament's currency); null: free. */
  buyIn: TournamentCard['buy_in'];
}

/**
 * /tournament/{id}, the player's part: their rank, points, the prize their place wins now and
 * what they lack to the last paid place, read on load and again after a board update (at most
 * every five seconds); the "join" button of an opt-in tournament, or why they may not take part.
 * A guest is asked to log in (the site's login modal). Nothing here is rendered by the server: the
 * page is the same for every visitor.
 */
export default function TournamentMeIsland(props: MeProps) {
  return (
    <TournamentsRoot locale={props.locale} waiting={<div className="tn-me-panel card tn-me-waiting" />}>
      <MePanel {...props} />
    </TournamentsRoot>
  );
}

function MePanel({ locale, id, kind, currency, status: initialStatus, entry, buyIn }: MeProps) {
  const { t: tf, i18n } = useTranslation();
  const t = useMemo<Translate>(() => (key, options) => tf(key, options ?? {}) as string, [tf]);
  const exists = useCallback((key: string) => i18n.exists(key), [i18n]);
  const tag = LANGUAGE_TAG[locale];
  const session = useStore($sessionStatus);
  const board = useStore($liveBoard);
  const status = board?.status ?? initialStatus;
  const [me, setMe] = useState<TournamentMe | null>(null);
  const [failed, setFailed] = useState(false);
  /** The buy-in in the player's currency: not read yet, read (null: free), or not readable. */
  const [price, setPrice] = useState<TournamentCard['buy_in'] | 'unknown' | undefined>(undefined);
  const [joining, setJoining] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const lastRead = useRef<number | null>(null);
  const reads = useRef(0);

  const read = useCallback(async () => {
    const run = ++reads.current;
    lastRead.current = Date.now();
    try {
      const { data } = await tournamentsApi.me(id);
      if (run !== reads.current) return;
      setMe(data);
      $myRank.set(data.rank);
      setFailed(false);
    } catch {
      if (run === reads.current) setFailed(true);
    }
  }, [id]);

  useEffect(() => {
    if (session !== 'user') {
      setMe(null);
      $myRank.set(null);
      return;
    }
    void read();
  }, [session, read]);

  // After a board update, the place again: at once when the last read is five seconds old,
  // else once those seconds are up (updates meanwhile share that one read).
  const version = board?.version;
  useEffect(() => {
    if (session !== 'user' || version === undefined || lastRead.current === null) return;
    const timer = setTimeout(() => void read(), meReadDelay(lastRead.current, Date.now(), ME_READ_GAP_MS));
    return () => clearTimeout(timer);
  }, [session, version, read]);

  const open = status === 'upcoming' || status === 'active';
  const mayJoin =
    session === 'user' && entry === 'opt_in' && open && me !== null && !me.joined && !me.refusal;
  // The buy-in in the player's currency (the page has the tournament's): the one read that has it.
  useEffect(() => {
    if (!mayJoin || buyIn === null || price !== undefined) return;
    let live = true;
    tournamentsApi.detail(id).then(
      ({ data }) => live && setPrice(data.buy_in),
      () => live && setPrice('unknown'),
    );
    return () => {
      live = false;
    };
  }, [mayJoin, buyIn, price, id]);

  const join = async () => {
    setJoining(true);
    setRefused([]);
    try {
      const { data } = await tournamentsApi.join(id);
      setMe(data);
      $myRank.set(data.rank);
    } catch (error) {
      setRefused(joinErrorLines(error, t, exists));
    } finally {
      setJoining(false);
    }
  };

  if (session === 'unknown') return <div className="tn-me-panel card tn-me-waiting" />;

  if (session === 'guest')
    return (
      <section className="tn-me-panel card" data-testid="tn-me-guest" aria-label={t('tournaments.me.title')}>
        <p className="muted">{t('tournaments.me.guest')}</p>
        <button
          type="button"
          className={`btn ${entry === 'opt_in' && open ? 'btn-primary' : ''}`}
          onClick={() => openModal('Login')}
          data-testid="tn-login"
        >
          {t(entry === 'opt_in' && open ? 'tournaments.me.login' : 'tournaments.me.loginToSee')}
        </button>
      </section>
    );

  if (!me)
    return failed ? (
      <section className="tn-me-panel card" data-testid="tn-me-failed" aria-label={t('tournaments.me.title')}>
        <p className="muted">{t('tournaments.me.failed')}</p>
        <button type="button" className="btn" onClick={() => void read()}>
          {t('tournaments.me.retry')}
        </button>
      </section>
    ) : (
      <div className="tn-me-panel card tn-me-waiting" />
    );

  const joinLabel = (() => {
    if (joining) return t('tournaments.me.joining');
    if (buyIn === null || price === null) return t('tournaments.me.joinFree');
    if (price === undefined || price === 'unknown') return t('tournaments.me.join');
    return t('tournaments.me.joinFor', { amount: moneyText(price.amount, price.currency, tag) });
  })();

  // An automatic entry counts every eligible player; one who may not take part sees why instead.
  const takesPart = me.joined || (entry === 'auto' && !me.refusal);
  return (
    <section className="tn-me-panel card" data-testid="tn-me" aria-label={t('tournaments.me.title')}>
      {takesPart && (
        <dl className="tn-me-stats">
          <div>
            <dt>{t('tournaments.me.rank')}</dt>
            <dd data-testid="tn-me-rank">
              {me.rank === null ? t('tournaments.me.notRanked') : `#${me.rank}`}
            </dd>
          </div>
          <div>
            <dt>{t('tournaments.me.points')}</dt>
            <dd data-testid="tn-me-points">{pointsText(kind, me.points, currency, tag)}</dd>
          </div>
          <div>
            <dt>{t(status === 'finished' ? 'tournaments.board.won' : 'tournaments.me.prize')}</dt>
            <dd data-testid="tn-me-prize">
              {me.prize === null ? t('tournaments.me.noPrize') : moneyText(me.prize, currency, tag)}
            </dd>
          </div>
          {open && (
            <div>
              <dt>{t('tournaments.me.gap')}</dt>
              <dd data-testid="tn-me-gap">
                {me.gap !== null
                  ? pointsText(kind, me.gap, currency, tag)
                  : me.prize !== null
                    ? t('tournaments.me.inPrizes')
                    : '–'}
              </dd>
            </div>
          )}
        </dl>
      )}
      {entry === 'auto' && me.rank === null && open && (
        <p className="muted tn-me-note">{t('tournaments.me.auto')}</p>
      )}
      {entry === 'opt_in' && me.joined && (
        <p className="tn-me-note tn-me-joined">{t('tournaments.me.joined')}</p>
      )}
      {me.refusal && !me.joined && (
        <p className="tn-refusal" data-testid="tn-refusal" data-reason={me.refusal}>
          {exists(`tournaments.refusals.${me.refusal}`)
            ? t(`tournaments.refusals.${me.refusal}`)
            : t('tournaments.me.joinFailed')}
        </p>
      )}
      {mayJoin && (
        <button
          type="button"
          className="btn btn-primary tn-join"
          onClick={() => void join()}
          disabled={joining}
          data-testid="tn-join"
        >
          {joinLabel}
        </button>
      )}
      {refused.length > 0 && (
        <div className="tn-refusal" role="alert" data-testid="tn-join-error">
          {refused.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </section>
  );
}
