import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import type { Locale } from '../../shared/locales.ts';
import { ContactField, useContactForm } from '../ui/account-form.tsx';
import { CodeForm } from '../ui/CodeForm.tsx';
import { codeError, SubmitButton } from '../ui/fields.tsx';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { NewPasswordForm } from '../ui/NewPasswordForm.tsx';
import { useResend } from '../ui/use-resend.ts';
import { DoneBlock } from './DoneBlock.tsx';
import { resetPassword } from './reset.ts';

/**
 * /password/reset (docs/api-auth.md "Password recovery"): restore by email or phone. forgot → the
 * code → code/confirm gives a reset token → a new password (reset/token or phone/reset) logs the
 * player in.
 */
export default function RestorePasswordIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Restore locale={locale} />
    </IslandRoot>
  );
}

type Step = 'contact' | 'code' | 'password' | 'done';
const STEPS: Step[] = ['contact', 'code', 'password'];

function Restore({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const form = useContactForm(locale);
  const [step, setStep] = useState<Step>('contact');
  const [code, setCode] = useState('');
  const [resetToken, setResetToken] = useState('');
  const { contact, errors, check, api } = form;
  const { pending, run, serverError, lastReport } = api;

  const byEmail = contact.channel === 'email';
  const target = byEmail ? contact.address : contact.number;
  const sendCode = () => (byEmail ? auth.forgotByEmail(target) : auth.forgotByPhone(target));
  const resend = useResend(sendCode);

  const submitContact = form.onSubmit(
    () => ({}),
    async () => {
      const sent = await run(sendCode);
      resend.afterSend(sent, lastReport());
      if (sent) setStep('code');
    },
  );

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(event, { code: codeError(t, code) })) return;
    const answer = await run(() =>
      byEmail ? auth.confirmEmailResetCode(target, code) : auth.confirmPhoneResetCode(target, code),
    );
    if (!answer) return;
    setResetToken(answer.data.reset_token);
    setStep('password');
  };

  if (step === 'done') return <DoneBlock />;
  const index = STEPS.indexOf(step);

  return (
    <section className="panel" data-testid="restore-password">
      <ol className="step-dots" aria-label={t('password.progress', { step: index + 1, total: STEPS.length })}>
        {STEPS.map((s, i) => (
          <li key={s} data-done={i <= index} />
        ))}
      </ol>
      {step === 'contact' && (
        <form className="form" noValidate onSubmit={submitContact}>
          <ContactField form={form} tabsLabel={t('password.method')} emailAutoComplete="username" />
          <SubmitButton pending={pending}>{t('auth.sendCode')}</SubmitButton>
        </form>
      )}
      {step === 'code' && (
        <CodeForm
          lead={t(byEmail ? 'auth.codeSentToEmail' : 'auth.codeSentToPhone')}
          target={target}
          code={code}
          onCode={setCode}
          error={errors.code ?? serverError('code')}
          submitLabel={t('auth.confirm')}
          pending={pending}
          onSubmit={submitCode}
          resend={resend}
        >
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setCode('');
              setStep('contact');
            }}
          >
            {byEmail ? t('auth.changeEmail') : t('auth.changePhone')}
          </button>
        </CodeForm>
      )}
      {step === 'password' && (
        <NewPasswordForm
          username={target}
          api={api}
          save={(password) => resetPassword(!byEmail, resetToken, password)}
          onDone={() => setStep('done')}
        />
      )}
    </section>
  );
}
