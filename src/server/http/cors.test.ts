import { describe, expect, test } from 'vitest';
import { corsHeaders, isTrustedOrigin } from './cors.ts';
import { OriginPolicy } from './origin.ts';

const configured = new OriginPolicy({
  publicSiteUrl: 'https://orbita.example',
  mirrorHosts: ['orbita-mirror.example', 'orbita.example.net:8443'],
  listenHost: '0.0.0.0',
  listenPort: 3000,
  interfaceAddresses: ['10.0.0.5'],
});
const development = new OriginPolicy({
  listenHost: '0.0.0.0',
  listenPort: 3000,
  interfaceAddresses: ['10.0.0.5'],
});

describe('which origins may read API answers (docs/security.md "Calls from the pages")', () => {
  test.each([
    ['https://orbita.example', true],
    ['https://orbita-mirror.example', true],
    ['https://orbita.example.net:8443', true],
    ['http://orbita.example', false], // the site's scheme is https
    ['https://orbita.example.net', false], // the mirror is configured with its port
    ['https://api.orbita.example', false], // the API host is no site
    ['https://www.orbita.example', false],
    ['https://evil.example', false],
    ['https://orbita.example.evil.example', false],
    ['https://orbita.example/', false], // an Origin header has no path
    ['null', false],
    ['', false],
    [undefined, false],
  ])('with PUBLIC_SITE_URL: %s → %s', (origin, trusted) => {
    expect(isTrustedOrigin(configured, origin)).toBe(trusted);
  });

  test.each([
    ['http://localhost:4321', true],
    ['http://127.0.0.1:3000', true],
    ['http://10.0.0.5:3000', true],
    ['http://example.com', false],
  ])('in development (this machine only): %s → %s', (origin, trusted) => {
    expect(isTrustedOrigin(development, origin)).toBe(trusted);
  });

  test('a preflight names methods, headers and a lifetime; an answer exposes Retry-After', () => {
    const pre = corsHeaders(configured, 'https://orbita.example', true);
    expect(pre).toMatchObject({
      'access-control-allow-origin': 'https://orbita.example',
      'access-control-allow-credentials': 'true',
      'access-control-max-age': '7200',
    });
    expect(pre['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Idempotency-Key, Region, Accept-Language',
    );
    const answer = corsHeaders(configured, 'https://orbita.example', false);
    expect(answer['access-control-expose-headers']).toBe('Retry-After');
    expect(answer['access-control-allow-methods']).toBeUndefined();
    expect(corsHeaders(configured, 'https://evil.example', true)).toEqual({});
  });
});
