import type { i18n } from 'i18next';
import { createIslandI18n } from '../i18n/client.ts';
import type { Locale } from '../shared/locales.ts';

const instances = new Map<Locale, Promise<i18n>>();

/** One i18next instance per page locale, shared by the modal host, every island and the notices of src/client. */
export function islandI18n(locale: Locale): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createIslandI18n(locale);
    instances.set(locale, instance);
  }
  return instance;
}
