import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmountInput, parseAmount } from '../../client/amount-input.ts';
import { money, type PaymentMethod } from '../../client/money.ts';
import { PAYMENT_PARAMS } from '../../client/payment-return.ts';
import { replaceUser } from '../../client/session.ts';
import { pageLocale } from '../../client/site.ts';
import { formatters } from '../../i18n/format.ts';
import type { Currency } from '../../shared/currencies.ts';
import { toMinor } from '../../shared/money.ts';
import { replaceModal } from '../../stores/modals.ts';
import { $user } from '../../stores/user.ts';
import {
  DepositLimitPrompt,
  DepositPaused,
  depositDetail,
  depositLimitReached,
  ResponsibleLinks,
  useDepositStatus,
} from '../profile/limits/DepositSafety.tsx';
import { AmountField } from '../ui/AmountField.tsx';
import { CurrencyField } from '../ui/CurrencyField.tsx';
import { SubmitButton } from '../ui/fields.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { CURRENCY_FOR_LOCALE } from './finish.ts';

/**
 * PayIn (docs/api-money.md): a player without a currency picks one first; then the
 * method of that currency with its presets and limits, and the hosted checkout of the provider.
 */
export function PayInModal() {
  const { t } = useTranslation();
  const user = useStore($user);
  if (!user) {
    return (
      <div className="form" data-testid="payin-guest">
        <p className="form-lead">{t('payments.loginFirst')}</p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => replaceModal('PayIn', 'Login')}
        >
          {t('auth.login')}
        </button>
      </div>
    );
  }
  if (!user.currency) return <CurrencyStep />;
  return <DepositForm key={user.currency} currency={user.currency} />;
}

function CurrencyStep() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<Currency>(CURRENCY_FOR_LOCALE[pageLocale()]);
  const { pending, run, serverError } = useApiCall();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => money.setCurrency(currency));
    if (answer?.user) replaceUser(answer.user);
  };
  return (
    <form className="form" noValidate onSubmit={submit} data-testid="payin-currency">
      <p className="form-lead">{t('payments.chooseCurrency')}</p>
      <CurrencyField
        value={currency}
        onChange={setCurrency}
        error={serverError('currency')}
        hint={t('profile.settings.currencyOnce')}
      />
      <SubmitButton pending={pending}>{t('payments.continue')}</SubmitButton>
    </form>
  );
}

type Methods = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; method: PaymentMethod | null };

/**
 * The site path the provider sends the player back to (the server needs more than "/"). A
 * `deposit` flag goes along: it leaves the address only once the deposit succeeded
 * (src/client/payment-return.ts).
 */
function returnPath(): string | undefined {
  const url = new URL(window.location.href);
  for (const name of PAYMENT_PARAMS) url.searchParams.delete(name);
  const path = url.pathname + url.search;
  return /^\/[^/\\]/.test(path) ? path.slice(0, 300) : undefined;
}

function DepositForm({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const locale = pageLocale();
  const format = formatters(locale);
  const tag = format.tag;
  const [methods, setMethods] = useState<Methods>({ state: 'loading' });
  const [amount, setAmount] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Amounts in server messages ("amount_too_small:100.00") in the page's format too, and moments
  // ("timed_out:<end of the break>") as dates.
  const { pending, run, serverError, report } = useApiCall({
    formatDetail: (detail) => depositDetail(detail, currency, tag),
  });
  // Responsible gambling (docs/responsible-gambling.md): the deposit-limit question, a break.
  const safety = useDepositStatus();
  const loader = useApiCall();
  const loadMethods = loader.run;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setMethods({ state: 'loading' });
    void loadMethods(() => money.methods(), { replace: true }).then((answer) => {
      if (!live) return;
      if (!answer) return setMethods({ state: 'failed' });
      const method = answer.data[0] ?? null;
      setMethods({ state: 'ready', method });
      const first = method?.presets[0];
      if (first) setAmount((current) => current || formatAmountInput(first, tag));
    });
    return () => {
      live = false;
    };
  }, [loadMethods, attempt, tag]);

  const show = (decimal: string): string => {
    try {
      return format.money(toMinor(decimal), currency);
    } catch {
      return `${decimal} ${currency}`;
    }
  };

  /** A preset chip: whole amounts without their zero cents ("RUB 2,500"), so four fit a row. */
  const presetLabel = (decimal: string): string => {
    const minor = toMinor(decimal);
    return minor % 100n === 0n
      ? format.number(Number(minor / 100n), { style: 'currency', currency, maximumFractionDigits: 0 })
      : show(decimal);
  };

  if (methods.state === 'loading' || safety.loading)
    return <div className="payin-loading" aria-busy="true" />;
  if (safety.paused && safety.status) return <DepositPaused status={safety.status} />;
  if (methods.state === 'failed' || !methods.method) {
    return (
      <div className="form" data-testid="payin-unavailable">
        <p className="form-lead">
          {t(methods.state === 'failed' ? 'payments.loadFailed' : 'payments.noMethods')}
        </p>
        {methods.state === 'failed' && (
          <button type="button" className="btn btn-block" onClick={() => setAttempt((n) => n + 1)}>
            {t('payments.retry')}
          </button>
        )}
      </div>
    );
  }
  const method = methods.method;

  const validate = (): string | null => {
    const decimal = parseAmount(amount, tag);
    if (!decimal) return t(amount.trim() ? 'error.invalid_amount' : 'error.required');
    const minor = toMinor(decimal);
    if (minor < toMinor(method.min)) return t('error.amount_too_small', { detail: show(method.min) });
    if (minor > toMinor(method.max)) return t('error.amount_too_large', { detail: show(method.max) });
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate();
    setClientError(problem);
    const decimal = parseAmount(amount, tag);
    if (problem || !decimal) return;
    const path = returnPath();
    const answer = await run(() =>
      money.deposit({ amount: decimal, method: method.id, ...(path ? { return_path: path } : {}) }),
    );
    const target = answer?.data.redirect_url;
    if (target) window.location.assign(target);
  };

  const selected = parseAmount(amount, tag);
  const error =
    clientError ??
    (depositLimitReached(report)
      ? t('responsible.payin.limitReached')
      : serverError('amount', 'method', 'currency', 'idempotency_key', 'account'));
  return (
    <form className="form" noValidate onSubmit={submit} data-testid="payin-form">
      {safety.ask && <DepositLimitPrompt currency={currency} onAnswered={safety.update} />}
      <div className="payin-method">
        <span className="payin-card">
          <LineIcon size={22}>
            <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
            <path d="M2.5 10h19M6.5 15h4" />
          </LineIcon>
        </span>
        <span>
          <strong>{t('payments.card')}</strong>
          <small>{t('payments.limits', { min: show(method.min), max: show(method.max) })}</small>
        </span>
      </div>
      <fieldset className="presets">
        <legend className="visually-hidden">{t('payments.presets')}</legend>
        {method.presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className="preset"
            aria-pressed={selected !== null && toMinor(selected) === toMinor(preset)}
            onClick={() => {
              setAmount(formatAmountInput(preset, tag));
              setClientError(null);
            }}
          >
            {presetLabel(preset)}
          </button>
        ))}
      </fieldset>
      <AmountField
        label={t('payments.amount')}
        value={amount}
        currency={currency}
        onChange={(value) => {
          setAmount(value);
          setClientError(null);
        }}
        error={error}
        hint={t('payments.amountHint', { min: show(method.min), max: show(method.max) })}
      />
      <SubmitButton pending={pending}>
        {selected ? t('payments.payAmount', { amount: show(selected) }) : t('payments.pay')}
      </SubmitButton>
      <p className="form-foot payin-secure">{t('payments.secure')}</p>
      <ResponsibleLinks />
    </form>
  );
}
