import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLocale } from '../../../client/site.ts';
import { REALITY_CHECK_MINUTES, SESSION_LIMIT_MINUTES } from '../../../shared/api/responsible.ts';
import { LANGUAGE_TAG } from '../../../shared/locales.ts';
import type { RgStatus } from '../../session-guard/status.ts';
import { formatDuration } from '../../session-guard/text.ts';
import { TextField } from '../../ui/fields.tsx';
import { type ClientErrors, useApiCall } from '../../ui/useApi.ts';
import { responsibleApi } from './api.ts';

const asText = (minutes: number | null) => (minutes === null ? '' : String(minutes));

/** Whole minutes in a range, or null for an empty field (off); undefined when it is neither. */
function minutesOf(text: string, range: { min: number; max: number }): number | null | undefined {
  const value = text.trim();
  if (!value) return null;
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const minutes = Number(value);
  return minutes >= range.min && minutes <= range.max ? minutes : undefined;
}

/**
 * The reality check (a reminder every N minutes of the time played and the session's result) and
 * the session time limit (logged out after N minutes). An empty field switches one off.
 */
export function SessionPanel(props: { status: RgStatus; onChanged: (status: RgStatus) => void }) {
  const { t } = useTranslation();
  const tag = LANGUAGE_TAG[pageLocale()];
  const { settings } = props.status;
  const [reality, setReality] = useState(asText(settings.reality_check_minutes));
  const [limit, setLimit] = useState(asText(settings.session_limit_minutes));
  const [errors, setErrors] = useState<ClientErrors>({});
  const [saved, setSaved] = useState(false);
  const { pending, run, serverError } = useApiCall();

  const now = (minutes: number | null, key: 'realityNow' | 'limitNow') =>
    minutes === null
      ? t('responsible.session.off')
      : t(`responsible.session.${key}`, { time: formatDuration(minutes * 60_000, tag) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const realityMinutes = minutesOf(reality, REALITY_CHECK_MINUTES);
    const limitMinutes = minutesOf(limit, SESSION_LIMIT_MINUTES);
    const problems: ClientErrors = {
      reality:
        realityMinutes === undefined ? t('responsible.session.realityRange', REALITY_CHECK_MINUTES) : null,
      limit: limitMinutes === undefined ? t('responsible.session.limitRange', SESSION_LIMIT_MINUTES) : null,
    };
    setErrors(problems);
    if (realityMinutes === undefined || limitMinutes === undefined) return;
    const answer = await run(() => responsibleApi.setSession(realityMinutes, limitMinutes));
    if (!answer) return;
    props.onChanged(answer.data);
    setSaved(true);
  };

  return (
    <section className="panel limits-panel" aria-labelledby="limits-session" data-testid="limits-session">
      <div className="panel-head">
        <h2 id="limits-session">{t('responsible.session.title')}</h2>
        <p>{t('responsible.session.lead')}</p>
      </div>
      <form className="form session-form" noValidate onSubmit={save}>
        <div className="session-fields">
          <div className="session-field" data-testid="reality-setting">
            <TextField
              label={t('responsible.session.reality')}
              name="reality_check_minutes"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('responsible.session.offPlaceholder')}
              value={reality}
              onChange={(value) => {
                setReality(value);
                setErrors((e) => ({ ...e, reality: null }));
              }}
              error={errors.reality ?? serverError('reality_check_minutes')}
              hint={t('responsible.session.realityHint', REALITY_CHECK_MINUTES)}
            />
            <p className="session-now">{now(settings.reality_check_minutes, 'realityNow')}</p>
          </div>
          <div className="session-field" data-testid="session-limit-setting">
            <TextField
              label={t('responsible.session.limit')}
              name="session_limit_minutes"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('responsible.session.offPlaceholder')}
              value={limit}
              onChange={(value) => {
                setLimit(value);
                setErrors((e) => ({ ...e, limit: null }));
              }}
              error={errors.limit ?? serverError('session_limit_minutes')}
              hint={t('responsible.session.limitHint', SESSION_LIMIT_MINUTES)}
            />
            <p className="session-now">{now(settings.session_limit_minutes, 'limitNow')}</p>
          </div>
        </div>
        <div className="limit-actions">
          <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
            {t('responsible.session.save')}
          </button>
          <span className="saved" role="status" data-testid="session-saved">
            {saved ? `✓ ${t('profile.saved')}` : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
