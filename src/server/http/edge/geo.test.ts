import { describe, expect, test } from 'vitest';
import { ProxyTrust } from '../proxy-trust.ts';
import { CrawlerCheck, type CrawlerDns } from './crawler-check.ts';
import { GeoGate, GeoLocator, regionOf } from './geo.ts';

const locator = new GeoLocator();
const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  headers,
  socket: { remoteAddress },
});

describe('the embedded country database', () => {
  test.each([
    ['77.88.8.8', 'RU'],
    ['::ffff:77.88.8.8', 'RU'],
    ['77.88.8.8:443', 'RU'],
    ['[2a02:6b8::1]:443', 'RU'],
    ['2a02:6b8::1', 'RU'],
    ['95.56.0.1', 'KZ'],
    ['8.8.8.8', 'US'],
    ['127.0.0.1', null],
    ['10.1.2.3', null],
    ['not an address', null],
    ['unknown', null],
    ['', null],
  ])('%s is in %s', (ip, country) => {
    expect(locator.country(ip)).toBe(country);
  });
});

test.each([
  ['KZ', 'KZ'],
  ['RU', 'RU'],
  ['US', 'RU'],
  [null, 'RU'],
])('the region of %s is %s (docs/product-rules.md §9)', (country, region) => {
  expect(regionOf(country)).toBe(region);
});

/** A resolver that knows one Yandex crawler at 77.88.8.8. */
const dns: CrawlerDns = {
  reverse: async (ip) => {
    if (ip !== '77.88.8.8') throw new Error('ENOTFOUND');
    return ['spider-77-88-8-8.yandex.com'];
  },
  resolve: async (name) => (name === 'spider-77-88-8-8.yandex.com' ? ['77.88.8.8'] : []),
};
const crawlers = new CrawlerCheck({ dns });

describe('the gate', () => {
  const gate = new GeoGate({
    locator,
    blocked: ['RU'],
    proxies: new ProxyTrust(0),
    crawlers,
    countryHeader: 'cf-ipcountry',
  });

  test.each([
    ['RU', true],
    ['KZ', false],
    [null, true],
  ])('money and game calls from %s are refused: %s', (country, refused) => {
    expect(gate.refuses(country)).toBe(refused);
  });

  test('pages: a blocked country goes to /no-access, unless a crawler verified by DNS; an unknown one reads', async () => {
    expect(gate.pageBlocked(request('77.88.8.1'))).toBe(true);
    expect(gate.pageBlocked(request('95.56.0.1'))).toBe(false);
    expect(gate.pageBlocked(request('127.0.0.1'))).toBe(false);
    expect(await gate.pageBlocked(request('77.88.8.8', { 'user-agent': 'YandexBot' }))).toBe(false);
    expect(await gate.pageBlocked(request('77.88.8.1', { 'user-agent': 'YandexBot' }))).toBe(true);
    expect(await gate.pageBlocked(request('77.88.8.8', { 'user-agent': 'Googlebot' }))).toBe(true);
  });

  test('a configured country header wins; a malformed one is ignored', () => {
    expect(gate.locate('8.8.8.8', { 'cf-ipcountry': 'ru' }).country).toBe('RU');
    expect(gate.locate('77.88.8.8', { 'cf-ipcountry': 'KZ' }).country).toBe('KZ');
    expect(gate.locate('77.88.8.8', { 'cf-ipcountry': 'XXX' }).country).toBe('RU');
  });

  test('pages read the address the trusted proxy appended', () => {
    const proxied = new GeoGate({ locator, blocked: ['RU'], proxies: new ProxyTrust(1), crawlers });
    expect(proxied.pageBlocked(request('10.0.0.1', { 'x-forwarded-for': '95.56.0.1, 77.88.8.1' }))).toBe(
      true,
    );
    expect(proxied.pageBlocked(request('10.0.0.1', { 'x-forwarded-for': '77.88.8.1, 95.56.0.1' }))).toBe(
      false,
    );
  });

  test('without blocked countries nothing is refused or redirected, not even an unknown country', () => {
    const open = new GeoGate({ locator, blocked: [], proxies: new ProxyTrust(0), crawlers });
    expect(open.pageBlocked(request('77.88.8.8'))).toBe(false);
    expect(open.refuses('RU')).toBe(false);
    expect(open.refuses(null)).toBe(false);
  });
});
