import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { $codeFlow } from '../../stores/auth-flow.ts';
import { $topModal, closeModal, type ModalName } from '../../stores/modals.ts';
import '../ui/forms.css';
import '../ui/money.css';
import { ConfirmCodeModal, codeTitleKey } from './ConfirmCodeModal.tsx';
import { LoginByEmailModal } from './LoginByEmailModal.tsx';
import { LoginModal } from './LoginModal.tsx';
import './modal.css';
import { PayInModal } from './PayInModal.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { VerificationModal } from './VerificationModal.tsx';

/**
 * Renders the top modal of `$modals`. Escape and the backdrop close it; focus moves into the
 * dialog, Tab stays inside it, and focus returns to the trigger on close.
 */
export function ModalHost() {
  const top = useStore($topModal);
  if (!top) return null;
  return <ModalFrame key={top} name={top} />;
}

function ModalBody({ name }: { name: ModalName }): ReactNode {
  switch (name) {
    case 'Login':
      return <LoginModal />;
    case 'LoginByEmail':
      return <LoginByEmailModal />;
    case 'ConfirmByPhone':
      return <ConfirmCodeModal />;
    case 'Register':
      return <RegisterModal />;
    case 'PayIn':
      return <PayInModal />;
    case 'Verification':
      return <VerificationModal />;
  }
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function ModalFrame({ name }: { name: ModalName }) {
  const { t } = useTranslation();
  const flow = useStore($codeFlow);
  const dialogRef = useRef<HTMLDivElement>(null);
  const title = name === 'ConfirmByPhone' ? t(codeTitleKey(flow)) : t(`modals.${name}`);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    // An autofocused field keeps focus; otherwise the dialog itself takes it.
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeModal(name);
      if (event.key !== 'Tab' || !dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus?.();
    };
  }, [name]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboard users have Escape and the close button.
    <div
      className="modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && closeModal(name)}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        tabIndex={-1}
        data-modal={name}
      >
        <header className="modal-head">
          <h2 id="modal-title">{title}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label={t('modals.close')}
            onClick={() => closeModal(name)}
          >
            ×
          </button>
        </header>
        <ModalBody name={name} />
      </div>
    </div>
  );
}
