import { useTranslation } from 'react-i18next';
import { closeModal, type ModalName } from '../../stores/modals.ts';

/** PayIn and Verification frames: the money and KYC issues fill them in. */
export function SoonModal({ name }: { name: Extract<ModalName, 'PayIn' | 'Verification'> }) {
  const { t } = useTranslation();
  return (
    <div className="soon-modal" data-testid={`soon-${name}`}>
      <div className="soon-orbit" aria-hidden="true">
        <span />
      </div>
      <span className="badge badge-gold">{t('comingSoon.badge')}</span>
      <p className="form-lead">{t(name === 'PayIn' ? 'modals.payInSoon' : 'modals.verificationSoon')}</p>
      <button type="button" className="btn btn-block" onClick={() => closeModal(name)}>
        {t('modals.close')}
      </button>
    </div>
  );
}
