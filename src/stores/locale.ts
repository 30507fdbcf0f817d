import { atom } from 'nanostores';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales.ts';

/** Current interface locale; the page sets it from `<html data-locale>` on start. */
export const $locale = atom<Locale>(DEFAULT_LOCALE);

export function setLocale(locale: Locale): void {
  $locale.set(locale);
}
