import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { displayNameField } from '../display-name.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-rules.ts';
import { isReadable, normaliseReadable, READABLE_PATTERN, READABLE_RULES } from '../readable-text.ts';
import { timezoneField } from '../timezone.ts';
import {
  FINGERPRINT_MAX,
  refreshResponse,
  resetTokenResponse,
  sessionResponse,
  socialUrlResponse,
} from './auth.ts';
import { success, timestamp } from './common.ts';
import { content, route } from './declare.ts';
import { asSent, boundedText, httpUrl, NULL_OR_BLANK_KEY, trimmedPattern } from './fields.ts';

const trimmed = (max: number) => boundedText({ max }).trim();
const optionalText = (max: number) =>
  trimmed(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);
/** An optional field whose absence may also be sent as null or a blank string (so documented). */
const optionalField = <T extends z.ZodType>(field: T) =>
  z
    .preprocess((v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v), field.optional())
    .meta({ [NULL_OR_BLANK_KEY]: true });

/**
 * The browser's device fingerprint (`fp`, and `uuid` of the page-open event): operators read it
 * in a player's devices and the logs, so it holds to the rules of display names
 * (src/shared/readable-text.ts), normalised as they are; otherwise 422 `invalid_characters`.
 */
export const fingerprint = optionalText(FINGERPRINT_MAX)
  .transform((raw, ctx) => {
    if (raw === undefined) return raw;
    const text = normaliseReadable(raw);
    if (isReadable(text)) return text;
    ctx.issues.push({ code: 'custom', input: raw, message: 'invalid_characters' });
    return z.NEVER;
  })
  .meta({
    anyOf: [
      { type: 'string', maxLength: FINGERPRINT_MAX, pattern: READABLE_PATTERN },
      { type: 'string', maxLength: FINGERPRINT_MAX, pattern: '^\\s*$' },
      { type: 'null' },
    ],
    description: `The browser's fingerprint; null or blank: none. ${READABLE_RULES}`,
  });

/** Fields every login and registration may carry: a browser fingerprint and a reCAPTCHA v3 token. */
const clientFields = {
  fp: fingerprint,
  captcha: optionalText(4000),
  'g-recaptcha-response': optionalText(4000),
};

/** Attribution fields sent with registration (docs/api-auth.md). */
const attributionFields = {
  partner: optionalText(100),
  adplace: optionalText(100),
  stag: optionalText(200),
  promo: optionalText(100),
};

/**
 * The e-mail addresses accepted: what zod's e-mail check and JSON Schema's `format: email` (as
 * ajv-formats reads RFC 5321) both allow. zod's local part (letters, digits, `_ ' + -`, dots
 * between), a domain of labels that start and end with a letter or digit, a top-level domain of
 * letters.
 */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export const email = boundedText({ max: 254 })
  .trim()
  .pipe(z.email({ pattern: EMAIL, error: 'invalid_email' }))
  // The address is read trimmed, so its text as sent may have spaces around it, which `format:
  // email` would refuse: the document states the pattern alone.
  .meta({ pattern: trimmedPattern(EMAIL), description: 'An e-mail address (spaces around it are trimmed)' });
export const password = boundedText({ max: 1024 }).min(1, { error: 'required' });
/**
 * A new password: checked by the handler (`passwordProblem`, src/server/modules/auth/passwords.ts),
 * in characters (code points, as JSON Schema counts them), so documented here from its constants.
 */
export const newPassword = z.string({ error: 'required' }).meta({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  description: `${PASSWORD_MIN}-${PASSWORD_MAX} characters, not one of the commonest passwords (password_common).`,
});
export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'invalid_code' })
  .meta({ pattern: trimmedPattern(/^\d{6}$/) });
export const token = boundedText({ min: 16, max: 200, tooShort: 'token_invalid' }).trim();
const phoneInput = boundedText({ min: 3, max: 40, tooShort: 'invalid_phone' }).trim();
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .optional();

export const registerEmail = z.object({
  email,
  password: newPassword,
  name: optionalField(displayNameField),
  currency: z.enum(CURRENCIES, { error: 'invalid_currency' }).optional(),
  locale: optionalText(10),
  timezone: optionalField(timezoneField),
  ...attributionFields,
  ...clientFields,
});

export const registerPhone = registerEmail.omit({ email: true }).extend({ phone: phoneInput, country });

export const loginEmailPassword = z.object({ email, password, ...clientFields });
export const loginPhonePassword = z.object({ phone: phoneInput, country, password, ...clientFields });
export const emailOnly = z.object({ email, locale: optionalText(10), ...clientFields });
export const phoneOnly = z.object({ phone: phoneInput, country, locale: optionalText(10), ...clientFields });
export const emailCode = z.object({ email, code, ...clientFields });
export const phoneCode = z.object({ phone: phoneInput, country, code, ...clientFields });
/** `?type=sms` on the texted-code login routes: the channel the code went by (SMS, the only one). */
const smsQuery = z.object({ type: z.enum(['sms']).optional() });
export const codeOnly = z.object({ code });
export const tokenOnly = z.object({ token });
export const resetWithToken = z.object({
  token,
  password: newPassword,
  password_confirmation: boundedText({ max: 1024 }),
});
export const resetWithCode = z.object({
  email,
  code,
  password: newPassword,
  password_confirmation: boundedText({ max: 1024 }),
});

export const socialStart = z.object({
  provider: boundedText({ max: 40 }).trim().min(1).meta({ pattern: '\\S' }),
  promo: optionalText(100),
  token: optionalText(200),
  // The page's `location.origin` (or any page of the site): an http(s) URL.
  origin: httpUrl('invalid_origin'),
  fp: fingerprint,
});

// ── answers ──

/**
 * The answers the browser reads too (src/shared/api/auth.ts): a new session (docs/api-auth.md
 * "Session responses"; the refresh and device cookies come with it), a reset token, a refreshed
 * access token, the social login's authorization URL.
 */
export const session = sessionResponse;
export const resetToken = resetTokenResponse;
export const refreshed = refreshResponse;
export const socialUrl = socialUrlResponse;

/** The HTML page the social-login popup ends on, success or not: it posts the result to its opener. */
export const popupHtml = z.string();

/**
 * The social-login callback's path and the provider's query (state, code, …). The handler reads
 * the query from the URL, and any failure is the popup's page, so the query is declared as sent.
 */
export const socialCallbackParams = z.object({ provider: z.string() });
export const socialCallbackQuery = z.looseObject({
  state: asSent.optional(),
  code: asSent.optional(),
});

const counterState = { failures: z.number().int(), wait_seconds: z.number().int() };

/** GET /operator/players/:userId/devices: the devices a player's sessions came from (docs/edge.md). */
export const playerPath = z.object({ userId: z.string().regex(/^\d{1,18}$/) });
export const playerDevices = z.object({
  data: z.array(
    z.object({
      device: z.string(),
      fingerprint: z.string().nullable(),
      sessions: z.number().int(),
      first_seen_at: timestamp,
      last_seen_at: timestamp,
      user_agent: z.string().nullable(),
      other_players: z.array(
        z.object({ user_id: z.string(), sessions: z.number().int(), last_seen_at: timestamp }),
      ),
    }),
  ),
});

/** GET /operator/login-throttles: the login throttle's live counters (docs/api-auth.md). */
export const throttleReport = z.object({
  accounts: z.array(
    z.object({
      account: z.string(),
      password: z.object(counterState).nullable(),
      code: z.object(counterState).nullable(),
      devices: z.array(z.object({ device: z.string(), ...counterState })),
      ip_pairs: z.array(z.object({ ip: z.string(), ...counterState })),
      last_failure_at: timestamp,
    }),
  ),
  ips: z.array(z.object({ ip: z.string(), ...counterState })),
});

// ── routes (paths under /api) ──

const v2 = '/api/v2/auth';
const popup = (description: string) => content('text/html', popupHtml, description);

export const ROUTES = {
  [`POST ${v2}/register/email`]: route({
    summary: 'Registers by e-mail, mails a verification code, starts a session',
    body: registerEmail,
    response: { 200: session },
  }),
  [`POST ${v2}/register/phone`]: route({
    summary: 'Registers by phone number, texts a verification code, starts a session',
    body: registerPhone,
    response: { 200: session },
  }),
  [`POST ${v2}/login/email/password`]: route({
    summary: 'Logs in by e-mail and password, under the login throttle',
    body: loginEmailPassword,
    response: { 200: session },
    errors: ['rate_limited', 'forbidden'],
  }),
  [`POST ${v2}/login/phone/password`]: route({
    summary: 'Logs in by phone number and password, under the login throttle',
    body: loginPhonePassword,
    response: { 200: session },
    errors: ['rate_limited', 'forbidden'],
  }),
  [`POST ${v2}/login/email/verification`]: route({
    summary: 'Mails a login code (the same answer for an unknown address)',
    body: emailOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/login/email/resend`]: route({
    summary: 'Mails a new login code; the older one stops working',
    body: emailOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/login/phone/verification`]: route({
    summary: 'Texts a login code (the same answer for an unknown number)',
    body: phoneOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/login/phone/code/resend`]: route({
    summary: 'Texts a new login code; the older one stops working',
    querystring: smsQuery,
    body: phoneOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/login/email/code`]: route({
    summary: 'Logs in with a mailed code, under the login throttle',
    body: emailCode,
    response: { 200: session },
    errors: ['rate_limited', 'forbidden'],
  }),
  [`POST ${v2}/login/phone/code`]: route({
    summary: 'Logs in with a texted code, under the login throttle',
    querystring: smsQuery,
    body: phoneCode,
    response: { 200: session },
    errors: ['rate_limited', 'forbidden'],
  }),
  [`POST ${v2}/email/resend`]: route({
    summary: 'Mails a new code to verify the player’s e-mail address',
    auth: 'player',
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/phone/resend`]: route({
    summary: 'Texts a new code to verify the player’s phone number',
    auth: 'player',
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/email/verify/code`]: route({
    summary: 'Verifies the player’s e-mail address with the mailed code',
    auth: 'player',
    body: codeOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/phone/verify/code`]: route({
    summary: 'Verifies the player’s phone number with the texted code',
    auth: 'player',
    body: codeOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/email/forgot`]: route({
    summary: 'Mails a recovery code and link; earlier ones stop working',
    body: emailOnly,
    response: { 200: success },
    errors: ['misdirected', 'rate_limited'],
  }),
  [`POST ${v2}/password/phone/forgot`]: route({
    summary: 'Texts a recovery code and link; earlier ones stop working',
    body: phoneOnly,
    response: { 200: success },
    errors: ['misdirected', 'rate_limited'],
  }),
  [`POST ${v2}/password/email/code/confirm`]: route({
    summary: 'Exchanges a mailed recovery code for a reset token',
    body: emailCode,
    response: { 200: resetToken },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/phone/code/confirm`]: route({
    summary: 'Exchanges a texted recovery code for a reset token',
    body: phoneCode,
    response: { 200: resetToken },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/email/token/confirm`]: route({
    summary: 'Exchanges the mailed link’s token for a reset token; the link stops working',
    body: tokenOnly,
    response: { 200: resetToken },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/email/token/check`]: route({
    summary: 'Whether a reset token of the e-mail flow is still good',
    body: tokenOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/phone/token/check`]: route({
    summary: 'Whether a reset token of the phone flow is still good',
    body: tokenOnly,
    response: { 200: success },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/email/reset/token`]: route({
    summary: 'Sets a new password with a reset token; every session ends, a new one starts',
    body: resetWithToken,
    response: { 200: session },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/phone/reset`]: route({
    summary: 'Sets a new password with a reset token of the phone flow; a new session starts',
    body: resetWithToken,
    response: { 200: session },
    errors: ['rate_limited'],
  }),
  [`POST ${v2}/password/email/reset/code`]: route({
    summary: 'Sets a new password straight from the mailed recovery code; a new session starts',
    body: resetWithCode,
    response: { 200: session },
    errors: ['rate_limited'],
  }),
  'POST /auth/refresh-token': route({
    summary: 'Rotates the refresh-token cookie and answers a new access token',
    response: { 200: refreshed },
    errors: ['unauthenticated'],
  }),
  'PUT /auth/logout': route({
    summary: 'Ends the session; its tokens stop working',
    auth: 'player',
    response: { 200: success },
  }),
  'POST /auth/send_login_data': route({
    summary: 'Sends the player their login and a link to set a password',
    auth: 'player',
    response: { 200: success },
    errors: ['misdirected', 'rate_limited'],
  }),
  'PUT /auth/login': route({
    summary: 'Starts a social login: the provider’s authorization URL, for a popup',
    body: socialStart,
    response: { 200: socialUrl },
    errors: ['misdirected'],
  }),
  'GET /auth/social/:provider/callback': route({
    summary: 'The provider returns here; the page posts the result to the opener and closes',
    description:
      'Every outcome is the popup page; a failure carries social_failed with its status, also 422 ' +
      '(unknown provider or state). Only a request refused before the page is built (text ' +
      'PostgreSQL cannot store, too many requests) answers `{ errors }`.',
    params: socialCallbackParams,
    querystring: socialCallbackQuery,
    response: {
      200: popup('the result: success, the access token, is_new'),
      401: popup('the result: social_failed (the provider refused)'),
      421: popup('the result: social_failed (an untrusted host)'),
      500: popup('the result: social_failed'),
    },
  }),
  'GET /operator/players/:userId/devices': route({
    summary: 'The devices (fingerprints) a player’s sessions came from and the other accounts seen on them',
    auth: 'operator',
    params: playerPath,
    response: { 200: playerDevices },
  }),
  'GET /operator/login-throttles': route({
    summary: 'The login throttle’s live counters, accounts with the latest failure first',
    auth: 'operator',
    response: { 200: throttleReport },
  }),
} as const;
