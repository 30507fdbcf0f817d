import { describe, expect, test } from 'vitest';
import { crawlPolicy, robotsTxt } from './robots.ts';

describe('robots.txt per host', () => {
  test('a host of the site is open and names its own sitemap', () => {
    const text = robotsTxt(
      crawlPolicy({ origin: 'https://mirror.example:8443', apiHost: false, retired: false }),
    );
    expect(text).toContain('Sitemap: https://mirror.example:8443/sitemap.xml\n');
    expect(text).toContain('Disallow: /api/\n');
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  test.each([
    ['an untrusted host', { origin: null, apiHost: false, retired: false }],
    ['the API host', { origin: 'https://orbita.example', apiHost: true, retired: false }],
    ['a retired mirror', { origin: 'https://old.example', apiHost: false, retired: true }],
  ])('%s closes everything and names no sitemap', (_name, host) => {
    expect(robotsTxt(crawlPolicy(host))).toBe('User-agent: *\nDisallow: /\n');
  });
});
