import ky, { isHTTPError, type KyInstance } from 'ky';
import type { Answer, RouteKey } from '../shared/api/contract.ts';
import { claimedCrawler } from '../shared/crawlers.ts';
import { $locale } from '../stores/locale.ts';
import { acceptLanguageFor, resolveApiBase } from './api-base.ts';
import { type CallArgs, request, send } from './call.ts';
import { readCookie } from './cookies.ts';
import { createRefreshingFetch, RefreshError } from './token-refresh.ts';

export interface ApiClientOptions {
  baseUrl: string;
  /** Current bearer token (docs/product-rules.md §3 `token` cookie), or null for a guest. */
  getToken: () => string | null;
  /** Region header value when set (docs/product-rules.md §7). */
  getRegion: () => string | null;
  getLocale: () => string;
  fetch?: typeof fetch;
  /** Stores the access token a refresh returned (docs/product-rules.md §4). */
  onTokenRefreshed?: (token: string) => void;
  /** Called with every 451 answer: the caller's country is blocked (docs/product-rules.md §4, §8). */
  onUnavailable?: () => void;
  /** Called once per failed refresh, before the waiting requests are rejected (docs/product-rules.md §4). */
  onRefreshFailed?: (error: RefreshError) => void;
  /**
   * Runs the refresh exclusively across the browser's tabs. The server rotates the refresh token
   * and treats a second use as theft (the whole session is revoked) unless it comes within a few
   * seconds and the new token is still unused (docs/api-auth.md); tabs take turns so that a slow
   * one never falls outside that window. Defaults to the Web Locks API where available.
   */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>;
}

const REFRESH_LOCK = 'orbita:token-refresh';

function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** Header name marking a replayed request: a retry carries no stale bearer token (docs/product-rules.md §7). */
export const RETRY_HEADER = 'x-retry';

/** The refresh endpoint (docs/product-rules.md §7); its own 401 is never refreshed. */
export const REFRESH_PATH = 'auth/refresh-token' as const;

/** `context` flag of a call that must not carry the bearer token. */
const ANONYMOUS = 'anonymous';

/**
 * Builds the shared ky client: the headers of docs/product-rules.md §7, cookies on every call (the refresh token is
 * an HttpOnly cookie) and the 401 → refresh → replay rule of docs/product-rules.md §4.
 */
export function createApiClient(options: ApiClientOptions): KyInstance {
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let client: KyInstance | undefined;

  const exclusive = options.exclusive ?? webLock;

  const refresh = (): Promise<string> => {
    const stale = options.getToken();
    return exclusive(async () => {
      // Another tab may have refreshed while this one waited: the cookie then holds its token.
      const current = options.getToken();
      if (current && current !== stale) return current;
      return refreshNow();
    });
  };

  const refreshNow = async (): Promise<string> => {
    let token: unknown;
    try {
      // Read defensively: an answer without a token is a failed refresh, not a crash.
      const body: { access_token?: unknown } | null = await send(
        client!,
        `POST /${REFRESH_PATH}`,
        {},
        { context: { [ANONYMOUS]: true } },
      );
      token = body?.access_token;
    } catch (cause) {
      const error = new RefreshError(isHTTPError(cause) ? cause.response.status : null, { cause });
      options.onRefreshFailed?.(error);
      throw error;
    }
    if (typeof token !== 'string' || !token) {
      const error = new RefreshError(200);
      options.onRefreshFailed?.(error);
      throw error;
    }
    options.onTokenRefreshed?.(token);
    return token;
  };

  client = ky.create({
    // `prefix` joins "/api" + "config/currencies"; a relative base then resolves on the page origin.
    prefix: options.baseUrl,
    credentials: 'include',
    retry: 0,
    timeout: 15_000,
    fetch: createRefreshingFetch({
      fetch: baseFetch,
      getToken: options.getToken,
      refresh,
      isRefreshRequest: (request) => new URL(request.url).pathname.endsWith(`/${REFRESH_PATH}`),
    }),
    hooks: {
      afterResponse: [
        ({ response }) => {
          if (response.status === 451) options.onUnavailable?.();
        },
      ],
      beforeRequest: [
        ({ request, options: { context } }) => {
          const token = options.getToken();
          const retry = request.headers.has(RETRY_HEADER);
          // The marker only steers this hook; it never goes over the wire.
          request.headers.delete(RETRY_HEADER);
          if (token && !retry && !context[ANONYMOUS]) request.headers.set('Authorization', `Bearer ${token}`);
          const region = options.getRegion();
          if (region) request.headers.set('Region', region);
          request.headers.set('Accept-Language', acceptLanguageFor(options.getLocale()));
        },
      ],
    },
  });
  return client;
}

export interface SharedClientHooks {
  onTokenRefreshed: (token: string) => void;
  onRefreshFailed: (error: RefreshError) => void;
}

let shared: KyInstance | undefined;
let sessionHooks: SharedClientHooks | undefined;

/** The session layer plugs in here (src/client/session.ts), keeping this module free of it. */
export function setSessionHooks(hooks: SharedClientHooks): void {
  sessionHooks = hooks;
}

/** The options of the page's clients, from `<html data-api-url data-dev>` and the cookies. */
function pageClientOptions(): ApiClientOptions {
  const root = document.documentElement;
  return {
    baseUrl: resolveApiBase({
      configuredUrl: root.dataset.apiUrl || null,
      dev: root.dataset.dev === 'true',
      location: window.location,
    }),
    getToken: () => readCookie('token') || null,
    getRegion: () => readCookie('region'),
    getLocale: () => $locale.get(),
    onTokenRefreshed: (token) => sessionHooks?.onTokenRefreshed(token),
    onRefreshFailed: (error) => sessionHooks?.onRefreshFailed(error),
    onUnavailable: goToNoAccess,
  };
}

/**
 * docs/product-rules.md §8 "451 from geo: go to /no-access" (in the page's locale; not from
 * /no-access itself). A crawler stays: the server let it read the page once DNS verified it, while
 * the API refuses it as anyone else (docs/edge.md "Geo"); a person claiming to be one gains nothing.
 */
function goToNoAccess(): void {
  if (document.body.dataset.layout === 'no-access' || claimedCrawler(navigator.userAgent)) return;
  const locale = document.documentElement.dataset.locale;
  const prefixed = locale && window.location.pathname.startsWith(`/${locale}`);
  window.location.assign(prefixed ? `/${locale}/no-access` : '/no-access');
}

/** The API base URL of this page (docs/product-rules.md §7), for calls made without the client. */
export function apiBaseUrl(): string {
  return pageClientOptions().baseUrl.replace(/\/+$/, '');
}

/** The page's API client, configured from `<html data-api-url data-dev>`. */
export function api(): KyInstance {
  shared ??= createApiClient(pageClientOptions());
  return shared;
}

/**
 * Calls a route of the API through the page's client, typed from its declaration
 * (src/client/call.ts): `call('POST /games/dice/bet', { body, headers })`.
 */
export function call<K extends RouteKey>(key: K, ...args: CallArgs<K>): Promise<Answer<K>> {
  return send(api(), key, ...args);
}

/** A route's answer as a file (a CSV export), through the page's client. */
export function download<K extends RouteKey>(key: K, ...[input, options]: CallArgs<K>): Promise<Blob> {
  return request(api(), key, input, options).blob();
}

/**
 * A client like `api()` (token, refresh and replay, headers) that sends through `transport`
 * instead of `fetch`: an upload that reports its progress (src/client/upload-fetch.ts). Its
 * refreshes take turns with the page client's (the cross-tab lock; a token another client got
 * meanwhile is reused).
 */
export function apiVia(transport: typeof fetch): KyInstance {
  return createApiClient({ ...pageClientOptions(), fetch: transport });
}
