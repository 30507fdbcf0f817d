import { describe, expect, test } from 'vitest';
import { SECTIONS } from './games.ts';
import { currentNavLink, NAV_LINKS } from './navigation.ts';
import { ROUTES } from './routes.ts';

describe('the site navigation', () => {
  test('links only to routes of docs/product-rules.md §2', () => {
    const patterns = new Set(ROUTES.map((route) => route.pattern));
    for (const link of NAV_LINKS) expect(patterns, link.path).toContain(link.path);
  });

  test('links every lobby section of the registry, the leaderboard, fairness and the FAQ', () => {
    const paths = NAV_LINKS.map((link) => link.path);
    expect(paths).toEqual(expect.arrayContaining(SECTIONS.map((section) => section.path)));
    expect(paths).toEqual(expect.arrayContaining(['/top', '/fairness', '/faq', '/tournaments', '/vip-club']));
  });

  test.each([
    ['/games/dice', '/'],
    ['/games/rooms/red', '/'],
    ['/games/slots', '/games/slots'],
    ['/games/slots/star-quest/demo', '/games/slots'],
    ['/games/live-casino', '/games/live-casino'],
    ['/betting', '/betting'],
    ['/tournaments', '/tournaments'],
    ['/tournaments/finished', '/tournaments'],
    ['/tournament/42', '/tournaments'],
    ['/top', '/top'],
    ['/faq', '/faq'],
    ['/fairness', '/fairness'],
  ])('%s is under the %s link', (path, link) => {
    expect(currentNavLink(path)?.path).toBe(link);
  });

  test.each(['/', '/profile', '/policy/en/kyc', '/topics'])('%s is under no link', (path) => {
    expect(currentNavLink(path)).toBeNull();
  });
});
