import { useStore } from '@nanostores/react';
import { isHTTPError } from 'ky';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatAmountInput, parseAmount } from '../../client/amount-input.ts';
import { randomUuid } from '../../client/random-id.ts';
import { realtime } from '../../client/realtime.ts';
import { localHref } from '../../client/site.ts';
import type { BetKind, ODDS_POLICIES, OddsPolicy, SlipQuote, SportBet } from '../../shared/api/sports.ts';
import { displayCurrency } from '../../shared/currencies.ts';
import { LANGUAGE_TAG, type Locale } from '../../shared/locales.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { sportsEventChannel } from '../../shared/wire/realtime.ts';
import { openModal } from '../../stores/modals.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';
import { AmountField } from '../ui/AmountField.tsx';
import { keepTabInside } from '../ui/focus-trap.ts';
import { sportsApi } from './api.ts';
import { bettingMessages, refusalText } from './errors.ts';
import { oddsText } from './format.ts';
import { marketTitle, outcomeName, systemName } from './labels.ts';
import { pricesOf } from './live.ts';
import { $oddsFormat, $oddsPolicy } from './prefs.ts';
import {
  $slip,
  $slipBump,
  $slipOpen,
  clearPicks,
  type Pick,
  pickKey,
  refreshPicks,
  removePick,
  type SlipState,
  setKind,
  setStake,
  setSystem,
} from './slip-store.ts';
import { linesOf, multiPayout, systemPayout, systemsFor, totalOdds } from './systems.ts';
import { useBettingT, useMoves } from './use-view.ts';

/** How often a player's slip is quoted again (prices, the highest stake) while in view. */
const QUOTE_MS = 10_000;
/** How often a bet waiting its live delay is read (the contract asks every second). */
const PENDING_POLL_MS = 1_000;
/** The longest a bet is watched waiting (past it, "My bets" tells the outcome). */
const PENDING_GIVE_UP_MS = 60_000;

/** One bet the slip is placing: the selections it takes, then its answer. */
interface Ticket {
  id: string;
  /** Until when (page clock, ms) a live bet waits its delay. */
  waitUntil: number | null;
  state: 'sending' | 'pending' | 'accepted' | 'refused' | 'failed';
  bet: SportBet | null;
  messages: string[];
}

/** What one placement sends: a kind, its legs and its stake. */
interface Order {
  kind: BetKind;
  system: string | null;
  stake: string;
  picks: Pick[];
}

const positive = (decimal: string) => {
  try {
    return toMinor(decimal) > 0n;
  } catch {
    return false;
  }
};

const minor = (decimal: string): bigint => {
  try {
    return toMinor(decimal);
  } catch {
    return 0n;
  }
};

/** The legs of a slip quote (what is picked). */
function legsOf(picks: readonly Pick[]) {
  return picks.map((p) => ({
    event_id: p.event_id,
    market_id: p.market_id,
    specifiers: p.specifiers,
    outcome_id: p.outcome_id,
  }));
}

/** The legs of a bet: what is picked at the price the slip shows. */
const pricedLegsOf = (picks: readonly Pick[]) =>
  legsOf(picks).map((leg, i) => ({ ...leg, odds: picks[i]?.odds ?? 0 }));

/** The orders a slip places now: one single per selection with a stake, or one accumulator or system. */
function ordersOf(slip: SlipState, system: string | null): Order[] {
  if (slip.kind === 'single')
    return slip.picks
      .filter((p) => positive(slip.stakes.single[pickKey(p)] ?? ''))
      .map((p) => ({
        kind: 'single',
        system: null,
        stake: slip.stakes.single[pickKey(p)] ?? '',
        picks: [p],
      }));
  if (slip.kind === 'multi')
    return [{ kind: 'multi', system: null, stake: slip.stakes.multi, picks: slip.picks }];
  return [{ kind: 'system', system, stake: slip.stakes.system, picks: slip.picks }];
}

/** The slip's quotes: one per single, or one for the whole slip. */
interface Quotes {
  byKey: ReadonlyMap<string, SlipQuote>;
  whole: SlipQuote | null;
  messages: string[];
}

/**
 * The bet slip (docs/betting.md "Slip"): the selections the price buttons added, as singles, an
 * accumulator or a system (only those the number of selections allows), the stake in the
 * player's currency with the potential payout, the odds-change policy, the highest stake the book
 * takes now (`POST /sports/slip`, quoted again every few seconds and after each change), prices
 * kept live over `/ws` `sports:event:<id>`, and placing: a live bet shows its delay counting down
 * (`202 pending`, read every second) until it is accepted or refused. On a phone it is a drawer
 * opened by a floating button that counts the selections.
 */
export function BetSlip({ locale }: { locale: Locale }) {
  const tag = LANGUAGE_TAG[locale];
  const user = useStore($user);
  const currency = displayCurrency(user, locale);
  const { t, translator } = useBettingT((decimal) => formatMoney(minor(decimal), currency, tag));
  const slip = useStore($slip);
  const open = useStore($slipOpen);
  const bump = useStore($slipBump);
  const format = useStore($oddsFormat);
  const policy = useStore($oddsPolicy);
  const session = useStore($sessionStatus);
  const [moves, noteMoves] = useMoves();
  const [quotes, setQuotes] = useState<Quotes>({ byKey: new Map(), whole: null, messages: [] });
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [problem, setProblem] = useState<string | null>(null);
  const drawer = useRef<HTMLElement>(null);
  const fab = useRef<HTMLButtonElement>(null);
  const ticketList = useRef<HTMLUListElement>(null);
  /** Idempotency keys of orders sent without an answer: sending the same order again reuses its key. */
  const unanswered = useRef(new Map<string, string>());

  const picks = slip.picks;
  const n = picks.length;
  const sameEvent = new Set(picks.map((p) => p.event_id)).size !== n;
  const systems = systemsFor(n);
  const system = slip.system && systems.includes(slip.system) ? slip.system : (systems[0] ?? null);
  const kinds: BetKind[] = [
    'single',
    ...(n >= 2 ? (['multi'] as const) : []),
    ...(systems.length ? (['system'] as const) : []),
  ];
  const kind: BetKind = kinds.includes(slip.kind) ? slip.kind : 'single';
  const busy = tickets.some((x) => x.state === 'sending' || x.state === 'pending');

  // ── live prices of the selections' events ─────────────────────────────────────────────
  const eventIds = useMemo(() => [...new Set(picks.map((p) => p.event_id))].sort().join(' '), [picks]);
  useEffect(() => {
    if (!eventIds) return;
    const offs = eventIds.split(' ').map((id) =>
      realtime.subscribe(sportsEventChannel(id), {
        event: (update) => {
          const markets = update.event.main ? [update.event.main, ...update.markets] : update.markets;
          const prices = pricesOf(update.event.id, markets, update.event.betstop);
          if (update.event.phase !== 'live' && update.event.phase !== 'upcoming') {
            // The event is over: none of its selections takes bets any more.
            for (const p of $slip.get().picks)
              if (p.event_id === update.event.id) prices.set(pickKey(p), { odds: p.odds, active: false });
          }
          noteMoves(refreshPicks(prices));
        },
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [eventIds, noteMoves]);

  // ── quotes (a player's): current prices, the highest stake, the live delay ─────────────
  const quoteShape = JSON.stringify([kind, system, picks.map(pickKey)]);
  // A new quote when the slip's shape changes (`quoteShape`: its kind, system and selections),
  // not when a price inside it moves: the quote reads the selections as they are when it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteShape stands for the selections read from $slip.
  const quote = useCallback(async () => {
    if (session !== 'user' || n === 0) return setQuotes({ byKey: new Map(), whole: null, messages: [] });
    const current = $slip.get().picks;
    try {
      if (kind === 'single') {
        const answers = await Promise.all(
          current.map((p) =>
            sportsApi.quote({ kind: 'single', legs: legsOf([p]) }).then((a) => [pickKey(p), a.data] as const),
          ),
        );
        noteMoves(refreshPicks(quotedPrices(answers.map(([, q]) => q))));
        setQuotes({ byKey: new Map(answers), whole: null, messages: [] });
      } else {
        if (sameEvent || (kind === 'system' && !system))
          return setQuotes({ byKey: new Map(), whole: null, messages: [] });
        const { data } = await sportsApi.quote({
          kind,
          system: kind === 'system' ? system : null,
          legs: legsOf(current),
        });
        noteMoves(refreshPicks(quotedPrices([data])));
        setQuotes({ byKey: new Map(), whole: data, messages: [] });
      }
    } catch (error) {
      if (isHTTPError(error) && error.response.status === 401) return;
      setQuotes({ byKey: new Map(), whole: null, messages: bettingMessages(error, translator).lines });
    }
  }, [quoteShape, kind, system, n, session, sameEvent, translator, noteMoves]);

  useEffect(() => {
    // A changed slip starts without the last attempt's complaint.
    setProblem(null);
    const first = setTimeout(() => void quote(), 250);
    const again = setInterval(() => {
      if (document.visibilityState === 'visible') void quote();
    }, QUOTE_MS);
    return () => {
      clearTimeout(first);
      clearInterval(again);
    };
  }, [quote]);

  // ── the clock of pending bets, and the phone drawer ─────────────────────────────────────
  // A bet being placed shows at the slip's end: scrolled into view (a long slip, the phone's drawer).
  const ticketCount = tickets.length;
  useEffect(() => {
    if (ticketCount > 0) ticketList.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [ticketCount]);

  useEffect(() => {
    if (!tickets.some((x) => x.state === 'pending')) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [tickets]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.classList.add('bt-slip-locked');
    drawer.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') $slipOpen.set(false);
      else if (drawer.current && window.matchMedia('(max-width: 899px)').matches)
        keepTabInside(event, drawer.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      root.classList.remove('bt-slip-locked');
      document.removeEventListener('keydown', onKey);
      fab.current?.focus({ preventScroll: true });
    };
  }, [open]);

  // ── placing ───────────────────────────────────────────────────────────────────────────
  const orders = ordersOf({ ...slip, kind }, system);
  const maxOf = (order: Order): string | null => {
    const q = order.kind === 'single' ? quotes.byKey.get(pickKey(order.picks[0] as Pick)) : quotes.whole;
    return q?.max_stake ?? null;
  };
  const minOf = (order: Order): string | null => {
    const q = order.kind === 'single' ? quotes.byKey.get(pickKey(order.picks[0] as Pick)) : quotes.whole;
    return q?.min_stake ?? null;
  };
  const stakeProblem = (order: Order): string | null => {
    if (!positive(order.stake)) return null;
    const max = maxOf(order);
    const min = minOf(order);
    if (max !== null && minor(order.stake) > minor(max))
      return t('betting.slip.overMax', { amount: formatMoney(minor(max), currency, tag) });
    if (min !== null && minor(order.stake) < minor(min))
      return t('betting.slip.underMin', { amount: formatMoney(minor(min), currency, tag) });
    return null;
  };

  const translatorRef = useRef(translator);
  translatorRef.current = translator;
  const quoteRef = useRef(quote);
  quoteRef.current = quote;

  /** A bet's answer shown: accepted (its selections leave the slip) or refused (the slip is quoted again). */
  const finish = (ticketId: string, keys: readonly string[], bet: SportBet) => {
    const refused = bet.status === 'refused';
    const waiting = bet.status === 'pending';
    setTickets((all) =>
      all.map((x) =>
        x.id === ticketId
          ? {
              ...x,
              bet,
              waitUntil: waiting ? x.waitUntil : null,
              state: waiting ? 'pending' : refused ? 'refused' : 'accepted',
              messages: refused ? [refusalText(bet.refusal, translatorRef.current)] : [],
            }
          : x,
      ),
    );
    if (refused) void quoteRef.current();
    else if (!waiting) clearPicks(keys);
  };

  /** A live bet waiting its delay, read every second until it is taken or refused. */
  const watch = async (ticketId: string, keys: readonly string[], bet: SportBet) => {
    const started = Date.now();
    let current = bet;
    while (current.status === 'pending' && Date.now() - started < PENDING_GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
      try {
        current = (await sportsApi.bet(current.id)).data;
      } catch {
        // A missed read: the next second reads again.
      }
    }
    finish(ticketId, keys, current);
  };

  const place = async () => {
    setProblem(null);
    if (session !== 'user') {
      openModal('Login');
      return;
    }
    if (orders.length === 0 || orders.some((o) => !positive(o.stake))) {
      setProblem(t('betting.slip.enterStake'));
      return;
    }
    if (orders.some((o) => o.picks.some((p) => !p.active))) {
      setProblem(t('betting.slip.inactive'));
      return;
    }
    const over = orders.map(stakeProblem).find(Boolean);
    if (over) {
      setProblem(over);
      return;
    }
    setTickets([]);
    const delay = quotes.whole?.delay_ms ?? Math.max(0, ...[...quotes.byKey.values()].map((q) => q.delay_ms));
    for (const order of orders) {
      const body = {
        kind: order.kind,
        ...(order.system ? { system: order.system } : {}),
        stake: order.stake,
        odds_policy: policy,
        legs: pricedLegsOf(order.picks),
      };
      const shape = JSON.stringify(body);
      const key = unanswered.current.get(shape) ?? randomUuid();
      unanswered.current.set(shape, key);
      const ticketId = key;
      const keys = order.picks.map(pickKey);
      setTickets((all) => [
        ...all,
        { id: ticketId, waitUntil: null, state: 'sending', bet: null, messages: [] },
      ]);
      try {
        const { data: bet } = await sportsApi.place(body, key);
        unanswered.current.delete(shape);
        if (bet.status === 'pending') {
          const waitUntil = delay > 0 ? Date.now() + delay : null;
          setTickets((all) =>
            all.map((x) => (x.id === ticketId ? { ...x, bet, state: 'pending', waitUntil } : x)),
          );
          void watch(ticketId, keys, bet);
        } else finish(ticketId, keys, bet);
      } catch (error) {
        const { report, lines } = bettingMessages(error, translator);
        // An answer came: the key is spent (a corrected order is a new bet). No answer: kept for the retry.
        if (report.status !== null) unanswered.current.delete(shape);
        setTickets((all) =>
          all.map((x) => (x.id === ticketId ? { ...x, state: 'failed', messages: lines } : x)),
        );
        if (report.status === 409 || report.status === 422) void quote();
      }
    }
  };

  // ── what the slip shows ────────────────────────────────────────────────────────────────
  const odds = picks.map((p) => p.odds);
  const stakeOf = (value: string) => minor(value);
  let totalStake = 0n;
  let payout = 0n;
  if (kind === 'single') {
    for (const p of picks) {
      const s = stakeOf(slip.stakes.single[pickKey(p)] ?? '');
      totalStake += s;
      payout += multiPayout(s, [p.odds]);
    }
  } else if (kind === 'multi') {
    totalStake = stakeOf(slip.stakes.multi);
    payout = multiPayout(totalStake, odds);
  } else if (system) {
    const unit = stakeOf(slip.stakes.system);
    totalStake = unit * BigInt(linesOf(system));
    payout = systemPayout(system, unit, odds);
  }
  const money = (value: bigint) => formatMoney(value, currency, tag);
  const maxWhole = quotes.whole?.max_stake ?? null;
  const pending = tickets.find((x) => x.state === 'pending');
  const waitLeft = pending?.waitUntil ? Math.max(0, Math.ceil((pending.waitUntil - now) / 1000)) : null;
  const headingId = useId();

  const body: ReactNode =
    n === 0 ? (
      <div className="bt-slip-empty">
        <p className="muted">{t('betting.slip.empty')}</p>
      </div>
    ) : (
      <>
        <div
          className="bt-slip-tabs"
          role="tablist"
          aria-label={t('betting.slip.kinds')}
          hidden={kinds.length < 2}
        >
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={k === kind}
              data-testid={`bt-slip-tab-${k}`}
              onClick={() => setKind(k)}
            >
              {t(`betting.slip.kind.${k}`)}
            </button>
          ))}
        </div>
        <ul className="bt-slip-legs" data-testid="bt-slip-legs">
          {picks.map((p) => (
            <SlipLeg
              key={pickKey(p)}
              pick={p}
              move={moves.get(pickKey(p))}
              stake={
                kind === 'single' ? (
                  <StakeField
                    label={t('betting.slip.stake')}
                    value={slip.stakes.single[pickKey(p)] ?? ''}
                    onChange={(v) => setStake({ single: pickKey(p) }, v)}
                    currency={currency}
                    tag={tag}
                    testId="bt-stake-single"
                    hint={
                      quotes.byKey.get(pickKey(p))
                        ? t('betting.slip.max', {
                            amount: money(minor(quotes.byKey.get(pickKey(p))?.max_stake ?? '0')),
                          })
                        : undefined
                    }
                  />
                ) : null
              }
              format={format}
              tag={tag}
            />
          ))}
        </ul>
        {kind !== 'single' && sameEvent && (
          <p className="bt-slip-warning" role="alert" data-testid="bt-same-event">
            {t('betting.slip.sameEvent')}
          </p>
        )}
        {kind === 'multi' && !sameEvent && (
          <p className="bt-slip-row">
            <span>{t('betting.slip.totalOdds')}</span>
            <b data-testid="bt-total-odds">{oddsText(totalOdds(odds), format)}</b>
          </p>
        )}
        {kind === 'system' && (
          <label className="bt-slip-system">
            <span>{t('betting.slip.system')}</span>
            <select value={system ?? ''} onChange={(e) => setSystem(e.target.value)} data-testid="bt-system">
              {systems.map((name) => (
                <option key={name} value={name}>
                  {systemName(name, t)} · {t('betting.slip.lines', { count: linesOf(name) })}
                </option>
              ))}
            </select>
          </label>
        )}
        {kind !== 'single' && (
          <StakeField
            label={t(kind === 'system' ? 'betting.slip.stakePerLine' : 'betting.slip.stake')}
            value={kind === 'multi' ? slip.stakes.multi : slip.stakes.system}
            onChange={(v) => setStake(kind === 'multi' ? 'multi' : 'system', v)}
            currency={currency}
            tag={tag}
            testId="bt-stake"
            hint={maxWhole ? t('betting.slip.max', { amount: money(minor(maxWhole)) }) : undefined}
          />
        )}
        <dl className="bt-slip-sums">
          {kind === 'system' && system && (
            <div>
              <dt>{t('betting.slip.linesLabel')}</dt>
              <dd data-testid="bt-lines">{linesOf(system)}</dd>
            </div>
          )}
          <div>
            <dt>{t('betting.slip.totalStake')}</dt>
            <dd data-testid="bt-total-stake">{money(totalStake)}</dd>
          </div>
          <div className="bt-slip-payout">
            <dt>{t(kind === 'system' ? 'betting.slip.maxPayout' : 'betting.slip.payout')}</dt>
            <dd data-testid="bt-payout">{money(payout)}</dd>
          </div>
        </dl>
        <PolicyChoice policy={policy} />
        {[...quotes.messages, ...(problem ? [problem] : [])].length > 0 && (
          <ul className="bt-slip-errors" role="alert" data-testid="bt-slip-errors">
            {[...new Set([...quotes.messages, ...(problem ? [problem] : [])])].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <div className="bt-slip-actions">
          <button
            type="button"
            className="btn btn-primary btn-lg bt-place"
            data-testid="bt-place"
            disabled={busy || (kind !== 'single' && sameEvent)}
            onClick={() => void place()}
          >
            {session === 'user'
              ? t('betting.slip.place', { amount: money(totalStake) })
              : t('betting.slip.loginToBet')}
          </button>
          <button type="button" className="bt-slip-clear" onClick={() => clearPicks()} disabled={busy}>
            {t('betting.slip.clear')}
          </button>
        </div>
      </>
    );

  return (
    <>
      <button
        ref={fab}
        type="button"
        className="bt-slip-fab"
        data-testid="bt-slip-fab"
        data-bump={bump % 2}
        hidden={n === 0 && tickets.length === 0}
        aria-expanded={open}
        aria-controls="bt-slip"
        onClick={() => $slipOpen.set(!open)}
      >
        <span>{t('betting.slip.title')}</span>
        <span className="bt-count" data-testid="bt-slip-count">
          {n}
        </span>
      </button>
      {open && (
        <button
          type="button"
          className="bt-slip-backdrop"
          aria-label={t('betting.slip.close')}
          tabIndex={-1}
          onClick={() => $slipOpen.set(false)}
        />
      )}
      <section
        id="bt-slip"
        ref={drawer}
        className="bt-slip card"
        data-open={open}
        data-testid="bt-slip"
        aria-labelledby={headingId}
        tabIndex={-1}
      >
        <header className="bt-slip-head">
          <h2 id={headingId}>
            {t('betting.slip.title')}
            {n > 0 && <span className="bt-count">{n}</span>}
          </h2>
          <button
            type="button"
            className="bt-slip-close"
            onClick={() => $slipOpen.set(false)}
            aria-label={t('betting.slip.close')}
          >
            ×
          </button>
        </header>
        {body}
        {tickets.length > 0 && (
          <ul ref={ticketList} className="bt-tickets" aria-live="polite" data-testid="bt-tickets">
            {tickets.map((x) => (
              <li key={x.id} className="bt-ticket" data-state={x.state} data-testid="bt-ticket">
                {x.state === 'sending' && <span className="bt-spinner" aria-hidden="true" />}
                {x.state === 'pending' && (
                  <span className="bt-countdown" aria-hidden="true">
                    <span className="bt-spinner" />
                    {waitLeft !== null && <b>{waitLeft}</b>}
                  </span>
                )}
                <div>
                  <p className="bt-ticket-title">{t(`betting.ticket.${x.state}`)}</p>
                  {x.state === 'pending' && <p className="muted">{t('betting.ticket.pendingText')}</p>}
                  {x.bet && x.state === 'accepted' && (
                    <p className="muted">
                      {t('betting.ticket.acceptedText', {
                        stake: money(minor(x.bet.stake)),
                        payout: money(minor(x.bet.potential)),
                      })}
                    </p>
                  )}
                  {x.messages.map((line) => (
                    <p key={line} className="bt-ticket-error">
                      {line}
                    </p>
                  ))}
                  {x.state === 'accepted' && (
                    <a href={localHref('/betting/my-bets', locale)} data-testid="bt-to-my-bets">
                      {t('betting.ticket.toMyBets')}
                    </a>
                  )}
                </div>
                {!['sending', 'pending'].includes(x.state) && (
                  <button
                    type="button"
                    className="bt-ticket-close"
                    aria-label={t('betting.slip.dismiss')}
                    onClick={() => setTickets((all) => all.filter((y) => y.id !== x.id))}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The prices of quoted slips' legs, by price key. */
function quotedPrices(quotes: readonly SlipQuote[]): Map<string, { odds: number | null; active: boolean }> {
  const prices = new Map<string, { odds: number | null; active: boolean }>();
  for (const q of quotes)
    for (const leg of q.legs)
      prices.set(`${leg.event_id}|${leg.market_id}|${leg.specifiers}|${leg.outcome_id}`, {
        odds: leg.odds,
        active: leg.active && leg.odds !== null,
      });
  return prices;
}

function SlipLeg({
  pick,
  move,
  stake,
  format,
  tag,
}: {
  pick: Pick;
  move: 'up' | 'down' | undefined;
  stake: ReactNode;
  format: ReturnType<typeof $oddsFormat.get>;
  tag: string;
}) {
  const { t } = useBettingT();
  const teams = { home: pick.home, away: pick.away };
  const name = outcomeName(pick.market_id, pick.specifiers, pick.outcome_id, teams, t, tag);
  return (
    <li className="bt-slip-leg" data-active={pick.active} data-testid="bt-slip-leg" data-move={move}>
      <div className="bt-slip-leg-main">
        <p className="bt-slip-pick">
          <span>{name}</span>
          <b className="bt-slip-odds" data-testid="bt-slip-odds">
            {pick.active ? oddsText(pick.odds, format) : t('betting.suspended')}
            {move && (
              <span className="bt-move">
                <span aria-hidden="true">{move === 'up' ? '▲' : '▼'}</span>
                <span className="visually-hidden">
                  {t(move === 'up' ? 'betting.movedUp' : 'betting.movedDown')}
                </span>
              </span>
            )}
          </b>
        </p>
        <p className="muted bt-slip-market">{marketTitle(pick.market_id, pick.specifiers, t, tag)}</p>
        <p className="muted bt-slip-event">
          {pick.live && (
            <span className="bt-live-dot" title={t('betting.live')}>
              <span className="visually-hidden">{t('betting.live')}</span>
            </span>
          )}
          <span className="one-line">
            {pick.home} – {pick.away}
          </span>
        </p>
      </div>
      <button
        type="button"
        className="bt-slip-remove"
        aria-label={t('betting.slip.remove', { name })}
        onClick={() => removePick(pickKey(pick))}
      >
        ×
      </button>
      {stake && <div className="bt-slip-leg-stake">{stake}</div>}
    </li>
  );
}

/**
 * A stake in the page's locale ("1 000,50" in Russian), kept canonical in the slip ("1000.50"):
 * the text the player types stays as typed; what it reads as goes to the slip.
 */
function StakeField({
  label,
  value,
  onChange,
  currency,
  tag,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (canonical: string) => void;
  currency: string;
  tag: string;
  hint?: string | undefined;
  testId: string;
}) {
  const [text, setText] = useState(() => (value ? formatAmountInput(value, tag) : ''));
  const { t } = useBettingT();
  const parsed = text.trim() ? parseAmount(text, tag) : '';
  // The slip emptied the stake elsewhere (a placed bet, another tab): so does the field.
  const cleared = !value;
  useEffect(() => {
    if (cleared) setText((typed) => (typed && parseAmount(typed, tag) ? '' : typed));
  }, [cleared, tag]);
  return (
    <div className="bt-stake" data-testid={testId}>
      <AmountField
        label={label}
        value={text}
        onChange={(next) => {
          setText(next);
          onChange(next.trim() ? (parseAmount(next, tag) ?? '') : '');
        }}
        currency={currency}
        error={parsed === null ? t('betting.slip.badAmount') : null}
        hint={hint}
      />
    </div>
  );
}

function PolicyChoice({ policy }: { policy: OddsPolicy }) {
  const { t } = useBettingT();
  const name = useId();
  return (
    <fieldset className="bt-policy">
      <legend>{t('betting.policy.title')}</legend>
      {(['any', 'higher', 'none'] as const satisfies readonly (typeof ODDS_POLICIES)[number][]).map((p) => (
        <label key={p}>
          <input
            type="radio"
            name={name}
            value={p}
            checked={policy === p}
            onChange={() => $oddsPolicy.set(p)}
          />
          <span>{t(`betting.policy.${p}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
