import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import { localHref, pageLocale } from '../../client/site.ts';
import { CURRENCIES, type Currency } from '../../shared/currencies.ts';
import { $codeFlow } from '../../stores/auth-flow.ts';
import { replaceModal } from '../../stores/modals.ts';
import {
  ChannelTabs,
  Checkbox,
  contactError,
  focusFirstInvalid,
  PasswordField,
  PhoneField,
  SelectField,
  SubmitButton,
  TextField,
} from '../ui/fields.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';
import { CURRENCY_FOR_LOCALE, login } from './finish.ts';
import { SocialButtons } from './SocialButtons.tsx';

type Method = 'email' | 'phone';

/**
 * Register (spec §2, §7): email or phone, password, account currency, the 18+ and terms consent.
 * Then the verification code of the chosen contact is asked for (ConfirmByPhone).
 */
export function RegisterModal() {
  const { t } = useTranslation();
  const locale = pageLocale();
  const [method, setMethod] = useState<Method>('email');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<PhoneCountryCode>(() => defaultPhoneCountry(locale));
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [currency, setCurrency] = useState<Currency>(CURRENCY_FOR_LOCALE[locale]);
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<ClientErrors>({});
  const { pending, run, serverError, clearReport } = useApiCall();

  const validate = (): boolean => {
    const next: ClientErrors = {
      [method]: contactError(t, method, { email, country, phone }),
      password: password ? null : t('error.required'),
      adult: adult ? null : t('auth.termsRequired'),
    };
    setErrors(next);
    return !Object.values(next).some(Boolean);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return focusFirstInvalid(event.currentTarget);
    const input = { password, currency, locale };
    const address = email.trim();
    const number = toE164(phoneCountry(country), phone);
    const outcome = await run(() =>
      login(method === 'email' ? auth.registerEmail(address, input) : auth.registerPhone(number, input)),
    );
    if (outcome?.kind !== 'done') return;
    $codeFlow.set(
      method === 'email'
        ? { purpose: 'verify-email', target: address }
        : { purpose: 'verify-phone', target: number, afterRegistration: true },
    );
    replaceModal('Register', 'ConfirmByPhone');
  };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="register-form">
      <ChannelTabs
        label={t('auth.registerMethod')}
        value={method}
        onChange={(value) => {
          setMethod(value);
          setErrors({});
          clearReport();
        }}
      />
      {method === 'email' ? (
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={setEmail}
          error={errors.email ?? serverError('email')}
          autoFocus
        />
      ) : (
        <PhoneField
          label={t('auth.phone')}
          country={country}
          onCountry={setCountry}
          value={phone}
          onChange={setPhone}
          error={errors.phone ?? serverError('phone')}
          autoFocus
        />
      )}
      <PasswordField
        label={t('auth.password')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.password ?? serverError('password')}
        hint={t('auth.passwordHint')}
      />
      <SelectField
        label={t('auth.currency')}
        value={currency}
        onChange={setCurrency}
        options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${t(`currency.${code}`)}` }))}
        error={serverError('currency')}
        hint={t('auth.currencyHint')}
      />
      <Checkbox checked={adult} onChange={setAdult} error={errors.adult}>
        <Trans
          i18nKey="auth.terms"
          components={{
            // biome-ignore lint/a11y/useAnchorContent: the link text comes from the translation.
            terms: <a href={localHref('/policy/en/user-agreement')} target="_blank" rel="noopener" />,
          }}
        />
      </Checkbox>
      <SubmitButton pending={pending}>{t('auth.submitRegister')}</SubmitButton>
      <SocialButtons
        modal="Register"
        currency={currency}
        beforeStart={() => {
          setErrors(adult ? {} : { adult: t('auth.termsRequired') });
          return adult;
        }}
      />
      <p className="form-foot">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-btn" onClick={() => replaceModal('Register', 'Login')}>
          {t('auth.login')}
        </button>
      </p>
    </form>
  );
}
