import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPhoneCountry, type PhoneCountryCode, phoneCountry, toE164 } from '../../client/phone.ts';
import type { Locale } from '../../shared/locales.ts';
import { PASSWORD_MIN } from '../../shared/password-rules.ts';
import { contactError } from './fields/checks.ts';
import { PasswordField } from './fields/PasswordField.tsx';
import { PhoneField } from './fields/PhoneField.tsx';
import { type Channel, ChannelTabs } from './fields/Tabs.tsx';
import { EmailField } from './fields/TextField.tsx';
import { useFormCheck } from './use-form-check.ts';
import { type ClientErrors, useApiCall } from './useApi.ts';

/** An e-mail address or a phone number as a player types it (login, registration, recovery). */
function useContactEntry(locale: Locale, initialEmail = '') {
  const [channel, setChannel] = useState<Channel>('email');
  const [email, setEmail] = useState(initialEmail);
  const [country, setCountry] = useState<PhoneCountryCode>(() => defaultPhoneCountry(locale));
  const [phone, setPhone] = useState('');
  return {
    channel,
    setChannel,
    email,
    setEmail,
    country,
    setCountry,
    phone,
    setPhone,
    /** The address, trimmed. */
    address: email.trim(),
    /** The number in E.164. */
    number: toE164(phoneCountry(country), phone),
    /** What is wrong with the chosen entry (a translated message), or null. */
    problem: (t: (key: string) => string) => contactError(t, channel, { email, country, phone }),
  };
}

/**
 * An account form that starts with an e-mail or a phone number: the entry, the form's own checks
 * (use-form-check.ts) and its API calls (useApi.ts).
 */
export function useContactForm(locale: Locale, initialEmail = '') {
  const { t } = useTranslation();
  const contact = useContactEntry(locale, initialEmail);
  const check = useFormCheck();
  const api = useApiCall();
  return {
    contact,
    ...check,
    api,
    /**
     * A submit handler: the contact and the form's `other` fields are checked (the messages shown,
     * the first invalid field focused); when all pass, `send` runs.
     */
    onSubmit: (other: () => ClientErrors, send: () => Promise<unknown>) => async (event: FormEvent) => {
      event.preventDefault();
      if (check.check(event, { [contact.channel]: contact.problem(t), ...other() })) await send();
    },
  };
}

export type ContactForm = ReturnType<typeof useContactForm>;

/**
 * The e-mail / phone tabs and the chosen field. Switching clears the form's messages; a field shows
 * the form's own message, else the server's for it (or for one of `serverFields`).
 */
export function ContactField(props: {
  form: ContactForm;
  tabsLabel: string;
  emailAutoComplete: 'username' | 'email';
  /** Further API fields whose message belongs under the contact (`credentials` at login). */
  serverFields?: readonly string[];
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { form } = props;
  const entry = form.contact;
  const error = (field: Channel) =>
    form.errors[field] ?? form.api.serverError(field, ...(props.serverFields ?? []));
  // An edited entry loses its messages: they spoke of the old value.
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    form.clear(entry.channel);
    form.api.dismiss(entry.channel, ...(props.serverFields ?? []));
  };
  return (
    <>
      <ChannelTabs
        label={props.tabsLabel}
        value={entry.channel}
        onChange={(value) => {
          entry.setChannel(value);
          form.setErrors({});
          form.api.clearReport();
        }}
      />
      {entry.channel === 'email' ? (
        <EmailField
          label={t('auth.email')}
          autoComplete={props.emailAutoComplete}
          value={entry.email}
          onChange={edited(entry.setEmail)}
          error={error('email')}
          autoFocus={props.autoFocus}
        />
      ) : (
        <PhoneField
          label={t('auth.phone')}
          country={entry.country}
          onCountry={entry.setCountry}
          value={entry.phone}
          onChange={edited(entry.setPhone)}
          error={error('phone')}
          autoFocus={props.autoFocus}
        />
      )}
    </>
  );
}

/** The account password: a login's (`current-password`), or a new account's with the rules as a hint. */
export function AccountPasswordField(props: {
  form: ContactForm;
  value: string;
  onChange: (value: string) => void;
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t('auth.password')}
      name={props.isNew ? 'new-password' : 'password'}
      autoComplete={props.isNew ? 'new-password' : 'current-password'}
      value={props.value}
      onChange={(value) => {
        props.onChange(value);
        props.form.clear('password');
        props.form.api.dismiss('password');
      }}
      error={props.form.errors.password ?? props.form.api.serverError('password')}
      hint={props.isNew ? t('auth.passwordHint', { min: PASSWORD_MIN }) : undefined}
    />
  );
}
