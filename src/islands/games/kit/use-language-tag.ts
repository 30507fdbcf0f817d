import { useTranslation } from 'react-i18next';
import { languageTagOf } from '../../../shared/locales.ts';

/** The BCP 47 tag of the island's locale, for Intl ("pt-BR" for br). */
export function useLanguageTag(): string {
  return languageTagOf(useTranslation().i18n.language);
}
