import { useStore } from '@nanostores/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { describeApiError } from '../../../client/errors.ts';
import { notifyCode, notifyError } from '../../../client/notices.ts';
import { formatMoney } from '../../../shared/money.ts';

import { openModal } from '../../../stores/modals.ts';

import { dismissNotice } from '../../../stores/notices.ts';

import { $sessionStatus, $user } from '../../../stores/user.ts';

import { useTranslator } from '../../ui/useApi.ts';

import type { BetLimits } from './amount.ts';
import { minorOrNull } from './bet-result.ts';

import { gameTranslator } from './messages.ts';

import { useAmountField } from './use-amount-field.ts';

/**
 * What the live rounds' panels (crash, rooms) share: the kit's amount field within the game's band
 * and the player's balance, amounts shown in the player's currency, and `act`, which runs one call
 * with the panel busy meanwhile, the previous call's notices gone, and a failure shown as a
 * notice (a lost session opens the login). A guest's call opens the login instead.
 */
export function useStakePanel({
  limits,
  currency,
  tag,
  game,
}: {
  limits: BetLimits | null;
  currency: string;
  tag: string;
  /** Whose last amount the field starts with and keeps (`crash`, `rooms:red`…; prefs.ts). */
  game?: string;
}) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  const show = useCallback((minor: bigint) => formatMoney(minor, currency, tag), [currency, tag]);
  const base = useTranslator();
  const translator = useMemo(() => gameTranslator(base, { money: show, limits }), [base, show, limits]);
  const balance = minorOrNull(user?.balance);
  const field = useAmountField({
    limits,
    fixedAmount: undefined,
    winMultiplier: null,
    balance,
    tag,
    show,
    onChange: () => undefined,
    memory: game ? { game, currency } : null,
  });
  const [busy, setBusy] = useState(false);
  const notices = useRef<number[]>([]);

  const act = useCallback(
    async (call: () => Promise<unknown>) => {
      if (!$user.get()) {
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
    },
    [status, translator],
  );

  return { user, balance, show, field, busy, act };
}
