import ky, { type KyInstance } from 'ky';
import { $locale } from '../stores/locale.ts';
import { acceptLanguageFor, resolveApiBase } from './api-base.ts';
import { readCookie } from './cookies.ts';

export interface ApiClientOptions {
  baseUrl: string;
  /** Current bearer token (spec §3 `token` cookie), or null for a guest. */
  getToken: () => string | null;
  /** Region header value when set (spec §7). */
  getRegion: () => string | null;
  getLocale: () => string;
  fetch?: typeof fetch;
}

/** Header name marking a replayed request: a retry carries no stale bearer token (spec §7). */
export const RETRY_HEADER = 'x-retry';

/** Builds the shared ky client with the headers of spec §7. */
export function createApiClient(options: ApiClientOptions): KyInstance {
  return ky.create({
    // `prefix` joins "/api" + "config/currencies"; a relative base then resolves on the page origin.
    prefix: options.baseUrl,
    retry: 0,
    timeout: 15_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = options.getToken();
          if (token && !request.headers.has(RETRY_HEADER))
            request.headers.set('Authorization', `Bearer ${token}`);
          const region = options.getRegion();
          if (region) request.headers.set('Region', region);
          request.headers.set('Accept-Language', acceptLanguageFor(options.getLocale()));
        },
      ],
    },
  });
}

let shared: KyInstance | undefined;

/** The page's API client, configured from `<html data-api-url data-dev>`. */
export function api(): KyInstance {
  if (!shared) {
    const root = document.documentElement;
    const baseUrl = resolveApiBase({
      configuredUrl: root.dataset.apiUrl || null,
      dev: root.dataset.dev === 'true',
      location: window.location,
    });
    shared = createApiClient({
      baseUrl,
      getToken: () => readCookie('token'),
      getRegion: () => readCookie('region'),
      getLocale: () => $locale.get(),
    });
  }
  return shared;
}
