import type { Locale } from '../shared/locales.ts';

/** Country phone prefixes of docs/product-rules.md §3, with the national number mask (docs/product-rules.md §5 tokens). */
export const PHONE_COUNTRIES = [
  { code: 'ru', prefix: '+7', mask: '(###) ###-##-##' },
  { code: 'kz', prefix: '+7', mask: '(###) ###-##-##' },
  { code: 'by', prefix: '+375', mask: '(##) ###-##-##' },
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export type PhoneCountryCode = PhoneCountry['code'];

/** The country preselected for the page locale: Kazakh pages pick Kazakhstan, others Russia. */
export function defaultPhoneCountry(locale: Locale): PhoneCountryCode {
  return locale === 'kz' ? 'kz' : 'ru';
}

export function phoneCountry(code: PhoneCountryCode): PhoneCountry {
  return PHONE_COUNTRIES.find((c) => c.code === code) ?? PHONE_COUNTRIES[0];
}

/** E.164 number from the prefix and the typed national digits. */
export function toE164(country: PhoneCountry, nationalDigits: string): string {
  return `${country.prefix}${nationalDigits.replace(/\D/g, '')}`;
}
