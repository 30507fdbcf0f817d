import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Translator } from '../../client/errors.ts';
import { localHref } from '../../client/site.ts';
import type { CashoutOffer, SportBet } from '../../shared/api/sports.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { openModal } from '../../stores/modals.ts';
import { $sessionStatus } from '../../stores/user.ts';
import { IslandSkeleton } from '../ui/IslandRoot.tsx';
import { sportsApi } from './api.ts';
import { bettingMessages, refusalText } from './errors.ts';
import { dateTime, oddsText } from './format.ts';
import { eventPath, marketTitle, outcomeName, systemName } from './labels.ts';
import { $oddsFormat } from './prefs.ts';
import { useBettingT } from './use-view.ts';

/** Bets read per page. */
const PAGE = 20;
/** How often the open bets are read again while in view (a settlement, a live bet taken). */
const OPEN_RELOAD_MS = 15_000;
/** An offer whose stated expiry the page's clock cannot place (a skewed clock) is held this long. */
const OFFER_FALLBACK_MS = 5_000;

export type BetsTab = 'open' | 'settled';

const minor = (decimal: string): bigint => {
  try {
    return toMinor(decimal.replace(/^-/, ''));
  } catch {
    return 0n;
  }
};

/** What a bet came to, as its badge says it. */
export function outcomeOf(
  bet: SportBet,
): 'pending' | 'open' | 'won' | 'lost' | 'returned' | 'partial' | 'cashed_out' | 'refused' {
  if (bet.status !== 'settled') return bet.status;
  const paid = minor(bet.payout);
  const staked = minor(bet.stake);
  if (paid === 0n) return 'lost';
  if (paid > staked) return 'won';
  return paid === staked ? 'returned' : 'partial';
}

/**
 * "My bets" (docs/betting.md "Pages"): the player's open and settled bets, newest first, each with
 * its legs and their states (won, lost, void, half won, half lost, dead heat), the stake, the odds
 * and what it may pay or paid; the open ones read again every few seconds. An open single or
 * accumulator can be cashed out: an offer is fetched, shown with the seconds it is good for, and
 * accepted with one more press.
 */
export function MyBets({ locale, tab: initialTab }: { locale: Locale; tab: BetsTab }) {
  const { t } = useBettingT();
  const session = useStore($sessionStatus);
  const [tab, setTab] = useState<BetsTab>(initialTab);
  const [bets, setBets] = useState<SportBet[] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const reads = useRef(0);

  const load = useCallback(
    async (before?: string) => {
      const run = ++reads.current;
      try {
        const { data } = await sportsApi.bets({ status: tab, limit: PAGE, ...(before ? { before } : {}) });
        if (run !== reads.current) return;
        setBets((now) => (before && now ? [...now, ...data] : data));
        setMore(data.length === PAGE);
        setFailed(false);
      } catch {
        if (run === reads.current) setFailed(true);
      }
    },
    [tab],
  );

  useEffect(() => {
    if (session !== 'user') return;
    setBets(null);
    void load();
    if (tab !== 'open') return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, OPEN_RELOAD_MS);
    return () => clearInterval(timer);
  }, [session, tab, load]);

  const choose = (next: BetsTab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('status', next);
    window.history.replaceState(null, '', url);
  };

  const replace = (bet: SportBet) => setBets((now) => now?.map((b) => (b.id === bet.id ? bet : b)) ?? now);

  if (session === 'unknown') return <IslandSkeleton />;
  if (session === 'guest')
    return (
      <div className="bt-empty card" data-testid="bt-bets-guest">
        <p>{t('betting.bets.guest')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openModal('Login')}>
          {t('betting.bets.login')}
        </button>
      </div>
    );

  return (
    <div className="bt-bets" data-testid="bt-bets">
      <div className="bt-slip-tabs bt-bets-tabs" role="tablist" aria-label={t('betting.bets.title')}>
        {(['open', 'settled'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            data-testid={`bt-bets-tab-${name}`}
            onClick={() => choose(name)}
          >
            {t(`betting.bets.${name}`)}
          </button>
        ))}
      </div>
      {bets === null ? (
        failed ? (
          <div className="bt-empty card">
            <p>{t('betting.unavailable')}</p>
            <button type="button" className="btn" onClick={() => void load()}>
              {t('betting.retry')}
            </button>
          </div>
        ) : (
          <IslandSkeleton />
        )
      ) : bets.length === 0 ? (
        <div className="bt-empty card" data-testid="bt-bets-empty">
          <p className="muted">{t(tab === 'open' ? 'betting.bets.noOpen' : 'betting.bets.noSettled')}</p>
          <a className="btn" href={localHref('/betting', locale)}>
            {t('betting.backToLists')}
          </a>
        </div>
      ) : (
        <>
          <ul className="bt-bet-list" data-testid="bt-bet-list">
            {bets.map((bet) => (
              <BetCard key={bet.id} bet={bet} locale={locale} onChange={replace} />
            ))}
          </ul>
          {more && (
            <button type="button" className="btn bt-more-bets" onClick={() => void load(bets.at(-1)?.id)}>
              {t('betting.bets.more')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function BetCard({
  bet,
  locale,
  onChange,
}: {
  bet: SportBet;
  locale: Locale;
  onChange: (bet: SportBet) => void;
}) {
  const tag = LANGUAGE_TAG[locale];
  const { t, translator } = useBettingT((decimal) => formatMoney(minor(decimal), bet.currency, tag));
  const format = useStore($oddsFormat);
  const money = (decimal: string) => formatMoney(minor(decimal), bet.currency, tag);
  const outcome = outcomeOf(bet);
  const kindText =
    bet.kind === 'single'
      ? t('betting.bets.single')
      : bet.kind === 'multi'
        ? t('betting.bets.multiOf', { count: bet.legs.length })
        : `${systemName(bet.system ?? '', t)} · ${t('betting.slip.lines', { count: bet.lines })}`;
  return (
    <li
      className="bt-bet card"
      data-testid="bt-bet"
      data-bet={bet.id}
      data-status={bet.status}
      data-outcome={outcome}
    >
      <header className="bt-bet-head">
        <p className="bt-bet-kind">
          <b>{kindText}</b>
          <span className="muted">{dateTime(bet.placed_at, tag, undefined)}</span>
        </p>
        <span className="bt-badge" data-outcome={outcome} data-testid="bt-bet-status">
          {t(`betting.bets.outcome.${outcome}`)}
        </span>
      </header>
      <ul className="bt-bet-legs">
        {bet.legs.map((leg) => {
          const teams = { home: leg.home, away: leg.away };
          return (
            <li
              key={`${leg.event_id}|${leg.market_id}|${leg.specifiers}|${leg.outcome_id}`}
              className="bt-bet-leg"
              data-state={leg.state}
              data-testid="bt-bet-leg"
            >
              <span
                className="bt-leg-state"
                data-state={leg.state}
                title={t(`betting.bets.leg.${leg.state}`)}
              >
                <span className="visually-hidden">{t(`betting.bets.leg.${leg.state}`)}</span>
              </span>
              <div className="bt-bet-leg-main">
                <p className="bt-slip-pick">
                  <span>{outcomeName(leg.market_id, leg.specifiers, leg.outcome_id, teams, t, tag)}</span>
                  <b>{oddsText(leg.odds, format)}</b>
                </p>
                <p className="muted">
                  {marketTitle(leg.market_id, leg.specifiers, t, tag)} ·{' '}
                  <a href={localHref(eventPath(leg.event_id), locale)}>
                    {leg.home} – {leg.away}
                  </a>
                </p>
                <p className="muted bt-leg-text">{t(`betting.bets.leg.${leg.state}`)}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="bt-slip-sums bt-bet-sums">
        <div>
          <dt>{t('betting.slip.totalStake')}</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        {bet.total_odds !== null && (
          <div>
            <dt>{t('betting.slip.totalOdds')}</dt>
            <dd>{oddsText(bet.total_odds, format)}</dd>
          </div>
        )}
        {bet.status === 'open' || bet.status === 'pending' ? (
          <div>
            <dt>{t('betting.slip.payout')}</dt>
            <dd data-testid="bt-bet-potential">{money(bet.potential)}</dd>
          </div>
        ) : (
          <div className="bt-slip-payout">
            <dt>{t('betting.bets.paid')}</dt>
            <dd data-testid="bt-bet-payout">{money(bet.payout)}</dd>
          </div>
        )}
      </dl>
      {bet.status === 'refused' && <p className="bt-ticket-error">{refusalText(bet.refusal, translator)}</p>}
      {bet.status === 'open' && bet.kind !== 'system' && (
        <Cashout bet={bet} money={money} translator={translator} onChange={onChange} />
      )}
    </li>
  );
}

type OfferState =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'offered'; offer: CashoutOffer; until: number }
  | { step: 'accepting'; offer: CashoutOffer; until: number }
  | { step: 'done'; value: string };

/**
 * Cash out: an offer from the current prices, shown with the seconds it holds and accepted with a
 * press; an offer that ran out, or that settlement or a price move beat, asks for a new one.
 */
function Cashout({
  bet,
  money,
  translator,
  onChange,
}: {
  bet: SportBet;
  money: (decimal: string) => string;
  translator: Translator;
  onChange: (bet: SportBet) => void;
}) {
  const { t } = useBettingT();
  const [state, setState] = useState<OfferState>({ step: 'idle' });
  const [lines, setLines] = useState<string[]>([]);
  const [now, setNow] = useState(() => Date.now());

  const live = state.step === 'offered' || state.step === 'accepting';
  useEffect(() => {
    if (!live) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [live]);
  const left = live ? Math.max(0, Math.ceil((state.until - now) / 1000)) : 0;
  const expired = state.step === 'offered' && left === 0;

  const ask = async () => {
    setLines([]);
    setState({ step: 'asking' });
    try {
      const { data } = await sportsApi.offer(bet.id);
      const ttl = Date.parse(data.expires_at) - Date.now();
      const at = Date.now();
      setNow(at);
      setState({
        step: 'offered',
        offer: data,
        until: at + (ttl > 0 && ttl < 60_000 ? ttl : OFFER_FALLBACK_MS),
      });
    } catch (error) {
      setLines(bettingMessages(error, translator).lines);
      setState({ step: 'idle' });
    }
  };

  const accept = async () => {
    if (state.step !== 'offered') return;
    setLines([]);
    setState({ ...state, step: 'accepting' });
    try {
      const { data } = await sportsApi.cashout(bet.id, state.offer.offer);
      setState({ step: 'done', value: data.payout });
      onChange(data);
    } catch (error) {
      setLines(bettingMessages(error, translator).lines);
      setState({ step: 'idle' });
    }
  };

  return (
    <div className="bt-cashout" data-testid="bt-cashout" data-step={state.step}>
      {state.step === 'idle' || state.step === 'asking' ? (
        <button
          type="button"
          className="btn"
          data-testid="bt-cashout-ask"
          disabled={state.step === 'asking'}
          onClick={() => void ask()}
        >
          {t('betting.cashout.ask')}
        </button>
      ) : state.step === 'done' ? (
        <p className="bt-cashout-done">{t('betting.cashout.done', { amount: money(state.value) })}</p>
      ) : expired ? (
        <button type="button" className="btn" data-testid="bt-cashout-ask" onClick={() => void ask()}>
          {t('betting.cashout.again')}
        </button>
      ) : (
        <>
          <p className="bt-cashout-offer">
            <span>{t('betting.cashout.offer')}</span>
            <b data-testid="bt-cashout-value">{money(state.offer.value)}</b>
            <span className="bt-cashout-left" aria-live="off">
              {t('betting.cashout.left', { seconds: left })}
            </span>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="bt-cashout-accept"
            disabled={state.step === 'accepting'}
            onClick={() => void accept()}
          >
            {t('betting.cashout.accept', { amount: money(state.offer.value) })}
          </button>
        </>
      )}
      {lines.length > 0 && (
        <ul className="bt-slip-errors" role="alert">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
