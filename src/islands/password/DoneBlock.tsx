import { useTranslation } from 'react-i18next';
import { localHref } from '../../client/site.ts';

/** The end of a password recovery: the player is logged in with the new password. */
export function DoneBlock() {
  const { t } = useTranslation();
  return (
    <section className="panel done-block" role="status" data-testid="password-done">
      <span className="badge badge-teal">✓</span>
      <h2>{t('password.doneTitle')}</h2>
      <p className="muted">{t('password.doneText')}</p>
      <a className="btn btn-primary" href={localHref('/')}>
        {t('comingSoon.back')}
      </a>
    </section>
  );
}
