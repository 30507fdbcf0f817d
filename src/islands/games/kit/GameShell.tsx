import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../client/errors.ts';
import { notifyCode, notifyError } from '../../../client/notices.ts';
import type { Ratio } from '../../../games/ratio.ts';
import { DEFAULT_CURRENCY } from '../../../shared/currencies.ts';
import { LANGUAGE_TAG, type Locale } from '../../../shared/locales.ts';
import { formatMoney, fromMinor, toMinor } from '../../../shared/money.ts';
import { $modals, openModal } from '../../../stores/modals.ts';
import { dismissNotice } from '../../../stores/notices.ts';
import { $sessionStatus, $user } from '../../../stores/user.ts';
import { useTranslator } from '../../ui/useApi.ts';
import { type AutoBetDraft, AutoBetForm, type DraftErrors, EMPTY_DRAFT } from './AutoBetForm.tsx';
import {
  type AmountAction,
  amountProblem,
  applyAmountAction,
  parseAmountInput,
  profitOnWin,
  toRatio,
} from './amount.ts';
import { gameApi, holdingBalance } from './api.ts';
import { type AutoBetConfig, afterAutoBet, type OnResult, parsePercent, startAutoBet } from './autobet.ts';
import { AmountInput } from './BetPanel.tsx';
import { BetTabs } from './BetTabs.tsx';
import { FairnessButton } from './FairnessButton.tsx';
import { formatMultiplier } from './format.ts';
import { hotkeyAction } from './hotkeys.ts';
import { useBetLimits } from './limits.ts';
import { prefersReducedMotion } from './motion.ts';
import { $hotkeys, $sound } from './prefs.ts';
import { type ResultChip, ResultChips } from './ResultChips.tsx';
import { playSound } from './sound.ts';
import type { Bet, GameKey } from './types.ts';
import './kit.css';

const CHIPS = 20;

/** What a game's own buttons (`actions`, e.g. coinflip) can do through the kit. */
export interface ShellActions {
  /** The amount field as a decimal string, or null while it holds no valid amount. */
  amount: string | null;
  busy: boolean;
  /** Places a bet with `play(amount)` exactly like the bet button (login, checks, errors). */
  placeBet: () => Promise<Bet | null>;
  /** Adds a bet settled outside `play` (a cashed-out series) to the chips and "my bets". */
  record: (bet: Bet) => void;
}

export interface GameShellProps {
  game: GameKey;
  /** What a win pays for the current inputs (drives "profit on win"); null hides it. */
  winMultiplier: number | string | Ratio | null;
  /** Places one bet and resolves with it once the board has shown the outcome; rejects with the API error. */
  play: (amount: string) => Promise<Bet>;
  /** The game's inputs, shown in the panel under the amount. */
  controls?: ReactNode;
  /** False disables the bet button and auto-bet. */
  canPlay?: boolean;
  /** Cases: the stake is the case's price (decimal string); hides ½ 2× min max. */
  fixedAmount?: string | undefined;
  /** The stake cannot change now (an open coinflip series plays on at its stake). */
  amountLocked?: boolean;
  /** Coinflip: false (a series is interactive). */
  autoBet?: boolean;
  /** The manual bet button's label (cases: "Open for 50 ₽"); "Bet" by default. */
  betLabel?: string;
  /** Replaces the bet button (coinflip); a function receives what the kit offers. */
  actions?: ReactNode | ((kit: ShellActions) => ReactNode);
  /** Follows the amount field (decimal string, null while invalid), e.g. for a payout input. */
  onAmountChange?: (amount: string | null) => void;
  /** Called with every bet the kit saw settle. */
  onSettled?: (bet: Bet) => void;
  /** The board. */
  children: ReactNode;
}

const RESET: OnResult = { mode: 'reset', percentBp: 0 };

const minorOrNull = (decimal: string | undefined | null): bigint | null => {
  try {
    return decimal ? toMinor(decimal) : null;
  } catch {
    return null;
  }
};

const isWin = (bet: Pick<Bet, 'amount' | 'payout'>) =>
  (minorOrNull(bet.payout) ?? 0n) > (minorOrNull(bet.amount) ?? 0n);

/**
 * The frame every original shares (docs/game-kit.md): the board, the bet panel (amount, profit on
 * win, bet button, auto-bet, hotkeys, sound, fairness), the result chips and the bet tabs.
 */
export function GameShell(props: GameShellProps) {
  const { game, canPlay = true, autoBet = true, fixedAmount } = props;
  const { t, i18n } = useTranslation();
  const translator = useTranslator();
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const hotkeys = useStore($hotkeys);
  const sound = useStore($sound);
  const tag = LANGUAGE_TAG[i18n.language as Locale] ?? 'en-US';
  const currency = user?.currency ?? DEFAULT_CURRENCY;
  const limits = useBetLimits(game, currency);

  const [amountText, setAmountText] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [draft, setDraft] = useState<AutoBetDraft>(EMPTY_DRAFT);
  const [draftErrors, setDraftErrors] = useState<DraftErrors>({});
  const [running, setRunning] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const [chips, setChips] = useState<ResultChip[]>([]);
  const [myBets, setMyBets] = useState<Bet[] | null>(null);
  const [announce, setAnnounce] = useState('');

  const busyRef = useRef(false);
  const stopRef = useRef(false);
  const notices = useRef<number[]>([]);
  const latest = useRef(props);
  latest.current = props;

  // The first amount is the game's minimum bet in the player's currency.
  useEffect(() => {
    if (limits && !fixedAmount) setAmountText((text) => (text === '' ? fromMinor(limits.min) : text));
  }, [limits, fixedAmount]);

  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) {
      setMyBets(status === 'guest' ? [] : null);
      setChips([]);
      return;
    }
    let live = true;
    gameApi
      .get<Bet[]>(`/games/bets?game=${game}&per_page=${CHIPS}`)
      .then((bets) => {
        if (!live) return;
        setMyBets(bets);
        setChips(
          bets
            .filter((b) => b.status === 'settled')
            .map((b) => ({ id: b.id, multiplier: b.multiplier, win: isWin(b) })),
        );
      })
      .catch(() => {
        if (live) setMyBets([]);
      });
    return () => {
      live = false;
    };
    // Reload for another player or game, not for every balance change of the same player.
  }, [userId, game, status]);

  const amountMinor = fixedAmount ? minorOrNull(fixedAmount) : parseAmountInput(amountText);
  const amountDecimal = amountMinor !== null && amountMinor > 0n ? fromMinor(amountMinor) : null;
  useEffect(() => {
    latest.current.onAmountChange?.(amountDecimal);
  }, [amountDecimal]);
  const problem = fixedAmount ? null : amountProblem(amountMinor, limits);
  const show = useCallback(
    (minor: bigint) => {
      try {
        return formatMoney(minor, currency, tag);
      } catch {
        return `${fromMinor(minor)} ${currency}`;
      }
    },
    [currency, tag],
  );
  const problemText =
    problem && (showProblem || amountText !== '')
      ? problem.code === 'invalid_amount'
        ? t('error.invalid_amount')
        : t(`gameKit.error.${problem.code}`, { detail: show(problem.limit) })
      : null;
  const ratio = props.winMultiplier === null ? null : toRatio(props.winMultiplier);
  const profit = ratio && amountMinor !== null ? show(profitOnWin(amountMinor, ratio)) : null;

  const record = useCallback(
    (bet: Bet) => {
      if (bet.status !== 'settled') return;
      const won = isWin(bet);
      setChips((list) => [{ id: bet.id, multiplier: bet.multiplier, win: won }, ...list].slice(0, CHIPS));
      setMyBets((list) => [bet, ...(list ?? []).filter((b) => b.id !== bet.id)].slice(0, CHIPS));
      setAnnounce(
        won
          ? t('gameKit.announceWin', {
              multiplier: formatMultiplier(bet.multiplier),
              amount: show(minorOrNull(bet.payout) ?? 0n),
            })
          : t('gameKit.announceLoss'),
      );
      playSound(won ? 'win' : 'lose');
      latest.current.onSettled?.(bet);
    },
    [t, show],
  );

  const reportError = useCallback(
    (error: unknown) => {
      const report = describeApiError(error);
      if (report.sessionLost) {
        notices.current.push(notifyCode('session_expired', translator));
        openModal('Login');
        return;
      }
      const id = notifyError(report, translator);
      if (id !== null) notices.current.push(id);
    },
    [translator],
  );

  /** One bet through `play`; null when it failed (the notice is shown). */
  const placeOne = useCallback(
    async (amount: string): Promise<Bet | null> => {
      busyRef.current = true;
      setBusy(true);
      for (const id of notices.current.splice(0)) dismissNotice(id);
      playSound('bet');
      try {
        const bet = await holdingBalance(() => latest.current.play(amount));
        record(bet);
        return bet;
      } catch (error) {
        reportError(error);
        return null;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [record, reportError],
  );

  const ready = user !== null && canPlay && problem === null && amountDecimal !== null;

  const manualBet = useCallback(async (): Promise<Bet | null> => {
    if (!$user.get()) {
      // While a held token is still being checked, the player may well be logged in.
      if ($sessionStatus.get() === 'guest') openModal('Login');
      return null;
    }
    if (busyRef.current || running) return null;
    if (!ready || !amountDecimal) {
      setShowProblem(true);
      return null;
    }
    return placeOne(amountDecimal);
  }, [running, ready, amountDecimal, placeOne]);

  const runAuto = async () => {
    if (!$user.get()) return $sessionStatus.get() === 'guest' ? openModal('Login') : undefined;
    if (busyRef.current || !ready || amountMinor === null || !limits) return setShowProblem(true);
    const parsed = parseDraft(draft, (key) => t(key));
    setDraftErrors(parsed.errors);
    if (!parsed.config) return;
    // A fixed stake (a case's price) never grows.
    const config = fixedAmount ? { ...parsed.config, onWin: RESET, onLoss: RESET } : parsed.config;
    stopRef.current = false;
    setRunning(true);
    let state = startAutoBet(amountMinor);
    try {
      while (!stopRef.current) {
        setLeft(config.count > 0 ? config.count - state.played : null);
        if (latest.current.canPlay === false) break;
        const bet = await placeOne(fromMinor(state.next));
        if (!bet) break;
        const step = afterAutoBet(
          config,
          state,
          { amount: minorOrNull(bet.amount) ?? state.next, payout: minorOrNull(bet.payout) ?? 0n },
          limits,
        );
        state = step.state;
        setAmountText(fromMinor(state.next));
        if (step.stop) break;
        // A beat between bets, so each result can be seen (shorter under reduced motion).
        await new Promise((resolve) => setTimeout(resolve, prefersReducedMotion() ? 80 : 350));
      }
    } finally {
      setRunning(false);
      setLeft(null);
    }
  };

  useEffect(
    () => () => {
      stopRef.current = true;
    },
    [],
  );

  const amountAction = (action: AmountAction) => {
    if (fixedAmount || running || props.amountLocked || !limits) return;
    const next = applyAmountAction(action, amountMinor ?? 0n, limits, minorOrNull(user?.balance));
    setAmountText(fromMinor(next));
    setShowProblem(action === 'zero');
  };

  const handlers = useRef({ manualBet, amountAction, mode });
  handlers.current = { manualBet, amountAction, mode };

  useEffect(() => {
    if (!hotkeys) return;
    const onKey = (event: KeyboardEvent) => {
      // Never behind a dialog (site modals, the fairness modal).
      if ($modals.get().length > 0 || event.defaultPrevented || document.querySelector('[aria-modal="true"]'))
        return;
      const action = hotkeyAction({
        key: event.key,
        code: event.code,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        target: event.target instanceof HTMLElement ? event.target : null,
      });
      if (!action) return;
      event.preventDefault();
      // Space places a manual bet; an auto-bet series is started and stopped with its button.
      if (action === 'bet') {
        if (handlers.current.mode === 'manual') void handlers.current.manualBet();
      } else handlers.current.amountAction(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkeys]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'manual') void manualBet();
    else if (running) stopRef.current = true;
    else void runAuto();
  };

  const kit: ShellActions = useMemo(
    () => ({ amount: amountDecimal, busy, placeBet: manualBet, record }),
    [amountDecimal, busy, manualBet, record],
  );
  const actions = typeof props.actions === 'function' ? props.actions(kit) : props.actions;
  const betBlocked = mode === 'auto' && running ? false : user !== null && (!ready || busy);
  const gameName = i18n.exists(`games.${game}.name`) ? t(`games.${game}.name`) : game;

  return (
    <div className="gk" data-game={game} data-testid="game-shell">
      <div className="gk-main">
        <section className="gk-board card" aria-label={gameName}>
          <ResultChips chips={chips} />
          <div className="gk-stage">{props.children}</div>
        </section>
        <form className="gk-panel card" aria-label={t('gameKit.panel')} noValidate onSubmit={submit}>
          {autoBet && (
            <fieldset className="gk-seg gk-modes">
              <legend className="gk-sr">{t('gameKit.mode')}</legend>
              {(['manual', 'auto'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={mode === value}
                  disabled={running}
                  onClick={() => setMode(value)}
                  data-testid={`mode-${value}`}
                >
                  {t(value === 'manual' ? 'gameKit.manual' : 'gameKit.auto')}
                </button>
              ))}
            </fieldset>
          )}
          <AmountInput
            value={fixedAmount ?? amountText}
            onChange={(text) => {
              setAmountText(text);
              setShowProblem(false);
            }}
            onBlur={() => {
              if (amountMinor !== null && !fixedAmount) setAmountText(fromMinor(amountMinor));
            }}
            onAction={amountAction}
            currency={currency}
            profit={profit}
            error={user ? problemText : null}
            fixed={Boolean(fixedAmount)}
            disabled={running || Boolean(props.amountLocked)}
          />
          {props.controls && <div className="gk-controls">{props.controls}</div>}
          {autoBet && mode === 'auto' && (
            <AutoBetForm
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                setDraftErrors({});
              }}
              errors={draftErrors}
              disabled={running}
              currency={currency}
              left={left}
              fixedStake={Boolean(fixedAmount)}
            />
          )}
          {actions ?? (
            <button
              type="submit"
              className="btn btn-primary btn-lg gk-bet"
              aria-disabled={betBlocked || undefined}
              aria-busy={busy}
              data-running={String(running)}
              data-testid="bet-button"
            >
              {busy && mode === 'manual' && <span className="spinner" aria-hidden="true" />}
              {mode === 'manual'
                ? (props.betLabel ?? t('gameKit.bet'))
                : running
                  ? t('gameKit.stopAuto')
                  : t('gameKit.startAuto')}
            </button>
          )}
          <div className="gk-tools">
            <button
              type="button"
              className="gk-tool"
              aria-pressed={hotkeys}
              onClick={() => $hotkeys.set(!hotkeys)}
              data-testid="hotkeys-toggle"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Zm0 2v8h16V8H4Zm2 1h2v2H6V9Zm3 0h2v2H9V9Zm3 0h2v2h-2V9Zm3 0h3v2h-3V9ZM6 12h2v2H6v-2Zm3 0h6v2H9v-2Zm7 0h2v2h-2v-2Z"
                />
              </svg>
              <span>{t('gameKit.hotkeys')}</span>
            </button>
            <button
              type="button"
              className="gk-tool"
              aria-pressed={sound}
              onClick={() => $sound.set(!sound)}
              data-testid="sound-toggle"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4V9Z" />
                {sound ? (
                  <path
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    d="M16 9a4 4 0 0 1 0 6m2.5-8.5a7.5 7.5 0 0 1 0 11"
                  />
                ) : (
                  <path
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    d="m16 9 5 6m0-6-5 6"
                  />
                )}
              </svg>
              <span>{t('gameKit.sound')}</span>
            </button>
            <FairnessButton />
          </div>
          {hotkeys && (
            <p className="gk-hint" data-testid="hotkeys-hint">
              {t('gameKit.hotkeysHint')}
            </p>
          )}
          <p className="gk-sr" aria-live="polite" data-testid="bet-announce">
            {announce}
          </p>
        </form>
      </div>
      <BetTabs myBets={myBets} loggedIn={user !== null} />
    </div>
  );
}

type T = (key: string) => string;

/** The auto-bet form → its configuration, or the messages of what is wrong. */
function parseDraft(draft: AutoBetDraft, t: T): { config: AutoBetConfig | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const count = draft.count.trim() === '' ? 0 : Number(draft.count);
  if (!Number.isInteger(count) || count < 0) errors.count = t('gameKit.invalidCount');
  const percent = (mode: 'reset' | 'increase', text: string, field: 'onWinPercent' | 'onLossPercent') => {
    if (mode === 'reset') return 0;
    const bp = parsePercent(text);
    if (bp === null) errors[field] = t('gameKit.invalidPercent');
    return bp ?? 0;
  };
  const onWin = percent(draft.onWin, draft.onWinPercent, 'onWinPercent');
  const onLoss = percent(draft.onLoss, draft.onLossPercent, 'onLossPercent');
  const limit = (text: string, field: 'stopProfit' | 'stopLoss') => {
    if (text.trim() === '') return null;
    const minor = parseAmountInput(text);
    if (minor === null) errors[field] = t('error.invalid_amount');
    return minor;
  };
  const stopProfit = limit(draft.stopProfit, 'stopProfit');
  const stopLoss = limit(draft.stopLoss, 'stopLoss');
  if (Object.keys(errors).length > 0) return { config: null, errors };
  return {
    config: {
      count,
      onWin: { mode: draft.onWin, percentBp: onWin },
      onLoss: { mode: draft.onLoss, percentBp: onLoss },
      stopProfit,
      stopLoss,
    },
    errors,
  };
}
