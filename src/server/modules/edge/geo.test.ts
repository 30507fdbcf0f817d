import { describe, expect, test } from 'vitest';
import { clientIp, GeoGate, GeoLocator, isGeoCrawler, regionOf } from './geo.ts';

const locator = new GeoLocator();
const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  headers,
  socket: { remoteAddress },
});

describe('the embedded country database', () => {
  test.each([
    ['77.88.8.8', 'RU'],
    ['::ffff:77.88.8.8', 'RU'],
    ['2a02:6b8::1', 'RU'],
    ['95.56.0.1', 'KZ'],
    ['8.8.8.8', 'US'],
    ['127.0.0.1', null],
    ['10.1.2.3', null],
    ['not an address', null],
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

test.each([
  ['Mozilla/5.0 (compatible; Googlebot/2.1)', true],
  ['Mozilla/5.0 (compatible; YandexBot/3.0)', true],
  ['Mediapartners-Google', true],
  ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', false],
  [undefined, false],
])('%s is a geo crawler: %s', (agent, crawler) => {
  expect(isGeoCrawler(agent)).toBe(crawler);
});

describe('the client address', () => {
  test('X-Forwarded-For counts only with TRUST_PROXY, its first entry', () => {
    const req = request('10.0.0.1', { 'x-forwarded-for': '95.56.0.1, 10.0.0.2' });
    expect(clientIp(req, false)).toBe('10.0.0.1');
    expect(clientIp(req, true)).toBe('95.56.0.1');
    expect(clientIp(request('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});

describe('the gate', () => {
  const gate = new GeoGate({ locator, blocked: ['RU'], trustProxy: false, countryHeader: 'cf-ipcountry' });

  test('blocks a blocked country, lets others and crawlers through', () => {
    expect(gate.isBlocked(request('77.88.8.8'))).toBe(true);
    expect(gate.isBlocked(request('95.56.0.1'))).toBe(false);
    expect(gate.isBlocked(request('77.88.8.8', { 'user-agent': 'YandexBot' }))).toBe(false);
  });

  test('a configured country header wins; a malformed one is ignored', () => {
    expect(gate.isBlocked(request('8.8.8.8', { 'cf-ipcountry': 'ru' }))).toBe(true);
    expect(gate.isBlocked(request('77.88.8.8', { 'cf-ipcountry': 'KZ' }))).toBe(false);
    expect(gate.isBlocked(request('77.88.8.8', { 'cf-ipcountry': 'XXX' }))).toBe(true);
  });

  test('without blocked countries nothing is looked up or blocked', () => {
    const open = new GeoGate({ locator, blocked: [], trustProxy: false });
    expect(open.isBlocked(request('77.88.8.8'))).toBe(false);
  });
});
