import type { PhoneCountryCode } from '../../../client/phone.ts';
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

/** The problems with a new password and its repetition. */
export function newPasswordErrors(t: T, password: string, repeat: string) {
  return {
    password: password ? null : t('error.required'),
    repeat: !repeat ? t('error.required') : repeat !== password ? t('error.password_mismatch') : null,
  };
}

/** After a failed check, moves focus to the first field marked invalid (once React has rendered). */
export function focusFirstInvalid(form: EventTarget | null): void {
  if (!(form instanceof HTMLFormElement)) return;
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
