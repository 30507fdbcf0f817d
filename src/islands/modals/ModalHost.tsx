import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fingerprint } from '../../client/fingerprint.ts';
import { $codeFlow } from '../../stores/auth-flow.ts';
import { $topModal, closeModal, type ModalName } from '../../stores/modals.ts';
import { keepTabInside } from '../ui/focus-trap.ts';
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
 * dialog and Tab stays inside it. Focus returns to the control that opened the first modal once
 * the last one closes (`returnFocusAfterModals` in src/stores/modals.ts, started by the header).
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

function ModalFrame({ name }: { name: ModalName }) {
  const { t } = useTranslation();
  const flow = useStore($codeFlow);
  const dialogRef = useRef<HTMLDivElement>(null);
  const title = name === 'ConfirmByPhone' ? t(codeTitleKey(flow)) : t(`modals.${name}`);

  // The device fingerprint is made while the player types (it is sent with the login or the
  // registration and waits at most 500 ms then: src/client/fingerprint.ts).
  useEffect(() => {
    if (name === 'Login' || name === 'LoginByEmail' || name === 'Register') void fingerprint();
  }, [name]);

  useEffect(() => {
    const dialog = dialogRef.current;
    // An autofocused field keeps focus; otherwise the dialog itself takes it.
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeModal(name);
      if (dialog) keepTabInside(event, dialog);
    };
    document.addEventListener('keydown', onKey);
    // Focus returns to the opener once the last modal closes (returnFocusAfterModals, src/client/header.ts).
    return () => document.removeEventListener('keydown', onKey);
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
