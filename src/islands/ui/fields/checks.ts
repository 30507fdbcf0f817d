import type { TFunction } from 'i18next';
import type { PhoneCountryCode } from '../../../client/phone.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/password-rules.ts';
import { isCompletePhone } from './PhoneField.tsx';
import type { Channel } from './Tabs.tsx';

type T = (key: string) => string;

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** The client-side problem with an e-mail or phone entry (a translated message), or null. */
export function contactError(
  t: T,
  channel: Channel,
  entry: { email: string; country: PhoneCountryCode; phone: string },
): string | null {
  if (channel === 'email')
    return isEmail(entry.email) ? null : t(entry.email ? 'error.invalid_email' : 'error.required');
  return isCompletePhone(entry.country, entry.phone)
    ? null
    : t(entry.phone ? 'error.invalid_phone' : 'error.required');
}

/** The problem with a typed one-time code (six digits), or null. */
export function codeError(t: T, code: string): string | null {
  return code.length === 6 ? null : t(code ? 'error.invalid_code' : 'error.required');
}

/**
 * The problem with a new password the form can tell before sending it: missing, or outside the
 * length the server accepts (src/shared/password-rules.ts), saying the limit; else null.
 */
export function newPasswordError(t: TFunction, password: string): string | null {
  const length = [...password].length;
  if (length === 0) return t('error.required');
  if (length < PASSWORD_MIN) return t('error.password_too_short', { detail: String(PASSWORD_MIN) });
  if (length > PASSWORD_MAX) return t('error.password_too_long', { detail: String(PASSWORD_MAX) });
  return null;
}

/** The problems with a new password and its repetition. */
export function newPasswordErrors(t: TFunction, password: string, repeat: string) {
  return {
    password: newPasswordError(t, password),
    repeat: !repeat ? t('error.required') : repeat !== password ? t('error.password_mismatch') : null,
  };
}

/** After a failed check, moves focus to the first field marked invalid (once React has rendered). */
export function focusFirstInvalid(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
