import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { $loginEmail } from '../../stores/auth-flow.ts';
import { closeModal, replaceModal } from '../../stores/modals.ts';
import { CodeForm } from '../ui/CodeForm.tsx';
import { codeError, EmailField, isEmail, SubmitButton } from '../ui/fields.tsx';
import { useFormCheck } from '../ui/use-form-check.ts';
import { RESEND_SECONDS, useResend } from '../ui/use-resend.ts';
import { useApiCall } from '../ui/useApi.ts';
import { login } from './finish.ts';

/** LoginByEmail (docs/api-auth.md): a one-time code mailed to the address, no password. */
export function LoginByEmailModal() {
  const { t } = useTranslation();
  const initial = useStore($loginEmail);
  const [email, setEmail] = useState(initial.email);
  const [step, setStep] = useState<'email' | 'code'>(initial.sent ? 'code' : 'email');
  const [code, setCode] = useState('');
  const { errors, check } = useFormCheck();
  const { pending, run, serverError, lastReport } = useApiCall();
  const resend = useResend(() => auth.resendEmailLoginCode(email.trim()), initial.sent ? RESEND_SECONDS : 0);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const error = isEmail(address) ? null : t(address ? 'error.invalid_email' : 'error.required');
    if (!check(event, { email: error })) return;
    const sent = await run(() => auth.sendEmailLoginCode(address));
    resend.afterSend(sent, lastReport());
    if (!sent) return;
    $loginEmail.set({ email: address, sent: true });
    setStep('code');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(event, { code: codeError(t, code) })) return;
    const outcome = await run(() => login(auth.loginEmailCode(email.trim(), code)));
    if (outcome?.kind === 'done') closeModal('LoginByEmail');
  };

  if (step === 'email') {
    return (
      <form className="form" noValidate onSubmit={sendCode}>
        <p className="form-lead">{t('auth.loginByEmailLead')}</p>
        <EmailField
          label={t('auth.email')}
          autoComplete="username"
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
    <CodeForm
      lead={t('auth.codeSentTo')}
      target={email}
      code={code}
      onCode={setCode}
      error={errors.code ?? serverError('code', 'account')}
      submitLabel={t('auth.submitLogin')}
      pending={pending}
      onSubmit={confirm}
      resend={resend}
    >
      <button type="button" className="link-btn" onClick={() => setStep('email')}>
        {t('auth.changeEmail')}
      </button>
    </CodeForm>
  );
}
