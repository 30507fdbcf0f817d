import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ratio } from '../../../games/ratio.ts';
import { displayCurrency } from '../../../shared/currencies.ts';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/locales.ts';
import { formatMoney } from '../../../shared/money.ts';

import { openModal } from '../../../stores/modals.ts';

import { $sessionStatus, $user } from '../../../stores/user.ts';

import { useTranslator } from '../../ui/useApi.ts';

import { type AmountAction, withWinningMinimum } from './amount.ts';

import { parseDraft } from './autobet-draft.ts';

import { minorOrNull } from './bet-result.ts';

import { keepInView, usePinnedBar, usePinnedTop } from './in-view.ts';

import { useBetLimits } from './limits.ts';

import { gameTranslator } from './messages.ts';

import { usePrefersReducedMotion } from './motion.ts';

import { $hotkeys, $sound, turboFlag } from './prefs.ts';

import type { Bet, GameKey } from './types.ts';
import { useAmountField } from './use-amount-field.ts';

import { useAutoBet } from './use-auto-bet.ts';

import { useBetHistory } from './use-bet-history.ts';

import { useBusyWhile } from './use-busy.ts';

import { useGameHotkeys } from './use-game-hotkeys.ts';

import { useLanguageTag } from './use-language-tag.ts';

import { usePlaceBet } from './use-place-bet.ts';

/** What a game's own buttons (`actions`, e.g. coinflip) can do through the kit. */
export interface ShellActions {
  /** The amount field as a decimal string, or null while it holds no valid amount. */
  amount: string | null;
  busy: boolean;
  /** Places a bet with `play(amount)` exactly like the bet button (login, checks, errors). */
  placeBet: () => Promise<Bet | null>;
  /** Adds a bet settled outside `play` (a cashed-out series) to the chips and "my bets". */
  record: (bet: Bet) => void;
  /** Manual bets or auto-bet: a game's own buttons may give way to the kit's in auto mode (return null). */
  mode: BetMode;
}

export interface GameShellProps {
  game: GameKey;
  /** What a win pays for the current inputs (drives "profit on win"); null hides it. */
  winMultiplier: number | string | Ratio | null;
  /**
   * The smallest win of the current inputs (a multiplier above 1×), when the game knows it: the
   * panel's minimum rises to the smallest stake at which that win pays more than the stake
   * (docs/fairness.md §8), as the server refuses smaller ones.
   */
  minWin?: Ratio | null;
  /** Places one bet and resolves with it once the board has shown the outcome; rejects with the API error. */
  play: (amount: string) => Promise<Bet>;
  /** The game's inputs, shown in the panel under the amount. */
  controls?: ReactNode;
  /** False disables the bet button and auto-bet. */
  canPlay?: boolean;
  /** Cases: the stake is the case's price (decimal string); hides ½ 2× min max. */
  fixedAmount?: string | undefined;
  /** What a fixed amount is called in the panel (cases: "Price"); "Bet amount" by default. */
  fixedLabel?: string;
  /**
   * The stake of the player's open round (miner, hi-lo, coinflip), decimal: the amount field shows
   * it while the round runs (also after a reload), and no "profit on win" for another stake.
   */
  roundStake?: string | null | undefined;
  /**
   * A round is open (coinflip, miner, hi-lo): the stake cannot change, and on a phone the actions
   * stick to the bottom of the screen.
   */
  amountLocked?: boolean;
  /** Coinflip: false (a series is interactive). */
  autoBet?: boolean;
  /** The manual bet button's label (cases: "Open for 50 ₽"); "Bet" by default. */
  betLabel?: string;
  /** Replaces the bet button (coinflip); a function receives what the kit offers. */
  actions?: ReactNode | ((kit: ShellActions) => ReactNode);
  /** Follows the amount field (decimal string, null while invalid), e.g. for a payout input. */
  onAmountChange?: (amount: string | null) => void;
  /**
   * `play` may run for several bets at once: an instant auto-bet series then sends a bet before the
   * previous one's answer when its stake cannot depend on it (docs/game-kit.md "Instant auto-bet").
   */
  pipelined?: boolean;
  /** Called with every bet the kit saw settle. */
  onSettled?: (bet: Bet) => void;
  /** Follows the manual / auto switch and whether auto-bet runs (miner picks its pattern on the board). */
  onModeChange?: (state: { mode: BetMode; running: boolean }) => void;
  /** The board. */
  children: ReactNode;
}

export type BetMode = 'manual' | 'auto';

/**
 * True when nobody is logged in: a guest is asked to log in, and while a held token is still
 * being checked nothing happens (the player may well be logged in).
 */
function loginFirst(): boolean {
  if ($user.get()) return false;
  if ($sessionStatus.get() === 'guest') openModal('Login');
  return true;
}

/**
 * The game frame's state and actions in one place (docs/game-kit.md); GameShell.tsx only renders
 * them. The amount field, the bet in flight, auto-bet, the player's bet history and the hotkeys
 * each live in their own hook; this joins them: who may bet, what the bet button does, the
 * actions offered to a game's own buttons.
 */
export function useGameShell(props: GameShellProps) {
  const { game, canPlay = true, fixedAmount } = props;
  const { t, i18n } = useTranslation();
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const hotkeys = useStore($hotkeys);
  const sound = useStore($sound);
  const tag = useLanguageTag();
  // A guest sees the amounts in the currency the page locale suggests (the player's own once logged in).
  const currency = displayCurrency(user, isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
  const band = useBetLimits(game, currency);
  const limits = useMemo(() => withWinningMinimum(band, props.minWin ?? null), [band, props.minWin]);
  const [mode, setMode] = useState<BetMode>('manual');
  const turboStore = turboFlag(user?.id ?? null);
  const turboChosen = useStore(turboStore);
  const reducedMotion = usePrefersReducedMotion();
  // The board and the bet button (or the game's own buttons), kept on screen as a bet starts.
  const boardRef = useRef<HTMLElement>(null);
  const actionRef = useRef<HTMLDivElement>(null);
  usePinnedTop(boardRef);

  const latest = useRef(props);
  latest.current = props;
  const show = useCallback((minor: bigint) => formatMoney(minor, currency, tag), [currency, tag]);
  const baseTranslator = useTranslator();
  const translator = useMemo(
    () => gameTranslator(baseTranslator, { money: show, limits }),
    [baseTranslator, show, limits],
  );
  // What a bet can spend: the real balance, then the bonus balance (docs/bonuses.md).
  const balance = minorOrNull(user?.total_balance);

  const onSettled = useCallback((bet: Bet) => latest.current.onSettled?.(bet), []);
  const history = useBetHistory({ game, userId: user?.id ?? null, status, show, tag, onSettled });
  const roundStake = props.roundStake ?? undefined;
  const amount = useAmountField({
    limits,
    fixedAmount: fixedAmount ?? roundStake,
    winMultiplier: roundStake ? null : props.winMultiplier,
    balance,
    tag,
    show,
    onChange: (decimal) => latest.current.onAmountChange?.(decimal),
    memory: fixedAmount ? null : { game, currency },
  });
  const play = useCallback((stake: string) => latest.current.play(stake), []);
  const { busy, isBusy, placeOne } = usePlaceBet({ play, record: history.record, translator });
  const auto = useAutoBet({
    placeOne,
    canPlay: () => latest.current.canPlay !== false,
    showStake: amount.set,
    pipelined: props.pipelined === true,
  });

  const autoRunning = auto.running;
  useBusyWhile(busy || autoRunning);
  useEffect(() => latest.current.onModeChange?.({ mode, running: autoRunning }), [mode, autoRunning]);

  // A round open in manual play (the amount is locked) or auto-bet running: the actions stick to the
  // bottom of a phone's screen (action-bar.css), and the board is brought into view above them.
  const pinned = (props.amountLocked === true && mode === 'manual') || autoRunning;
  usePinnedBar(actionRef, pinned);
  useEffect(() => {
    if (pinned) keepInView(boardRef.current, actionRef.current);
  }, [pinned]);

  const ready = user !== null && canPlay && amount.problem === null && amount.decimal !== null;
  // Nothing to bet with: the bet button says so and opens PayIn (docs/game-kit.md "Bet button").
  const depositFirst = user !== null && balance === 0n;
  const { running } = auto;
  const stake = amount.decimal;
  const reveal = amount.reveal;

  const manualBet = useCallback(async (): Promise<Bet | null> => {
    if (loginFirst()) return null;
    if (isBusy() || running) return null;
    if (depositFirst) {
      openModal('PayIn');
      return null;
    }
    if (!ready || !stake) {
      reveal();
      return null;
    }
    keepInView(boardRef.current, actionRef.current);
    return placeOne(stake);
  }, [running, ready, stake, placeOne, isBusy, reveal, depositFirst]);

  // Reduced motion already skips every animation: instant play is implied.
  const turbo = turboChosen || reducedMotion;

  const startAuto = () => {
    if (loginFirst()) return;
    if (depositFirst) return openModal('PayIn');
    if (isBusy() || !ready || amount.minor === null || !limits) return amount.reveal();
    const parsed = parseDraft(auto.draft, (key, o) => t(key, o ?? {}), tag);
    auto.setErrors(parsed.errors);
    if (!parsed.config) return;
    keepInView(boardRef.current, actionRef.current);
    void auto.run(amount.minor, parsed.config, limits, Boolean(fixedAmount), turbo);
  };

  const changeAmount = (action: AmountAction) => {
    if (running || props.amountLocked) return;
    amount.apply(action, minorOrNull(user?.total_balance));
  };

  // Space places a manual bet; an auto-bet series is started and stopped with its button.
  useGameHotkeys(hotkeys, {
    bet: () => {
      if (mode === 'manual') void manualBet();
    },
    amount: changeAmount,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'manual') void manualBet();
    else if (running) auto.stop();
    else startAuto();
  };

  const kit: ShellActions = useMemo(
    () => ({ amount: stake, busy, placeBet: manualBet, record: history.record, mode }),
    [stake, busy, manualBet, history.record, mode],
  );

  return {
    game,
    user,
    currency,
    hotkeys,
    sound,
    /** Instant auto-bet: the player's choice, or implied by reduced motion (`turboForced`). */
    turbo,
    turboForced: reducedMotion,
    setTurbo: (on: boolean) => turboStore.set(on),
    boardRef,
    actionRef,
    /** The actions are the action bar of a running round (`data-pinned`). */
    pinned,
    tag,
    /** Minor units as money in the player's currency and locale. */
    show,
    mode,
    setMode,
    amount,
    auto,
    history,
    busy,
    /** The bet button looks disabled (a guest's still opens the login). */
    betBlocked: mode === 'auto' && running ? false : user !== null && !depositFirst && (!ready || busy),
    /** A player with a zero balance: the bet button reads "Deposit to play" and opens PayIn. */
    depositFirst,
    changeAmount,
    submit,
    kit,
  };
}

export type GameShellController = ReturnType<typeof useGameShell>;
