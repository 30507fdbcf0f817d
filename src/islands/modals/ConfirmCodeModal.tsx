import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { notifySuccess } from '../../client/notices.ts';
import { refreshProfile, schedulePayIn } from '../../client/session.ts';
import { $codeFlow, type CodeFlow } from '../../stores/auth-flow.ts';
import { closeModal } from '../../stores/modals.ts';
import { CodeForm } from '../ui/CodeForm.tsx';
import { codeError } from '../ui/fields.tsx';
import { useFormCheck } from '../ui/use-form-check.ts';
import { RESEND_SECONDS, useResend } from '../ui/use-resend.ts';
import { useApiCall } from '../ui/useApi.ts';
import { login } from './finish.ts';

/** Title key of the code modal for each purpose. */
export function codeTitleKey(flow: CodeFlow | null): string {
  if (flow?.purpose === 'verify-email') return 'modals.ConfirmEmail';
  if (flow?.purpose === 'login-phone') return 'modals.LoginByPhone';
  return 'modals.ConfirmByPhone';
}

/**
 * ConfirmByPhone (docs/api-auth.md): enter the code sent by SMS or email, for a phone login or to
 * verify the contact given at registration; the code can be sent again after a countdown.
 */
export function ConfirmCodeModal() {
  const { t } = useTranslation();
  const flow = useStore($codeFlow);
  const [code, setCode] = useState('');
  const { errors, check } = useFormCheck();
  const { pending, run, serverError } = useApiCall();
  const resend = useResend(() => {
    if (flow?.purpose === 'login-phone') return auth.resendPhoneLoginCode(flow.target);
    if (flow?.purpose === 'verify-email') return auth.resendEmailVerification();
    return auth.resendPhoneVerification();
  }, RESEND_SECONDS);

  if (!flow) return <p className="form-lead">{t('error.unknown')}</p>;
  const verifying = flow.purpose !== 'login-phone';

  const finish = () => {
    closeModal('ConfirmByPhone');
    $codeFlow.set(null);
    if (flow.afterRegistration) schedulePayIn();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(event, { code: codeError(t, code) })) return;
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

  return (
    <CodeForm
      before={verifying && <p className="form-lead">{t('auth.welcome')}</p>}
      lead={t(flow.purpose === 'verify-email' ? 'auth.codeSentToEmail' : 'auth.codeSentToPhone')}
      target={flow.target}
      code={code}
      onCode={setCode}
      error={errors.code ?? serverError('code', 'account')}
      submitLabel={verifying ? t('auth.confirm') : t('auth.submitLogin')}
      pending={pending}
      onSubmit={submit}
      resend={resend}
      testId="code-form"
    >
      {verifying && (
        <button type="button" className="link-btn" onClick={finish}>
          {t('auth.later')}
        </button>
      )}
    </CodeForm>
  );
}
