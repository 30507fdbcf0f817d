import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashOutReturn, multiplierAt } from '../../games/crash/engine.ts';
import { toMinor } from '../../shared/money.ts';
import '../games/kit/action-bar.css';
import { AmountInput } from '../games/kit/BetPanel.tsx';
import '../games/kit/bet-panel.css';
import { usePinnedBar } from '../games/kit/in-view.ts';
import { useLimitsOf } from '../games/kit/limits.ts';
import { $crashAutoCashOut } from '../games/kit/prefs.ts';
import { playSound } from '../games/kit/sound.ts';
import { useStakePanel } from '../games/kit/use-stake-panel.ts';
import type { CrashController } from './use-crash.ts';

/** An auto cash-out as typed: at least 1.01 with at most two decimals, or empty (none). */
export function autoCashOutProblem(text: string): 'too_low' | 'decimals' | 'invalid' | null {
  const value = text.trim().replace(',', '.');
  if (value === '') return null;
  if (!/^\d{1,7}(\.\d+)?$/.test(value)) return 'invalid';
  if (/\.\d{3,}$/.test(value)) return 'decimals';
  return Number(value) < 1.01 ? 'too_low' : null;
}

/**
 * The bet panel (the kit's amount field within crash's band and the balance): the auto cash-out,
 * bet (during a flight: on the next round), cash out during the flight with the payout it would
 * bring now, and auto-bet for a number of rounds.
 */
export function CrashPanel({
  game,
  currency,
  tag,
}: {
  game: CrashController;
  currency: string;
  tag: string;
}) {
  const { t } = useTranslation();
  const limits = useLimitsOf('crash', currency);
  const { user, balance, show, field, busy, act } = useStakePanel({ limits, currency, tag, game: 'crash' });
  // The auto cash-out the player last set is kept, like the amount (prefs.ts).
  const auto = useStore($crashAutoCashOut);
  const setAuto = (value: string) => $crashAutoCashOut.set(value);
  const autoProblem = autoCashOutProblem(auto);
  const [autoBet, setAutoBet] = useState(false);
  const [autoRounds, setAutoRounds] = useState('10');
  const autoId = useId();
  const roundsId = useId();
  const { state, live, pending, offset } = game;
  const round = state?.round ?? null;
  const flying = round?.status === 'flight' && live?.status === 'open';

  // While the player's bet flies, the button shows what a cash-out would pay now (10 times a second).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!flying) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [flying]);

  const placeBet = useCallback(() => {
    const amount = field.decimal;
    if (!amount || autoProblem) return;
    void act(async () => {
      playSound('bet');
      await game.bet(amount, auto.trim() ? auto.trim().replace(',', '.') : null);
    });
  }, [field.decimal, autoProblem, auto, act, game]);

  // Auto-bet: one bet on each round that opens, for the rounds asked.
  const roundId = round?.id;
  const bettingNow = round?.status === 'betting';
  const placeRef = useRef(placeBet);
  placeRef.current = placeBet;
  const autoDone = useRef<number | null>(null);
  useEffect(() => {
    if (!autoBet || !bettingNow || roundId === undefined || autoDone.current === roundId || pending || busy)
      return;
    autoDone.current = roundId;
    const left = Number(autoRounds);
    if (!(left > 0)) return setAutoBet(false);
    setAutoRounds(String(left - 1));
    placeRef.current();
  }, [autoBet, roundId, bettingNow, pending, busy, autoRounds]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return void act(async () => undefined);
    if (flying && live && round) {
      return void act(async () => {
        await game.cashOut(round.id);
        playSound('win');
      });
    }
    if (field.problem !== null || !field.decimal) return field.reveal();
    placeBet();
  };

  const nowOnServer = now + offset;
  const potential =
    flying && live && round?.started_at
      ? show(cashOutReturn(toMinor(live.stake), multiplierAt(Math.max(0, nowOnServer - round.started_at))))
      : null;
  // The player's bet is in the round (placed, or flying): on a phone the button sticks to the
  // bottom of the screen, so the cash-out is in reach wherever the page is scrolled.
  const pinned = potential !== null || pending !== undefined;
  const bar = useRef<HTMLDivElement>(null);
  usePinnedBar(bar, pinned);
  const label = !user
    ? t('crashGame.login')
    : potential
      ? t('crashGame.cashOut', { amount: potential })
      : pending
        ? t('crashGame.placed')
        : round?.status === 'betting'
          ? t('crashGame.bet', { amount: field.decimal ? show(toMinor(field.decimal)) : '' })
          : t('crashGame.betNext', { amount: field.decimal ? show(toMinor(field.decimal)) : '' });

  return (
    <form
      className="cr-panel card"
      onSubmit={submit}
      noValidate
      aria-label={t('gameKit.panel')}
      data-testid="crash-panel"
    >
      <AmountInput
        field={field}
        onAction={(action) => field.apply(action, balance)}
        currency={currency}
        error={user ? field.problemText : null}
        disabled={busy}
      />
      <div className="gk-field">
        <label htmlFor={autoId}>{t('crashGame.autoCashOut')}</label>
        <input
          id={autoId}
          className="input"
          inputMode="decimal"
          value={auto}
          placeholder={t('crashGame.autoNone')}
          onChange={(event) => setAuto(event.target.value)}
          aria-invalid={autoProblem ? true : undefined}
          aria-describedby={`${autoId}-hint`}
          data-testid="crash-auto"
        />
        <p className={autoProblem ? 'field-error' : 'field-hint'} id={`${autoId}-hint`}>
          {autoProblem ? t(`crashGame.autoProblem.${autoProblem}`) : t('crashGame.autoHint')}
        </p>
      </div>
      <div className="gk-pinnable" ref={bar} data-pinned={pinned ? 'true' : undefined}>
        <button
          type="submit"
          className={`btn btn-lg cr-act ${potential ? 'btn-cashout' : 'btn-primary'}`}
          disabled={busy || (!!user && !potential && !!pending)}
          aria-busy={busy}
          data-testid={potential ? 'crash-cashout' : 'crash-bet'}
        >
          {label}
        </button>
      </div>
      <fieldset className="cr-auto">
        <legend className="gk-sr">{t('crashGame.autoBet')}</legend>
        <label className="cr-check">
          <input
            type="checkbox"
            checked={autoBet}
            onChange={(event) => setAutoBet(event.target.checked)}
            data-testid="crash-autobet"
          />
          {t('crashGame.autoBet')}
        </label>
        <label htmlFor={roundsId} className="cr-rounds">
          {t('crashGame.autoRounds')}
          <input
            id={roundsId}
            className="input"
            inputMode="numeric"
            value={autoRounds}
            onChange={(event) => setAutoRounds(event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </label>
      </fieldset>
    </form>
  );
}
