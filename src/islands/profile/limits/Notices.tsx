import { useTranslation } from 'react-i18next';
import type { RgStatus } from '../../session-guard/status.ts';
import { useApiCall } from '../../ui/useApi.ts';
import { responsibleApi } from './api.ts';
import { useFormat } from './format.ts';

/** "Review your limits": the limits have not been looked at for a long time (REVIEW_EVERY_DAYS). */
export function ReviewNotice(props: { onChanged: (status: RgStatus) => void }) {
  const { t } = useTranslation();
  const { pending, run } = useApiCall();
  const reviewed = async () => {
    const answer = await run(() => responsibleApi.answer('review'));
    if (answer) props.onChanged(answer.data);
  };
  return (
    <div className="limits-notice" role="status" data-testid="limits-review">
      <div>
        <strong>{t('responsible.review.title')}</strong>
        <p>{t('responsible.review.text')}</p>
      </div>
      <button type="button" className="btn btn-primary" disabled={pending} onClick={reviewed}>
        {t('responsible.review.done')}
      </button>
    </div>
  );
}

/**
 * A self-exclusion that has ended: the account reopens only when the player asks, 24 hours later
 * (REOPEN_COOLING_OFF_HOURS). Before the ask: the button; after it: when the account opens.
 */
export function ReopenNotice(props: { status: RgStatus; onChanged: (status: RgStatus) => void }) {
  const { t } = useTranslation();
  const format = useFormat(props.status.currency);
  const { pending, run } = useApiCall({ formatDetail: format.detail });
  const exclusion = props.status.exclusion;
  if (exclusion?.kind !== 'self_exclusion' || exclusion.effect !== 'restricted') return null;
  const reopen = async () => {
    const answer = await run(() => responsibleApi.reopen());
    if (answer) props.onChanged(answer.data);
  };
  if (exclusion.opens_at)
    return (
      <div className="limits-notice" role="status" data-testid="limits-opens">
        <div>
          <strong>{t('responsible.reopen.askedTitle')}</strong>
          <p>{t('responsible.reopen.opensAt', { date: format.moment(exclusion.opens_at) })}</p>
        </div>
      </div>
    );
  return (
    <div className="limits-notice" data-testid="limits-reopen">
      <div>
        <strong>{t('responsible.reopen.title')}</strong>
        <p>
          {exclusion.until
            ? t('responsible.reopen.endedOn', { date: format.moment(exclusion.until) })
            : t('responsible.reopen.ended')}{' '}
          {t('responsible.reopen.text')}
        </p>
      </div>
      {exclusion.can_reopen && (
        <button type="button" className="btn btn-primary" disabled={pending} onClick={reopen}>
          {t('responsible.reopen.button')}
        </button>
      )}
    </div>
  );
}
