import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../client/auth.ts';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import { completeLogin } from '../../client/session.ts';
import type { Locale } from '../../shared/locales.ts';
import { RESEND_SECONDS } from '../modals/finish.ts';
import { ResendButton } from '../modals/ResendButton.tsx';
import {
  ChannelTabs,
  CodeField,
  contactError,
  focusFirstInvalid,
  NewPasswordFields,
  PhoneField,
  SubmitButton,
  TextField,
} from '../ui/fields.tsx';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { type ClientErrors, useApiCall } from '../ui/useApi.ts';
import { useCountdown } from '../ui/useCountdown.ts';
import { DoneBlock } from './DoneBlock.tsx';

/**
 * /password/reset (spec §7): restore by email or phone. forgot → the code → code/confirm gives a
 * reset token → a new password (reset/token or phone/reset) logs the player in.
 */
export default function RestorePasswordIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Restore locale={locale} />
    </IslandRoot>
  );
}

type Method = 'email' | 'phone';
type Step = 'contact' | 'code' | 'password' | 'done';
const STEPS: Step[] = ['contact', 'code', 'password'];

function Restore({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('email');
  const [step, setStep] = useState<Step>('contact');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<PhoneCountryCode>(() => defaultPhoneCountry(locale));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<ClientErrors>({});
  const countdown = useCountdown(0);
  const { pending, run, serverError, lastReport, clearReport } = useApiCall();
  const resend = useApiCall();

  const target = method === 'email' ? email.trim() : toE164(phoneCountry(country), phone);
  const sendCode = () => (method === 'email' ? auth.forgotByEmail(target) : auth.forgotByPhone(target));

  const submitContact = async (event: FormEvent) => {
    event.preventDefault();
    const problem = contactError(t, method, { email, country, phone });
    setErrors({ [method]: problem });
    if (problem) return focusFirstInvalid(event.currentTarget);
    const sent = await run(sendCode);
    if (!sent) {
      const wait = lastReport()?.retryAfterSeconds;
      if (wait) countdown.restart(wait);
      return;
    }
    countdown.restart(RESEND_SECONDS);
    setStep('code');
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const problem = code.length === 6 ? null : t(code ? 'error.invalid_code' : 'error.required');
    setErrors({ code: problem });
    if (problem) return focusFirstInvalid(event.currentTarget);
    const answer = await run(() =>
      method === 'email'
        ? auth.confirmEmailResetCode(target, code)
        : auth.confirmPhoneResetCode(target, code),
    );
    if (!answer) return;
    setResetToken(answer.data.reset_token);
    setStep('password');
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problems: ClientErrors = {
      password: password ? null : t('error.required'),
      repeat: !repeat ? t('error.required') : repeat !== password ? t('error.password_mismatch') : null,
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget);
    const outcome = await run(async () =>
      completeLogin(
        await (method === 'email'
          ? auth.resetByEmailToken(resetToken, password)
          : auth.resetByPhoneToken(resetToken, password)),
        // The recovery page has nothing more to show once logged in elsewhere.
        { landing: '/' },
      ),
    );
    if (outcome?.kind === 'done') setStep('done');
  };

  const again = async () => {
    const sent = await resend.run(sendCode);
    countdown.restart(sent ? RESEND_SECONDS : (resend.lastReport()?.retryAfterSeconds ?? 0));
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
          <ChannelTabs
            label={t('password.method')}
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
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={setEmail}
              error={errors.email ?? serverError('email')}
            />
          ) : (
            <PhoneField
              label={t('auth.phone')}
              country={country}
              onCountry={setCountry}
              value={phone}
              onChange={setPhone}
              error={errors.phone ?? serverError('phone')}
            />
          )}
          <SubmitButton pending={pending}>{t('auth.sendCode')}</SubmitButton>
        </form>
      )}
      {step === 'code' && (
        <form className="form" noValidate onSubmit={submitCode}>
          <p className="form-lead">
            {t(method === 'email' ? 'auth.codeSentToEmail' : 'auth.codeSentToPhone')}{' '}
            <strong>{target}</strong>
          </p>
          <CodeField
            label={t('auth.code')}
            value={code}
            onChange={setCode}
            error={errors.code ?? serverError('code')}
            autoFocus
          />
          <SubmitButton pending={pending}>{t('auth.confirm')}</SubmitButton>
          <div className="form-row">
            <ResendButton left={countdown.left} pending={resend.pending} onResend={again} />
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                setCode('');
                setStep('contact');
              }}
            >
              {method === 'email' ? t('auth.changeEmail') : t('auth.changePhone')}
            </button>
          </div>
        </form>
      )}
      {step === 'password' && (
        <form className="form" noValidate onSubmit={submitPassword}>
          <input type="text" name="username" autoComplete="username" hidden readOnly value={target} />
          <NewPasswordFields
            password={password}
            onPassword={setPassword}
            passwordError={errors.password ?? serverError('password', 'token')}
            repeat={repeat}
            onRepeat={setRepeat}
            repeatError={errors.repeat ?? serverError('password_confirmation')}
            autoFocus
          />
          <SubmitButton pending={pending}>{t('password.save')}</SubmitButton>
        </form>
      )}
    </section>
  );
}
