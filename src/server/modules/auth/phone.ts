import { type CountryCode, parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** E.164 form of a valid phone number, or null. Without "+" the number is read as `country`'s. */
export function normalisePhone(input: string, country: string = 'RU'): string | null {
  try {
    const parsed = parsePhoneNumberWithError(input.trim(), country.toUpperCase() as CountryCode);
    return parsed.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}

/** Lower-cased, trimmed e-mail (the unique index is on lower(email) too). */
export function normaliseEmail(input: string): string {
  return input.trim().toLowerCase();
}
