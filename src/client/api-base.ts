import { isBareHost } from '../shared/hosts.ts';

/**
 * The API base URL rule of docs/product-rules.md §7: in development the configured URL; otherwise the `api.`
 * subdomain of the current host without `www`. `PUBLIC_API_URL` (the configured URL) overrides
 * both. Hosts that cannot have subdomains (localhost, IP addresses) use `/api` on the same origin.
 */
export function resolveApiBase(input: {
  configuredUrl: string | null;
  dev: boolean;
  location: { protocol: string; host: string; hostname: string };
}): string {
  const { configuredUrl, location } = input;
  if (configuredUrl) return configuredUrl.replace(/\/+$/, '');
  if (input.dev || isBareHost(location.hostname)) return '/api';
  const host = location.host.replace(/^www\./i, '');
  if (/^api\./i.test(host)) return `${location.protocol}//${host}`;
  return `${location.protocol}//api.${host}`;
}

/** Accept-Language value for a URL locale (docs/product-rules.md §7: br is sent as pt-BR). */
export function acceptLanguageFor(locale: string): string {
  const tags: Record<string, string> = { br: 'pt-BR', kz: 'kk', en: 'en-US' };
  return tags[locale] ?? locale;
}
