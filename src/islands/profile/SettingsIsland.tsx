import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth, guessTimezone, profile } from '../../client/auth.ts';
import { notifySuccess } from '../../client/notices.ts';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import { refreshProfile, replaceUser } from '../../client/session.ts';
import { addressInLocale } from '../../client/site.ts';
import type { Currency } from '../../shared/currencies.ts';
import { isLocale, LANGUAGE_TAG, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';
import { $sessionStatus, $user, type User } from '../../stores/user.ts';
import { CodeForm } from '../ui/CodeForm.tsx';
import { CurrencyField } from '../ui/CurrencyField.tsx';
import {
  codeError,
  isCompletePhone,
  PhoneField,
  SelectField,
  SubmitButton,
  TextField,
  Toggle,
} from '../ui/fields.tsx';
import { IslandRoot, IslandSkeleton } from '../ui/IslandRoot.tsx';
import { useFormCheck } from '../ui/use-form-check.ts';
import { RESEND_SECONDS, useResend } from '../ui/use-resend.ts';
import { useApiCall } from '../ui/useApi.ts';
import './account.css';

/**
 * /profile/setting (docs/api-auth.md): the display name, the contacts and their confirmation (a
 * phone number can be added), locale, time zone, privacy toggles, the currency once.
 */
export default function SettingsIsland({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <Settings locale={locale} />
    </IslandRoot>
  );
}

function Settings({ locale }: { locale: Locale }) {
  const user = useStore($user);
  const status = useStore($sessionStatus);
  if (status === 'unknown') return <IslandSkeleton />;
  // A guest sees the page's login prompt (ProfileGate) instead.
  if (!user) return null;
  return (
    <div data-testid="settings">
      <DisplayName user={user} />
      <Contacts user={user} locale={locale} />
      <General user={user} locale={locale} />
      <CurrencyPanel user={user} />
      <Privacy user={user} />
    </div>
  );
}

/** "Saved" for a moment after a successful change, announced to screen readers. */
function useSaved() {
  const [saved, setSaved] = useState(false);
  const show = () => {
    setSaved(true);
    window.setTimeout(() => setSaved(false), 2500);
  };
  return { saved, show };
}

/** A section of the settings page: its title, and beside it a note (`aside`). */
function SettingsPanel(props: { id: string; title: string; aside: ReactNode; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={props.id}>
      <div className="panel-head">
        <h2 id={props.id}>{props.title}</h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

function SavedNote({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="saved" role="status" data-testid="saved">
      {saved ? `✓ ${t('profile.saved')}` : ''}
    </span>
  );
}

/** The longest display name (src/server/modules/profile/display-name.ts). */
const NAME_MAX = 32;

/**
 * The public display name (docs/api-auth.md "Display names"): the bet feeds show it instead of
 * the player's code. Saved empty, it is cleared; the server's rules decide, its message is shown.
 */
function DisplayName({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name ?? '');
  const { pending, run, serverError, dismiss } = useApiCall();
  const { saved, show } = useSaved();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(() => profile.updateSetting({ name: name.trim() || null }));
    if (!answer) return;
    replaceUser(answer.user);
    setName(answer.user.name ?? '');
    show();
  };

  return (
    <SettingsPanel
      id="settings-name-title"
      title={t('profile.settings.name')}
      aside={<SavedNote saved={saved} />}
    >
      <form className="form name-form" noValidate onSubmit={save} data-testid="settings-name">
        <TextField
          label={t('profile.settings.nameLabel')}
          name="nickname"
          autoComplete="nickname"
          value={name}
          maxLength={NAME_MAX * 2}
          onChange={(value) => {
            setName(value);
            dismiss('name');
          }}
          error={serverError('name')}
          hint={t('profile.settings.nameHint', { max: NAME_MAX })}
        />
        <SubmitButton pending={pending}>{t('profile.settings.save')}</SubmitButton>
      </form>
    </SettingsPanel>
  );
}

function timezoneOptions(current: string | null, languageTag: string) {
  const zones = new Set<string>(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  for (const zone of [current, guessTimezone(), 'UTC']) if (zone) zones.add(zone);
  const now = new Date();
  return [...zones].sort().map((zone) => {
    let offset = '';
    try {
      offset =
        new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: 'shortOffset' })
          .formatToParts(now)
          .find((part) => part.type === 'timeZoneName')?.value ?? '';
    } catch {
      // An unknown zone is still listed, without its offset.
    }
    return { value: zone, label: offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone };
  });
}

function General({ user, locale }: { user: User; locale: Locale }) {
  const { t } = useTranslation();
  const { pending, run, serverError } = useApiCall();
  const { saved, show } = useSaved();
  const [draftLocale, setDraftLocale] = useState<Locale>(isLocale(user.locale) ? user.locale : locale);
  const timezone = user.timezone ?? guessTimezone() ?? 'UTC';
  const zones = useMemo(() => timezoneOptions(user.timezone, LANGUAGE_TAG[locale]), [user.timezone, locale]);

  const saveLocale = async (next: Locale) => {
    setDraftLocale(next);
    const answer = await run(() => profile.updateSetting({ locale: next }));
    if (!answer) {
      setDraftLocale(isLocale(user.locale) ? user.locale : locale);
      return;
    }
    replaceUser(answer.user);
    // The interface follows the saved language at once: the same page opens in it.
    if (next !== locale) window.location.assign(addressInLocale(next));
    else show();
  };

  const saveTimezone = async (next: string) => {
    const answer = await run(() => profile.updateSetting({ timezone: next }));
    if (!answer) return;
    replaceUser(answer.user);
    show();
  };

  return (
    <SettingsPanel
      id="settings-general"
      title={t('profile.settings.general')}
      aside={<SavedNote saved={saved} />}
    >
      <div className="panel-grid">
        <SelectField
          label={t('profile.settings.language')}
          value={draftLocale}
          disabled={pending}
          onChange={(value) => void saveLocale(value)}
          options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          error={serverError('locale')}
        />
        <SelectField
          label={t('profile.settings.timezone')}
          value={timezone}
          disabled={pending}
          onChange={(value) => void saveTimezone(value)}
          options={zones}
          error={serverError('timezone')}
          hint={t('profile.settings.timezoneHint')}
        />
      </div>
    </SettingsPanel>
  );
}

function CurrencyPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const { pending, run, serverError } = useApiCall();
  const [choice, setChoice] = useState<Currency>('RUB');

  const save = async () => {
    const answer = await run(() => profile.setCurrency(choice));
    if (answer) replaceUser(answer.user);
  };

  return (
    <SettingsPanel
      id="settings-currency"
      title={t('profile.settings.currency')}
      aside={<p>{user.currency ? t('profile.settings.currencySet') : t('profile.settings.currencyOnce')}</p>}
    >
      {user.currency ? (
        <p className="readonly-value" data-testid="currency">
          <span className="badge badge-gold">{user.currency}</span>
          {t(`currency.${user.currency}`)}
        </p>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <CurrencyField value={choice} onChange={setChoice} error={serverError('currency')} />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t('profile.settings.setCurrency')}
          </button>
        </form>
      )}
    </SettingsPanel>
  );
}

type PrivacyKey = 'is_avatar_hidden' | 'is_statistics_hidden';

/** The privacy switches: the profile setting, its label and its explanation. */
const PRIVACY: readonly { setting: PrivacyKey; label: string; hint: string }[] = [
  {
    setting: 'is_avatar_hidden',
    label: 'profile.settings.hideAvatar',
    hint: 'profile.settings.hideAvatarHint',
  },
  {
    setting: 'is_statistics_hidden',
    label: 'profile.settings.hideStatistics',
    hint: 'profile.settings.hideStatisticsHint',
  },
];

function Privacy({ user }: { user: User }) {
  const { t } = useTranslation();
  const { saved, show } = useSaved();
  return (
    <SettingsPanel
      id="settings-privacy"
      title={t('profile.settings.privacy')}
      aside={<SavedNote saved={saved} />}
    >
      {PRIVACY.map(({ setting, label, hint }) => (
        <PrivacyToggle
          key={setting}
          setting={setting}
          value={user[setting]}
          onSaved={show}
          label={t(label)}
          description={t(hint)}
        />
      ))}
    </SettingsPanel>
  );
}

/** One privacy switch: shows the new state while saving, the profile's state after. */
function PrivacyToggle(props: {
  setting: PrivacyKey;
  value: boolean;
  onSaved: () => void;
  label: string;
  description: string;
}) {
  const { pending, run } = useApiCall();
  const [draft, setDraft] = useState<boolean | null>(null);

  const toggle = async (value: boolean) => {
    setDraft(value);
    const answer = await run(() =>
      profile.updateSetting(
        props.setting === 'is_avatar_hidden' ? { is_avatar_hidden: value } : { is_statistics_hidden: value },
      ),
    );
    setDraft(null);
    if (!answer) return;
    replaceUser(answer.user);
    props.onSaved();
  };

  return (
    <Toggle
      checked={draft ?? props.value}
      disabled={pending}
      onChange={(value) => void toggle(value)}
      description={props.description}
    >
      {props.label}
    </Toggle>
  );
}

/**
 * The e-mail and the phone number with their state. An unconfirmed one offers "Send code": the
 * code goes to it (POST …/email/resend or …/phone/resend) and is entered here (…/verify/code), so a
 * player who pressed "Later" after signing up can confirm at any time (docs/api-auth.md). A player
 * without a confirmed phone number adds one (POST /profile/phone texts it a code at once).
 */
function Contacts({ user, locale }: { user: User; locale: Locale }) {
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
