import { describe, expect, test } from 'vitest';
import { OriginPolicy, splitHost } from './origin.ts';

const development = new OriginPolicy({
  listenHost: '0.0.0.0',
  listenPort: 3000,
  interfaceAddresses: ['127.0.0.1', '10.1.2.3', 'fe80::1'],
});
const production = new OriginPolicy({
  publicSiteUrl: 'https://orbita.example',
  mirrorHosts: ['orbita-mirror.example', 'staging.orbita.example:8443'],
  listenHost: '0.0.0.0',
  listenPort: 3000,
  interfaceAddresses: ['10.1.2.3'],
});

describe('the origin of a request host', () => {
  test.each([
    ['localhost:3000', 'http', 'http://localhost:3000'],
    ['127.0.0.1:54321', 'http', 'http://127.0.0.1:54321'],
    ['[::1]:3000', 'https', 'https://[::1]:3000'],
    ['10.1.2.3:3000', 'http', 'http://10.1.2.3:3000'],
    ['[fe80::1]', 'http', 'http://[fe80::1]'],
    ['LOCALHOST', 'http', 'http://localhost'],
  ])(
    'without PUBLIC_SITE_URL, this machine (%s over %s) is trusted on any port',
    (host, protocol, origin) => {
      expect(development.originFor(host, protocol)).toBe(origin);
    },
  );

  test.each([
    ['evil.example'],
    ['attacker.example:3000'],
    ['127.0.0.1:18080/internal/admin?x='],
    ['localhost@evil.example'],
    ['localhost evil.example'],
    ['10.9.9.9:3000'],
    [''],
  ])('without PUBLIC_SITE_URL, %j is not trusted', (host) => {
    expect(development.originFor(host, 'http')).toBeNull();
  });

  test.each([
    ['orbita.example', 'http', 'https://orbita.example'],
    ['api.orbita.example', 'http', 'https://orbita.example'],
    ['orbita-mirror.example', 'http', 'https://orbita-mirror.example'],
    ['api.orbita-mirror.example', 'https', 'https://orbita-mirror.example'],
    ['staging.orbita.example:8443', 'https', 'https://staging.orbita.example:8443'],
  ])(
    'with PUBLIC_SITE_URL, the site, its api. host and the mirrors are trusted (%s)',
    (host, protocol, origin) => {
      expect(production.originFor(host, protocol)).toBe(origin);
    },
  );

  test.each([
    ['localhost:3000'],
    ['127.0.0.1'],
    ['orbita.example:8080'],
    ['staging.orbita.example'],
    ['evil.orbita.example'],
    ['orbita.example.evil.example'],
    ['api.api.evil.example'],
  ])('with PUBLIC_SITE_URL, %j is not trusted', (host) => {
    expect(production.originFor(host, 'https')).toBeNull();
  });

  test('the canonical origin is PUBLIC_SITE_URL, or this machine when it is unset', () => {
    expect(production.canonical).toBe('https://orbita.example');
    expect(production.configured).toBe(true);
    expect(development.canonical).toBe('http://localhost:3000');
    expect(development.configured).toBe(false);
  });

  test('a server listening on one address trusts that address and loopback only', () => {
    const policy = new OriginPolicy({
      listenHost: '192.168.0.5',
      listenPort: 80,
      interfaceAddresses: ['10.0.0.1'],
    });
    expect(policy.originFor('192.168.0.5', 'http')).toBe('http://192.168.0.5');
    expect(policy.originFor('10.0.0.1', 'http')).toBeNull();
    expect(policy.describe()).toBe('localhost:*, 127.0.0.1:*, [::1]:*, 192.168.0.5:*');
  });

  test('the start log names every trusted host', () => {
    expect(production.describe()).toBe(
      'https://orbita.example, https://orbita-mirror.example, https://staging.orbita.example:8443',
    );
  });
});

describe('splitHost', () => {
  test.each([
    ['example.com', { hostname: 'example.com', port: '' }],
    ['Example.COM:8080', { hostname: 'example.com', port: '8080' }],
    ['example.com.', { hostname: 'example.com', port: '' }],
    ['[::1]:3000', { hostname: '[::1]', port: '3000' }],
  ])('reads %j', (value, parts) => {
    expect(splitHost(value)).toEqual(parts);
  });

  test.each(['a/b', 'a b', 'user@host', 'host:', 'host:123456', 'host?x', '::1'])('refuses %j', (value) => {
    expect(splitHost(value)).toBeNull();
  });
});
