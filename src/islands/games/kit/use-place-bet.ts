import { useCallback, useRef, useState } from 'react';
import { describeApiError, type Translator } from '../../../client/errors.ts';
import { notifyCode, notifyError } from '../../../client/notices.ts';
import { openModal } from '../../../stores/modals.ts';
import { dismissNotice } from '../../../stores/notices.ts';
import { holdingBalance } from './api.ts';
import { $instantPlay } from './motion.ts';
import { playSound } from './sound.ts';
import type { Bet } from './types.ts';

/**
 * Places one bet through the game's `play`: busy while it runs, the header balance and the feeds
 * held back until the board has shown the outcome, the settled bet recorded, and an error shown
 * as a notice (a lost session opens the login). The notices of the previous bet go first.
 */
export function usePlaceBet(options: {
  play: (amount: string) => Promise<Bet>;
  record: (bet: Bet) => void;
  /** Translates the API's errors (messages.ts `gameTranslator`: limits shown as money). */
  translator: Translator;
}) {
  const { play, record, translator } = options;
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const notices = useRef<number[]>([]);

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

  /** One bet; null when it failed (the notice is shown). */
  const placeOne = useCallback(
    async (amount: string): Promise<Bet | null> => {
      busyRef.current = true;
      // An instant series is busy as a whole (the auto-bet button): no render per bet for this.
      const quiet = $instantPlay.get();
      if (!quiet) setBusy(true);
      for (const id of notices.current.splice(0)) dismissNotice(id);
      playSound('bet');
      try {
        const bet = await holdingBalance(() => play(amount));
        record(bet);
        return bet;
      } catch (error) {
        reportError(error);
        return null;
      } finally {
        busyRef.current = false;
        if (!quiet) setBusy(false);
      }
    },
    [play, record, reportError],
  );

  return { busy, isBusy: () => busyRef.current, placeOne };
}
