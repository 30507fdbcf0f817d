import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { localHref, pageLocale } from '../../client/site.ts';
import { $codeFlow, $loginEmail } from '../../stores/auth-flow.ts';
import { closeModal, replaceModal } from '../../stores/modals.ts';
import { AccountPasswordField, ContactField, useContactForm } from '../ui/account-form.tsx';
import { SubmitButton } from '../ui/fields.tsx';
import { login } from './finish.ts';
import { SocialButtons } from './SocialButtons.tsx';

type Mode = 'password' | 'code';

/** Login (docs/api-auth.md): email or phone, with a password or a one-time code. */
export function LoginModal() {
  const { t } = useTranslation();
  const form = useContactForm(pageLocale(), $loginEmail.get().email);
  const [mode, setMode] = useState<Mode>('password');
  const [password, setPassword] = useState('');
  const { pending, run } = form.api;
  const { channel, address, number } = form.contact;

  const checkPassword = () => ({ password: mode === 'password' && !password ? t('error.required') : null });
  const submit = form.onSubmit(checkPassword, async () => {
    if (mode === 'password') {
      const outcome = await run(() =>
        login(
          channel === 'email'
            ? auth.loginEmailPassword(address, password)
            : auth.loginPhonePassword(number, password),
        ),
      );
      if (outcome?.kind === 'done') closeModal('Login');
      return;
    }
    if (channel === 'email') {
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
  });

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="login-form">
      <ContactField
        form={form}
        tabsLabel={t('auth.loginMethod')}
        emailAutoComplete="username"
        serverFields={['credentials', 'account']}
        autoFocus
      />
      <fieldset className="mode-switch">
        <legend className="visually-hidden">{t('auth.loginWith')}</legend>
        {(['password', 'code'] as const).map((value) => (
          <label key={value} className="mode-option">
            <input
              type="radio"
              name="login-mode"
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                form.setErrors({});
                form.api.clearReport();
              }}
            />
            <span>{value === 'password' ? t('auth.usePassword') : t('auth.useCode')}</span>
          </label>
        ))}
      </fieldset>
      {mode === 'password' ? (
        <>
          <AccountPasswordField form={form} value={password} onChange={setPassword} />
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
            {channel === 'email' ? t('auth.codeByEmailHint') : t('auth.codeBySmsHint')}
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
