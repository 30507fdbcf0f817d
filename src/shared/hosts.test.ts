import { describe, expect, test } from 'vitest';
import { connectSources, isBareHost } from './hosts.ts';

describe('connectSources', () => {
  test.each([
    [
      'https://orbita.example',
      null,
      ["'self'", 'wss://orbita.example', 'https://api.orbita.example', 'wss://api.orbita.example'],
    ],
    [
      'https://www.orbita.example',
      null,
      ["'self'", 'wss://www.orbita.example', 'https://api.orbita.example', 'wss://api.orbita.example'],
    ],
    ['http://127.0.0.1:3000', null, ["'self'", 'ws://127.0.0.1:3000']],
    ['http://localhost:3000', null, ["'self'", 'ws://localhost:3000']],
    [
      'http://localhost:3000',
      'https://api.example.net/v1',
      ["'self'", 'ws://localhost:3000', 'https://api.example.net', 'wss://api.example.net'],
    ],
  ])('a page of %s may connect to its own /ws and API host only', (origin, apiUrl, sources) => {
    expect(connectSources(origin, apiUrl)).toEqual(sources);
  });

  test('never allows a whole scheme', () => {
    for (const source of connectSources('https://orbita.example', null))
      expect(source).not.toMatch(/^wss?:$/);
  });
});

describe('isBareHost', () => {
  test.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['intranet', true],
    ['orbita.example', false],
  ])('%s → %s', (host, bare) => {
    expect(isBareHost(host)).toBe(bare);
  });
});
