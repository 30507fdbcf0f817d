import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyMask, maskLength, unmask } from '../../client/mask.ts';
import { PHONE_COUNTRIES, type PhoneCountryCode, phoneCountry } from '../../client/phone.ts';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and inline error; the control gets ids through `describedBy`. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error: unknown, hint: unknown) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  name?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
  placeholder?: string;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <input
        id={id}
        className="input"
        type={props.type ?? 'text'}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        // biome-ignore lint/a11y/noAutofocus: the first field of a just-opened dialog; the dialog was the player's action.
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** Password with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <div className="input-wrap">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          name={props.name}
          value={props.value}
          autoComplete={props.autoComplete}
          required={props.required}
          maxLength={props.maxLength}
          // biome-ignore lint/a11y/noAutofocus: see TextField.
          autoFocus={props.autoFocus}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, props.error, props.hint)}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button
          type="button"
          className="input-addon"
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
    </FieldShell>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 20 20 4" />}
    </svg>
  );
}

interface PhoneFieldProps {
  label: ReactNode;
  country: PhoneCountryCode;
  onCountry: (code: PhoneCountryCode) => void;
  value: string;
  onChange: (masked: string) => void;
  error?: string | null | undefined;
  autoFocus?: boolean;
}

/** Country prefix selector (spec §3: ru +7, kz +7, by +375) and the masked national number. */
export function PhoneField(props: PhoneFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const selected = phoneCountry(props.country);
  return (
    <FieldShell id={id} label={props.label} error={props.error}>
      <div className="phone-input">
        <select
          className="input"
          aria-label={t('auth.country')}
          value={props.country}
          onChange={(event) => {
            const next = phoneCountry(event.target.value as PhoneCountryCode);
            props.onCountry(next.code);
            props.onChange(applyMask(unmask(props.value, next.mask), next.mask));
          }}
        >
          {PHONE_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {`${t(`auth.countries.${c.code}`)} ${c.prefix}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          // biome-ignore lint/a11y/noAutofocus: see TextField.
          autoFocus={props.autoFocus}
          placeholder={selected.mask.replaceAll('#', '0')}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(applyMask(event.target.value, selected.mask))}
        />
      </div>
    </FieldShell>
  );
}

/** True when the masked number has every digit the country's mask asks for. */
export function isCompletePhone(country: PhoneCountryCode, masked: string): boolean {
  const { mask } = phoneCountry(country);
  return unmask(masked, mask).length === maskLength(mask);
}

interface CodeFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  autoFocus?: boolean;
}

/** A one-time code: digits only, the browser may fill it from an SMS. */
export function CodeField(props: CodeFieldProps) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(value) => props.onChange(value.replace(/\D/g, '').slice(0, 6))}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={props.error}
      hint={props.hint}
      autoFocus={props.autoFocus}
      placeholder="000000"
    />
  );
}

interface SelectFieldProps<T extends string> {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const id = useId();
  return (
    <FieldShell id={id} label={props.label} error={props.error} hint={props.hint}>
      <select
        id={id}
        className="input"
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null | undefined;
  disabled?: boolean;
}

export function Checkbox(props: CheckboxProps) {
  const id = useId();
  return (
    <div className="field field-check" data-invalid={props.error ? 'true' : undefined}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.children}</label>
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A switch-styled checkbox for settings that save at once. */
export function Toggle(props: CheckboxProps & { description?: ReactNode }) {
  const id = useId();
  return (
    <div className="toggle-row">
      <label htmlFor={id} className="toggle-label">
        <span>{props.children}</span>
        {props.description && <small>{props.description}</small>}
      </label>
      <input
        id={id}
        className="switch"
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </div>
  );
}

interface TabsProps<T extends string> {
  label: string;
  value: T;
  tabs: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** Segmented tabs (email / phone); arrow keys move between them. */
export function Tabs<T extends string>({ label, value, tabs, onChange }: TabsProps<T>) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : -1;
            const next = tabs[(index + step + tabs.length) % tabs.length];
            if (!next) return;
            onChange(next.value);
            const buttons =
              event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
            buttons?.[(index + step + tabs.length) % tabs.length]?.focus();
          }}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** How a player identifies: by e-mail or by phone (login, registration, recovery). */
export type Channel = 'email' | 'phone';

/** The e-mail / phone tabs shared by every account form. */
export function ChannelTabs({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Channel;
  onChange: (value: Channel) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={label}
      value={value}
      onChange={onChange}
      tabs={[
        { value: 'email', label: t('auth.withEmail') },
        { value: 'phone', label: t('auth.withPhone') },
      ]}
    />
  );
}

/** A new password and its repetition (recovery, reset, change and set password forms). */
export function NewPasswordFields(props: {
  password: string;
  onPassword: (value: string) => void;
  passwordError: string | null | undefined;
  repeat: string;
  onRepeat: (value: string) => void;
  repeatError: string | null | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('profile.access.newPassword')}
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPassword}
        error={props.passwordError}
        hint={t('auth.passwordHint')}
        {...(props.autoFocus ? { autoFocus: true } : {})}
      />
      <PasswordField
        label={t('profile.access.repeatPassword')}
        autoComplete="new-password"
        value={props.repeat}
        onChange={props.onRepeat}
        error={props.repeatError}
      />
    </>
  );
}

/** The client-side problem with an e-mail or phone entry (a translated message), or null. */
export function contactError(
  t: (key: string) => string,
  channel: Channel,
  entry: { email: string; country: PhoneCountryCode; phone: string },
): string | null {
  if (channel === 'email')
    return isEmail(entry.email) ? null : t(entry.email ? 'error.invalid_email' : 'error.required');
  return isCompletePhone(entry.country, entry.phone)
    ? null
    : t(entry.phone ? 'error.invalid_phone' : 'error.required');
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={pending} aria-busy={pending}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** After a failed check, moves focus to the first field marked invalid (once React has rendered). */
export function focusFirstInvalid(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
