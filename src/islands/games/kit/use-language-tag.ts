import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAG, type Locale } from '../../../shared/locales.ts';

/** The BCP 47 tag of the island's locale, for Intl ("pt-BR" for br). */
export function useLanguageTag(): string {
  const { i18n } = useTranslation();
  return LANGUAGE_TAG[i18n.language as Locale] ?? 'en-US';
}
