import { parseEnv, type SiteSettings, siteSettings } from './config.ts';

let cached: SiteSettings | undefined;

/** Site settings from the environment, for `astro dev` where Fastify does not pass them in. */
export function loadSiteSettingsFromEnv(): SiteSettings {
  cached ??= siteSettings(parseEnv(process.env));
  return cached;
}
