import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { notifySuccess } from '../../client/notices.ts';
import { refreshProfile, schedulePayIn } from '../../client/session.ts';
import { $codeFlow, type CodeFlow } from '../../stores/auth-flow.ts';
import { closeModal } from '../../stores/modals.ts';
import { CodeField, focusFirstInvalid, SubmitButton } from '../ui/fields.tsx';
import { useApiCall } from '../ui/useApi.ts';
import { useCountdown } from '../ui/useCountdown.ts';
import { login, RESEND_SECONDS } from './finish.ts';
import { ResendButton } from './ResendButton.tsx';

/** Title key of the code modal for each purpose. */
export function codeTitleKey(flow: CodeFlow | null): string {
  if (flow?.purpose === 'verify-email') return 'modals.ConfirmEmail';
  if (flow?.purpose === 'login-phone') return 'modals.LoginByPhone';
  return 'modals.ConfirmByPhone';
}

/**
 * ConfirmByPhone (spec §2): enter the code sent by SMS or email, for a phone login or to verify the
 * contact given at registration; the code can be sent again after a countdown.
 */
export function ConfirmCodeModal() {
  const { t } = useTranslation();
  const flow = useStore($codeFlow);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown(RESEND_SECONDS);
  const { pending, run, serverError } = useApiCall();
  const resend = useApiCall();

  if (!flow) return <p className="form-lead">{t('error.unknown')}</p>;
  const verifying = flow.purpose !== 'login-phone';

  const finish = () => {
    closeModal('ConfirmByPhone');
    $codeFlow.set(null);
    if (flow.afterRegistration) schedulePayIn();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = code.length === 6 ? null : t(code ? 'error.invalid_code' : 'error.required');
    setError(problem);
    if (problem) return focusFirstInvalid(event.currentTarget);
    if (flow.purpose === 'login-phone') {
      const outcome = await run(() => login(auth.loginPhoneCode(flow.target, code)));
      if (outcome?.kind === 'done') finish();
      return;
    }
    const verified = await run(async () => {
      await (flow.purpose === 'verify-email' ? auth.verifyEmailCode(code) : auth.verifyPhoneCode(code));
      return refreshProfile();
    });
    if (!verified) return;
    notifySuccess(
      t(flow.purpose === 'verify-email' ? 'auth.emailVerified' : 'auth.phoneVerified'),
      t('modals.close'),
    );
    finish();
  };

  const again = async () => {
    const sent = await resend.run(() => {
      if (flow.purpose === 'login-phone') return auth.resendPhoneLoginCode(flow.target);
      if (flow.purpose === 'verify-email') return auth.resendEmailVerification();
      return auth.resendPhoneVerification();
    });
    countdown.restart(sent ? RESEND_SECONDS : (resend.lastReport()?.retryAfterSeconds ?? 0));
  };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="code-form">
      {verifying && <p className="form-lead">{t('auth.welcome')}</p>}
      <p className="form-lead">
        {t(flow.purpose === 'verify-email' ? 'auth.codeSentToEmail' : 'auth.codeSentToPhone')}{' '}
        <strong>{flow.target}</strong>
      </p>
      <CodeField
        label={t('auth.code')}
        value={code}
        onChange={setCode}
        error={error ?? serverError('code')}
        autoFocus
      />
      <SubmitButton pending={pending}>{verifying ? t('auth.confirm') : t('auth.submitLogin')}</SubmitButton>
      <div className="form-row">
        <ResendButton left={countdown.left} pending={resend.pending} onResend={again} />
        {verifying && (
          <button type="button" className="link-btn" onClick={finish}>
            {t('auth.later')}
          </button>
        )}
      </div>
    </form>
  );
}
