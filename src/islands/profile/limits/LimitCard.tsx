import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../../client/amount-input.ts';
import { toMinor } from '../../../shared/money.ts';
import { AmountField } from '../../ui/AmountField.tsx';
import { useApiCall } from '../../ui/useApi.ts';
import { type LimitKind, type LimitPeriod, type LimitsData, limitOf, responsibleApi } from './api.ts';
import { useFormat } from './format.ts';

/**
 * One limit (a kind over a period): what is in force, what the window has used and what remains,
 * a change waiting for its cooling-off (with Confirm once it may be confirmed), and a free amount
 * to set, lower or raise it, or a removal.
 */
export function LimitCard(props: {
  kind: LimitKind;
  period: LimitPeriod;
  data: LimitsData;
  onChanged: (data: LimitsData) => void;
}) {
  const { kind, period, data } = props;
  const { t } = useTranslation();
  const format = useFormat(data.currency);
  const limit = limitOf(data, kind, period);
  const [amount, setAmount] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { pending, run, serverError, dismiss } = useApiCall({ formatDetail: format.detail });
  const confirmCall = useApiCall({ formatDetail: format.detail });

  const after = (answer: { data: LimitsData } | undefined, requested: string | null) => {
    if (!answer) return;
    props.onChanged(answer.data);
    // A change that waits: the card shows from when it may be confirmed.
    if (limitOf(answer.data, kind, period)?.pending)
      setNote(t(requested === null ? 'responsible.limit.removalWaits' : 'responsible.limit.raiseWaits'));
    else setNote(t(requested === null ? 'responsible.limit.removed' : 'responsible.limit.applied'));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    const decimal = parseAmount(amount, format.tag);
    const problem = !amount.trim()
      ? t('error.required')
      : !decimal || toMinor(decimal) === 0n
        ? t('error.invalid_amount')
        : null;
    setClientError(problem);
    if (problem || !decimal) return;
    const answer = await run(() => responsibleApi.setLimit(kind, period, decimal));
    if (answer) setAmount('');
    after(answer, decimal);
  };

  const remove = async () => {
    setNote(null);
    setClientError(null);
    after(await run(() => responsibleApi.setLimit(kind, period, null)), null);
  };

  const confirm = async () => {
    setNote(null);
    const answer = await confirmCall.run(() => responsibleApi.confirmLimit(kind, period));
    if (!answer) return;
    props.onChanged(answer.data);
    setNote(t('responsible.limit.confirmed'));
  };

  const used = limit ? Number(limit.used) : 0;
  const share = limit && Number(limit.amount) > 0 ? Math.min(1, used / Number(limit.amount)) : 0;
  const id = `limit-${kind}-${period}`;
  return (
    <article className="limit-card" data-testid={id} data-state={limit ? 'set' : 'none'}>
      <header className="limit-card-head">
        <h3 id={`${id}-title`}>{t(`responsible.periods.${period}`)}</h3>
        <small>{t(`responsible.periodHints.${period}`)}</small>
      </header>
      {limit ? (
        <div className="limit-now">
          <p className="limit-amount" data-testid={`${id}-amount`}>
            {format.money(limit.amount)}
          </p>
          <div className="limit-meter" aria-hidden="true" data-full={share >= 1 ? 'true' : undefined}>
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </div>
          <dl className="limit-use">
            <div>
              <dt>{t('responsible.limit.used')}</dt>
              <dd>{format.money(limit.used)}</dd>
            </div>
            <div>
              <dt>{t('responsible.limit.remaining')}</dt>
              <dd data-testid={`${id}-remaining`}>{format.money(limit.remaining)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="limit-none">{t('responsible.limit.none')}</p>
      )}
      {limit?.pending && (
        <div className="limit-pending" data-testid={`${id}-pending`}>
          <p>
            {limit.pending.amount === null
              ? t('responsible.limit.pendingRemoval')
              : t('responsible.limit.pendingRaise', { amount: format.money(limit.pending.amount) })}{' '}
            {!limit.pending.confirmable &&
              t('responsible.limit.confirmableAt', { date: format.moment(limit.pending.confirmable_at) })}
          </p>
          {limit.pending.confirmable && (
            <button
              type="button"
              className="btn btn-primary limit-confirm"
              disabled={confirmCall.pending}
              onClick={confirm}
            >
              {t('responsible.limit.confirm')}
            </button>
          )}
        </div>
      )}
      <form className="limit-form" noValidate onSubmit={save}>
        <AmountField
          label={t(limit ? 'responsible.limit.newAmount' : 'responsible.limit.amount')}
          value={amount}
          currency={data.currency}
          onChange={(value) => {
            setAmount(value);
            setClientError(null);
            dismiss('amount');
          }}
          error={clientError ?? serverError('amount', 'kind', 'period')}
        />
        <div className="limit-actions">
          <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
            {t(limit ? 'responsible.limit.change' : 'responsible.limit.set')}
          </button>
          {limit && !(limit.pending && limit.pending.amount === null) && (
            <button type="button" className="btn" disabled={pending} onClick={remove}>
              {t('responsible.limit.remove')}
            </button>
          )}
        </div>
        <p className="limit-note" role="status">
          {note}
        </p>
      </form>
    </article>
  );
}
