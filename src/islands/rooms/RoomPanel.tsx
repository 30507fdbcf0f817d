import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomState } from '../../shared/api/rooms.ts';
import { toMinor } from '../../shared/money.ts';
import { HashValue } from '../games/fairness/CopyButton.tsx';
import { AmountInput } from '../games/kit/BetPanel.tsx';
import { formatNumber } from '../games/kit/format.ts';
import '../games/kit/bet-panel.css';
import { playSound } from '../games/kit/sound.ts';
import { useStakePanel } from '../games/kit/use-stake-panel.ts';
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
  const { currency, mine, phase } = game;
  const round = state.round;
  const limits = useMemo(
    () => ({ min: toMinor(state.min_bet), max: toMinor(state.max_bet) }),
    [state.min_bet, state.max_bet],
  );
  const { user, balance, show, field, busy, act } = useStakePanel({
    limits,
    currency,
    tag: formats.tag,
    game: `rooms:${state.room}`,
  });

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
          label={t('roomGame.commitment', { id: formatNumber(round.number, formats.tag) })}
          value={round.commitment}
          testId="room-commitment"
        />
      </dl>
    </form>
  );
}
