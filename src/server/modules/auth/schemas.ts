import { z } from 'zod';
import { CURRENCIES } from '../../../shared/currencies.ts';

const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  trimmed(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

/** Fields every login and registration may carry (spec §7: fp; captcha v3 token). */
const clientFields = {
  fp: optionalText(200),
  captcha: optionalText(4000),
  'g-recaptcha-response': optionalText(4000),
};

/** Attribution fields sent with registration (spec §7). */
const attributionFields = {
  partner: optionalText(100),
  adplace: optionalText(100),
  stag: optionalText(200),
  promo: optionalText(100),
};

export const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'invalid_email' }));
export const password = z.string().min(1, { error: 'required' }).max(1024);
export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'invalid_code' });
export const token = z.string().trim().min(16, { error: 'token_invalid' }).max(200);
const phoneInput = z.string().trim().min(3, { error: 'invalid_phone' }).max(40);
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .optional();

export const registerEmail = z.object({
  email,
  password,
  name: optionalText(80),
  currency: z.enum(CURRENCIES, { error: 'invalid_currency' }).optional(),
  locale: optionalText(10),
  timezone: optionalText(64),
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
export const codeOnly = z.object({ code });
export const tokenOnly = z.object({ token });
export const resetWithToken = z.object({ token, password, password_confirmation: z.string().max(1024) });
export const resetWithCode = z.object({ email, code, password, password_confirmation: z.string().max(1024) });

export const socialStart = z.object({
  provider: z.string().trim().min(1).max(40),
  promo: optionalText(100),
  token: optionalText(200),
  origin: z.url({ error: 'invalid_origin' }),
  fp: optionalText(200),
});
