import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../client/errors.ts';
import { notifyCode, notifyError } from '../../client/notices.ts';
import type { RoomState } from '../../shared/api/rooms.ts';
import { toMinor } from '../../shared/money.ts';
import { openModal } from '../../stores/modals.ts';
import { dismissNotice } from '../../stores/notices.ts';
import { $sessionStatus, $user } from '../../stores/user.ts';
import { HashValue } from '../games/fairness/CopyButton.tsx';
import '../games/fairness/fairness.css';
import { AmountInput } from '../games/kit/BetPanel.tsx';
import '../games/kit/bet-panel.css';
import { minorOrNull } from '../games/kit/bet-result.ts';
import { formatAmount } from '../games/kit/format.ts';
import { gameTranslator } from '../games/kit/messages.ts';
import { playSound } from '../games/kit/sound.ts';
import { useAmountField } from '../games/kit/use-amount-field.ts';
import { useTranslator } from '../ui/useApi.ts';
import type { Formats } from './formats.ts';
import type { RoomController } from './use-room.ts';

/**
 * The room's panel: the stake (the kit's amount field, within the room's band and the balance),
 * join or add, leave an un-started round, the player's stake and chance, and the round's
 * commitment (the hash of the seed the draw will reveal).
 */
export function RoomPanel({
  game,
  state,
  formats,
}: {
  game: RoomController;
  state: RoomState;
  formats: Formats;
}) {
  const { t } = useTranslation();
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const { currency, mine, phase } = game;
  const round = state.round;
  const limits = useMemo(
    () => ({ min: toMinor(state.min_bet), max: toMinor(state.max_bet) }),
    [state.min_bet, state.max_bet],
  );
  const show = useCallback(
    (minor: bigint) => formatAmount(minor, currency, formats.tag),
    [currency, formats.tag],
  );
  const base = useTranslator();
  const translator = useMemo(() => gameTranslator(base, { money: show, limits }), [base, show, limits]);
  const balance = minorOrNull(user?.balance);
  const field = useAmountField({
    limits,
    fixedAmount: undefined,
    winMultiplier: null,
    balance,
    tag: formats.tag,
    show,
    onChange: () => undefined,
  });
  const [busy, setBusy] = useState(false);
  const notices = useRef<number[]>([]);

  /** Runs one call: busy meanwhile, the previous call's notices gone, an error shown as a notice. */
  const act = async (call: () => Promise<unknown>) => {
    if (!user) {
      if (status === 'guest') openModal('Login');
      return;
    }
    setBusy(true);
    for (const id of notices.current.splice(0)) dismissNotice(id);
    try {
      await call();
    } catch (error) {
      const report = describeApiError(error);
      if (report.sessionLost) {
        notices.current.push(notifyCode('session_expired', translator));
        openModal('Login');
      } else {
        const id = notifyError(report, translator);
        if (id !== null) notices.current.push(id);
      }
    } finally {
      setBusy(false);
    }
  };

  const closed = phase === 'drawing';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (user && (field.problem !== null || !field.decimal)) return field.reveal();
    const amount = field.decimal;
    void act(async () => {
      if (!amount) return;
      playSound('bet');
      await game.stake(mine ? 'add' : 'join', amount);
    });
  };
  const label = !user
    ? t('roomGame.login')
    : field.decimal
      ? t(mine ? 'roomGame.add' : 'roomGame.join', { amount: show(toMinor(field.decimal)) })
      : t(mine ? 'roomGame.addIdle' : 'roomGame.joinIdle');

  return (
    <form
      className="rm-panel card"
      onSubmit={submit}
      noValidate
      aria-label={t('gameKit.panel')}
      data-testid="room-panel"
    >
      <p className="rm-band">
        <span>{t('rooms.minBet', { amount: formats.money(state.min_bet) })}</span>
        <span>{t('roomGame.commission', { percent: formats.percent(round.commission_percent) })}</span>
      </p>
      <AmountInput
        field={field}
        onAction={(action) => field.apply(action, balance)}
        currency={currency}
        error={user ? field.problemText : null}
        disabled={busy}
      />
      <button
        type="submit"
        className="btn btn-primary btn-lg rm-act"
        disabled={busy || closed}
        aria-busy={busy}
        data-testid={mine ? 'room-add' : 'room-join'}
      >
        {label}
      </button>
      {mine && (
        <p className="rm-mine" data-testid="room-mine">
          {t('roomGame.yourStake', {
            amount: formats.money(mine.stake),
            chance: formats.percent(round.players[mine.seat]?.chance ?? '0'),
          })}
        </p>
      )}
      {mine && round.status === 'open' && (
        <button
          type="button"
          className="btn rm-leave"
          disabled={busy}
          onClick={() => void act(() => game.leave())}
          data-testid="room-leave"
        >
          {t('roomGame.leave', { amount: formats.money(mine.stake) })}
        </button>
      )}
      <dl className="fair-values rm-fair">
        <HashValue
          label={t('roomGame.commitment', { id: round.id })}
          value={round.commitment}
          testId="room-commitment"
        />
      </dl>
    </form>
  );
}
