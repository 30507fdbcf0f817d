import { describe, expect, test } from 'vitest';
import { createApiClient, RETRY_HEADER } from './api.ts';

function capture() {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

describe('API client headers (docs/product-rules.md §7)', () => {
  test('sends Bearer, Region and Accept-Language (br as pt-BR) to the base URL', async () => {
    const { requests, fetch } = capture();
    const api = createApiClient({
      baseUrl: 'https://api.orbita.example',
      getToken: () => 'tok',
      getRegion: () => 'KZ',
      getLocale: () => 'br',
      fetch,
    });
    await api.get('profile/user').json();
    const [request] = requests;
    expect(request?.url).toBe('https://api.orbita.example/profile/user');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
    expect(request?.headers.get('region')).toBe('KZ');
    expect(request?.headers.get('accept-language')).toBe('pt-BR');
  });

  test('a guest sends no Authorization and no Region', async () => {
    const { requests, fetch } = capture();
    const api = createApiClient({
      baseUrl: 'https://api.orbita.example',
      getToken: () => null,
      getRegion: () => null,
      getLocale: () => 'ru',
      fetch,
    });
    await api.post('api/v2/auth/login/email/password', { json: {} }).json();
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.headers.has('region')).toBe(false);
    expect(requests[0]?.headers.get('accept-language')).toBe('ru');
  });

  test('a retried request does not carry the stale token', async () => {
    const { requests, fetch } = capture();
    const api = createApiClient({
      baseUrl: 'https://api.orbita.example',
      getToken: () => 'old',
      getRegion: () => null,
      getLocale: () => 'en',
      fetch,
    });
    await api.get('profile/user', { headers: { [RETRY_HEADER]: '1' } }).json();
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  test('a same-origin base keeps the /api prefix', async () => {
    const { requests, fetch } = capture();
    const api = createApiClient({
      baseUrl: 'http://localhost:3000/api',
      getToken: () => null,
      getRegion: () => null,
      getLocale: () => 'en',
      fetch,
    });
    await api.get('config/currencies').json();
    expect(requests[0]?.url).toBe('http://localhost:3000/api/config/currencies');
  });
});

describe('token refresh (docs/product-rules.md §4)', () => {
  const BASE = 'https://api.orbita.example';
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /**
   * A fake API: `token` is the valid access token; protected calls answer 401 for any other bearer.
   * Protected answers are held until `release()` so the test controls concurrency.
   */
  function fakeApi(options: { refreshStatus?: number; newToken?: string } = {}) {
    const seen: { path: string; auth: string | null; body: string; credentials: RequestCredentials }[] = [];
    let valid = 'old';
    let refreshCalls = 0;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      seen.push({
        path,
        auth: request.headers.get('authorization'),
        body: await request.clone().text(),
        credentials: request.credentials,
      });
      if (path === '/auth/refresh-token') {
        refreshCalls++;
        await new Promise((r) => setTimeout(r, 20));
        if (options.refreshStatus)
          return json({ errors: { token: ['token_invalid'] } }, options.refreshStatus);
        valid = options.newToken ?? 'new';
        return json({ access_token: valid });
      }
      await new Promise((r) => setTimeout(r, 5));
      if (request.headers.get('authorization') !== `Bearer ${valid}`)
        return json({ errors: { token: ['unauthorized'] } }, 401);
      return json({ ok: path });
    };
    return {
      seen,
      fetch: fetch as typeof globalThis.fetch,
      refreshCalls: () => refreshCalls,
      expire: (token: string) => {
        valid = token;
      },
    };
  }

  function client(fake: ReturnType<typeof fakeApi>, start = 'stale') {
    let token: string | null = start;
    const refreshed: string[] = [];
    const failures: (number | null)[] = [];
    const api = createApiClient({
      baseUrl: BASE,
      getToken: () => token,
      getRegion: () => null,
      getLocale: () => 'en',
      fetch: fake.fetch,
      onTokenRefreshed: (next) => {
        token = next;
        refreshed.push(next);
      },
      onRefreshFailed: (error) => {
        token = null;
        failures.push(error.status);
      },
    });
    return { api, refreshed, failures, token: () => token };
  }

  test('two concurrent 401s cost exactly one refresh; both replay with the new token', async () => {
    const fake = fakeApi();
    const { api, refreshed } = client(fake);
    const [a, b] = await Promise.all([
      api.get('profile/user').json(),
      api.post('profile/settings', { json: { timezone: 'UTC' } }).json(),
    ]);
    expect(a).toEqual({ ok: '/profile/user' });
    expect(b).toEqual({ ok: '/profile/settings' });
    expect(fake.refreshCalls()).toBe(1);
    expect(refreshed).toEqual(['new']);
    const replays = fake.seen.filter((r) => r.auth === 'Bearer new');
    expect(replays.map((r) => r.path).sort()).toEqual(['/profile/settings', '/profile/user']);
    // The replayed POST keeps its body.
    expect(replays.find((r) => r.path === '/profile/settings')?.body).toBe('{"timezone":"UTC"}');
    // No request ever carries the stale token after the refresh.
    const refreshIndex = fake.seen.findIndex((r) => r.path === '/auth/refresh-token');
    expect(fake.seen.slice(refreshIndex).some((r) => r.auth === 'Bearer stale')).toBe(false);
  });

  test('the refresh call carries the cookie, no bearer token, and is never refreshed itself', async () => {
    const fake = fakeApi();
    const { api } = client(fake);
    await api.get('profile/user').json();
    const refresh = fake.seen.find((r) => r.path === '/auth/refresh-token');
    expect(refresh?.auth).toBeNull();
    expect(refresh?.credentials).toBe('include');
    expect(fake.seen.every((r) => r.credentials === 'include')).toBe(true);
  });

  test('a 401 for a token replaced meanwhile replays at once without a second refresh', async () => {
    const fake = fakeApi();
    const { api } = client(fake);
    await api.get('profile/user').json();
    expect(fake.refreshCalls()).toBe(1);
    await api.get('profile/sessions').json();
    expect(fake.refreshCalls()).toBe(1);
  });

  test('a refused refresh rejects every waiting request with "Cant refresh token"', async () => {
    const fake = fakeApi({ refreshStatus: 401 });
    const { api, failures, token } = client(fake);
    const results = await Promise.allSettled([
      api.get('profile/user').json(),
      api.get('profile/sessions').json(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('Cant refresh token');
    expect(fake.refreshCalls()).toBe(1);
    expect(failures).toEqual([401]);
    expect(token()).toBeNull();
  });

  test('a replay answered 401 again is passed on, not refreshed in a loop', async () => {
    const paths: string[] = [];
    const refusing = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      paths.push(path);
      return path === '/auth/refresh-token' ? json({ access_token: 'new' }) : json({ errors: {} }, 401);
    }) as typeof globalThis.fetch;
    let token = 'stale';
    const api = createApiClient({
      baseUrl: BASE,
      getToken: () => token,
      getRegion: () => null,
      getLocale: () => 'en',
      fetch: refusing,
      onTokenRefreshed: (next) => {
        token = next;
      },
    });
    await expect(api.get('profile/user').json()).rejects.toMatchObject({ response: { status: 401 } });
    expect(paths).toEqual(['/profile/user', '/auth/refresh-token', '/profile/user']);
  });

  test('two tabs never refresh at once: the second uses the token the first stored', async () => {
    const fake = fakeApi();
    // Two clients share the cookie jar (the token) and one lock, like two tabs of one browser.
    let token: string | null = 'stale';
    let queue = Promise.resolve();
    const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tab = () =>
      createApiClient({
        baseUrl: BASE,
        getToken: () => token,
        getRegion: () => null,
        getLocale: () => 'en',
        fetch: fake.fetch,
        exclusive,
        onTokenRefreshed: (next) => {
          token = next;
        },
      });
    const [a, b] = await Promise.all([
      tab().get('profile/user').json(),
      tab().get('profile/sessions').json(),
    ]);
    expect(a).toEqual({ ok: '/profile/user' });
    expect(b).toEqual({ ok: '/profile/sessions' });
    expect(fake.refreshCalls()).toBe(1);
  });

  test('a guest 401 (no bearer token) is passed on without a refresh', async () => {
    const fake = fakeApi();
    const { api } = client(fake, '');
    await expect(api.get('profile/user').json()).rejects.toMatchObject({ response: { status: 401 } });
    expect(fake.refreshCalls()).toBe(0);
  });
});
