import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_OUT_DAYS } from '../../../shared/api/responsible.ts';
import type { RgStatus } from '../../session-guard/status.ts';
import { formatUnit } from '../../session-guard/text.ts';
import { Checkbox, TextField } from '../../ui/fields.tsx';
import { useApiCall } from '../../ui/useApi.ts';
import { responsibleApi } from './api.ts';
import { useFormat } from './format.ts';

const PRESETS = [1, 7, 14, 30, 42] as const;

/**
 * A break (time-out) of 1 to 42 days: the player may log in, withdraw and read their history, and
 * nothing else, until it ends. It is never shortened: a break in force may only be made longer.
 */
export function BreakPanel(props: { status: RgStatus; onChanged: (status: RgStatus) => void }) {
  const { t } = useTranslation();
  const format = useFormat(props.status.currency);
  const [days, setDays] = useState('7');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<{ days?: string | null; understood?: string | null }>({});
  const [done, setDone] = useState(false);
  const { pending, run, serverError } = useApiCall({ formatDetail: format.detail });
  const exclusion = props.status.exclusion;
  const onBreak = exclusion?.kind === 'time_out' && exclusion.until;

  const count = /^\d{1,2}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN;
  const valid = count >= TIME_OUT_DAYS.min && count <= TIME_OUT_DAYS.max;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const problems = {
      days: valid ? null : t('responsible.break.range', TIME_OUT_DAYS),
      understood: understood ? null : t('error.confirm_required'),
    };
    setErrors(problems);
    if (problems.days || problems.understood) return;
    const answer = await run(() => responsibleApi.timeOut(count));
    if (!answer) return;
    props.onChanged(answer.data);
    setUnderstood(false);
    setDone(true);
  };

  return (
    <section className="panel limits-panel" aria-labelledby="limits-break" data-testid="limits-break">
      <div className="panel-head">
        <h2 id="limits-break">{t('responsible.break.title')}</h2>
        <p>{t('responsible.break.lead')}</p>
      </div>
      {onBreak && (
        <p className="limits-state" data-testid="break-state">
          {t('responsible.break.active', { date: format.moment(onBreak) })}
        </p>
      )}
      <form className="form break-form" noValidate onSubmit={submit}>
        <fieldset className="choice-row">
          <legend>{t('responsible.break.length')}</legend>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="choice"
              aria-pressed={count === preset}
              onClick={() => {
                setDays(String(preset));
                setErrors((e) => ({ ...e, days: null }));
              }}
            >
              {formatUnit(preset, 'day', format.tag)}
            </button>
          ))}
        </fieldset>
        <div className="break-days">
          <TextField
            label={t('responsible.break.days', TIME_OUT_DAYS)}
            name="time_out_days"
            inputMode="numeric"
            autoComplete="off"
            value={days}
            onChange={(value) => {
              setDays(value);
              setErrors((e) => ({ ...e, days: null }));
            }}
            error={errors.days ?? serverError('days')}
          />
        </div>
        <Checkbox
          checked={understood}
          onChange={(value) => {
            setUnderstood(value);
            setErrors((e) => ({ ...e, understood: null }));
          }}
          error={errors.understood ?? serverError('confirm')}
        >
          {t('responsible.break.understand')}
        </Checkbox>
        <div className="limit-actions">
          <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
            {valid
              ? t('responsible.break.start', { duration: formatUnit(count, 'day', format.tag) })
              : t('responsible.break.startPlain')}
          </button>
          <span className="saved" role="status">
            {done && onBreak ? `✓ ${t('responsible.break.started', { date: format.moment(onBreak) })}` : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
