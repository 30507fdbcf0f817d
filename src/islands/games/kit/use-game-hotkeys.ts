import { useEffect, useRef } from 'react';
import { $modals } from '../../../stores/modals.ts';
import type { AmountAction } from './amount.ts';
import { hotkeyAction } from './hotkeys.ts';

/**
 * The game hotkeys while `enabled` (hotkeys.ts): space calls `bet`, the letters `amount`. Never
 * behind a dialog (site modals, the fairness modal). The handlers may change on every render.
 */
export function useGameHotkeys(
  enabled: boolean,
  handlers: { bet: () => void; amount: (action: AmountAction) => void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
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
      if (action === 'bet') latest.current.bet();
      else latest.current.amount(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
