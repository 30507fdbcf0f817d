import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer } from '../helpers/auth.ts';
import { signInAtProvider, startOidcProvider } from '../helpers/oidc.ts';

const SITE = 'http://127.0.0.1:5599';
const CALLBACK = `${SITE}/api/auth/social/test/callback`;

let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
beforeAll(async () => {
  provider = await startOidcProvider([CALLBACK]);
  t = await createTestApp({
    PUBLIC_SITE_URL: SITE,
    OIDC_PROVIDERS: JSON.stringify([
      {
        name: 'test',
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      },
    ]),
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

// Requests arrive for the configured site host (any other host is not trusted to build links).
const headers = { host: new URL(SITE).host };
const start = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/login', payload, headers });

/** The popup's result: the JSON island of the callback page. */
function popupResult(html: string) {
  const json = /<script type="application\/json" id="result">(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null') as {
    origin: string;
    message: { type: string; success: boolean; token?: string; is_new?: boolean };
  };
}

async function socialLogin(login: string) {
  const started = await start({ provider: 'test', origin: `${SITE}/en/faq`, promo: 'SOCIAL10', fp: 'x' });
  expect(started.statusCode).toBe(200);
  const { url } = started.json() as { url: string };
  expect(url.startsWith(provider.issuer)).toBe(true);
  const authorization = new URL(url);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
  const back = await signInAtProvider(url, login, CALLBACK);
  const callback = await t.app.inject({ url: `/api/auth/social/test/callback${back.search}`, headers });
  return { callback, back };
}

describe('social login over OpenID Connect (docs/product-rules.md §4)', () => {
  test('the configured providers are public configuration, their secrets are not', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.json().data.social_providers).toEqual(['test']);
    expect(res.body).not.toContain(provider.clientSecret);
  });

  test('a first login creates the player and the popup posts a session to the opener', async () => {
    const { callback } = await socialLogin('alice');
    expect(callback.statusCode).toBe(200);
    expect(callback.headers['content-type']).toContain('text/html');
    expect(String(callback.headers['content-security-policy'])).toMatch(/script-src 'sha256-[^']+'/);
    // No COOP on the popup's last page, or it would lose its opener (docs/product-rules.md §4).
    expect(callback.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(callback.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);
    const result = popupResult(callback.body);
    expect(result.origin).toBe(SITE);
    expect(result.message).toMatchObject({ type: 'orbita:social-login', success: true, is_new: true });
    const profile = (
      await t.app.inject({ url: '/api/profile/user', headers: bearer(result.message.token as string) })
    ).json().user;
    expect(profile).toMatchObject({
      email: 'alice@oidc.example',
      is_email_verified: true,
      register_method: 'social:test',
      is_password_exists: false,
      currency: null,
    });
  });

  // The provider's `name` claim is usually a real name: it would appear in the public bet feeds,
  // and nobody typed it against the display-name rules. A social player has no name: the feeds
  // show their alias.
  test("the provider's name claim never becomes the public display name", async () => {
    const { callback } = await socialLogin('mallory');
    const token = popupResult(callback.body).message.token as string;
    const profile = (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user;
    expect(profile).toMatchObject({ email: 'mallory@oidc.example', name: null });
  });

  test('a second login finds the same player', async () => {
    const first = popupResult((await socialLogin('bob')).callback.body).message;
    const second = popupResult((await socialLogin('bob')).callback.body).message;
    expect(second).toMatchObject({ success: true, is_new: false });
    const id = async (token: string) =>
      (await t.app.inject({ url: '/api/profile/user', headers: bearer(token) })).json().user.id;
    expect(await id(second.token as string)).toBe(await id(first.token as string));
  });

  test('a replayed callback (state already used) fails without a session', async () => {
    const { back } = await socialLogin('carol');
    const replay = await t.app.inject({ url: `/api/auth/social/test/callback${back.search}`, headers });
    expect(replay.statusCode).toBe(422);
    expect(popupResult(replay.body).message).toEqual({
      type: 'orbita:social-login',
      success: false,
      error: 'social_failed',
    });
    expect(replay.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
  });

  test('a callback with a forged state fails', async () => {
    const res = await t.app.inject({ url: '/api/auth/social/test/callback?code=abc&state=forged', headers });
    expect(popupResult(res.body).message.success).toBe(false);
  });

  test.each([
    [{ provider: 'nope', origin: SITE }, { provider: ['unknown_provider'] }],
    [{ provider: 'test', origin: 'https://evil.example' }, { origin: ['invalid_origin'] }],
    [{ provider: 'test', origin: 'not a url' }, { origin: ['invalid_origin'] }],
  ])('PUT /auth/login %j → 422 %j', async (payload, errors) => {
    const res = await start(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
  });
});
