import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FairnessModule = { default: ComponentType<{ onClose: () => void }> };

// A glob instead of a plain dynamic import: the modal is its own chunk, loaded on the first click,
// and the kit still builds while src/islands/games/fairness/ is not there (the button then hides).
const modules = import.meta.glob<FairnessModule>('../fairness/FairnessModal.tsx');
const loadModal = modules['../fairness/FairnessModal.tsx'];

/** Opens the provably-fair modal (seeds, rotation, verification), loading it on demand. */
export function FairnessButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const Modal = useMemo(() => (loadModal ? lazy(loadModal) : null), []);
  if (!Modal) return null;
  return (
    <>
      <button
        type="button"
        className="gk-tool"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="fairness-open"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
          <path
            d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"
            fill="currentColor"
          />
        </svg>
        <span>{t('gameKit.fairness')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Modal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
