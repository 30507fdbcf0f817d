import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ratio } from '../../../games/ratio.ts';
import { fromMinor } from '../../../shared/money.ts';
import {
  type AmountAction,
  amountProblem,
  applyAmountAction,
  type BetLimits,
  profitOnWin,
  readAmountInput,
  toRatio,
} from './amount.ts';
import { minorOrNull } from './bet-result.ts';
import { amountInputText } from './format.ts';
import { amountProblemText } from './messages.ts';
import { rememberAmount, rememberedAmount } from './prefs.ts';

/**
 * The bet amount field: the text as typed (in the player's locale), the amount it holds, what is
 * wrong with it and the profit a win would bring. It starts at the game's minimum bet; a fixed
 * amount (a case's price) replaces it.
 */
export function useAmountField(options: {
  limits: BetLimits | null;
  fixedAmount: string | undefined;
  winMultiplier: number | string | Ratio | null;
  /** The player's balance (minor units), null when unknown: an amount above it cannot be bet. */
  balance: bigint | null;
  /** The language tag the field reads and writes numbers in. */
  tag: string;
  /** Formats minor units in the player's currency. */
  show: (minor: bigint) => string;
  /** Follows the amount (decimal string, null while invalid). */
  onChange: (amount: string | null) => void;
  /**
   * The game and currency whose last chosen amount the field starts with (within the limits) and
   * keeps (prefs.ts); null: it starts at the minimum and keeps nothing.
   */
  memory?: { game: string; currency: string } | null;
}) {
  const { limits, fixedAmount, show, tag } = options;
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  // Whether the player has typed or pressed a button since the page loaded.
  const [touched, setTouched] = useState(false);
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  // Whether the player is in the field: the minimum is not written under their caret (it would
  // join the digits they type: "1.00" + "10" = "1.0010"). Read when the update applies.
  const focused = useRef(false);

  // The first amount is the game's minimum bet in the player's currency; until the player types or
  // presses a button it follows that minimum (the limits of a guest's currency may come first, then
  // the player's own; a game's minimum may rise with its inputs).
  const memory = options.memory ?? null;
  const game = memory?.game ?? null;
  const currency = memory?.currency ?? null;
  useEffect(() => {
    if (!limits || fixedAmount || touched) return;
    const kept = game && currency ? rememberedAmount(game, currency) : null;
    const start = kept !== null && kept >= limits.min && kept <= limits.max ? kept : limits.min;
    setText((current) => (focused.current ? current : amountInputText(start, tag)));
  }, [limits, fixedAmount, tag, touched, game, currency]);

  const reading = fixedAmount ? { minor: minorOrNull(fixedAmount) ?? 0n } : readAmountInput(text, tag);
  const minor = reading.minor;
  const decimal = minor !== null && minor > 0n ? fromMinor(minor) : null;
  useEffect(() => {
    onChange.current(decimal);
  }, [decimal]);
  // The amount the player chose is the game's next time (not a fixed one, nor the untouched minimum).
  useEffect(() => {
    if (touched && !fixedAmount && minor !== null && minor > 0n && game && currency)
      rememberAmount(game, currency, minor);
  }, [touched, fixedAmount, minor, game, currency]);

  const problem = fixedAmount ? null : amountProblem(reading, limits, options.balance);
  // A problem shows once the player typed or tried to bet; "not enough balance" for the amount the
  // page starts with only once they try (a new player sees the field before depositing).
  const visible =
    problem !== null &&
    (showProblem || (problem.code === 'above_balance' ? touched : text !== '' || touched));
  const problemText = visible
    ? amountProblemText(problem, (key, o) => t(key, o ?? {}), { money: show, tag })
    : null;
  const ratio = options.winMultiplier === null ? null : toRatio(options.winMultiplier);
  // Profit is what the server would pay: floor(amount × multiplier) − amount, to the minor unit.
  const profit = ratio && minor !== null ? show(profitOnWin(minor, ratio)) : null;

  return {
    /** What the field shows. */
    text: fixedAmount ?? text,
    minor,
    decimal,
    problem,
    problemText,
    profit,
    /** The player typed. */
    edit(next: string) {
      setText(next);
      setTouched(true);
      setShowProblem(false);
    },
    /** The player is in the field (the minimum waits until they leave it). */
    focus() {
      focused.current = true;
    },
    /**
     * Leaving the field writes the amount back in the locale's form ("10" → "10.00", "10,00"); an
     * untouched empty field gets the minimum that waited.
     */
    blur() {
      focused.current = false;
      if (fixedAmount) return;
      if (minor !== null) setText(amountInputText(minor, tag));
      else if (!touched && text === '' && limits) setText(amountInputText(limits.min, tag));
    },
    /** ½, 2×, min, max or zero, within the limits and the balance. */
    apply(action: AmountAction, balance: bigint | null) {
      if (fixedAmount || !limits) return;
      setText(amountInputText(applyAmountAction(action, minor ?? 0n, limits, balance), tag));
      setTouched(true);
      setShowProblem(action === 'zero');
    },
    /** The stake auto-bet plays next (from then on the field no longer follows the minimum). */
    set(next: bigint) {
      setText(amountInputText(next, tag));
      setTouched(true);
    },
    /** Shows what is wrong even before the player typed (a bet was attempted). */
    reveal() {
      setShowProblem(true);
    },
  };
}

export type AmountField = ReturnType<typeof useAmountField>;
