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

describe('API client headers (spec §7)', () => {
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
