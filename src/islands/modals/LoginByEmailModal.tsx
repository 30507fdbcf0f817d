import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { $loginEmail } from '../../stores/auth-flow.ts';
import { closeModal, replaceModal } from '../../stores/modals.ts';
import { CodeField, focusFirstInvalid, isEmail, SubmitButton, TextField } from '../ui/fields.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';
import { useCountdown } from '../ui/useCountdown.ts';
import { login, RESEND_SECONDS } from './finish.ts';
import { ResendButton } from './ResendButton.tsx';

/** LoginByEmail (spec §2): a one-time code mailed to the address, no password. */
export function LoginByEmailModal() {
  const { t } = useTranslation();
  const initial = useStore($loginEmail);
  const [email, setEmail] = useState(initial.email);
  const [step, setStep] = useState<'email' | 'code'>(initial.sent ? 'code' : 'email');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const countdown = useCountdown(initial.sent ? RESEND_SECONDS : 0);
  const { pending, run, serverError, lastReport } = useApiCall();
  const resend = useApiCall();

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const error = isEmail(address) ? null : t(address ? 'error.invalid_email' : 'error.required');
    setErrors({ email: error });
    if (error) return focusFirstInvalid(event.currentTarget);
    const sent = await run(() => auth.sendEmailLoginCode(address));
    if (!sent) {
      const wait = lastReport()?.retryAfterSeconds;
      if (wait) countdown.restart(wait);
      return;
    }
    $loginEmail.set({ email: address, sent: true });
    countdown.restart(RESEND_SECONDS);
    setStep('code');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const error = code.length === 6 ? null : t(code ? 'error.invalid_code' : 'error.required');
    setErrors({ code: error });
    if (error) return focusFirstInvalid(event.currentTarget);
    const outcome = await run(() => login(auth.loginEmailCode(email.trim(), code)));
    if (outcome?.kind === 'done') closeModal('LoginByEmail');
  };

  const again = async () => {
    const sent = await resend.run(() => auth.resendEmailLoginCode(email.trim()));
    countdown.restart(sent ? RESEND_SECONDS : (resend.lastReport()?.retryAfterSeconds ?? 0));
  };

  if (step === 'email') {
    return (
      <form className="form" noValidate onSubmit={sendCode}>
        <p className="form-lead">{t('auth.loginByEmailLead')}</p>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={setEmail}
          error={errors.email ?? serverError('email')}
          autoFocus
        />
        <SubmitButton pending={pending}>{t('auth.sendCode')}</SubmitButton>
        <p className="form-foot">
          <button type="button" className="link-btn" onClick={() => replaceModal('LoginByEmail', 'Login')}>
            {t('auth.loginWithPassword')}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form className="form" noValidate onSubmit={confirm}>
      <p className="form-lead">
        {t('auth.codeSentTo')} <strong>{email}</strong>
      </p>
      <CodeField
        label={t('auth.code')}
        value={code}
        onChange={setCode}
        error={errors.code ?? serverError('code')}
        autoFocus
      />
      <SubmitButton pending={pending}>{t('auth.submitLogin')}</SubmitButton>
      <div className="form-row">
        <ResendButton left={countdown.left} pending={resend.pending} onResend={again} />
        <button type="button" className="link-btn" onClick={() => setStep('email')}>
          {t('auth.changeEmail')}
        </button>
      </div>
    </form>
  );
}
