import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { $topModal, closeModal, type ModalName } from '../../stores/modals.ts';
import './modal.css';

/**
 * Renders the top modal of `$modals`. Escape and the backdrop close it; focus moves into the
 * dialog and returns to the trigger on close. The forms themselves arrive with the accounts issue.
 */
export function ModalHost() {
  const top = useStore($topModal);
  if (!top) return null;
  return <ModalFrame name={top} />;
}

function ModalFrame({ name }: { name: ModalName }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeModal(name);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
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
          <h2 id="modal-title">{t(`modals.${name}`)}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label={t('modals.close')}
            onClick={() => closeModal(name)}
          >
            ×
          </button>
        </header>
        <p className="modal-body">{t('modals.soon')}</p>
      </div>
    </div>
  );
}
