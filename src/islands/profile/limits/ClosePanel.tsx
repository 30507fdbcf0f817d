import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSURE_REASONS } from '../../../shared/api/responsible.ts';
import { Checkbox, SelectField } from '../../ui/fields.tsx';
import { useApiCall } from '../../ui/useApi.ts';
import { type ClosureReason, responsibleApi } from './api.ts';
import { leaveAccount } from './leave.ts';

/**
 * Closing the account for a reason other than gambling harm (a player who names time spent is
 * pointed to a break or self-exclusion). The browser is logged out when it succeeds.
 */
export function ClosePanel() {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ClosureReason | ''>('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string | null; understood?: string | null }>({});
  const { pending, run, serverError } = useApiCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      reason: reason ? null : t('error.invalid_reason'),
      understood: understood ? null : t('error.confirm_required'),
    };
    setErrors(problems);
    if (!reason || !understood) return;
    const answer = await run(() => responsibleApi.close(reason));
    if (answer) leaveAccount({ kind: 'closure' });
  };

  return (
    <section
      className="panel limits-panel limits-danger"
      aria-labelledby="limits-close"
      data-testid="limits-close"
    >
      <div className="panel-head">
        <h2 id="limits-close">{t('responsible.close.title')}</h2>
        <p>{t('responsible.close.lead')}</p>
      </div>
      <form className="form" noValidate onSubmit={submit}>
        <SelectField<ClosureReason | ''>
          label={t('responsible.close.reason')}
          value={reason}
          options={[
            { value: '', label: t('responsible.close.choose') },
            ...CLOSURE_REASONS.map((value) => ({ value, label: t(`responsible.close.reasons.${value}`) })),
          ]}
          onChange={(value) => {
            setReason(value);
            setErrors((e) => ({ ...e, reason: null }));
          }}
          error={errors.reason ?? serverError('reason')}
          hint={reason === 'too_much_time' ? t('responsible.close.tooMuchTime') : undefined}
        />
        <Checkbox
          checked={understood}
          onChange={(value) => {
            setUnderstood(value);
            setErrors((e) => ({ ...e, understood: null }));
          }}
          error={errors.understood ?? serverError('confirm', 'account')}
        >
          {t('responsible.close.understand')}
        </Checkbox>
        <div className="limit-actions">
          <button type="submit" className="btn btn-danger" disabled={pending} aria-busy={pending}>
            {t('responsible.close.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
