import type { ResetTokenAnswer, SessionAnswer } from '../shared/api/auth.ts';
import type { Success as SuccessAnswer } from '../shared/api/common.ts';
import type {
  ProfileUpdateResponse,
  ProfileUserResponse,
  SessionRow,
  SessionsEndedResponse,
  SessionsResponse,
} from '../shared/api/profile.ts';
import type { Currency } from '../shared/currencies.ts';
import { api } from './api.ts';
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

const V2 = 'api/v2/auth';
const post = <T>(path: string, json?: object) =>
  api()
    .post(path, json ? { json } : {})
    .json<T>();
/** Guest calls (login, registration, password recovery) never carry a bearer token. */
const guest = <T>(path: string, json: object) =>
  api()
    .post(path, { json, context: { anonymous: true } })
    .json<T>();

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
    guest<SessionAnswer>(`${V2}/login/email/password`, {
      email,
      password,
      ...(await withCaptcha('login')),
    }),
  loginPhonePassword: async (phone: string, password: string) =>
    guest<SessionAnswer>(`${V2}/login/phone/password`, {
      phone,
      password,
      ...(await withCaptcha('login')),
    }),

  sendEmailLoginCode: (email: string) =>
    guest<Success>(`${V2}/login/email/verification`, { email, locale: pageLocale() }),
  resendEmailLoginCode: (email: string) =>
    guest<Success>(`${V2}/login/email/resend`, { email, locale: pageLocale() }),
  loginEmailCode: (email: string, code: string) =>
    guest<SessionAnswer>(`${V2}/login/email/code`, { email, code }),

  sendPhoneLoginCode: (phone: string) =>
    guest<Success>(`${V2}/login/phone/verification`, { phone, locale: pageLocale() }),
  resendPhoneLoginCode: (phone: string) =>
    guest<Success>(`${V2}/login/phone/code/resend?type=sms`, { phone, locale: pageLocale() }),
  loginPhoneCode: (phone: string, code: string) =>
    guest<SessionAnswer>(`${V2}/login/phone/code?type=sms`, { phone, code }),

  registerEmail: async (email: string, input: RegistrationInput) =>
    guest<SessionAnswer>(`${V2}/register/email`, {
      ...(await withCaptcha('register')),
      email,
      ...input,
      ...attribution(),
      ...(guessTimezone() ? { timezone: guessTimezone() } : {}),
    }),
  registerPhone: async (phone: string, input: RegistrationInput) =>
    guest<SessionAnswer>(`${V2}/register/phone`, {
      ...(await withCaptcha('register')),
      phone,
      ...input,
      ...attribution(),
      ...(guessTimezone() ? { timezone: guessTimezone() } : {}),
    }),

  resendEmailVerification: () => post<Success>(`${V2}/email/resend`),
  verifyEmailCode: (code: string) => post<Success>(`${V2}/email/verify/code`, { code }),
  resendPhoneVerification: () => post<Success>(`${V2}/phone/resend`),
  verifyPhoneCode: (code: string) => post<Success>(`${V2}/phone/verify/code`, { code }),

  forgotByEmail: (email: string) =>
    guest<Success>(`${V2}/password/email/forgot`, { email, locale: pageLocale() }),
  confirmEmailResetCode: (email: string, code: string) =>
    guest<ResetTokenResponse>(`${V2}/password/email/code/confirm`, { email, code }),
  checkEmailResetToken: (token: string) => guest<Success>(`${V2}/password/email/token/check`, { token }),
  resetByEmailToken: (token: string, password: string) =>
    guest<SessionAnswer>(`${V2}/password/email/reset/token`, {
      token,
      password,
      password_confirmation: password,
    }),

  forgotByPhone: (phone: string) =>
    guest<Success>(`${V2}/password/phone/forgot`, { phone, locale: pageLocale() }),
  confirmPhoneResetCode: (phone: string, code: string) =>
    guest<ResetTokenResponse>(`${V2}/password/phone/code/confirm`, { phone, code }),
  checkPhoneResetToken: (token: string) => guest<Success>(`${V2}/password/phone/token/check`, { token }),
  resetByPhoneToken: (token: string, password: string) =>
    guest<SessionAnswer>(`${V2}/password/phone/reset`, {
      token,
      password,
      password_confirmation: password,
    }),
};

export const profile = {
  get: () => {
    const whoAreYou = readCookie('super_bonus');
    return api()
      .get('profile/user', whoAreYou ? { searchParams: { whoAreYou } } : {})
      .json<ProfileUserResponse>();
  },
  /**
   * docs/product-rules.md §7: exactly one of locale, timezone, is_avatar_hidden, is_statistics_hidden;
   * also the display name (null clears it, docs/api-auth.md).
   */
  updateSetting: (
    setting:
      | { name: string | null }
      | { locale: string }
      | { timezone: string }
      | { is_avatar_hidden: boolean }
      | { is_statistics_hidden: boolean },
  ) => api().put('profile/settings', { json: setting }).json<ProfileUpdateResponse>(),
  setCurrency: (currency: Currency) => post<ProfileUpdateResponse>('profile/currency', { currency }),
  /** Adds a phone number (E.164) to be confirmed with the code texted to it (docs/api-auth.md). */
  addPhone: (phone: string) => post<ProfileUpdateResponse>('profile/phone', { phone }),
  updatePassword: (oldPassword: string, password: string, confirm: string) =>
    post<Success>('password/update', {
      old_password: oldPassword,
      password,
      password_confirm: confirm,
    }),
  setPassword: (password: string, confirm: string) =>
    post<Success>(`${V2}/password/set`, { password, confirm_password: confirm }),
  sessions: () => api().get('profile/sessions').json<SessionsResponse>(),
  logoutOtherSessions: () => api().delete('profile/sessions/others').json<SessionsEndedResponse>(),
};
