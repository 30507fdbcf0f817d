import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import { localHref, pageLocale } from '../../client/site.ts';
import { $codeFlow, $loginEmail } from '../../stores/auth-flow.ts';
import { closeModal, replaceModal } from '../../stores/modals.ts';
import {
  ChannelTabs,
  contactError,
  focusFirstInvalid,
  PasswordField,
  PhoneField,
  SubmitButton,
  TextField,
} from '../ui/fields.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';
import { login } from './finish.ts';
import { SocialButtons } from './SocialButtons.tsx';

type Method = 'email' | 'phone';
type Mode = 'password' | 'code';

/** Login (spec §2, §4): email or phone, with a password or a one-time code. */
export function LoginModal() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('email');
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState(() => $loginEmail.get().email);
  const [country, setCountry] = useState<PhoneCountryCode>(() => defaultPhoneCountry(pageLocale()));
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const { pending, run, serverError, clearReport } = useApiCall();

  const validate = (): boolean => {
    const next: ClientErrors = {
      [method]: contactError(t, method, { email, country, phone }),
      password: mode === 'password' && !password ? t('error.required') : null,
    };
    setErrors(next);
    return !Object.values(next).some(Boolean);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return focusFirstInvalid(event.currentTarget);
    const address = email.trim();
    const number = toE164(phoneCountry(country), phone);
    if (mode === 'password') {
      const outcome = await run(() =>
        login(
          method === 'email'
            ? auth.loginEmailPassword(address, password)
            : auth.loginPhonePassword(number, password),
        ),
      );
      if (outcome?.kind === 'done') closeModal('Login');
      return;
    }
    if (method === 'email') {
      const sent = await run(() => auth.sendEmailLoginCode(address));
      if (!sent) return;
      $loginEmail.set({ email: address, sent: true });
      replaceModal('Login', 'LoginByEmail');
    } else {
      const sent = await run(() => auth.sendPhoneLoginCode(number));
      if (!sent) return;
      $codeFlow.set({ purpose: 'login-phone', target: number });
      replaceModal('Login', 'ConfirmByPhone');
    }
  };

  const switchTo =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors({});
      clearReport();
    };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="login-form">
      <ChannelTabs label={t('auth.loginMethod')} value={method} onChange={switchTo(setMethod)} />
      {method === 'email' ? (
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={setEmail}
          error={errors.email ?? serverError('email', 'credentials')}
          autoFocus
        />
      ) : (
        <PhoneField
          label={t('auth.phone')}
          country={country}
          onCountry={setCountry}
          value={phone}
          onChange={setPhone}
          error={errors.phone ?? serverError('phone', 'credentials')}
          autoFocus
        />
      )}
      <fieldset className="mode-switch">
        <legend className="visually-hidden">{t('auth.loginWith')}</legend>
        {(['password', 'code'] as const).map((value) => (
          <label key={value} className="mode-option">
            <input
              type="radio"
              name="login-mode"
              value={value}
              checked={mode === value}
              onChange={() => switchTo(setMode)(value)}
            />
            <span>{value === 'password' ? t('auth.usePassword') : t('auth.useCode')}</span>
          </label>
        ))}
      </fieldset>
      {mode === 'password' ? (
        <>
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password ?? serverError('password')}
          />
          <div className="form-row">
            <a href={localHref('/password/reset')} className="muted-link">
              {t('auth.forgot')}
            </a>
          </div>
          <SubmitButton pending={pending}>{t('auth.submitLogin')}</SubmitButton>
        </>
      ) : (
        <>
          <p className="field-hint">
            {method === 'email' ? t('auth.codeByEmailHint') : t('auth.codeBySmsHint')}
          </p>
          <SubmitButton pending={pending}>{t('auth.sendCode')}</SubmitButton>
        </>
      )}
      <SocialButtons modal="Login" />
      <p className="form-foot">
        {t('auth.noAccount')}{' '}
        <button type="button" className="link-btn" onClick={() => replaceModal('Login', 'Register')}>
          {t('auth.register')}
        </button>
      </p>
    </form>
  );
}
