/** Error text of a failed token refresh (docs/product-rules.md §8). */
export const REFRESH_ERROR = 'Cant refresh token';

/** Raised to callers whose request could not be replayed because the refresh failed. */
export class RefreshError extends Error {
  override readonly name = 'RefreshError';
  /** The refresh call's HTTP status, or null when it never got an answer (network, timeout). */
  readonly status: number | null;
  constructor(status: number | null, options?: ErrorOptions) {
    super(REFRESH_ERROR, options);
    this.status = status;
  }
}

export interface RefreshingFetchOptions {
  fetch: typeof globalThis.fetch;
  /** The token the next request would carry (the `token` cookie). */
  getToken: () => string | null;
  /**
   * Calls the refresh endpoint and resolves with the new access token. Rejects with a
   * `RefreshError` (status 401 when the refresh token was refused).
   */
  refresh: () => Promise<string>;
  /** True for the refresh call itself, which is never refreshed (docs/product-rules.md §4). */
  isRefreshRequest: (request: Request) => boolean;
}

const bearer = (token: string) => `Bearer ${token}`;

/**
 * Wraps `fetch` with the token refresh of docs/product-rules.md §4: a 401 answer to a request that carried a bearer
 * token triggers one refresh and is replayed once with the new token. While a refresh runs, every
 * other 401 waits for it (the queue) and replays with its result, so N concurrent 401s cost exactly
 * one refresh call. A 401 for a token that was already replaced replays at once with the current
 * one. A failed refresh rejects every waiting request with `RefreshError`.
 */
export function createRefreshingFetch(options: RefreshingFetchOptions): typeof globalThis.fetch {
  let inFlight: Promise<string> | null = null;

  const refreshOnce = (): Promise<string> => {
    inFlight ??= options.refresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const refreshing: typeof globalThis.fetch = async (input, init) => {
    const request =
      input instanceof Request && (!init || Object.keys(init).length === 0)
        ? input
        : new Request(input, init);
    const sent = request.headers.get('authorization');
    if (!sent || options.isRefreshRequest(request)) return options.fetch(request);

    // Keep an unread copy: the body of `request` is consumed by the first attempt.
    const spare = request.clone();
    const response = await options.fetch(request);
    if (response.status !== 401) return response;

    const current = options.getToken();
    const token = !inFlight && current && bearer(current) !== sent ? current : await refreshOnce();
    // The replay carries the new token only: never the stale one (docs/product-rules.md §7).
    const headers = new Headers(spare.headers);
    headers.set('authorization', bearer(token));
    await response.body?.cancel().catch(() => undefined);
    return options.fetch(new Request(spare, { headers }));
  };
  return refreshing;
}
