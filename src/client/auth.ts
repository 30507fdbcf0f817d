import type { ResetTokenAnswer } from '../shared/api/auth.ts';
import type { Success as SuccessAnswer } from '../shared/api/common.ts';
import type { SessionRow } from '../shared/api/profile.ts';
import type { Currency } from '../shared/currencies.ts';
import type { Locale } from '../shared/locales.ts';
import { call } from './api.ts';
import { captchaToken } from './captcha.ts';
import { readCookie } from './cookies.ts';
import { fingerprint } from './fingerprint.ts';
import { pageLocale } from './site.ts';

/** Answer of every call that logs the player in (docs/api-auth.md "Session responses"). */
export interface SessionResponse {
  success: boolean;
  token: string;
  sso: string | null;
  is_new?: boolean;
}

export type ResetTokenResponse = ResetTokenAnswer;

export type Success = SuccessAnswer;

export type SessionInfo = SessionRow;

const V2 = '/api/v2/auth';
/** The texted-code routes name their channel, as the API lists them (`?type=sms`). */
const SMS = { type: 'sms' } as const;
/** Guest calls (login, registration, password recovery) never carry a bearer token. */
const guest = { context: { anonymous: true } };

/**
 * The browser's time zone (docs/product-rules.md §4: guessed when the profile has none), when it is a zone the
 * browser itself lists: an engine that cannot tell answers "Etc/Unknown", which the server refuses
 * (docs/api-auth.md), and a refused zone would fail the registration it is sent with.
 */
export function guessTimezone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return null;
    // Older engines cannot list their zones: their guess is sent as it is.
    if (typeof Intl.supportedValuesOf !== 'function' || zone === 'UTC' || zone === 'Etc/UTC') return zone;
    return Intl.supportedValuesOf('timeZone').includes(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Attribution cookies sent with a registration (docs/product-rules.md §7: partner, adplace, stag, promo). */
function attribution() {
  const out: Record<string, string> = {};
  for (const name of ['partner', 'adplace', 'stag', 'promo'] as const) {
    const value = readCookie(name);
    if (value) out[name] = value;
  }
  return out;
}

/**
 * The client fields of a login or registration (docs/product-rules.md §7): `captcha` when the
 * site runs reCAPTCHA, and `fp`, the browser's fingerprint (src/client/fingerprint.ts).
 */
async function withCaptcha(action: 'login' | 'register'): Promise<{ captcha?: string; fp?: string }> {
  const [captcha, fp] = await Promise.all([captchaToken(action), fingerprint()]);
  return { ...(captcha ? { captcha } : {}), ...(fp ? { fp } : {}) };
}

export interface RegistrationInput {
  password: string;
  currency: Currency;
  locale: string;
}

export const auth = {
  loginEmailPassword: async (email: string, password: string) =>
    call(
      `POST ${V2}/login/email/password`,
      {
        body: {
          email,
          password,
          ...(await withCaptcha('login')),
        },
      },
      guest,
    ),
  loginPhonePassword: async (phone: string, password: string) =>
    call(
      `POST ${V2}/login/phone/password`,
      {
        body: {
          phone,
          password,
          ...(await withCaptcha('login')),
        },
      },
      guest,
    ),

  sendEmailLoginCode: (email: string) =>
    call(`POST ${V2}/login/email/verification`, { body: { email, locale: pageLocale() } }, guest),
  resendEmailLoginCode: (email: string) =>
    call(`POST ${V2}/login/email/resend`, { body: { email, locale: pageLocale() } }, guest),
  loginEmailCode: (email: string, code: string) =>
    call(`POST ${V2}/login/email/code`, { body: { email, code } }, guest),

  sendPhoneLoginCode: (phone: string) =>
    call(`POST ${V2}/login/phone/verification`, { body: { phone, locale: pageLocale() } }, guest),
  resendPhoneLoginCode: (phone: string) =>
    call(`POST ${V2}/login/phone/code/resend`, { query: SMS, body: { phone, locale: pageLocale() } }, guest),
  loginPhoneCode: (phone: string, code: string) =>
    call(`POST ${V2}/login/phone/code`, { query: SMS, body: { phone, code } }, guest),

  registerEmail: async (email: string, input: RegistrationInput) =>
    call(
      `POST ${V2}/register/email`,
      {
        body: {
          ...(await withCaptcha('register')),
          email,
          ...input,
          ...attribution(),
          ...(guessTimezone() ? { timezone: guessTimezone() } : {}),
        },
      },
      guest,
    ),
  registerPhone: async (phone: string, input: RegistrationInput) =>
    call(
      `POST ${V2}/register/phone`,
      {
        body: {
          ...(await withCaptcha('register')),
          phone,
          ...input,
          ...attribution(),
          ...(guessTimezone() ? { timezone: guessTimezone() } : {}),
        },
      },
      guest,
    ),

  resendEmailVerification: () => call(`POST ${V2}/email/resend`),
  verifyEmailCode: (code: string) => call(`POST ${V2}/email/verify/code`, { body: { code } }),
  resendPhoneVerification: () => call(`POST ${V2}/phone/resend`),
  verifyPhoneCode: (code: string) => call(`POST ${V2}/phone/verify/code`, { body: { code } }),

  forgotByEmail: (email: string) =>
    call(`POST ${V2}/password/email/forgot`, { body: { email, locale: pageLocale() } }, guest),
  confirmEmailResetCode: (email: string, code: string) =>
    call(`POST ${V2}/password/email/code/confirm`, { body: { email, code } }, guest),
  checkEmailResetToken: (token: string) =>
    call(`POST ${V2}/password/email/token/check`, { body: { token } }, guest),
  resetByEmailToken: (token: string, password: string) =>
    call(
      `POST ${V2}/password/email/reset/token`,
      {
        body: {
          token,
          password,
          password_confirmation: password,
        },
      },
      guest,
    ),

  forgotByPhone: (phone: string) =>
    call(`POST ${V2}/password/phone/forgot`, { body: { phone, locale: pageLocale() } }, guest),
  confirmPhoneResetCode: (phone: string, code: string) =>
    call(`POST ${V2}/password/phone/code/confirm`, { body: { phone, code } }, guest),
  checkPhoneResetToken: (token: string) =>
    call(`POST ${V2}/password/phone/token/check`, { body: { token } }, guest),
  resetByPhoneToken: (token: string, password: string) =>
    call(
      `POST ${V2}/password/phone/reset`,
      {
        body: {
          token,
          password,
          password_confirmation: password,
        },
      },
      guest,
    ),
};

export const profile = {
  get: () => {
    const whoAreYou = readCookie('super_bonus');
    return call('GET /profile/user', whoAreYou ? { query: { whoAreYou } } : {});
  },
  /**
   * docs/product-rules.md §7: exactly one of locale, timezone, is_avatar_hidden, is_statistics_hidden;
   * also the display name (null clears it, docs/api-auth.md).
   */
  updateSetting: (
    setting:
      | { name: string | null }
      | { locale: Locale }
      | { timezone: string }
      | { is_avatar_hidden: boolean }
      | { is_statistics_hidden: boolean },
  ) => call('PUT /profile/settings', { body: setting }),
  setCurrency: (currency: Currency) => call('POST /profile/currency', { body: { currency } }),
  /** Adds a phone number (E.164) to be confirmed with the code texted to it (docs/api-auth.md). */
  addPhone: (phone: string) => call('POST /profile/phone', { body: { phone } }),
  updatePassword: (oldPassword: string, password: string, confirm: string) =>
    call('POST /password/update', {
      body: {
        old_password: oldPassword,
        password,
        password_confirm: confirm,
      },
    }),
  setPassword: (password: string, confirm: string) =>
    call(`POST ${V2}/password/set`, { body: { password, confirm_password: confirm } }),
  sessions: () => call('GET /profile/sessions'),
  logoutOtherSessions: () => call('DELETE /profile/sessions/others'),
};
