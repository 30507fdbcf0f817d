import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';
import { keepTabInside } from '../../ui/focus-trap.ts';
import { useBusyWhile } from '../kit/use-busy.ts';

/**
 * Modal dialog behaviour, as in src/islands/modals/ModalHost.tsx: focus moves into the dialog,
 * Tab cycles inside it, Escape closes it, the page behind does not scroll, and focus returns to
 * the trigger on close; the page counts as busy (no reload for a new build) while it is open. Returns the dialog's key handler; keys stop there, so a game's hotkeys
 * (space bets) never fire while the dialog is open.
 */
export function useDialog(dialogRef: RefObject<HTMLElement | null>, onClose: () => void) {
  useBusyWhile(true);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    // Keys inside the dialog stop at its own handler; this one catches them when focus was lost
    // to the page (a focused control unmounted), so Escape still closes and Tab comes back in.
    const onStrayKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      else if (event.key === 'Tab' && dialog && !dialog.contains(document.activeElement)) {
        event.preventDefault();
        dialog.focus();
      }
    };
    document.addEventListener('keydown', onStrayKey);
    const { overflow, paddingRight } = document.body.style;
    // Keep the page from shifting when its scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      document.removeEventListener('keydown', onStrayKey);
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      if (previous?.isConnected) previous.focus?.();
    };
  }, [dialogRef]);

  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      event.stopPropagation();
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (dialogRef.current) keepTabInside(event, dialogRef.current);
    },
    [dialogRef, onClose],
  );
}
