/**
 * Which hosts links are built for, and when cookies are Secure: behind a TLS proxy
 * (TRUST_PROXY), and with PUBLIC_SITE_URL and mirror hosts (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cookieFlags, forgotPassword, lastLink, register, uniqueEmail } from '../helpers/auth.ts';

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('X-Forwarded-Host is honoured but still checked against the trusted hosts', async () => {
    const { email } = await register(t);
    const forged = await forgotPassword(t, email, { 'x-forwarded-host': 'evil.example' });
    expect(forged.statusCode).toBe(421);
    const proxied = await forgotPassword(t, email, {
      'x-forwarded-host': 'localhost:8443',
      'x-forwarded-proto': 'https',
    });
    expect(proxied.statusCode).toBe(200);
    expect(await lastLink(t, email)).toMatch(/^https:\/\/localhost:8443\/reset-password\//);
  });

  test('the refresh cookie is Secure when the proxy says the request came over https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/email',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: uniqueEmail(), password: 'Orbit-7-Nebula!' },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieFlags(res)).toEqual({ refresh_token: true, device: true });
  });
});

describe('with PUBLIC_SITE_URL and mirrors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_SITE_URL: 'https://orbita.example',
      MIRROR_HOSTS: 'orbita-mirror.example, orbita.example.net:8443',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  test.each([
    ['orbita.example', 'https://orbita.example'],
    ['api.orbita.example', 'https://orbita.example'],
    ['orbita-mirror.example', 'https://orbita-mirror.example'],
    ['api.orbita-mirror.example', 'https://orbita-mirror.example'],
    ['orbita.example.net:8443', 'https://orbita.example.net:8443'],
  ])('a reset asked on %s links to %s', async (host, origin) => {
    const { email } = await register(t);
    // The api. host serves the API's paths at its root.
    const res = await forgotPassword(t, email, { host }, host.startsWith('api.') ? '' : '/api');
    expect(res.statusCode).toBe(200);
    expect((await lastLink(t, email))?.startsWith(`${origin}/reset-password/`)).toBe(true);
  });

  test.each(['localhost', '127.0.0.1:3000', 'evil.example', 'orbita.example:8080'])(
    'a reset asked on %s gets 421 and no mail',
    async (host) => {
      const { email } = await register(t);
      const res = await forgotPassword(t, email, { host });
      expect(res.statusCode).toBe(421);
      expect(await lastLink(t, email)).toBeUndefined();
    },
  );

  test('the refresh cookie is Secure because the public origin is https, even without TRUST_PROXY', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api/v2/auth/register/email',
      headers: { host: 'orbita.example', 'x-forwarded-proto': 'http' },
      payload: { email: uniqueEmail(), password: 'Orbit-7-Nebula!' },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieFlags(res)).toEqual({ refresh_token: true, device: true });
  });
});
