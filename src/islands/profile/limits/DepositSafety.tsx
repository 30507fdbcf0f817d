import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorReport } from '../../../client/errors.ts';
import { formatAmountDetail } from '../../../client/money-format.ts';
import { localHref } from '../../../client/site.ts';
import { LIMIT_PERIODS } from '../../../shared/api/responsible.ts';
import { toMinor } from '../../../shared/money.ts';
import { keepStatus, loadStatus, type RgStatus } from '../../session-guard/status.ts';
import { formatMoment, isMoment } from '../../ui/moment.ts';
import { useApiCall } from '../../ui/useApi.ts';
import { type LimitPeriod, responsibleApi } from './api.ts';
import { useFormat } from './format.ts';
import './limits.css';
import { parseAmount } from '../../../client/amount-input.ts';

/**
 * The deposit modal's responsible-gambling parts (src/islands/modals/PayInModal.tsx): the status
 * read as it opens, the deposit-limit question for a player who has none and has not answered it,
 * the pause of a break (no deposits until it ends), and the links to the limits and to the
 * responsible-gambling page.
 */

/** GET /responsible/status as the modal opens; a failed read leaves the form as it is. */
export function useDepositStatus() {
  const [state, setState] = useState<{ loading: boolean; status: RgStatus | null; ask: boolean }>({
    loading: true,
    status: null,
    ask: false,
  });
  useEffect(() => {
    let live = true;
    loadStatus({ fresh: true })
      .then((status) => live && setState({ loading: false, status, ask: asks(status) }))
      .catch(() => live && setState({ loading: false, status: null, ask: false }));
    return () => {
      live = false;
    };
  }, []);
  const status = state.status;
  return {
    loading: state.loading,
    status,
    /** Deposits are refused while an exclusion restricts the account (a break). */
    paused: status?.exclusion?.effect === 'restricted',
    /** The deposit-limit question: asked when the modal opened, until answered "Not now". */
    ask: state.ask,
    /** A status the question's answer brought; `saved`: a limit was set, its note stays. */
    update: (next: RgStatus, saved = false) => {
      keepStatus(next);
      setState((current) => ({ loading: false, status: next, ask: saved ? current.ask : asks(next) }));
    },
  };
}

const asks = (status: RgStatus) => status.prompts.deposit_limit && !status.exclusion;

/** A server message's detail in the modal: an amount in the page's format, a moment as a date. */
export function depositDetail(detail: string, currency: string, tag: string): string {
  return isMoment(detail) ? formatMoment(detail, tag) : formatAmountDetail(detail, currency, tag);
}

/** The refusal of a deposit over a limit with nothing left in the window (`deposit_limit:0.00`). */
export function depositLimitReached(report: ApiErrorReport | null): boolean {
  return Boolean(
    report?.fields.amount?.some((message) => {
      const match = /^deposit_limit:(.+)$/.exec(message);
      try {
        return match ? toMinor(match[1]!.trim()) === 0n : false;
      } catch {
        return false;
      }
    }),
  );
}

/** The links under the form: the player's limits and the responsible-gambling page. */
export function ResponsibleLinks() {
  const { t } = useTranslation();
  return (
    <p className="payin-rg" data-testid="payin-rg-links">
      <a href={localHref('/profile/limits')}>{t('responsible.payin.limitsLink')}</a>
      <a href={localHref('/responsible-gambling')}>{t('responsible.payin.pageLink')}</a>
    </p>
  );
}

/** Instead of the form during a break: deposits are paused until it ends; withdrawing still works. */
export function DepositPaused({ status }: { status: RgStatus }) {
  const { t } = useTranslation();
  const format = useFormat(status.currency);
  const exclusion = status.exclusion;
  const text =
    exclusion?.kind === 'time_out' && exclusion.until
      ? t('responsible.payin.pausedUntil', { date: format.moment(exclusion.until) })
      : exclusion?.opens_at
        ? t('responsible.payin.pausedOpens', { date: format.moment(exclusion.opens_at) })
        : t('responsible.payin.paused');
  return (
    <div className="form payin-paused" data-testid="payin-paused">
      <p className="form-lead">
        <strong>{t('responsible.payin.pausedTitle')}</strong>
      </p>
      <p>{text}</p>
      <a className="btn btn-block" href={localHref('/profile/history')}>
        {t('responsible.payin.withdraw')}
      </a>
      <ResponsibleLinks />
    </div>
  );
}

/**
 * "Would you like to set a deposit limit?" at the top of the deposit form: an amount and a period,
 * Save, or Not now (POST /responsible/prompts). A group inside the deposit form, not a form of its
 * own: its buttons are plain buttons (the form keeps the modal's one submit button) and Enter in
 * its amount saves the limit instead of submitting the deposit.
 */
export function DepositLimitPrompt(props: {
  currency: string;
  onAnswered: (status: RgStatus, saved?: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat(props.currency);
  const id = useId();
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { pending, run, serverError } = useApiCall({ formatDetail: format.detail });

  const save = async () => {
    const decimal = parseAmount(amount, format.tag);
    const invalid = !amount.trim()
      ? t('error.required')
      : !decimal || toMinor(decimal) === 0n
        ? t('error.invalid_amount')
        : null;
    setProblem(invalid);
    if (invalid || !decimal) return;
    const answer = await run(async () => {
      await responsibleApi.setLimit('deposit', period, decimal);
      return responsibleApi.status();
    });
    if (!answer) return;
    setDone(
      t('responsible.payin.limitSet', {
        amount: format.money(decimal),
        period: t(`responsible.periodsShort.${period}`),
      }),
    );
    props.onAnswered(answer.data, true);
  };

  const notNow = async () => {
    const answer = await run(() => responsibleApi.answer('deposit_limit'));
    if (answer) props.onAnswered(answer.data);
  };

  if (done)
    return (
      <p className="saved payin-rg-done" role="status" data-testid="payin-limit-done">
        ✓ {done}
      </p>
    );
  const error = problem ?? serverError('amount', 'period', 'kind');
  return (
    <fieldset className="payin-rg-prompt" aria-labelledby={`${id}-title`} data-testid="payin-limit-prompt">
      <div>
        <strong id={`${id}-title`}>{t('responsible.payin.promptTitle')}</strong>
        <p>{t('responsible.payin.promptText')}</p>
      </div>
      <div className="payin-rg-fields">
        <div className="amount-input">
          <input
            id={`${id}-amount`}
            className="input"
            name="deposit_limit_amount"
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('responsible.payin.amountLabel')}
            placeholder={t('responsible.payin.amountLabel')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void save();
            }}
          />
          <span className="amount-currency" aria-hidden="true">
            {props.currency}
          </span>
        </div>
        <select
          className="input"
          name="deposit_limit_period"
          aria-label={t('responsible.payin.periodLabel')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as LimitPeriod)}
        >
          {LIMIT_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t(`responsible.periods.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="payin-rg-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="payin-rg-actions">
        <button type="button" className="btn btn-primary" disabled={pending} onClick={() => void save()}>
          {t('responsible.payin.save')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={notNow}>
          {t('responsible.payin.notNow')}
        </button>
      </div>
    </fieldset>
  );
}
