import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localHref } from '../../../client/site.ts';
import { SELF_EXCLUSION_MONTHS } from '../../../shared/api/responsible.ts';
import { $user } from '../../../stores/user.ts';
import type { RgStatus } from '../../session-guard/status.ts';
import { formatMonths } from '../../session-guard/text.ts';
import { Checkbox } from '../../ui/fields.tsx';
import { useApiCall } from '../../ui/useApi.ts';
import { type ExclusionMonths, responsibleApi } from './api.ts';
import { useFormat } from './format.ts';
import { leaveAccount } from './leave.ts';

const CHOICES: readonly ExclusionMonths[] = [...SELF_EXCLUSION_MONTHS, null];

/**
 * Self-exclusion for 6 months to 5 years, or indefinitely: what it does said plainly (logged out
 * everywhere at once, no play, deposits or bonuses, never ended early), the balance to withdraw
 * first, then "I understand" and the step itself. The browser is logged out when it succeeds.
 */
export function ExclusionPanel(props: { status: RgStatus }) {
  const { t } = useTranslation();
  const user = useStore($user);
  const format = useFormat(props.status.currency);
  const [months, setMonths] = useState<ExclusionMonths>(12);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { pending, run, serverError } = useApiCall({ formatDetail: format.detail });
  const label = (choice: ExclusionMonths) =>
    choice === null ? t('responsible.exclusion.indefinite') : formatMonths(choice, format.tag);
  const balance = user && Number(user.balance) > 0 ? format.money(user.balance) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!understood) return setError(t('error.confirm_required'));
    const answer = await run(() => responsibleApi.selfExclude(months));
    if (answer) leaveAccount({ kind: 'self_exclusion', until: answer.until });
  };

  return (
    <section
      className="panel limits-panel limits-danger"
      aria-labelledby="limits-exclusion"
      data-testid="limits-exclusion"
    >
      <div className="panel-head">
        <h2 id="limits-exclusion">{t('responsible.exclusion.title')}</h2>
        <p>{t('responsible.exclusion.lead')}</p>
      </div>
      <ul className="limits-facts">
        <li>{t('responsible.exclusion.factLogout')}</li>
        <li>{t('responsible.exclusion.factNoPlay')}</li>
        <li>{t('responsible.exclusion.factNoEarlyEnd')}</li>
        <li>{t('responsible.exclusion.factReopen')}</li>
      </ul>
      <p className="limits-tip">
        {balance
          ? t('responsible.exclusion.withdrawBalance', { amount: balance })
          : t('responsible.exclusion.withdrawFirst')}{' '}
        <a href={localHref('/profile/history')}>{t('responsible.exclusion.withdrawLink')}</a>
      </p>
      <form className="form exclusion-form" noValidate onSubmit={submit}>
        <fieldset className="choice-row">
          <legend>{t('responsible.exclusion.length')}</legend>
          {CHOICES.map((choice) => (
            <label key={String(choice)} className="choice" data-checked={months === choice}>
              <input
                type="radio"
                name="self_exclusion_months"
                value={choice ?? 'indefinite'}
                checked={months === choice}
                onChange={() => setMonths(choice)}
              />
              {label(choice)}
            </label>
          ))}
        </fieldset>
        <Checkbox
          checked={understood}
          onChange={(value) => {
            setUnderstood(value);
            setError(null);
          }}
          error={error ?? serverError('confirm', 'months', 'account')}
        >
          {t('responsible.exclusion.understand')}
        </Checkbox>
        <div className="limit-actions">
          <button type="submit" className="btn btn-danger" disabled={pending} aria-busy={pending}>
            {t('responsible.exclusion.submit', { duration: label(months) })}
          </button>
        </div>
      </form>
    </section>
  );
}
