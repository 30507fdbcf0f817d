import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, profile } from '../../client/auth.ts';
import { notifySuccess } from '../../client/notices.ts';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import { refreshProfile, replaceUser } from '../../client/session.ts';
import type { Locale } from '../../shared/locales.ts';
import type { User } from '../../stores/user.ts';
import { CodeForm } from '../ui/CodeForm.tsx';
import { codeError, isCompletePhone, PhoneField, SubmitButton } from '../ui/fields.tsx';
import { useFormCheck } from '../ui/use-form-check.ts';
import { RESEND_SECONDS, useResend } from '../ui/use-resend.ts';
import { useApiCall } from '../ui/useApi.ts';
import { SettingsPanel } from './settings-panel.tsx';

/**
 * The e-mail and the phone number with their state. An unconfirmed one offers "Send code": the
 * code goes to it (POST …/email/resend or …/phone/resend) and is entered here (…/verify/code), so a
 * player who pressed "Later" after signing up can confirm at any time (docs/api-auth.md). A player
 * without a confirmed phone number adds one (POST /profile/phone texts it a code at once).
 */
export function Contacts({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const [editingPhone, setEditingPhone] = useState(false);
  const [phoneAdded, setPhoneAdded] = useState(false);
  // The account menu's reminder links to #contacts; the island renders after the browser looked for it.
  useEffect(() => {
    if (window.location.hash === '#contacts') document.getElementById('contacts')?.scrollIntoView();
  }, []);
  const addingPhone = !user.phone || editingPhone;
  return (
    <SettingsPanel
      id="contacts"
      title={t('settingsContacts.title')}
      aside={<p>{t('settingsContacts.lead')}</p>}
    >
      <div className="contacts">
        {user.email && <ContactRow channel="email" value={user.email} verified={user.is_email_verified} />}
        {addingPhone ? (
          <AddPhone
            locale={locale}
            onAdded={() => {
              setEditingPhone(false);
              setPhoneAdded(true);
            }}
            onCancel={user.phone ? () => setEditingPhone(false) : undefined}
          />
        ) : (
          user.phone && (
            <ContactRow
              key={user.phone}
              channel="phone"
              value={user.phone}
              verified={user.is_phone_verified}
              codeSent={phoneAdded}
              onChangeNumber={() => setEditingPhone(true)}
            />
          )
        )}
      </div>
    </SettingsPanel>
  );
}

/** A phone number to add (or an unconfirmed one to replace): the code is texted to it at once. */
function AddPhone(props: { locale: Locale; onAdded: () => void; onCancel: (() => void) | undefined }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState<PhoneCountryCode>(() => defaultPhoneCountry(props.locale));
  const [phone, setPhone] = useState('');
  const { errors, setErrors, check } = useFormCheck();
  const { pending, run, serverError, dismiss } = useApiCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const complete = isCompletePhone(country, phone);
    if (!check(event, { phone: complete ? null : t(phone ? 'error.invalid_phone' : 'error.required') }))
      return;
    const answer = await run(() => profile.addPhone(toE164(phoneCountry(country), phone)));
    if (!answer) return;
    replaceUser(answer.user);
    props.onAdded();
  };

  return (
    <div className="contact" data-testid="contact-phone-add">
      <form className="form" noValidate onSubmit={submit}>
        <PhoneField
          label={t('auth.phone')}
          country={country}
          onCountry={setCountry}
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setErrors({});
            dismiss('phone');
          }}
          error={errors.phone ?? serverError('phone')}
        />
        <p className="contact-hint muted">{t('settingsContacts.addPhoneHint')}</p>
        <div className="contact-actions">
          <SubmitButton pending={pending}>{t('auth.sendCode')}</SubmitButton>
          {props.onCancel && (
            <button type="button" className="link-btn" onClick={props.onCancel}>
              {t('settingsContacts.cancel')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

const CONTACT_CALLS = {
  email: { send: auth.resendEmailVerification, verify: auth.verifyEmailCode },
  phone: { send: auth.resendPhoneVerification, verify: auth.verifyPhoneCode },
} as const;

function ContactRow(props: {
  channel: 'email' | 'phone';
  value: string;
  verified: boolean;
  /** The code was just sent (a phone number added): the code step opens at once. */
  codeSent?: boolean;
  /** An unconfirmed phone number may be replaced. */
  onChangeNumber?: () => void;
}) {
  const { t } = useTranslation();
  const { channel, value, verified } = props;
  const calls = CONTACT_CALLS[channel];
  const [step, setStep] = useState<'idle' | 'code'>(props.codeSent ? 'code' : 'idle');
  const [code, setCode] = useState('');
  const { errors, check } = useFormCheck();
  const { pending, run, serverError, lastReport } = useApiCall();
  const resend = useResend(() => calls.send(), props.codeSent ? RESEND_SECONDS : 0);

  const sendCode = async () => {
    const sent = await run(() => calls.send());
    resend.afterSend(sent, lastReport());
    if (!sent) return;
    setCode('');
    setStep('code');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(event, { code: codeError(t, code) })) return;
    const done = await run(async () => {
      await calls.verify(code);
      return refreshProfile();
    });
    if (!done) return;
    setStep('idle');
    notifySuccess(t(channel === 'email' ? 'auth.emailVerified' : 'auth.phoneVerified'), t('modals.close'));
  };

  const label = t(channel === 'email' ? 'auth.email' : 'auth.phone');
  return (
    <div className="contact" data-testid={`contact-${channel}`} data-verified={String(verified)}>
      <div className="contact-head">
        <span className="contact-label">{label}</span>
        <span className="contact-value">{value}</span>
        <span className={`badge ${verified ? 'badge-ok' : 'badge-warn'}`}>
          {verified ? t('profileOverview.confirmed') : t('profileOverview.notConfirmed')}
        </span>
        {!verified && step === 'idle' && (
          <button
            type="button"
            className="btn btn-primary contact-send"
            disabled={pending}
            onClick={sendCode}
          >
            {t('auth.sendCode')}
          </button>
        )}
      </div>
      {!verified && step === 'idle' && (
        <p className="contact-hint muted">
          {t(channel === 'email' ? 'settingsContacts.emailHint' : 'settingsContacts.phoneHint')}
          {props.onChangeNumber && (
            <>
              {' '}
              <button type="button" className="link-btn" onClick={props.onChangeNumber}>
                {t('settingsContacts.changePhone')}
              </button>
            </>
          )}
        </p>
      )}
      {!verified && step === 'code' && (
        <CodeForm
          lead={t(channel === 'email' ? 'auth.codeSentTo' : 'auth.codeSentToPhone')}
          target={value}
          code={code}
          onCode={setCode}
          error={errors.code ?? serverError('code')}
          submitLabel={t('auth.confirm')}
          pending={pending}
          onSubmit={confirm}
          resend={resend}
          testId={`contact-${channel}-code`}
        >
          <button type="button" className="link-btn" onClick={() => setStep('idle')}>
            {t('settingsContacts.cancel')}
          </button>
        </CodeForm>
      )}
    </div>
  );
}
